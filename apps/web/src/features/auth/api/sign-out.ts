import { apiFetch } from '../../../lib/api-client';

/** Ends the session; a session that is already gone is fine. */
export const signOut = async (): Promise<void> => {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
  } catch {
    // signed out already, or the server is unreachable: either way the client forgets the user
  }
};
