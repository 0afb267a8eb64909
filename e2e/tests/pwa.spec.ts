import { expect, type Page, test } from '@playwright/test';
import { werktagIn } from '../support/berlin.ts';
import { BEISPIELHAUSEN, demoUser } from '../support/demo.ts';
import { signInTo } from '../support/session.ts';

/**
 * The installable app (decision 244) and web push on a device (decision 245): the install conditions (a valid,
 * linked manifest with its icons, an active service worker controlling the page), the shell and the own bookings
 * offline with their 'Stand', and a push subscription made through the settings page.
 */

/** Width and height of a PNG (its IHDR chunk). */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

/** Waits until a service worker is active and controls the page. */
const workerControls = async (page: Page) => {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
};

test('install conditions: a linked, valid manifest with PNG icons and an active service worker', async ({
  page,
}) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const antwort = await page.request.get(href!);
  expect(antwort.status()).toBe(200);
  expect(antwort.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await antwort.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    lang: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    short_name: 'Stellwerk',
    start_url: '/',
    display: 'standalone',
    lang: 'de',
  });
  expect(manifest.name).toContain('Buchungen');
  // Chromium's installability: a 192 px and a 512 px icon that load as PNG of the stated size
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size && i.purpose === undefined);
    expect(icon, size).toBeDefined();
    const bild = await page.request.get(icon!.src);
    expect(bild.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await bild.body());
    expect(`${width}x${height}`).toBe(size);
  }
  expect(manifest.icons.some((i) => i.purpose === 'maskable')).toBe(true);

  await workerControls(page);
  const worker = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    return { scope: reg?.scope, script: navigator.serviceWorker.controller?.scriptURL };
  });
  expect(new URL(worker.scope!).pathname).toBe('/');
  expect(new URL(worker.script!).pathname).toBe('/sw.js');
  // the worker script itself is never kept by HTTP caches: a deploy is seen at the next check
  expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
});

test('offline the shell loads and the own bookings are readable with their Stand and check-in link', async ({
  page,
  context,
  baseURL,
}) => {
  test.slow();
  const nutzer = demoUser('mitarbeiter', BEISPIELHAUSEN);
  await signInTo(page, nutzer.email, BEISPIELHAUSEN.startPage);
  const headers = { origin: baseURL! };
  // the eighth weekday ahead lies in another calendar week than the first to fourth, on which the other journeys of
  // this server book for this user: the week's limit of bookings (LeseraumMaximaleBuchungenAlsBuchenderProWoche, 5)
  // refused this one when a run on a weekend put them all into one week
  const tag = werktagIn(8);
  const plaene = (await (await page.request.get('/api/grundrisse?bereich=leseraum', { headers })).json()) as {
    id: string;
    bezeichnung: string;
  }[];
  const grundrissId = plaene.find((p) => p.bezeichnung === 'Lesesaal Erdgeschoss')!.id;
  const belegung = (await (
    await page.request.get(`/api/grundrisse/${grundrissId}/belegung?tag=${tag}`, { headers })
  ).json()) as { plaetze: { id: string; bezeichnung: string; zustand: string; kapazitaet: number }[] };
  // a free single place from the end of the list (the journeys that book by name take the first ones)
  const platz = [...belegung.plaetze].reverse().find((p) => p.zustand === 'frei' && p.kapazitaet === 1)!;
  const gebucht = await page.request.post('/api/leseraum-buchungen', {
    headers,
    data: { modus: 'ganztags', leseraumId: platz.id, tag },
  });
  expect(gebucht.status()).toBe(201);
  const buchung = (await gebucht.json()) as { id: string };
  try {
    expect(
      (await page.request.post(`/api/leseraum-buchungen/${buchung.id}/bestaetigen`, { headers })).status(),
    ).toBe(200);

    // first visit: the worker installs and takes the page; the next load goes through it and keeps the answers
    await page.goto('/leseraum/karte');
    await workerControls(page);
    const gelesen = page.waitForResponse((r) => r.url().endsWith('/api/leseraum-buchungen?bereich=leseraum'));
    await page.reload();
    expect((await gelesen).status()).toBe(200);
    // the sidebar is drawn for the wide and the narrow layout: the one on screen
    const karte = page.locator(`[data-buchung-id="${buchung.id}"]`).filter({ visible: true });
    await expect(karte).toBeVisible();
    await expect(page.getByText(/^Stand: /)).toHaveCount(0);

    await context.setOffline(true);
    await page.reload();
    // the shell: the page's frame and navigation come from the worker's precache
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(karte).toBeVisible();
    await expect(karte).toContainText(platz.bezeichnung);
    const stand = page.getByRole('status').filter({ hasText: /Stand: \d{2}\.\d{2}\.\d{4}/ });
    await expect(stand).toBeVisible();
    const link = karte.getByRole('link', { name: 'Check-in-Link' });
    const ziel = new URL((await link.getAttribute('href'))!, baseURL);
    expect(ziel.pathname).toBe('/leseraum/karte');
    expect(Object.fromEntries(ziel.searchParams)).toEqual({
      grundriss: grundrissId,
      platz: platz.id,
      checkin: '1',
    });
    await context.setOffline(false);
  } finally {
    await context.setOffline(false);
    await page.request.post(`/api/leseraum-buchungen/${buchung.id}/storno`, { headers });
  }
});

