import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnmeldeKontext,
  IDENTITAET_ARTEN,
  type Identitaet,
  istEntfernbar,
  istNutzbar,
  passwortSetzbar,
  ssoVerknuepfbar,
} from './identitaet.ts';

const TENANT = 'mandant-a';
const alles: AnmeldeKontext = { passwortErlaubt: true, ssoProviderId: TENANT };
const ohneSso: AnmeldeKontext = { passwortErlaubt: true, ssoProviderId: null };
const nurSso: AnmeldeKontext = { passwortErlaubt: false, ssoProviderId: TENANT };

const passwort: Identitaet = { id: 'konto:1', art: 'passwort' };
const oidc: Identitaet = { id: 'konto:2', art: 'oidc', providerId: TENANT };
const saml: Identitaet = { id: 'konto:3', art: 'saml', providerId: TENANT };
const altesSso: Identitaet = { id: 'konto:4', art: 'oidc', providerId: 'mandant-b' };
const passkey: Identitaet = { id: 'passkey:1', art: 'passkey' };

describe('which identity signs in today', () => {
  const cases: [string, Identitaet, AnmeldeKontext, boolean][] = [
    ['password, allowed', passwort, alles, true],
    ['password, switched off by the tenant', passwort, nurSso, false],
    ["OIDC at the tenant's provider", oidc, alles, true],
    ["SAML at the tenant's provider", saml, nurSso, true],
    ['OIDC after the provider was removed', oidc, ohneSso, false],
    ['an identity at a provider that is not the tenant’s', altesSso, alles, false],
    ['a passkey, always', passkey, nurSso, true],
    ['a passkey without provider', passkey, ohneSso, true],
  ];
  it.each(cases)('%s', (_, identitaet, kontext, erwartet) => {
    expect(istNutzbar(identitaet, kontext)).toBe(erwartet);
  });
});

describe('never the last way to sign in', () => {
  const cases: [string, Identitaet[], string, AnmeldeKontext, boolean][] = [
    ['the only password', [passwort], passwort.id, alles, false],
    ['the password beside SSO', [passwort, oidc], passwort.id, alles, true],
    ['SSO beside the password', [passwort, oidc], oidc.id, alles, true],
    ['SSO beside a password the tenant switched off', [passwort, oidc], oidc.id, nurSso, false],
    ['a switched-off password beside SSO', [passwort, oidc], passwort.id, nurSso, true],
    ['SSO beside a passkey', [oidc, passkey], oidc.id, nurSso, true],
    ['the only passkey', [passkey], passkey.id, alles, false],
    ['a passkey beside the password', [passwort, passkey], passkey.id, alles, true],
    ['the password beside an identity at a removed provider', [passwort, oidc], passwort.id, ohneSso, false],
    ['an identity at a removed provider', [passwort, oidc], oidc.id, ohneSso, true],
    ['an unknown id', [passwort, oidc], 'konto:99', alles, false],
  ];
  it.each(cases)('%s', (_, identitaeten, id, kontext, erwartet) => {
    expect(istEntfernbar(identitaeten, id, kontext)).toBe(erwartet);
  });

  const arbIdentitaeten = fc
    .array(
      fc.record({
        art: fc.constantFrom(...IDENTITAET_ARTEN),
        providerId: fc.constantFrom(TENANT, 'mandant-b', null),
      }),
      { maxLength: 6 },
    )
    .map((rows) => rows.map((r, i): Identitaet => ({ id: `id-${i}`, ...r })));
  const arbKontext = fc.record({
    passwortErlaubt: fc.boolean(),
    ssoProviderId: fc.constantFrom(TENANT, null),
  });

  it('property: removing only what is removable, in any order, keeps a working way if there was one', () => {
    fc.assert(
      fc.property(
        arbIdentitaeten,
        arbKontext,
        fc.array(fc.nat(), { maxLength: 10 }),
        (start, kontext, picks) => {
          const hatteWeg = start.some((i) => istNutzbar(i, kontext));
          let rest = start;
          for (const pick of picks) {
            if (rest.length === 0) break;
            const ziel = rest[pick % rest.length];
            if (ziel && istEntfernbar(rest, ziel.id, kontext)) rest = rest.filter((i) => i.id !== ziel.id);
          }
          expect(rest.some((i) => istNutzbar(i, kontext))).toBe(hatteWeg);
        },
      ),
    );
  });
});

describe('what can be linked', () => {
  it("offers the tenant's provider while the user has no identity there", () => {
    expect(ssoVerknuepfbar([passwort], alles)).toBe(true);
    expect(ssoVerknuepfbar([passwort, altesSso], alles)).toBe(true);
    expect(ssoVerknuepfbar([passwort, saml], alles)).toBe(false);
    expect(ssoVerknuepfbar([passwort], ohneSso)).toBe(false);
  });
  it('offers a password where the tenant allows one and the user has none', () => {
    expect(passwortSetzbar([oidc], alles)).toBe(true);
    expect(passwortSetzbar([oidc, passwort], alles)).toBe(false);
    expect(passwortSetzbar([oidc], nurSso)).toBe(false);
  });
});
