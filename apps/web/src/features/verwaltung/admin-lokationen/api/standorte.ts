import {
  type TStandort,
  type TStandortInput,
  ZStandort,
  ZStandortList,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export const standortKeys = { all: ['admin', 'standorte'] as const };

export const standorteQueryOptions = () =>
  queryOptions({
    queryKey: standortKeys.all,
    queryFn: async () => ZStandortList.parse(await apiFetch('/api/admin/standorte')),
  });

export const useStandorte = () => useQuery(standorteQueryOptions());

/** Create (id null) or change a location; its parking spots are synced to the list. */
export const useSaveStandort = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TStandortInput }): Promise<TStandort> =>
      ZStandort.parse(
        await apiFetch(id ? `/api/admin/standorte/${id}` : '/api/admin/standorte', {
          method: id ? 'PUT' : 'POST',
          body: input,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standortKeys.all }),
  });
};

/** Delete a location; a location in use answers 409 with the server's message. */
export const useDeleteStandort = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/standorte/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: standortKeys.all }),
  });
};
