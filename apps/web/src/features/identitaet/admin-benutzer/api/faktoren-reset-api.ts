import type { TAdminPasskeys, TFaktorenZurueckgesetzt } from '@stellwerk/domain/identitaet/sicherheit/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { benutzerKeys } from './benutzer-api';

/** An administrator resets a user's second factors (lost phone); the user's sessions end. */
export const useResetFaktoren = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<TFaktorenZurueckgesetzt>(
        `/api/admin/benutzer/${encodeURIComponent(id)}/faktoren-zuruecksetzen`,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: benutzerKeys.all }),
  });
};

const passkeysKey = (id: string) => [...benutzerKeys.all, 'passkeys', id] as const;

/** A user's passkeys for the user administration (decision 100). */
export const useBenutzerPasskeys = (id: string | null) =>
  useQuery({
    queryKey: passkeysKey(id ?? ''),
    queryFn: () => apiFetch<TAdminPasskeys>(`/api/admin/benutzer/${encodeURIComponent(id ?? '')}/passkeys`),
    enabled: id !== null,
    staleTime: 0,
  });

/** An administrator revokes one of a user's passkeys (lost or stolen device); audited. */
export const useWiderrufePasskey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ benutzerId, passkeyId }: { benutzerId: string; passkeyId: string }) =>
      apiFetch(
        `/api/admin/benutzer/${encodeURIComponent(benutzerId)}/passkeys/${encodeURIComponent(passkeyId)}`,
        { method: 'DELETE' },
      ),
    onSettled: (_r, _e, { benutzerId }) =>
      queryClient.invalidateQueries({ queryKey: passkeysKey(benutzerId) }),
  });
};
