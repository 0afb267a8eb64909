import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  adresseBestaetigt,
  anmeldeMethoden,
  domainOfEmail,
  gruppenAusClaims,
  gruppenNamenAusClaim,
  mehrFaktorVomAnbieter,
  namenAusClaims,
  ssoAufloesung,
} from './sso.ts';

const GRUPPEN = [
  { id: 'g1', name: 'Fahrdienst' },
  { id: 'g2', name: 'Leseraum' },
  { id: 'g3', name: 'Verwaltung' },
];

describe('anmeldeMethoden: which sign-in methods a tenant allows', () => {
  it.each([
    ['no configuration', null, { sso: null, passwort: true }],
    ['no provider, password on', { sso: null, passwortErlaubt: true }, { sso: null, passwort: true }],
    [
      'no provider, password switched off (ignored)',
      { sso: null, passwortErlaubt: false },
      { sso: null, passwort: true },
    ],
    ['OIDC and password', { sso: 'oidc', passwortErlaubt: true }, { sso: 'oidc', passwort: true }],
    ['OIDC only', { sso: 'oidc', passwortErlaubt: false }, { sso: 'oidc', passwort: false }],
    ['SAML and password', { sso: 'saml', passwortErlaubt: true }, { sso: 'saml', passwort: true }],
    ['SAML only', { sso: 'saml', passwortErlaubt: false }, { sso: 'saml', passwort: false }],
  ] as const)('%s', (_, konfiguration, expected) => {
    expect(anmeldeMethoden(konfiguration)).toEqual(expected);
  });

  it('always leaves at least one way to sign in', () => {
    fc.assert(
      fc.property(
        fc.option(
          fc.record({
            sso: fc.constantFrom('oidc' as const, 'saml' as const, null),
            passwortErlaubt: fc.boolean(),
          }),
        ),
        (k) => {
          const m = anmeldeMethoden(k);
          expect(m.passwort || m.sso !== null).toBe(true);
        },
      ),
    );
  });
});

describe('domainOfEmail', () => {
  it.each([
    ['anna@Firma.de', 'firma.de'],
    [' a.b@sub.firma.de ', 'sub.firma.de'],
    ['x@y@firma.de', 'firma.de'],
    ['anna', null],
    ['@firma.de', null],
    ['anna@', null],
    ['anna@firma.de.', null],
    ['anna@fir ma.de', null],
  ])('%s → %s', (email, domain) => {
    expect(domainOfEmail(email)).toBe(domain);
  });
});

describe('group mapping from claims', () => {
  it.each([
    ['an array of names', { groups: ['Fahrdienst', 'Verwaltung'] }, 'groups', ['g1', 'g3']],
    ['case and blanks do not matter', { groups: [' fahrdienst ', 'LESERAUM'] }, 'groups', ['g1', 'g2']],
    ['unknown names are ignored', { groups: ['Fahrdienst', 'Admins'] }, 'groups', ['g1']],
    ['one string (SAML single value)', { rollen: 'Leseraum' }, 'rollen', ['g2']],
    ['a comma-separated string', { groups: 'Leseraum, Verwaltung' }, 'groups', ['g2', 'g3']],
    [
      'another claim is configured',
      { groups: ['Fahrdienst'], abteilung: ['Verwaltung'] },
      'abteilung',
      ['g3'],
    ],
    ['the claim is missing', { name: 'Anna' }, 'groups', []],
    ['the claim is not text', { groups: 42 }, 'groups', []],
    ['non-text entries are skipped', { groups: ['Fahrdienst', 7, null] }, 'groups', ['g1']],
  ])('%s', (_, claims, claim, expected) => {
    expect(gruppenAusClaims(claims, claim, GRUPPEN)).toEqual(expected);
  });

  it('only ever returns the tenant’s own groups, each once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.constantFrom('Fahrdienst', 'leseraum', 'VERWALTUNG'))),
        (values) => {
          const ids = gruppenAusClaims({ groups: values }, 'groups', GRUPPEN);
          expect(new Set(ids).size).toBe(ids.length);
          for (const id of ids) expect(GRUPPEN.map((g) => g.id)).toContain(id);
        },
      ),
    );
  });

  it('gruppenNamenAusClaim removes duplicates and blanks', () => {
    expect(gruppenNamenAusClaim(['a', 'a', ' ', 'b'])).toEqual(['a', 'b']);
  });
});

