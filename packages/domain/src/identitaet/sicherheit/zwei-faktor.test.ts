import { describe, expect, it } from 'vitest';
import type { PermissionName } from '../../permissions.ts';
import {
  type Anmeldung,
  anmeldeMethoden,
  brauchtCodeSchritt,
  brauchtZweiFaktor,
  faktorenDerAnmeldung,
  istAdministrator,
  mussZweiFaktorEinrichten,
  parseZweiFaktorPflicht,
  vorEinrichtungErlaubt,
  type ZweiFaktorPflicht,
  zweiFaktorenBeiAnmeldung,
} from './zwei-faktor.ts';

describe('who must sign in with a second factor', () => {
  const cases: [ZweiFaktorPflicht, boolean, boolean][] = [
    ['optional', false, false],
    ['optional', true, false],
    ['administratoren', false, false],
    ['administratoren', true, true],
    ['alle', false, true],
    ['alle', true, true],
  ];
  it.each(cases)('policy %s, administrator %s: required %s', (pflicht, administrator, expected) => {
    expect(brauchtZweiFaktor({ pflicht, administrator })).toBe(expected);
  });

  const enrolCases: [ZweiFaktorPflicht, boolean, boolean, boolean][] = [
    ['optional', true, false, false],
    ['administratoren', true, false, true],
    ['administratoren', true, true, false],
    ['administratoren', false, false, false],
    ['alle', false, false, true],
    ['alle', false, true, false],
  ];
  it.each(enrolCases)(
    'policy %s, administrator %s, enrolled %s: must enrol %s',
    (pflicht, administrator, eingerichtet, expected) => {
      expect(mussZweiFaktorEinrichten({ pflicht, administrator, eingerichtet })).toBe(expected);
    },
  );
});

describe('an administrator for the policy', () => {
  const perms = (...names: PermissionName[]) => new Set<PermissionName>(names);
  it.each([
    [[], false, false],
    [['leseraum_buchen'], false, false],
    [['benutzer_pflegen'], false, true],
    [['customizing_mandant_pflege'], false, true],
    [['fahrzeug_pflege'], false, true],
    [[], true, true],
  ] as [PermissionName[], boolean, boolean][])(
    'rights %j, platform administrator %s: administrator %s',
    (names, isPlatformAdmin, expected) => {
      expect(istAdministrator({ permissions: perms(...names), isPlatformAdmin })).toBe(expected);
    },
  );
});

describe('the stored policy', () => {
  it.each([
    ['optional', 'optional'],
    ['administratoren', 'administratoren'],
    ['alle', 'alle'],
    ['', 'optional'],
    ['ALLE', 'optional'],
    [undefined, 'optional'],
    [true, 'optional'],
  ])('%j reads as %s', (value, expected) => {
    expect(parseZweiFaktorPflicht(value)).toBe(expected);
  });
});

describe('the sign-in methods of a user', () => {
  it('without a confirmed factor: the password only', () => {
    expect(anmeldeMethoden({ eingerichtet: false })).toEqual(['passwort']);
  });
  it('with a confirmed factor: the password, then an app code or a backup code', () => {
    expect(anmeldeMethoden({ eingerichtet: true })).toEqual(['passwort', 'totp', 'backup_code']);
  });
});

describe('what a user who must still enrol may call', () => {
  it.each([
    ['/api/me', true],
    ['/api/me?x=1', true],
    ['/api/me/profil', false],
    ['/api/auth/two-factor/enable', true],
    ['/api/sicherheit/faktoren', true],
    ['/api/sicherheit', true],
    ['/api/sicherheitsluecke', false],
    ['/api/events', true],
    ['/api/leseraum-buchungen', false],
    ['/api/admin/benutzer', false],
    ['/api/customizing/mandant', false],
  ])('%s: %s', (path, expected) => {
    expect(vorEinrichtungErlaubt(path)).toBe(expected);
  });
});

describe('how many factors a sign-in counts as (decision 147)', () => {
  const cases: [string, Anmeldung, 1 | 2][] = [
    ['the password', { art: 'passwort' }, 1],
    ['the password and the code', { art: 'passwort_und_code' }, 2],
    ['a passkey with user verification', { art: 'passkey', nutzerVerifiziert: true }, 2],
    ['a passkey without user verification', { art: 'passkey', nutzerVerifiziert: false }, 1],
    [
      'the provider, multi-factor reported and trusted',
      { art: 'anbieter', mehrFaktorGemeldet: true, anbieterVertraut: true },
      2,
    ],
    [
      'the provider, multi-factor reported but not trusted',
      { art: 'anbieter', mehrFaktorGemeldet: true, anbieterVertraut: false },
      1,
    ],
    [
      'the provider, trusted but a password only reported',
      { art: 'anbieter', mehrFaktorGemeldet: false, anbieterVertraut: true },
      1,
    ],
    [
      'the provider, neither reported nor trusted',
      { art: 'anbieter', mehrFaktorGemeldet: false, anbieterVertraut: false },
      1,
    ],
  ];
  it.each(cases)('%s: %s', (_, anmeldung, faktoren) => {
    expect(faktorenDerAnmeldung(anmeldung)).toBe(faktoren);
    expect(zweiFaktorenBeiAnmeldung(anmeldung)).toBe(faktoren === 2);
  });

  const codeCases: [string, Anmeldung, boolean, boolean][] = [
    ['password, factor enrolled', { art: 'passwort' }, true, true],
    ['password, no factor', { art: 'passwort' }, false, false],
    ['passkey without UV, factor enrolled', { art: 'passkey', nutzerVerifiziert: false }, true, true],
    ['passkey without UV, no factor', { art: 'passkey', nutzerVerifiziert: false }, false, false],
    ['passkey with UV, factor enrolled', { art: 'passkey', nutzerVerifiziert: true }, true, false],
    ['passkey with UV, no factor', { art: 'passkey', nutzerVerifiziert: true }, false, false],
    ['password and code, factor enrolled', { art: 'passwort_und_code' }, true, false],
    ...(
      [
        [true, true, true, false],
        [true, true, false, false],
        [true, false, true, true],
        [true, false, false, false],
        [false, true, true, true],
        [false, true, false, false],
        [false, false, true, true],
        [false, false, false, false],
      ] as const
    ).map(([gemeldet, vertraut, eingerichtet, expected]): [string, Anmeldung, boolean, boolean] => [
      `provider, multi-factor reported: ${gemeldet}, trusted: ${vertraut}, factor enrolled: ${eingerichtet}`,
      { art: 'anbieter', mehrFaktorGemeldet: gemeldet, anbieterVertraut: vertraut },
      eingerichtet,
      expected,
    ]),
  ];
  it.each(codeCases)('%s: the code step follows: %s', (_, anmeldung, eingerichtet, expected) => {
    expect(brauchtCodeSchritt(anmeldung, { eingerichtet })).toBe(expected);
  });
});
