import {
  adresseBestaetigt,
  domainOfEmail,
  mehrFaktorVomAnbieter,
  type SsoProtokoll,
  ssoAufloesung,
} from '@stellwerk/domain/identitaet/sso/sso';
import { asTenant, type Database } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { saveVerknuepfung, takeVerknuepfung } from '../auth/auth.accounts.ts';
import { ssoAnmeldung } from './sso.anmeldung.ts';
import { nimmNonce } from './sso.oidc-nonce.ts';
import {
  findAccountOwner,
  findBenutzerOfLogin,
  findDomainsOf,
  findLoginIdByEmail,
  findProvisionedLogin,
  hasAccountAt,
} from './sso.repository.ts';

/** How long a link request waits for the provider's answer. */
const VERKNUEPFUNG_MINUTEN = 10;

const verknuepfungsKennung = (mandantId: string, email: string) =>
  `sso-verknuepfung:${mandantId}:${email.trim().toLowerCase()}`;

/**
 * A signed-in user asks to link the tenant's provider (decision 081): remembered for ten minutes under the
 * tenant and the user's address. The next sign-in through the provider that names this address is linked to
 * the user instead of being refused as "not linked".
 */
export const merkeSsoVerknuepfung = async (
  database: Database,
  input: { mandantId: string; authUserId: string; email: string },
  now: Date,
): Promise<void> => {
  await database.withoutTenant((tx) =>
    saveVerknuepfung(tx, {
      identifier: verknuepfungsKennung(input.mandantId, input.email),
      authUserId: input.authUserId,
      expiresAt: new Date(now.getTime() + VERKNUEPFUNG_MINUTEN * 60_000),
      now,
    }),
  );
};

/** better-auth's SSO user resolution, as Stellwerk answers it. */
export type BetterAuthAufloesung =
  | { action: 'continue' }
  | { action: 'link'; userId: string; profile: 'preserve' }
  | { action: 'reject'; code: string };

/**
 * better-auth's `resolveUser` (decisions 082, 095): gathers what the rule `ssoAufloesung` (domain) needs — the
 * identity's owner, a waiting link request, the user provisioned with the provider's subject as `externalId`,
 * the user with the provider's address, whether the provider vouches for it and whether its domain is the
 * tenant's — uses up a waiting link request, and records a refusal for the page the browser is sent to. It also
 * notes whether the provider said the sign-in had more than one factor (decision 097).
 */
export const loeseSsoBenutzer = async (
  database: Database,
  input: {
    providerId: string;
    accountId: string;
    email: string;
    protokoll?: SsoProtokoll;
    claims?: Record<string, unknown>;
    /** OIDC: the verified ID token's `nonce`. */
    nonce?: unknown;
  },
  now: Date,
): Promise<BetterAuthAufloesung> => {
  const anmeldung = ssoAnmeldung.getStore();
  const mandantId = input.providerId;
  // OIDC: the ID token must carry the nonce this sign-in sent (decision 098)
  if (input.protokoll === 'oidc' && anmeldung) {
    const erwartet = anmeldung.state ? await nimmNonce(database, anmeldung.state, now) : undefined;
    if (!erwartet || input.nonce !== erwartet) {
      anmeldung.ablehnung = 'auth.sso_fehlgeschlagen';
      return { action: 'reject', code: 'auth.sso_fehlgeschlagen' };
    }
  }
  const email = input.email.trim().toLowerCase();
  const protokoll = input.protokoll ?? 'oidc';
  const claims = input.claims ?? {};
  if (anmeldung)
    anmeldung.mehrFaktor = mehrFaktorVomAnbieter(protokoll, { claims, authnContext: anmeldung.authnContext });
  // the subjects provisioning may have delivered as externalId: OIDC `sub` (Entra ID also `oid`), SAML NameID
  const subjekte = [input.accountId, typeof claims.oid === 'string' ? claims.oid : null].filter(
    (v): v is string => typeof v === 'string' && v.length > 0,
  );
  const ergebnis = await database.withAllTenants(async (tx) => {
    const angefragt = await takeVerknuepfung(tx, verknuepfungsKennung(mandantId, email), now);
    if (angefragt && anmeldung) anmeldung.verknuepfung = angefragt;
    const besitzer = await findAccountOwner(tx, input.providerId, input.accountId);
    const kandidat = async (authUserId: string) => ({
      authUserId,
      mandantId: (await findBenutzerOfLogin(tx, authUserId))?.mandantId ?? null,
      hatIdentitaet: await hasAccountAt(tx, input.providerId, authUserId),
    });
    const suchen = !besitzer && !angefragt;
    const provisioniertLogin = suchen ? await findProvisionedLogin(tx, mandantId, subjekte) : undefined;
    const provisioniert = provisioniertLogin ? await kandidat(provisioniertLogin.authUserId) : undefined;
    const login = suchen && email ? await findLoginIdByEmail(tx, email) : undefined;
    const vorhanden = login ? await kandidat(login) : undefined;
    const domain = domainOfEmail(email);
    const eigeneDomain = domain !== null && (await findDomainsOf(tx, mandantId)).includes(domain);
    return ssoAufloesung({
      angefragt,
      besitzer,
      provisioniert,
      vorhanden,
      mandantId,
      bestaetigt: adresseBestaetigt(protokoll, claims),
      eigeneDomain,
    });
  });
  if (ergebnis.action === 'reject' && anmeldung) anmeldung.ablehnung = ergebnis.code;
  return ergebnis.action === 'link' ? { ...ergebnis, profile: 'preserve' } : ergebnis;
};

/** A link through the provider succeeded: audited as the user's own change (decision 082). */
export const protokolliereVerknuepfung = async (database: Database, authUserId: string): Promise<void> => {
  await database.withAllTenants(async (tx) => {
    const found = await findBenutzerOfLogin(tx, authUserId);
    if (!found) return;
    await asTenant(tx, found.mandantId, (t) =>
      writeAudit(t, {
        mandantId: found.mandantId,
        benutzerId: found.id,
        action: 'identitaet_verknuepft',
        entity: 'benutzer.identitaet',
        entityId: found.id,
        newValue: { art: 'sso' },
      }),
    );
  });
};
