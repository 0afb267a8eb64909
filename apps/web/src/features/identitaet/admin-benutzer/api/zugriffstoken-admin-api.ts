import type { TZugriffstoken } from '@stellwerk/domain/identitaet/zugriffstoken/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { benutzerKeys } from './benutzer-api';

const tokenKey = (id: string) => [...benutzerKeys.all, 'zugriffstoken', id] as const;

/** A user's personal access tokens for the user administration (decision 249); never the token. */
export const useBenutzerZugriffstoken = (id: string | null) =>
  useQuery({
    queryKey: tokenKey(id ?? ''),
    queryFn: () =>
      apiFetch<TZugriffstoken[]>(`/api/admin/benutzer/${encodeURIComponent(id ?? '')}/zugriffstoken`),
    enabled: id !== null,
    staleTime: 0,
  });

/** An administrator revokes one of a user's tokens (leaked, or the user leaves); audited. */
export const useWiderrufeBenutzerZugriffstoken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ benutzerId, tokenId }: { benutzerId: string; tokenId: string }) =>
      apiFetch(
        `/api/admin/benutzer/${encodeURIComponent(benutzerId)}/zugriffstoken/${encodeURIComponent(tokenId)}`,
        { method: 'DELETE' },
      ),
    onSettled: (_r, _e, { benutzerId }) => queryClient.invalidateQueries({ queryKey: tokenKey(benutzerId) }),
  });
};
