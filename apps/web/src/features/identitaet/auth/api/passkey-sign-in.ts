import { startAuthentication } from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api-client';
import { type SignInOutcome, signInOutcome } from './sign-in';

/**
 * Signs in with a passkey instead of the password (the browser offers the passkeys of this address). A passkey whose
 * authenticator did not verify the user is one factor: an account with a second factor is asked for its code next,
 * as after the password.
 */
export const useSignInWithPasskey = () =>
  useMutation({
    mutationKey: ['auth', 'passkey-sign-in'],
    mutationFn: async (): Promise<SignInOutcome> => {
      const optionsJSON = await apiFetch<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
        '/api/auth/passkey/generate-authenticate-options',
      );
      const response = await startAuthentication({ optionsJSON });
      return signInOutcome(
        await apiFetch<Parameters<typeof signInOutcome>[0]>('/api/auth/passkey/verify-authentication', {
          method: 'POST',
          body: { response },
        }),
      );
    },
  });
