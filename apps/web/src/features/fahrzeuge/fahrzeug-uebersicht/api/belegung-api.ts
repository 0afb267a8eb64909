import { ZFahrzeugBelegung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

/**
 * The timeline of a location (GET /api/fahrzeuge/belegung). Its key lies under the vehicles' root, so the
 * live event `fahrzeug_buchung` refreshes it (decision 025).
 */
export const fahrzeugUebersichtKeys = {
  belegung: (q: { standortId?: string; von: string; bis: string }) =>
    [...QUERY_ROOTS.fahrzeuge, 'belegung', q] as const,
};

export const useFahrzeugBelegung = (q: { standortId?: string; von: Date; bis: Date }) => {
  const key = { standortId: q.standortId, von: q.von.toISOString(), bis: q.bis.toISOString() };
  return useQuery({
    queryKey: fahrzeugUebersichtKeys.belegung(key),
    queryFn: async () => {
      const search = new URLSearchParams({ von: key.von, bis: key.bis });
      if (key.standortId) search.set('standortId', key.standortId);
      return ZFahrzeugBelegung.parse(await apiFetch(`/api/fahrzeuge/belegung?${search.toString()}`));
    },
    placeholderData: keepPreviousData,
  });
};
