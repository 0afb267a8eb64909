import type { TScimTokenCreated, TScimTokenList } from '@stellwerk/domain/identitaet/scim/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';

const scimKeys = { tokens: ['admin', 'scim-tokens'] as const };

export const useScimTokens = () =>
  useQuery({
    queryKey: scimKeys.tokens,
    queryFn: () => apiFetch<TScimTokenList>('/api/admin/scim-tokens'),
  });

export const useCreateScimToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch<TScimTokenCreated>('/api/admin/scim-tokens', { method: 'POST', body: { name } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scimKeys.tokens }),
  });
};

export const useRevokeScimToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/admin/scim-tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: scimKeys.tokens }),
  });
};
