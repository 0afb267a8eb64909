import { apiFetch } from './api-client';

/**
 * Starts a sign-in at the tenant's provider (better-auth's POST /api/auth/sign-in/sso): the browser leaves
 * for the provider's page, which sends it back to `callbackURL` (on failure the server names the error there,
 * or at `errorCallbackURL`). Used by /login and by linking the provider on the security page.
 */
export const startSso = async (
  providerId: string,
  callbackURL: string,
  errorCallbackURL = '/login',
): Promise<void> => {
  const answer = await apiFetch<{ url: string }>('/api/auth/sign-in/sso', {
    method: 'POST',
    body: { providerId, callbackURL, errorCallbackURL },
  });
  window.location.assign(answer.url);
};
