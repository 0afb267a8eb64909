import { describe, expect, it } from 'vitest';
import { type TMe, ZApiError, ZHealth, ZMe, ZUpdateCustomizing } from './api.ts';
import { formatError } from './errors.ts';
import { resolveCustomizing } from './verwaltung/customizing.ts';

const me: TMe = {
  user: {
    id: 'b1',
    email: 'anna@example.org',
    username: null,
    vorname: 'Anna',
    nachname: 'Muster',
    employeeId: null,
    status: 'aktiv',
    mandantId: 'm1',
    isPlatformAdmin: false,
    isSso: false,
  },
  mandant: { id: 'm1', name: 'Stadtwerke', domains: ['example.org'], hasLogo: false, hasDatenschutz: true },
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
  customizing: resolveCustomizing({ tenant: {}, groups: [], user: {} }),
  language: 'de',
  startPage: '/fahrzeuge',
  zweiFaktor: { pflicht: 'optional', erforderlich: false, eingerichtet: false, mussEinrichten: false },
};

describe('ZMe', () => {
  it('accepts a complete answer with every resolved setting', () => {
    expect(ZMe.parse(me)).toEqual(me);
  });

  it('refuses unknown permission names, a missing feature switch and an unknown language', () => {
    expect(ZMe.safeParse({ ...me, permissions: ['root'] }).success).toBe(false);
    const { Chatbot: _dropped, ...features } = me.features;
    expect(ZMe.safeParse({ ...me, features }).success).toBe(false);
    expect(ZMe.safeParse({ ...me, language: 'fr' }).success).toBe(false);
  });

  it('refuses over-long strings', () => {
    expect(ZMe.safeParse({ ...me, user: { ...me.user, vorname: 'x'.repeat(201) } }).success).toBe(false);
  });
});

describe('ZApiError', () => {
  it('accepts the error body the server builds', () => {
    const body = {
      error: {
        code: 'fahrzeug.kilometerstand_zu_klein',
        message: formatError('fahrzeug.kilometerstand_zu_klein', 'de', { value: 100 }),
        params: { value: 100 },
      },
    };
    expect(ZApiError.parse(body)).toEqual(body);
  });
});

describe('ZUpdateCustomizing', () => {
  it.each<[unknown, boolean]>([
    [{ value: 15 }, true],
    [{ value: true }, true],
    [{ value: '09:00' }, true],
    [{ value: [1, 2] }, true],
    [{ value: null }, true],
    [{ value: 'x'.repeat(501) }, false],
    [{ value: { nested: true } }, false],
    [{}, false],
  ])('%j is accepted: %s', (body, ok) => {
    expect(ZUpdateCustomizing.safeParse(body).success).toBe(ok);
  });
});

describe('ZHealth', () => {
  it('accepts ok with either database driver', () => {
    const healthy = { status: 'ok', database: 'pglite', realtime: 'connected' } as const;
    expect(ZHealth.parse(healthy)).toEqual(healthy);
    expect(ZHealth.safeParse({ ...healthy, database: 'mysql' }).success).toBe(false);
    expect(ZHealth.safeParse({ ...healthy, realtime: 'maybe' }).success).toBe(false);
  });
});