describe('names from claims', () => {
  it.each([
    [
      'given and family name',
      { given_name: 'Anna', family_name: 'Schmidt', name: 'X' },
      { vorname: 'Anna', nachname: 'Schmidt' },
    ],
    [
      'SAML first and last name',
      { firstName: 'Jörg', lastName: 'Weiß' },
      { vorname: 'Jörg', nachname: 'Weiß' },
    ],
    [
      'the full name split at its last blank',
      { name: 'Anna Maria Schmidt' },
      { vorname: 'Anna Maria', nachname: 'Schmidt' },
    ],
    ['one word', { name: 'Schmidt' }, { vorname: '', nachname: 'Schmidt' }],
    ['nothing but the address', {}, { vorname: '', nachname: 'anna' }],
  ])('%s', (_, claims, expected) => {
    expect(namenAusClaims(claims, 'anna@firma.de')).toEqual(expected);
  });
});

describe('which user a sign-in through the provider belongs to (decision 082)', () => {
  const M = 'mandant-a';
  const cases: [string, Parameters<typeof ssoAufloesung>[0], ReturnType<typeof ssoAufloesung>][] = [
    [
      'a linked identity signs in its owner',
      { angefragt: undefined, besitzer: 'u1', vorhanden: { mandantId: M }, mandantId: M },
      { action: 'continue' },
    ],
    [
      'the owner asking again changes nothing',
      { angefragt: 'u1', besitzer: 'u1', vorhanden: { mandantId: M }, mandantId: M },
      { action: 'continue' },
    ],
    [
      'a request of another user for a linked identity is refused',
      { angefragt: 'u2', besitzer: 'u1', vorhanden: { mandantId: M }, mandantId: M },
      { action: 'reject', code: 'auth.sso_anderes_konto' },
    ],
    [
      'a waiting request links the identity to who asked',
      { angefragt: 'u1', besitzer: undefined, vorhanden: { mandantId: M }, mandantId: M },
      { action: 'link', userId: 'u1' },
    ],
    [
      'an existing user without a request is told to link first',
      { angefragt: undefined, besitzer: undefined, vorhanden: { mandantId: M }, mandantId: M },
      { action: 'reject', code: 'auth.sso_nicht_verknuepft' },
    ],
    [
      "another tenant's user is refused as such",
      { angefragt: undefined, besitzer: undefined, vorhanden: { mandantId: 'mandant-b' }, mandantId: M },
      { action: 'reject', code: 'auth.sso_anderer_mandant' },
    ],
    [
      'an unknown address is created just in time',
      { angefragt: undefined, besitzer: undefined, vorhanden: undefined, mandantId: M },
      { action: 'continue' },
    ],
  ];
  it.each(cases)('%s', (_, lage, erwartet) => {
    expect(ssoAufloesung(lage)).toEqual(erwartet);
  });
});

