import type { TFaktoren, TTelefonFaktorAngelegt } from '@stellwerk/domain/identitaet/sicherheit/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { QUERY_ROOTS } from '../../../../lib/query-roots';

export const sicherheitKeys = {
  all: ['sicherheit'] as const,
  faktoren: ['sicherheit', 'faktoren'] as const,
  sitzungen: ['sicherheit', 'sitzungen'] as const,
  identitaeten: ['sicherheit', 'identitaeten'] as const,
};

export const faktorenQueryOptions = () =>
  queryOptions({
    queryKey: sicherheitKeys.faktoren,
    queryFn: () => apiFetch<TFaktoren>('/api/sicherheit/faktoren'),
    staleTime: 0,
  });

export const useFaktoren = () => useQuery(faktorenQueryOptions());

/** After a change of the factors: the list and /api/me (which says whether enrolment is still due). */
const useRefresh = () => {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: sicherheitKeys.all });
    await queryClient.invalidateQueries({ queryKey: QUERY_ROOTS.me });
  };
};

export type Enrolment = { totpURI: string; backupCodes: string[] };

/** Step 1 of the enrolment (password): better-auth makes the secret and the backup codes. */
export const useStartEnrolment = () =>
  useMutation({
    // 'auth': a wrong password answers 400/401 without meaning "session gone"
    mutationKey: ['auth', 'two-factor-enable'],
    mutationFn: ({ password }: { password: string }) =>
      apiFetch<Enrolment>('/api/auth/two-factor/enable', { method: 'POST', body: { password } }),
  });

/** Step 2: the first code from the app confirms the factor; then the friendly name is stored. */
export const useConfirmEnrolment = () => {
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'two-factor-verify'],
    mutationFn: async ({ code, friendlyName }: { code: string; friendlyName: string }) => {
      await apiFetch('/api/auth/two-factor/verify-totp', {
        method: 'POST',
        body: { code: code.replace(/\s+/g, '') },
      });
      const stand = await queryClient.fetchQuery({ ...faktorenQueryOptions(), staleTime: 0 });
      const factor = stand.faktoren.find((f) => f.verified);
      if (factor && friendlyName.trim()) {
        await apiFetch(`/api/sicherheit/faktoren/${encodeURIComponent(factor.id)}`, {
          method: 'PATCH',
          body: { friendlyName: friendlyName.trim() },
        });
      }
    },
    onSuccess: refresh,
  });
};

export const useRenameFaktor = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['sicherheit', 'rename'],
    mutationFn: ({ id, friendlyName }: { id: string; friendlyName: string }) =>
      apiFetch(`/api/sicherheit/faktoren/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { friendlyName: friendlyName.trim() },
      }),
    onSuccess: refresh,
  });
};

/** Removes the authenticator app and its backup codes (asks for the password). */
export const useRemoveFaktor = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['auth', 'two-factor-disable'],
    mutationFn: ({ password }: { password: string }) =>
      apiFetch('/api/auth/two-factor/disable', { method: 'POST', body: { password } }),
    onSuccess: refresh,
  });
};

/** New backup codes (the old ones stop working); shown once. */
export const useNewBackupCodes = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['auth', 'backup-codes'],
    mutationFn: ({ password }: { password: string }) =>
      apiFetch<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
        method: 'POST',
        body: { password },
      }),
    onSuccess: refresh,
  });
};

/** The secret of an otpauth:// URI, for typing into an app by hand. */
export const secretOf = (totpURI: string): string => {
  try {
    return new URL(totpURI).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
};

/** The secret in groups of four, easier to type. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The phone factor (decision 083): the number gets a code by SMS; confirmed with it. */
export const useAddTelefon = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['sicherheit', 'telefon-neu'],
    mutationFn: (input: { telefonnummer: string; friendlyName?: string; passwort?: string }) =>
      apiFetch<TTelefonFaktorAngelegt>('/api/sicherheit/faktoren/telefon', { method: 'POST', body: input }),
    onSettled: refresh,
  });
};

export const useResendTelefonCode = () =>
  useMutation({
    mutationKey: ['sicherheit', 'telefon-code'],
    mutationFn: (id: string) =>
      apiFetch(`/api/sicherheit/faktoren/${encodeURIComponent(id)}/challenge`, {
        method: 'POST',
        body: { channel: 'sms' },
      }),
  });

export const useConfirmTelefon = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['sicherheit', 'telefon-bestaetigen'],
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      apiFetch(`/api/sicherheit/faktoren/${encodeURIComponent(id)}/verify`, {
        method: 'POST',
        body: { code },
      }),
    onSuccess: refresh,
  });
};

export const useRemoveTelefon = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationKey: ['sicherheit', 'telefon-entfernen'],
    mutationFn: (id: string) =>
      apiFetch(`/api/sicherheit/faktoren/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
};
