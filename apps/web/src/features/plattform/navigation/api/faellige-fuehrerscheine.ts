import { ZFuehrerscheinAnzahl } from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/**
 * The count of licence checks to act on for the menu (spec §6: only with fahrzeug_fuehrerscheinpruefung);
 * under the licence root, so a saved check or a live event refreshes it.
 */
export const useFaelligeFuehrerscheine = (enabled: boolean) =>
  useQuery({
    queryKey: [...QUERY_ROOTS.fuehrerscheine, 'anzahl'],
    queryFn: async () => ZFuehrerscheinAnzahl.parse(await apiFetch('/api/fuehrerscheine/anzahl')).faellig,
    enabled,
    staleTime: 60_000,
  });
