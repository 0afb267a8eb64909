import { ZProtokollPage } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';
import { type TProtokollSearch, toProtokollParams } from '../hooks/protokoll-search';

export const protokollKeys = {
  all: QUERY_ROOTS.protokoll,
  page: (search: TProtokollSearch) => ['admin-protokoll', 'page', search] as const,
  benutzer: ['admin-protokoll', 'benutzer'] as const,
};

export const useProtokoll = (search: TProtokollSearch) =>
  useQuery({
    queryKey: protokollKeys.page(search),
    queryFn: async ({ signal }) =>
      ZProtokollPage.parse(
        await apiFetch(`/api/admin/protokoll?${toProtokollParams(search).toString()}`, { signal }),
      ),
    placeholderData: keepPreviousData,
  });

const ZUserChoice = z.object({
  items: z.array(z.object({ id: z.string(), vorname: z.string(), nachname: z.string(), email: z.string() })),
});

/** Users to filter by: only for administrators who may list users (the user right). */
export const useProtokollBenutzer = (enabled: boolean) =>
  useQuery({
    queryKey: protokollKeys.benutzer,
    queryFn: async ({ signal }) =>
      ZUserChoice.parse(await apiFetch('/api/admin/benutzer?sort=email&limit=200', { signal })).items,
    enabled,
    staleTime: 60_000,
  });
