import { apiFetch } from '../../../../lib/api-client';
import { vergissEigeneDaten } from '../../../../lib/offline-daten';
import { announceSignOut } from '../../../../lib/session-broadcast';

/**
 * Ends the session, forgets the own data kept for offline use and tells the browser's other tabs; a session that is
 * already gone is fine.
 */
export const signOut = async (): Promise<void> => {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
  } catch {
    // signed out already, or the server is unreachable: either way the client forgets the user
  }
  await vergissEigeneDaten();
  announceSignOut();
};
