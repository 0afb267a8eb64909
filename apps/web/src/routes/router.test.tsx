// @vitest-environment jsdom
import type { TMe } from '@stellwerk/domain/api';
import { SCREENS } from '@stellwerk/domain/screens';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, configure, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../AppProviders';
import { initI18n } from '../i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { createAppRouter } from './router';

const baseMe: TMe = {
  user: {
    id: 'u1',
    email: 'mitarbeiter@musterstadt.example',
    username: 'mitarbeiter.musterstadt',
    vorname: 'Max',
    nachname: 'Mitarbeiter',
    employeeId: null,
    status: 'aktiv',
    mandantId: 'm1',
    isPlatformAdmin: false,
    isSso: false,
  },
  mandant: { id: 'm1', name: 'Stadtwerke Musterstadt', domains: [], hasLogo: false, hasDatenschutz: false },
  permissions: ['fahrzeug_buchen'],
  rights: { admin: false, fahrzeugModul: true },
  darf: ['fahrzeuge.buchen'],
  features: {
    FahrzeugBuchung: true,
    Leseraum: true,
    Arbeitswelt: false,
    Officelocker: false,
    Chatbot: false,
  },
  customizing: {},
  language: 'de',
  startPage: '/fahrzeuge',
  zweiFaktor: { pflicht: 'optional', erforderlich: false, eingerichtet: false, mussEinrichten: false },
};

let me: TMe | null = null;
const requests: string[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), 'http://localhost');
  requests.push(`${init?.method ?? 'GET'} ${url.pathname}`);
  if (url.pathname === '/api/me') {
    return me
      ? json(200, me)
      : json(401, { error: { code: 'auth.unauthenticated', message: '', params: {} } });
  }
  if (url.pathname === '/api/auth/sign-out') {
    me = null;
    return json(200, { success: true });
  }
  return json(404, { error: { code: 'not_found', message: 'nicht gefunden', params: {} } });
};

const start = async (path: string) => {
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [path] }));
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  await act(() => router.load());
  return router;
};

beforeAll(async () => {
  await initI18n('de');
  // jsdom lacks what Mantine measures with
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
  window.scrollTo = () => {};
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
});

beforeEach(() => {
  me = null;
  requests.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  // biome-ignore lint/suspicious/noDocumentCookie: reset the test's cookies
  document.cookie = 'stellwerk_redirect=; path=/; max-age=0';
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// Each test renders the whole app with its lazily loaded screens: on a machine loaded by other work (load 10–14)
// a screen took longer than the default 1 s wait and the 5 s test limit. What the tests check does not depend on
// these bounds; they only decide when a test counts as hung.
configure({ asyncUtilTimeout: 10_000 });

describe('routes and guards', { timeout: 30_000 }, () => {
  it('sends a visitor from a protected page to /login and remembers the path in a cookie', async () => {
    const router = await start('/leseraum/liste?ansicht=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(document.cookie).toContain('stellwerk_redirect=%2Fleseraum%2Fliste%3Fansicht%3D1');
    expect(await screen.findByLabelText(/Benutzername/)).toBeTruthy();
  });

  it('lets a visitor open the public routes without a session', async () => {
    const router = await start('/auth/recovery');
    expect(router.state.location.pathname).toBe('/auth/recovery');
    expect(await screen.findByRole('heading', { name: 'Passwort zurücksetzen' })).toBeTruthy();
  });

  it('keeps a signed-in user on /auth/recovery (no automatic redirect away)', async () => {
    me = baseMe;
    const router = await start('/auth/recovery');
    expect(router.state.location.pathname).toBe('/auth/recovery');
  });

  it('sends a signed-in user from / and /login to the start page', async () => {
    me = { ...baseMe, startPage: '/leseraum/karte' };
    const router = await start('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/leseraum/karte'));
    await act(() => router.navigate({ to: '/login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/leseraum/karte'));
  });

  it('redirects /leseraum to /leseraum/karte', async () => {
    me = baseMe;
    const router = await start('/leseraum');
    await waitFor(() => expect(router.state.location.pathname).toBe('/leseraum/karte'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Leseraum – Karte' })).toBeTruthy();
  });

  it("refuses a booker on /admin/benutzer with the guard's message, status 403 and 'Reset Error'", async () => {
    me = baseMe;
    await start('/admin/benutzer');
    expect(await screen.findByText('Keine Berechtigung für die Administration.')).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Fehler zurücksetzen.*Reset Error/ })).toBeTruthy();
  });

  it('shows the 404 page for an unknown route', async () => {
    me = baseMe;
    await start('/gibt-es-nicht');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
  });

  it('signs out on ?logout=true and goes to /login', async () => {
    me = baseMe;
    const router = await start('/fahrzeuge?logout=true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(requests).toContain('POST /api/auth/sign-out');
    expect(me).toBeNull();
  });

  it('hides the vehicle area when the tenant has vehicle booking off', async () => {
    me = {
      ...baseMe,
      features: { ...baseMe.features, FahrzeugBuchung: false },
      startPage: '/leseraum/karte',
    };
    await start('/fahrzeuge');
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
  });

  it("refuses a user without vehicle rights on /fahrzeuge with the guard's message and status 403", async () => {
    me = {
      ...baseMe,
      permissions: [],
      rights: { admin: false, fahrzeugModul: false },
      startPage: '/leseraum/karte',
    };
    await start('/fahrzeuge');
    expect(await screen.findByText('Keine Berechtigung für die Fahrzeugbuchung.')).toBeTruthy();
    expect(screen.getByText('403')).toBeTruthy();
  });

  it('refuses a plain booker on the approvals and the licence checks', async () => {
    me = baseMe;
    const router = await start('/fahrzeuge/freigaben');
    expect(await screen.findByText('Keine Berechtigung für die Freigabe von Sonderfahrten.')).toBeTruthy();
    await act(() => router.navigate({ to: '/fahrzeuge/fuehrerschein' }));
    expect(await screen.findByText('Keine Berechtigung für die Führerscheinprüfung.')).toBeTruthy();
  });

  it('shows a user with no area to open what is switched on, with sign-out, at /', async () => {
    me = {
      ...baseMe,
      features: { ...baseMe.features, FahrzeugBuchung: false, Leseraum: false },
      startPage: '/',
    };
    const router = await start('/');
    expect(router.state.location.pathname).toBe('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kein Buchungsbereich verfügbar' }),
    ).toBeTruthy();
    expect(screen.getAllByText('ausgeschaltet')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Abmelden' }).length).toBeGreaterThan(0);
  });
});

describe('the route tree and the screen table of the domain', () => {
  it('list the same paths, so server and web agree on what is a page', () => {
    const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: ['/'] }));
    const routerPaths = Object.keys(router.routesByPath)
      .map((path) => (path.length > 1 ? path.replace(/\/$/, '') : path))
      .sort();
    expect(routerPaths).toEqual(SCREENS.map((s) => s.path).sort());
  });
});
