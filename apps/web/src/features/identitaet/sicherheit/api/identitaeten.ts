import type { TIdentitaeten, TSsoVerknuepfung } from '@stellwerk/domain/identitaet/sicherheit/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { startSso } from '../../../../lib/sso-start';
import { sicherheitKeys } from './faktoren';

/** The user's linked identities (spec §7, decision 081). */
export const useIdentitaeten = () =>
  useQuery({
    queryKey: sicherheitKeys.identitaeten,
    queryFn: () => apiFetch<TIdentitaeten>('/api/sicherheit/identitaeten'),
    staleTime: 0,
  });

/** Unlinks an identity (a passkey too): the passkey list and the identities are asked again. */
export const useEntferneIdentitaet = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['sicherheit', 'identitaet-entfernen'],
    mutationFn: (id: string) =>
      apiFetch(`/api/sicherheit/identitaeten/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sicherheitKeys.all }),
  });
};

export const useSetzePasswort = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['sicherheit', 'passwort-setzen'],
    mutationFn: (neuesPasswort: string) =>
      apiFetch('/api/sicherheit/identitaeten/passwort', { method: 'POST', body: { neuesPasswort } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sicherheitKeys.identitaeten }),
  });
};

/** Asks to link the tenant's provider, then leaves for its sign-in; it sends the browser back here. */
export const useVerknuepfeSso = () =>
  useMutation({
    mutationKey: ['sicherheit', 'sso-verknuepfen'],
    mutationFn: async () => {
      const link = await apiFetch<TSsoVerknuepfung>('/api/sicherheit/identitaeten/sso', { method: 'POST' });
      await startSso(link.providerId, link.callbackURL, '/einstellungen/sicherheit');
    },
  });