describe('the matching order of a sign-in through the provider (decision 095)', () => {
  const M = 'mandant-a';
  const k = (authUserId: string, mandantId: string | null = M, hatIdentitaet = false) => ({
    authUserId,
    mandantId,
    hatIdentitaet,
  });
  const basis = {
    angefragt: undefined,
    besitzer: undefined,
    provisioniert: undefined,
    vorhanden: undefined,
    mandantId: M,
    bestaetigt: true as boolean | null,
    eigeneDomain: true,
  };
  const cases: [string, Partial<Parameters<typeof ssoAufloesung>[0]>, ReturnType<typeof ssoAufloesung>][] = [
    [
      '0. a provider saying "not verified" is refused before anything',
      { bestaetigt: false, besitzer: 'u1' },
      { action: 'reject', code: 'auth.sso_adresse_unbestaetigt' },
    ],
    [
      '1. a linked identity signs in its owner, verified or not',
      { besitzer: 'u1', bestaetigt: null },
      { action: 'continue' },
    ],
    [
      '1. before a provisioned user with the same subject',
      { besitzer: 'u1', provisioniert: k('u2') },
      { action: 'continue' },
    ],
    [
      '2. a waiting link request wins over provisioning',
      { angefragt: 'u1', provisioniert: k('u2') },
      { action: 'link', userId: 'u1' },
    ],
    [
      '3. the provisioned externalId links, even without a vouched-for address',
      { provisioniert: k('u2'), vorhanden: k('u3'), bestaetigt: null },
      { action: 'link', userId: 'u2' },
    ],
    [
      '3. a provisioned user already linked to another subject is not linked again',
      { provisioniert: k('u2', M, true) },
      { action: 'continue' },
    ],
    [
      '4. a vouched-for address links the existing user of this tenant',
      { vorhanden: k('u3') },
      { action: 'link', userId: 'u3' },
    ],
    [
      '4. an address not vouched for: link by hand',
      { vorhanden: k('u3'), bestaetigt: null },
      { action: 'reject', code: 'auth.sso_nicht_verknuepft' },
    ],
    [
      '4. a user with another identity at the provider is not linked to a second one',
      { vorhanden: k('u3', M, true) },
      { action: 'reject', code: 'auth.sso_nicht_verknuepft' },
    ],
    [
      "4. another tenant's user is refused as such",
      { vorhanden: k('u3', 'mandant-b') },
      { action: 'reject', code: 'auth.sso_anderer_mandant' },
    ],
    ['5. nobody: created just in time', {}, { action: 'continue' }],
    [
      '5. not without a vouched-for address',
      { bestaetigt: null },
      { action: 'reject', code: 'auth.sso_adresse_unbestaetigt' },
    ],
    [
      "5. not outside the tenant's domains",
      { eigeneDomain: false },
      { action: 'reject', code: 'auth.sso_domain_fremd' },
    ],
  ];
  it.each(cases)('%s', (_, lage, erwartet) => {
    expect(ssoAufloesung({ ...basis, ...lage })).toEqual(erwartet);
  });
});

describe('whether the provider vouches for the address', () => {
  it.each([
    ['oidc', { email_verified: true }, true],
    ['oidc', { email_verified: 'true' }, true],
    ['oidc', { email_verified: false }, false],
    ['oidc', { xms_edov: true }, true],
    ['oidc', { email_verified: false, xms_edov: true }, false],
    ['oidc', {}, null],
    ['saml', {}, true],
    ['saml', { email_verified: ['false'] }, false],
  ] as const)('%s %j → %s', (protokoll, claims, erwartet) => {
    expect(adresseBestaetigt(protokoll, claims)).toBe(erwartet);
  });
});

describe("the provider's multi-factor sign-in (decision 097)", () => {
  it.each([
    ['oidc', { amr: ['pwd', 'mfa'] }, undefined, true],
    ['oidc', { amr: ['pwd'] }, undefined, false],
    ['oidc', { acr: 'urn:okta:loa:2fa:any' }, undefined, true],
    ['oidc', { acr: '1' }, undefined, false],
    ['oidc', {}, undefined, false],
    ['saml', {}, ['http://schemas.microsoft.com/claims/multipleauthn'], true],
    ['saml', {}, ['urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport'], false],
    [
      'saml',
      {
        'http://schemas.microsoft.com/claims/authnmethodsreferences': [
          'http://schemas.microsoft.com/claims/multipleauthn',
        ],
      },
      [],
      true,
    ],
  ] as const)('%s %j %j → %s', (protokoll, claims, authnContext, erwartet) => {
    expect(mehrFaktorVomAnbieter(protokoll, { claims, authnContext })).toBe(erwartet);
  });
});