/**
 * Chromium's headless shell has no push service to subscribe at (and the journeys have no network), so the one
 * browser boundary, the service worker registration's PushManager and the notification permission, is replaced by
 * a stand-in before the page loads: `subscribe` records the VAPID key it is given and answers a subscription with a
 * real P-256 key and secret, as a browser's would. Everything on the page's side (the settings card, the key from
 * the server, the subscription sent to it) is the app's own code.
 */
const pushManagerStandIn = () => {
  type Abo = {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    toJSON: () => { endpoint: string; keys: { p256dh: string; auth: string } };
    unsubscribe: () => Promise<boolean>;
  };
  const b64url = (bytes: ArrayBuffer | Uint8Array) =>
    btoa(String.fromCharCode(...new Uint8Array(bytes)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const stand = globalThis as unknown as {
    __push: { schluessel: string | null; abo: Abo | null; abgemeldet: number };
  };
  stand.__push = { schluessel: null, abo: null, abgemeldet: 0 };
  const manager = {
    getSubscription: async () => stand.__push.abo,
    permissionState: async () => 'granted',
    subscribe: async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      stand.__push.schluessel = b64url(applicationServerKey);
      const paar = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ]);
      const p256dh = b64url(await crypto.subtle.exportKey('raw', paar.publicKey));
      const auth = b64url(crypto.getRandomValues(new Uint8Array(16)));
      const endpoint = `https://push.example.invalid/e2e/${crypto.randomUUID()}`;
      const abo: Abo = {
        endpoint,
        keys: { p256dh, auth },
        toJSON: () => ({ endpoint, keys: { p256dh, auth } }),
        unsubscribe: async () => {
          stand.__push.abo = null;
          stand.__push.abgemeldet++;
          return true;
        },
      };
      stand.__push.abo = abo;
      return abo;
    },
  };
  const g = globalThis as unknown as Record<string, unknown>;
  if (!('PushManager' in g)) g.PushManager = class PushManager {};
  const registration = g.ServiceWorkerRegistration as { prototype: object } | undefined;
  if (registration)
    Object.defineProperty(registration.prototype, 'pushManager', { configurable: true, get: () => manager });
  const notification = g.Notification as { requestPermission: () => Promise<string> } | undefined;
  if (notification) notification.requestPermission = async () => 'granted';
};

test('a device subscribes to push on the settings page with the chosen kinds and unsubscribes', async ({
  page,
  baseURL,
}) => {
  await page.goto('/login');
  const headless = await page.evaluate(() => ({
    pushManager: 'PushManager' in globalThis,
    notification: 'Notification' in globalThis,
  }));
  test.info().annotations.push({
    type: 'browser',
    description: `headless shell: PushManager ${headless.pushManager ? 'present' : 'absent'}, Notification ${headless.notification ? 'present' : 'absent'}; the push service is stood in for (see pushManagerStandIn)`,
  });
  await page.addInitScript(pushManagerStandIn);
  const nutzer = demoUser('freigabe', BEISPIELHAUSEN);
  await signInTo(page, nutzer.email, BEISPIELHAUSEN.startPage);
  const headers = { origin: baseURL! };
  // a device left over from an earlier run of this journey
  for (const g of (await (await page.request.get('/api/push/geraete', { headers })).json()) as {
    id: string;
  }[])
    await page.request.delete(`/api/push/geraete/${g.id}`, { headers });

  await page.goto('/einstellungen');
  await workerControls(page);
  const karte = page.getByRole('region', { name: 'Push-Benachrichtigungen' });
  await expect(karte.getByText('Auf diesem Gerät aus.')).toBeVisible();
  await expect(karte.getByText('Kein Gerät angemeldet.')).toBeVisible();
  for (const art of [
    'Check-in möglich',
    'Vormerkung läuft ab',
    'Fahrt nicht ausgecheckt',
    'Freigaben und Bestätigungen',
  ])
    await expect(karte.getByRole('checkbox', { name: art })).toBeChecked();
  await karte.getByRole('checkbox', { name: 'Fahrt nicht ausgecheckt' }).uncheck();
  await karte.getByRole('button', { name: 'Hier einschalten' }).click();
  await expect(karte.getByText('Auf diesem Gerät an.')).toBeVisible();
  const zeile = karte.getByRole('row').filter({ hasText: 'dieses Gerät' });
  await expect(zeile).toContainText('Check-in möglich, Vormerkung läuft ab, Freigaben und Bestätigungen');

  // what the server stored is the subscription the browser gave, made with the server's VAPID key
  const { publicKey } = (await (await page.request.get('/api/push/schluessel', { headers })).json()) as {
    publicKey: string;
  };
  const imBrowser = await page.evaluate(
    () => (globalThis as unknown as { __push: { schluessel: string; abo: { endpoint: string } } }).__push,
  );
  expect(imBrowser.schluessel).toBe(publicKey);
  const geraete = (await (await page.request.get('/api/push/geraete', { headers })).json()) as {
    endpoint: string;
    arten: string[];
    geraet: string;
  }[];
  expect(geraete).toHaveLength(1);
  expect(geraete[0]).toMatchObject({
    endpoint: imBrowser.abo.endpoint,
    arten: ['checkin', 'vormerkung', 'freigabe'],
  });
  expect(geraete[0]!.geraet).toMatch(/^Chrome/);

  await karte.getByRole('button', { name: 'Hier ausschalten' }).click();
  await expect(karte.getByText('Kein Gerät angemeldet.')).toBeVisible();
  expect(
    await page.evaluate(
      () => (globalThis as unknown as { __push: { abgemeldet: number } }).__push.abgemeldet,
    ),
  ).toBe(1);
});
