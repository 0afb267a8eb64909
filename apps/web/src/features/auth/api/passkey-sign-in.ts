import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Signs in with a passkey instead of the password (the browser offers the passkeys of this address). */
export const useSignInWithPasskey = () =>
  useMutation({
    mutationKey: ['auth', 'passkey-sign-in'],
    mutationFn: async () => {
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/api/auth/passkey/generate-authenticate-options',
      );
      const response = await startAuthentication({ optionsJSON });
      await apiFetch('/api/auth/passkey/verify-authentication', { method: 'POST', body: { response } });
    },
  });
