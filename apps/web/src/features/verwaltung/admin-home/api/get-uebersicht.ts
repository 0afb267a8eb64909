import { ZAdminUebersicht } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const uebersichtKeys = { all: QUERY_ROOTS.uebersicht };

/** Counts per admin area (null where the user may not open it). */
export const useAdminUebersicht = () =>
  useQuery({
    queryKey: uebersichtKeys.all,
    queryFn: async ({ signal }) =>
      ZAdminUebersicht.parse(await apiFetch('/api/admin/uebersicht', { signal })),
    staleTime: 0,
  });
