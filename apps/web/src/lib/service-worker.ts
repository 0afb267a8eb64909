/**
 * The service worker of the installable app (decision 244): registered once the page has loaded (production builds
 * only), with `registerType: 'prompt'`: a new version waits until the user reloads through the notice.
 */
import type { registerSW } from 'virtual:pwa-register';

let aktualisiere: ((reload?: boolean) => Promise<void>) | undefined;
let registrierung: ServiceWorkerRegistration | undefined;
let wartet = false;
const hoerer = new Set<() => void>();

/** Registers the worker; main.tsx passes the plugin's `registerSW` (a virtual module only the build knows). */
export const starteServiceWorker = (register: typeof registerSW): void => {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  aktualisiere = register({
    immediate: true,
    onNeedRefresh: () => {
      wartet = true;
      for (const h of hoerer) h();
    },
    onRegisteredSW: (_url, reg) => {
      registrierung = reg;
    },
  });
};

/** Whether a new version's worker is installed and waits for the reload. */
export const neueVersionWartet = (): boolean => wartet;

export const beiNeuerVersion = (hoerer_: () => void): (() => void) => {
  hoerer.add(hoerer_);
  return () => hoerer.delete(hoerer_);
};

/** The server has a newer build: let the worker look for it now (it finds it at its next check otherwise). */
export const suchNeueVersion = (): void => {
  void registrierung?.update().catch(() => undefined);
};

/** Reload into the new version: the waiting worker takes over first, so the page is not served from the old one. */
export const ladeNeu = async (): Promise<void> => {
  if (wartet && aktualisiere) await aktualisiere(true);
  else window.location.reload();
};
