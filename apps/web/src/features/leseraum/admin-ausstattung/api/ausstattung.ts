import {
  type TAusstattung,
  type TAusstattungInput,
  ZAusstattung,
  ZAusstattungList,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

export const ausstattungKeys = { all: ['admin', 'ausstattung'] as const };

export const ausstattungQueryOptions = () =>
  queryOptions({
    queryKey: ausstattungKeys.all,
    queryFn: async () => ZAusstattungList.parse(await apiFetch('/api/admin/ausstattung')),
  });

export const useAusstattung = () => useQuery(ausstattungQueryOptions());

/** Add (id null) or rename equipment. */
export const useSaveAusstattung = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
    }: {
      id: string | null;
      input: TAusstattungInput;
    }): Promise<TAusstattung> =>
      ZAusstattung.parse(
        await apiFetch(id ? `/api/admin/ausstattung/${id}` : '/api/admin/ausstattung', {
          method: id ? 'PUT' : 'POST',
          body: input,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ausstattungKeys.all }),
  });
};

/** Delete equipment; equipment rooms use answers 409 with the number of rooms. */
export const useDeleteAusstattung = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/ausstattung/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ausstattungKeys.all }),
  });
};
