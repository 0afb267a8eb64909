import {
  type TRolleInput,
  ZPermissionList,
  ZRolle,
  ZRolleList,
  ZUsage,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const rollenKeys = {
  all: QUERY_ROOTS.rollen,
  list: ['admin-rollen', 'list'] as const,
  usage: (id: string) => ['admin-rollen', 'usage', id] as const,
  permissions: ['admin-rollen', 'permissions'] as const,
};

export const useRollen = () =>
  useQuery({
    queryKey: rollenKeys.list,
    queryFn: async ({ signal }) => ZRolleList.parse(await apiFetch('/api/admin/rollen', { signal })),
  });

/** The 13 permissions of spec §6 with their descriptions. */
export const usePermissions = () =>
  useQuery({
    queryKey: rollenKeys.permissions,
    queryFn: async ({ signal }) =>
      ZPermissionList.parse(await apiFetch('/api/admin/permissions', { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useRolleUsage = (id: string | null) =>
  useQuery({
    queryKey: rollenKeys.usage(id ?? ''),
    queryFn: async ({ signal }) => ZUsage.parse(await apiFetch(`/api/admin/rollen/${id}/usage`, { signal })),
    enabled: id !== null,
    staleTime: 0,
  });

export const useSaveRolle = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: TRolleInput }) =>
      ZRolle.parse(
        await apiFetch(id ? `/api/admin/rollen/${id}` : '/api/admin/rollen', {
          method: id ? 'PUT' : 'POST',
          body: input,
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollenKeys.all }),
  });
};

export const useDeleteRolle = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`/api/admin/rollen/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rollenKeys.all }),
  });
};
