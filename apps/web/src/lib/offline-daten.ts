/** The caches of the service worker that hold the user's own data (vite.config.ts, decision 244). */
const EIGENE_CACHES = ['stellwerk-eigene-daten', 'stellwerk-seiten'];

/** Forgets the user's data the service worker kept for offline use (sign-out here or in another tab). */
export const vergissEigeneDaten = async (): Promise<void> => {
  if (typeof caches === 'undefined') return;
  await Promise.all(EIGENE_CACHES.map((name) => caches.delete(name).catch(() => false)));
};
