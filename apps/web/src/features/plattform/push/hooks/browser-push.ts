/**
 * The browser's side of web push (decision 245): the service worker's PushManager. Only this file touches it, so a
 * journey can stand in for the browser's push service here and nowhere else (Chromium's headless shell has no push
 * service to subscribe at).
 */

export type BrowserAbo = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Whether this browser can receive pushes at all (service worker, PushManager, notifications). */
export const pushMoeglich = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const registrierung = async (): Promise<ServiceWorkerRegistration> => navigator.serviceWorker.ready;

/** base64url (the server's VAPID key) to the bytes PushManager.subscribe wants. */
const bytesVon = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const roh = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(roh.length));
  for (let i = 0; i < roh.length; i++) bytes[i] = roh.charCodeAt(i);
  return bytes;
};

const alsAbo = (abo: PushSubscription): BrowserAbo => {
  const json = abo.toJSON();
  return { endpoint: abo.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
};

/** This device's subscription, if it has one. */
export const aktuellesAbo = async (): Promise<BrowserAbo | null> => {
  if (!pushMoeglich()) return null;
  const abo = await (await registrierung()).pushManager.getSubscription();
  return abo ? alsAbo(abo) : null;
};

/**
 * Asks for the permission to show notifications and subscribes at the browser's push service with the server's
 * VAPID key. Resolves to null when the user does not allow notifications.
 */
export const abonniereImBrowser = async (vapidPublicKey: string): Promise<BrowserAbo | null> => {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const reg = await registrierung();
  const abo =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: bytesVon(vapidPublicKey),
    }));
  return alsAbo(abo);
};

/** Ends this device's subscription at the push service. */
export const meldeImBrowserAb = async (): Promise<void> => {
  const abo = await (await registrierung()).pushManager.getSubscription();
  await abo?.unsubscribe();
};

/** A name for the device in the list: the browser and system as the user agent says. */
export const geraetName = (): string => {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} (${system})` : browser;
};
