import {
  type TGruppeInput,
  ZGruppe,
  ZGruppeList,
  ZRolleList,
  ZUsage,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const gruppenKeys = {
  all: QUERY_ROOTS.gruppen,
  list: ['admin-gruppen', 'list'] as const,
  usage: (id: string) => ['admin-gruppen', 'usage', id] as const,
  rollen: ['admin-gruppen', 'rollen'] as const,
};

export const useGruppen = () =>
  useQuery({
    queryKey: gruppenKeys.list,
    queryFn: async ({ signal }) => ZGruppeList.parse(await apiFetch('/api/admin/gruppen', { signal })),
  });

/** The roles a group can carry (same right as groups). */
export const useRollenAuswahl = () =>
  useQuery({
    queryKey: gruppenKeys.rollen,
    queryFn: async ({ signal }) => ZRolleList.parse(await apiFetch('/api/admin/rollen', { signal })),
  });

export const useGruppeUsage = (id: string | null) =>
  useQuery({
    queryKey: gruppenKeys.usage(id ?? ''),
    queryFn: async ({ signal }) => ZUsage.parse(await apiFetch(`/api/admin/gruppen/${id}/usage`, { signal })),
    enabled: id !== null,
    staleTime: 0,
  });

export const useSaveGruppe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TGruppeInput }) =>
      ZGruppe.parse(
        await apiFetch(id ? `/api/admin/gruppen/${id}` : '/api/admin/gruppen', {
          method: id ? 'PUT' : 'POST',
          body: input,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gruppenKeys.all }),
  });
};

export const useDeleteGruppe = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/gruppen/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gruppenKeys.all }),
  });
};
