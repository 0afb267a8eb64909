import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasLogoutQuery, isPublicRoute, isSafeRedirect, pathAfterLogin } from './navigation.ts';

const startOf = (vehicles: boolean) => (vehicles ? '/fahrzeuge' : '/leseraum/karte');

describe('isPublicRoute', () => {
  it.each<[string, boolean]>([
    ['/login', true],
    ['/login?x=1', true],
    ['/public', true],
    ['/auth/recovery', true],
    ['/auth/confirm', true],
    ['/auth/fehler?code=state_mismatch', true],
    ['/kiosk', true],
    ['/kiosk/raum-3', true],
    // the check-in with a kiosk's code needs sign-in (decision 183)
    ['/kiosk/einchecken', false],
    ['/kiosk/einchecken?c=k1.a.b.1.ff', false],
    ['/KIOSK/Einchecken/', false],
    ['/logout', true],
    ['/', false],
    ['/fahrzeuge', false],
    ['/admin', false],
    ['/loginx', false],
    ['/auth/other', false],
    ['/public/../admin', false],
  ])('%s is public: %s', (path, expected) => {
    expect(isPublicRoute(path)).toBe(expected);
  });
});

describe('isSafeRedirect', () => {
  it.each<[unknown, boolean]>([
    ['/fahrzeuge', true],
    ['/fahrzeuge/uebersicht?tag=2026-11-21#x', true],
    ['/', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/%2F%2Fevil.example', false],
    ['/%2F/evil.example', false],
    ['/%5Cevil.example', false],
    ['/\tevil', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['fahrzeuge', false],
    ['', false],
    [null, false],
    [42, false],
    [`/${'a'.repeat(2048)}`, false],
    ['/%E0%A4%A', false],
  ])('%j is safe: %s', (path, expected) => {
    expect(isSafeRedirect(path)).toBe(expected);
  });

  it('never accepts anything that does not start with a single slash (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        if (isSafeRedirect(s)) {
          expect(s.startsWith('/')).toBe(true);
          expect(s.startsWith('//')).toBe(false);
        }
      }),
    );
  });
});

describe('hasLogoutQuery', () => {
  it.each<[string, boolean]>([
    ['/fahrzeuge?logout=true', true],
    ['/fahrzeuge?a=1&logout=true#x', true],
    ['/fahrzeuge?logout=false', false],
    ['/logout=true', false],
  ])('%s asks to sign out: %s', (path, expected) => {
    expect(hasLogoutQuery(path)).toBe(expected);
  });
});

describe('pathAfterLogin', () => {
  it.each<[string | null, boolean, string]>([
    [null, true, '/fahrzeuge'],
    [null, false, '/leseraum/karte'],
    ['/', true, '/fahrzeuge'],
    ['/login', true, '/fahrzeuge'],
    ['/login?redirect=/admin', false, '/leseraum/karte'],
    ['/fahrzeuge/freigaben', false, '/fahrzeuge/freigaben'],
    ['/leseraum/liste?tag=1', true, '/leseraum/liste?tag=1'],
    ['/admin/benutzer', true, '/admin/benutzer'],
    ['/logout', true, '/fahrzeuge'],
    ['/fahrzeuge?logout=true', true, '/fahrzeuge'],
    ['https://evil.example/login', true, '/fahrzeuge'],
    ['//evil.example', true, '/fahrzeuge'],
    ['javascript:alert(1)', true, '/fahrzeuge'],
  ])(
    'after sign-in with %s remembered (start page /fahrzeuge: %s) goes to %s',
    (requested, vehicles, expected) => {
      expect(pathAfterLogin({ requested, start: startOf(vehicles) })).toBe(expected);
    },
  );

  it('always ends on a safe same-origin path (property)', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.boolean(), (requested, vehicles) => {
        const target = pathAfterLogin({ requested, start: startOf(vehicles) });
        expect(isSafeRedirect(target)).toBe(true);
      }),
    );
  });
});
