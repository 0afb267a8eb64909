import { startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { sicherheitKeys } from './faktoren';

/** A passkey as better-auth's passkey plugin lists it (decision 072). */
export type Passkey = { id: string; name?: string | null; createdAt?: string | null; deviceType: string };

const passkeysKey = [...sicherheitKeys.all, 'passkeys'] as const;

export const usePasskeys = () =>
  useQuery({
    queryKey: passkeysKey,
    queryFn: () => apiFetch<Passkey[]>('/api/auth/passkey/list-user-passkeys'),
    staleTime: 0,
  });

/** Enrols a passkey: the server's options, the browser's authenticator, the server's check; named at once. */
export const useEnrolPasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'passkey-register'],
    mutationFn: async ({ name, passwort }: { name: string; passwort?: string }) => {
      // adding a passkey needs the password confirmed (decision 100); without one, a fresh sign-in suffices
      if (passwort) await apiFetch('/api/sicherheit/bestaetigen', { method: 'POST', body: { passwort } });
      const optionsJSON = await apiFetch<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        '/api/auth/passkey/generate-register-options',
      );
      const response = await startRegistration({ optionsJSON });
      await apiFetch('/api/auth/passkey/verify-registration', {
        method: 'POST',
        body: { response, name: name.trim() || undefined },
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: sicherheitKeys.identitaeten }),
      ]),
  });
};

export const useRenamePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'passkey-update'],
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch('/api/auth/passkey/update-passkey', { method: 'POST', body: { id, name: name.trim() } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: sicherheitKeys.identitaeten }),
      ]),
  });
};

export const useRemovePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'passkey-delete'],
    mutationFn: ({ id }: { id: string }) =>
      apiFetch('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: passkeysKey }),
        queryClient.invalidateQueries({ queryKey: sicherheitKeys.identitaeten }),
      ]),
  });
};
