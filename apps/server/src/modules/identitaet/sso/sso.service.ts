import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { discoverOIDCConfig } from '@better-auth/sso';
import { DomainError } from '@stellwerk/domain/errors';
import { syncLinks } from '@stellwerk/domain/link-sync';
import type { TAnmeldeMethoden, TSsoKonfiguration, TSsoKonfigurationInput } from '@stellwerk/domain/sso/api';
import { type Anmeldung, zweiFaktorenBeiAnmeldung } from '@stellwerk/domain/sicherheit/zwei-faktor';
import {
  adresseBestaetigt,
  anmeldeMethoden,
  DEFAULT_OIDC_SCOPES,
  domainOfEmail,
  gruppenAusClaims,
  mehrFaktorVomAnbieter,
  namenAusClaims,
  type SsoProtokoll,
  ssoAufloesung,
} from '@stellwerk/domain/sso/sso';
import { asTenant, type Database, type Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { deleteLogin, endSessions, updateLogin } from '../auth/auth.accounts.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { inhaberVon } from '../auth/auth.inhaber.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  addGruppen,
  deleteMandantSso,
  deleteSsoProvider,
  findAccountOwner,
  findAllSsoProviders,
  findBenutzerOfLogin,
  findBenutzerRow,
  findDomains,
  findDomainsOf,
  findGruppeIdsOf,
  findGruppenRefs,
  findLoginIdByEmail,
  findMandantSso,
  findMandantSsoOf,
  findProvisionedLogin,
  findRoutingByDomain,
  findSitzungAnmeldung,
  findSsoProvider,
  hasAccountAt,
  insertSsoBenutzer,
  type MandantSsoRow,
  removeGruppen,
  replaceSamlConfigWennUnveraendert,
  saveSitzungAnmeldung,
  saveSsoProvider,
  saveVerknuepfung,
  takeVerknuepfung,
  updateSsoBenutzer,
  upsertMandantSso,
} from './sso.repository.ts';
import {
  erneuereSpSchluessel,
  mitSigniertenAnfragen,
  samlSpKonfiguration,
  spMetadataXml,
  spSchluesselVon,
} from './sso.saml-sp.ts';
import type { SpSchluessel } from './sso.zertifikat.ts';

const ACTIVE = 'aktiv';
/** The claim key under which the provider's groups reach `provisionUser` (better-auth's mapping.extraFields). */
const GRUPPEN_FELD = 'stellwerkGruppen';

/** Why a sign-in through the provider was refused, as the code /login shows (`?sso_fehler=`). */
export type SsoAblehnung =
  | 'auth.sso_deaktiviert'
  | 'auth.sso_anderer_mandant'
  | 'auth.sso_fehlgeschlagen'
  | 'auth.sso_nicht_verknuepft'
  | 'auth.sso_anderes_konto'
  | 'auth.sso_adresse_unbestaetigt'
  | 'auth.sso_domain_fremd';

/**
 * The sign-in through a tenant's provider that is being answered (the callback or ACS request): set by the
 * auth plugin around better-auth's handler, read by the session hook and by the provisioning, which record
 * why they refused.
 */
export type SsoAnmeldung = {
  mandantId: string;
  ablehnung?: SsoAblehnung;
  authUserId?: string;
  neu?: boolean;
  /** The user who asked to link the provider (decision 081): the answer goes back to their security page. */
  verknuepfung?: string;
  /** OIDC: the `state` the provider sent back, under which the sign-in's nonce waits (decision 098). */
  state?: string;
  /** SAML: the AuthnContextClassRef values of the response (read by the auth plugin before better-auth). */
  authnContext?: string[];
  /** The provider said the sign-in had more than one factor (decision 097; counted where the tenant trusts it). */
  mehrFaktor?: boolean;
  /** The tenant trusts its provider's multi-factor word (`mfaVertrauen`), read when the session is made. */
  mfaVertrauen?: boolean;
  /** The sign-in continues to the code step (decision 154): the login whose code is asked next. */
  codeSchritt?: { authUserId: string };
};
export const ssoAnmeldung = new AsyncLocalStorage<SsoAnmeldung>();

/** A sign-in through the provider as the two-factor rule counts it (decisions 097, 154). */
const alsAnmeldung = (anmeldung: SsoAnmeldung): Anmeldung => ({
  art: 'anbieter',
  mehrFaktorGemeldet: anmeldung.mehrFaktor === true,
  anbieterVertraut: anmeldung.mfaVertrauen === true,
});

/**
 * The sign-in through the tenant's provider being answered, for the code step after it (decision 154): how it counts
 * and where its continuation to the code step is noted (the auth plugin then sends the browser to /login's code step).
 */
export const laufendeSsoAnmeldung = ():
  | { anmeldung: Anmeldung; merkeCodeSchritt: (authUserId: string) => void }
  | undefined => {
  const anmeldung = ssoAnmeldung.getStore();
  return anmeldung
    ? {
        anmeldung: alsAnmeldung(anmeldung),
        merkeCodeSchritt: (authUserId) => {
          anmeldung.codeSchritt = { authUserId };
        },
      }
    : undefined;
};

/** better-auth's provider id of a tenant is the tenant's id. */
export const providerIdOf = (mandantId: string) => mandantId;

const protokollOf = (row: MandantSsoRow | null | undefined): SsoProtokoll | null =>
  row?.protokoll === 'oidc' || row?.protokoll === 'saml' ? row.protokoll : null;

/** What /login offers for an address: the provider of the tenant its domain belongs to, and/or the password. */
export const getAnmeldeMethoden = async (database: Database, email: string): Promise<TAnmeldeMethoden> => {
  const domain = domainOfEmail(email);
  const routing = domain ? await database.withAllTenants((tx) => findRoutingByDomain(tx, domain)) : undefined;
  const sso = protokollOf(routing?.sso);
  const methoden = anmeldeMethoden(
    routing ? { sso, passwortErlaubt: routing.sso?.passwortErlaubt ?? true } : null,
  );
  return {
    sso:
      routing && methoden.sso
        ? { providerId: providerIdOf(routing.mandantId), protokoll: methoden.sso }
        : null,
    passwort: methoden.passwort,
  };
};

/**
 * The right of the tenant administrators who keep their password as a way in when the tenant switched password
 * sign-in off (break-glass for an outage of the identity provider, decision 096): those who can change or
 * remove the tenant's provider.
 */
export const NOTZUGANG_RECHT = 'customizing_mandant_pflege';

/**
 * Whether the user behind a better-auth user may sign in with the password: not when their tenant has a
 * provider and switched password sign-in off — except platform administrators (the platform cannot be locked
 * out) and the tenant's administrators holding `NOTZUGANG_RECHT` (break-glass, decision 096; their second
 * factor is asked as always). Unknown users may try (they fail like a wrong password).
 */
export const passwortAnmeldungErlaubt = async (database: Database, authUserId: string): Promise<boolean> =>
  database.withAllTenants(async (tx) => {
    const found = await findBenutzerOfLogin(tx, authUserId);
    if (!found || found.plattformAdmin) return true;
    const sso = await findMandantSsoOf(tx, found.mandantId);
    if (
      anmeldeMethoden(sso ? { sso: protokollOf(sso), passwortErlaubt: sso.passwortErlaubt } : null).passwort
    )
      return true;
    return asTenant(
      tx,
      found.mandantId,
      async (t) => (await inhaberVon(t, [found.id], [NOTZUGANG_RECHT])).length > 0,
    );
  });

/**
 * What the user's tenant allows now (decision 081): the password (as `passwortAnmeldungErlaubt`) and its
 * configured provider with its protocol, if any.
 */
export const anmeldeKontextVon = async (
  database: Database,
  authUserId: string,
): Promise<{ passwortErlaubt: boolean; ssoProviderId: string | null; protokoll: SsoProtokoll | null }> =>
  database.withAllTenants(async (tx) => {
    const found = await findBenutzerOfLogin(tx, authUserId);
    if (!found) return { passwortErlaubt: true, ssoProviderId: null, protokoll: null };
    const sso = await findMandantSsoOf(tx, found.mandantId);
    const protokoll = protokollOf(sso);
    const methoden = anmeldeMethoden(sso ? { sso: protokoll, passwortErlaubt: sso.passwortErlaubt } : null);
    return {
      passwortErlaubt: found.plattformAdmin || methoden.passwort,
      ssoProviderId: protokoll ? providerIdOf(found.mandantId) : null,
      protokoll,
    };
  });

/**
 * better-auth's session hook: may this better-auth user get a session now? Outside a sign-in through a
 * provider: an active user whose tenant allows the password. Inside one: a user not yet known (created just
 * in time right after, by `provisionSsoUser`), or an active user of the provider's tenant.
 */
export const sessionErlaubt = async (database: Database, authUserId: string): Promise<boolean> => {
  const anmeldung = ssoAnmeldung.getStore();
  const found = await database.withAllTenants((tx) => findBenutzerOfLogin(tx, authUserId));
  if (!anmeldung) return found?.status === ACTIVE && (await passwortAnmeldungErlaubt(database, authUserId));
  anmeldung.authUserId = authUserId;
  if (!found) {
    anmeldung.neu = true;
    return true;
  }
  if (found.mandantId !== anmeldung.mandantId) {
    anmeldung.ablehnung = 'auth.sso_anderer_mandant';
    return false;
  }
  if (found.status !== ACTIVE) {
    anmeldung.ablehnung = 'auth.sso_deaktiviert';
    return false;
  }
  return true;
};

/**
 * Just-in-time provisioning (better-auth's `provisionUser`, on every sign-in through a provider): the first
 * sign-in creates the benutzer in the provider's tenant (id = better-auth user id, marked as a single-sign-on
 * user) with name and e-mail from the claims; every sign-in sets name, e-mail and the groups mapped from the
 * configured claim (the provider is the source of the memberships). Audited as done by the user.
 */
export const provisionSsoUser = async (
  database: Database,
  input: { providerId: string; authUserId: string; email: string; userInfo: Record<string, unknown> },
  now: () => Date = () => new Date(),
): Promise<void> => {
  const anmeldung = ssoAnmeldung.getStore();
  const mandantId = input.providerId;
  const fail = (ablehnung: SsoAblehnung) => {
    if (anmeldung) anmeldung.ablehnung = ablehnung;
    throw new DomainError(ablehnung);
  };
  const owner = await database.withAllTenants((tx) => findBenutzerOfLogin(tx, input.authUserId));
  if (owner && owner.mandantId !== mandantId) fail('auth.sso_anderer_mandant');
  if (owner && owner.status !== ACTIVE) fail('auth.sso_deaktiviert');
  await database.withTenant(mandantId, async (tx) => {
    const sso = await findMandantSso(tx);
    const claims = { ...input.userInfo, groups: input.userInfo[GRUPPEN_FELD] };
    const { vorname, nachname } = namenAusClaims(claims, input.email);
    const gewuenscht = sso ? gruppenAusClaims(claims, 'groups', await findGruppenRefs(tx)) : [];
    const email = input.email.trim().toLowerCase();
    // the benutzer behind the login (the same id for users created by the app; looked up to be sure)
    const id = owner?.id ?? input.authUserId;
    const before = await findBenutzerRow(tx, id);
    const vorher = before ? await findGruppeIdsOf(tx, id) : [];
    if (!before) {
      await insertSsoBenutzer(tx, { id, mandantId, vorname, nachname, email });
    } else {
      await updateSsoBenutzer(tx, id, { vorname, nachname, email });
    }
    await updateLogin(
      tx,
      input.authUserId,
      { name: `${vorname} ${nachname}`.trim(), email, username: before?.username ?? null },
      now(),
    );
    const changes = syncLinks(vorher, gewuenscht);
    await addGruppen(tx, mandantId, id, changes.add);
    await removeGruppen(tx, id, changes.remove);
    const changed =
      !before ||
      before.vorname !== vorname ||
      before.nachname !== nachname ||
      before.email !== email ||
      changes.add.length + changes.remove.length > 0;
    if (changed) {
      await writeAudit(tx, {
        mandantId,
        benutzerId: id,
        action: before ? 'sso_aktualisierung' : 'sso_anlage',
        entity: 'benutzer',
        entityId: id,
        oldValue: before
          ? { vorname: before.vorname, nachname: before.nachname, email: before.email, gruppeIds: vorher }
          : null,
        newValue: { vorname, nachname, email, gruppeIds: gewuenscht },
      });
      await publishEvent(tx, mandantId, { type: 'benutzer', id });
    }
  });
};

/**
 * After a refused or failed sign-in through a provider: a user created just now by better-auth (no benutzer
 * came of it) is removed again; a known user's session, if one was made, is ended.
 */
export const aufraeumenNachAblehnung = async (database: Database, anmeldung: SsoAnmeldung): Promise<void> => {
  const authUserId = anmeldung.authUserId;
  if (!authUserId) return;
  await database.withAllTenants(async (tx: Tx) => {
    const found = await findBenutzerOfLogin(tx, authUserId);
    if (!found && anmeldung.neu) await deleteLogin(tx, authUserId);
    else await endSessions(tx, authUserId);
  });
};

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

/** How long a nonce waits for the provider's answer (as better-auth's state). */
const NONCE_MINUTEN = 10;
const nonceKennung = (state: string) => `sso-nonce:${state}`;

/**
 * OIDC sign-in starts (decision 098): better-auth's authorization address gets a fresh `nonce`, remembered under
 * the request's `state`; the callback's ID token must carry it. Other addresses (SAML) are returned unchanged.
 */
export const mitNonce = async (database: Database, adresse: string, now: Date): Promise<string> => {
  if (!URL.canParse(adresse)) return adresse;
  const url = new URL(adresse);
  const state = url.searchParams.get('state');
  if (!state || url.searchParams.get('response_type') !== 'code') return adresse;
  const nonce = randomBytes(24).toString('base64url');
  await database.withoutTenant((tx) =>
    saveVerknuepfung(tx, {
      identifier: nonceKennung(state),
      authUserId: nonce,
      expiresAt: new Date(now.getTime() + NONCE_MINUTEN * 60_000),
      now,
    }),
  );
  url.searchParams.set('nonce', nonce);
  return url.toString();
};

/** Takes (uses up) the nonce waiting under `state`, if it has not expired. */
const nimmNonce = (database: Database, state: string, now: Date): Promise<string | undefined> =>
  database.withoutTenant((tx) => takeVerknuepfung(tx, nonceKennung(state), now));

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

/**
 * A session was made (better-auth's session hook, after): a sign-in through the tenant's provider or with a
 * passkey is recorded with whether it had two factors (decision 097): the provider's word only where the tenant
 * trusts it (`mfaVertrauen`), a passkey when the authenticator verified the user.
 */
export const merkeSitzungAnmeldung = async (
  database: Database,
  sessionId: string,
  passkey: { nutzerVerifiziert: boolean } | undefined,
): Promise<void> => {
  const anmeldung = ssoAnmeldung.getStore();
  if (anmeldung) {
    anmeldung.mfaVertrauen =
      (await database.withAllTenants((tx) => findMandantSsoOf(tx, anmeldung.mandantId)))?.mfaVertrauen ===
      true;
    const mehrFaktor = zweiFaktorenBeiAnmeldung(alsAnmeldung(anmeldung));
    await database.withAllTenants((tx) => saveSitzungAnmeldung(tx, { sessionId, art: 'sso', mehrFaktor }));
  } else if (passkey) {
    await database.withAllTenants((tx) =>
      saveSitzungAnmeldung(tx, {
        sessionId,
        art: 'passkey',
        mehrFaktor: zweiFaktorenBeiAnmeldung({
          art: 'passkey',
          nutzerVerifiziert: passkey.nutzerVerifiziert,
        }),
      }),
    );
  }
};

/** Whether a session was signed in with two factors by the provider or a passkey (decision 097). */
export const sitzungMitZweiFaktoren = async (tx: Tx, sessionId: string): Promise<boolean> =>
  (await findSitzungAnmeldung(tx, sessionId))?.mehrFaktor === true;

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

/** The origins of every configured provider's endpoints: better-auth fetches only from trusted origins. */
export const ssoOrigins = async (database: Database): Promise<string[]> => {
  const providers = await database.withoutTenant((tx) => findAllSsoProviders(tx));
  const origins = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && URL.canParse(value)) origins.add(new URL(value).origin);
  };
  for (const p of providers) {
    add(p.issuer);
    if (p.oidcConfig) {
      const c = JSON.parse(p.oidcConfig) as Record<string, unknown>;
      for (const key of [
        'discoveryEndpoint',
        'authorizationEndpoint',
        'tokenEndpoint',
        'jwksEndpoint',
        'userInfoEndpoint',
      ])
        add(c[key]);
    }
  }
  return [...origins];
};

export type SsoDeps = { database: Database; publicUrl: string; fetchText?: (url: string) => Promise<string> };

const urlsOf = (publicUrl: string, mandantId: string) => {
  const providerId = providerIdOf(mandantId);
  const base = `${publicUrl}/api/auth`;
  const spMetadataUrl = `${base}/sso/saml2/sp/metadata?providerId=${encodeURIComponent(providerId)}`;
  return {
    redirectUrl: `${base}/sso/callback/${providerId}`,
    acsUrl: `${base}/sso/saml2/sp/acs/${providerId}`,
    spMetadataUrl,
    spEntityId: spMetadataUrl,
  };
};

/** The tenant's provider for its administrator: never the client secret. */
export const getSsoKonfiguration = async (deps: SsoDeps, user: SessionUser): Promise<TSsoKonfiguration> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await findMandantSso(tx);
    const provider = row ? await findSsoProvider(tx, providerIdOf(user.mandantId)) : undefined;
    const oidc = provider?.oidcConfig ? (JSON.parse(provider.oidcConfig) as { clientSecret?: string }) : null;
    const protokoll = protokollOf(row);
    return {
      protokoll,
      passwortErlaubt: row?.passwortErlaubt ?? true,
      mfaVertrauen: row?.mfaVertrauen ?? false,
      gruppenClaim: row?.gruppenClaim ?? 'groups',
      oidc:
        row && protokoll === 'oidc'
          ? {
              issuer: row.issuer,
              clientId: row.clientId ?? '',
              clientSecretGespeichert: Boolean(oidc?.clientSecret),
              scopes: row.scopes,
            }
          : null,
      saml:
        row && protokoll === 'saml' ? { idpEntityId: row.issuer, metadataUrl: row.samlMetadataUrl } : null,
      ...urlsOf(deps.publicUrl, user.mandantId),
      domains: await findDomains(tx),
    };
  });

const readUrl = async (deps: SsoDeps, url: string): Promise<string> => {
  if (deps.fetchText) return deps.fetchText(url);
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
};

const unreachable = (error: unknown): DomainError =>
  new DomainError('sso.anbieter_nicht_erreichbar', {
    grund: (error instanceof Error ? error.message : String(error)).slice(0, 200),
  });

/** The IdP entity id of SAML metadata XML, or a refusal when it is not IdP metadata. */
const idpEntityIdOf = (xml: string): string => {
  if (!/IDPSSODescriptor/.test(xml)) throw unreachable(new Error('no IDPSSODescriptor'));
  const match = /<(?:\w+:)?EntityDescriptor\b[^>]*\bentityID="([^"]+)"/.exec(xml);
  if (!match?.[1]) throw unreachable(new Error('no entityID'));
  return match[1];
};

/**
 * Saves the tenant's provider (replacing one of the other protocol): OIDC is checked against the issuer's
 * discovery document, SAML metadata is read (from the address, once) and must describe an IdP. An empty
 * client secret keeps the stored one. Audited without secrets.
 */
export const saveSsoKonfiguration = async (
  deps: SsoDeps,
  user: SessionUser,
  input: TSsoKonfigurationInput,
): Promise<TSsoKonfiguration> => {
  const providerId = providerIdOf(user.mandantId);
  const urls = urlsOf(deps.publicUrl, user.mandantId);
  const previous = await deps.database.withTenant(user.mandantId, async (tx) => ({
    row: await findMandantSso(tx),
    provider: await findSsoProvider(tx, providerId),
    domains: await findDomains(tx),
  }));
  const domain = previous.domains[0] ?? '';
  let provider: { issuer: string; oidcConfig: string | null; samlConfig: string | null };
  let row: Omit<MandantSsoRow, 'mandantId' | 'updatedAt'>;
  if (input.protokoll === 'oidc') {
    const issuer = input.issuer.replace(/\/$/, '');
    const oldOidc = previous.provider?.oidcConfig
      ? (JSON.parse(previous.provider.oidcConfig) as {
          clientSecret?: string;
          clientId?: string;
          issuer?: string;
        })
      : null;
    const secret = input.clientSecret?.trim() || oldOidc?.clientSecret;
    if (!secret) throw new DomainError('sso.client_secret_fehlt');
    const discovered = await discoverOIDCConfig({ issuer, isTrustedOrigin: () => true }).catch(
      (error: unknown) => {
        throw unreachable(error);
      },
    );
    const scopes = input.scopes.length > 0 ? input.scopes : [...DEFAULT_OIDC_SCOPES];
    provider = {
      issuer: discovered.issuer,
      samlConfig: null,
      oidcConfig: JSON.stringify({
        issuer: discovered.issuer,
        pkce: true,
        clientId: input.clientId,
        clientSecret: secret,
        discoveryEndpoint: discovered.discoveryEndpoint,
        authorizationEndpoint: discovered.authorizationEndpoint,
        tokenEndpoint: discovered.tokenEndpoint,
        jwksEndpoint: discovered.jwksEndpoint,
        userInfoEndpoint: discovered.userInfoEndpoint,
        tokenEndpointAuthentication: discovered.tokenEndpointAuthentication,
        scopes,
        mapping: {
          extraFields: {
            [GRUPPEN_FELD]: input.gruppenClaim,
            given_name: 'given_name',
            family_name: 'family_name',
          },
        },
      }),
    };
    row = {
      protokoll: 'oidc',
      issuer: discovered.issuer,
      clientId: input.clientId,
      scopes,
      samlMetadataUrl: null,
      gruppenClaim: input.gruppenClaim,
      passwortErlaubt: input.passwortErlaubt,
      mfaVertrauen: input.mfaVertrauen ?? previous.row?.mfaVertrauen ?? false,
    };
  } else {
    const xml = input.metadataXml?.trim()
      ? input.metadataXml.trim()
      : input.metadataUrl
        ? await readUrl(deps, input.metadataUrl).catch((error: unknown) => {
            throw unreachable(error);
          })
        : null;
    if (!xml) throw new DomainError('sso.metadaten_fehlen');
    const idpEntityId = idpEntityIdOf(xml);
    const schluessel = await deps.database.withTenant(user.mandantId, (tx) =>
      spSchluesselVon(tx, schluesselAnlass(deps, user)),
    );
    provider = {
      issuer: idpEntityId,
      oidcConfig: null,
      samlConfig: JSON.stringify({
        issuer: urls.spEntityId,
        entryPoint: '',
        callbackUrl: `${deps.publicUrl}/`,
        // AuthnRequests are signed with the tenant's SP key, published in the SP metadata (decision 122)
        idpMetadata: { metadata: mitSigniertenAnfragen(xml) },
        ...samlSpKonfiguration(urls, schluessel),
        wantAssertionsSigned: true,
        mapping: {
          email: 'email',
          extraFields: { [GRUPPEN_FELD]: input.gruppenClaim, firstName: 'givenName', lastName: 'surname' },
        },
      }),
    };
    row = {
      protokoll: 'saml',
      issuer: idpEntityId,
      clientId: null,
      scopes: [],
      samlMetadataUrl: input.metadataXml?.trim() ? null : (input.metadataUrl ?? null),
      gruppenClaim: input.gruppenClaim,
      passwortErlaubt: input.passwortErlaubt,
      mfaVertrauen: input.mfaVertrauen ?? previous.row?.mfaVertrauen ?? false,
    };
  }
  await deps.database.withTenant(user.mandantId, async (tx) => {
    await saveSsoProvider(tx, { id: crypto.randomUUID(), providerId, domain, userId: null, ...provider });
    await upsertMandantSso(tx, { mandantId: user.mandantId, ...row });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: previous.row ? 'update' : 'create',
      entity: 'mandant.sso',
      entityId: user.mandantId,
      oldValue: previous.row ? auditOf(previous.row) : null,
      newValue: {
        ...auditOf({ ...row }),
        clientSecretGeaendert: input.protokoll === 'oidc' && Boolean(input.clientSecret?.trim()),
      },
    });
  });
  return getSsoKonfiguration(deps, user);
};

/** Who makes or renews the tenant's SP key, and the name its certificate carries (decision 122). */
const schluesselAnlass = (deps: SsoDeps, user: SessionUser) => ({
  mandantId: user.mandantId,
  benutzerId: user.benutzerId,
  name: `Stellwerk SAML SP ${new URL(deps.publicUrl).host}`,
  now: new Date(),
});

/**
 * The tenant's SAML SP metadata with its signing certificate, for the administrator before (and after) a provider
 * is saved (decision 122): the key is made on first need. After saving, better-auth's public metadata address
 * answers the same document.
 */
export const getSpMetadaten = async (deps: SsoDeps, user: SessionUser): Promise<string> => {
  const urls = urlsOf(deps.publicUrl, user.mandantId);
  const schluessel = await deps.database.withTenant(user.mandantId, (tx) =>
    spSchluesselVon(tx, schluesselAnlass(deps, user)),
  );
  return spMetadataXml({ entityId: urls.spEntityId, acsUrl: urls.acsUrl, zertifikat: schluessel.zertifikat });
};

/**
 * A new SP key replaces the tenant's key (decision 122); a saved SAML provider signs with it from now on. The IdP
 * must be given the new metadata (or certificate): one that checks signed requests refuses the new signature
 * until then. Answers the new metadata.
 */
export const erneuereSpMetadaten = async (deps: SsoDeps, user: SessionUser): Promise<string> => {
  const providerId = providerIdOf(user.mandantId);
  const urls = urlsOf(deps.publicUrl, user.mandantId);
  const schluessel = await deps.database.withTenant(user.mandantId, async (tx) => {
    const neu = await erneuereSpSchluessel(tx, schluesselAnlass(deps, user));
    const provider = await findSsoProvider(tx, providerId);
    if (provider?.samlConfig)
      await saveSsoProvider(tx, {
        ...provider,
        samlConfig: signierteSamlKonfiguration(provider.samlConfig, urls, neu),
      });
    return neu;
  });
  return spMetadataXml({ entityId: urls.spEntityId, acsUrl: urls.acsUrl, zertifikat: schluessel.zertifikat });
};

/**
 * A stored SAML configuration that signs its AuthnRequests with `schluessel` (decision 122): the SP metadata and key
 * better-auth signs with, and the kept IdP metadata marked as wanting signed requests.
 */
const signierteSamlKonfiguration = (
  samlConfig: string,
  urls: { spEntityId: string; acsUrl: string },
  schluessel: SpSchluessel,
): string => {
  const bisher = JSON.parse(samlConfig) as { idpMetadata?: { metadata?: string } };
  return JSON.stringify({
    ...bisher,
    idpMetadata: bisher.idpMetadata?.metadata
      ? { ...bisher.idpMetadata, metadata: mitSigniertenAnfragen(bisher.idpMetadata.metadata) }
      : bisher.idpMetadata,
    ...samlSpKonfiguration(urls, schluessel),
  });
};

/** Whether a stored SAML configuration signs its AuthnRequests (saved since decision 122, or given a key since). */
export const signiertAnfragen = (samlConfig: string): boolean => {
  try {
    const config = JSON.parse(samlConfig) as {
      authnRequestsSigned?: unknown;
      spMetadata?: { privateKey?: unknown; metadata?: unknown };
    };
    return (
      config.authnRequestsSigned === true &&
      typeof config.spMetadata?.privateKey === 'string' &&
      config.spMetadata.privateKey.length > 0 &&
      typeof config.spMetadata.metadata === 'string'
    );
  } catch {
    // not better-auth's JSON: nothing this module can sign; better-auth refuses such a provider itself
    return true;
  }
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A SAML provider saved before decision 122 has no SP key and sent unsigned AuthnRequests: it gets the tenant's key
 * (made on first need, as for the metadata download) written into its configuration (decision 148). Asked at
 * start for every provider and before a sign-in through the provider starts or its SP metadata is answered, so a
 * provider an older instance saves during an update is signed as well. Safe with several instances at once: the
 * key row is inserted once (a second insert does nothing and reads the first), and the configuration is replaced
 * only while it is still the one read. Audited as a change of `mandant.sso` by nobody. Whether it changed one.
 */
export const signiereSamlAnbieter = async (
  deps: Pick<SsoDeps, 'database' | 'publicUrl'>,
  mandantId: string,
  now: Date = new Date(),
): Promise<boolean> => {
  if (!UUID.test(mandantId)) return false;
  const providerId = providerIdOf(mandantId);
  return deps.database.withTenant(mandantId, async (tx) => {
    const provider = await findSsoProvider(tx, providerId);
    if (!provider?.samlConfig || signiertAnfragen(provider.samlConfig)) return false;
    const schluessel = await spSchluesselVon(tx, {
      mandantId,
      benutzerId: null,
      name: `Stellwerk SAML SP ${new URL(deps.publicUrl).host}`,
      now,
    });
    const urls = urlsOf(deps.publicUrl, mandantId);
    const ersetzt = await replaceSamlConfigWennUnveraendert(
      tx,
      providerId,
      provider.samlConfig,
      signierteSamlKonfiguration(provider.samlConfig, urls, schluessel),
    );
    if (ersetzt)
      await writeAudit(tx, {
        mandantId,
        benutzerId: null,
        action: 'update',
        entity: 'mandant.sso',
        entityId: mandantId,
        newValue: { signierteAnfragen: true, zertifikat: schluessel.zertifikat },
      });
    return ersetzt;
  });
};

/** At start: every SAML provider without an SP key gets one (decision 148). How many were changed. */
export const signiereAlleSamlAnbieter = async (
  deps: Pick<SsoDeps, 'database' | 'publicUrl'>,
  log: { warn: (object: object, message: string) => void },
  now: Date = new Date(),
): Promise<number> => {
  const offen = await deps.database.withAllTenants(async (tx) =>
    (await findAllSsoProviders(tx))
      .filter((p) => p.samlConfig !== null && !signiertAnfragen(p.samlConfig))
      .map((p) => p.providerId),
  );
  let geaendert = 0;
  for (const mandantId of offen) {
    try {
      if (await signiereSamlAnbieter(deps, mandantId, now)) geaendert++;
    } catch (error) {
      log.warn({ err: error, mandantId }, 'SAML provider could not be given an SP key');
    }
  }
  return geaendert;
};

const auditOf = (row: Omit<MandantSsoRow, 'mandantId' | 'updatedAt'>) => ({
  protokoll: row.protokoll,
  issuer: row.issuer,
  clientId: row.clientId,
  scopes: row.scopes,
  samlMetadataUrl: row.samlMetadataUrl,
  gruppenClaim: row.gruppenClaim,
  passwortErlaubt: row.passwortErlaubt,
  mfaVertrauen: row.mfaVertrauen,
});

/** Removes the tenant's provider: everyone signs in with the password again. Audited. */
export const deleteSsoKonfiguration = async (deps: SsoDeps, user: SessionUser): Promise<void> => {
  await deps.database.withTenant(user.mandantId, async (tx) => {
    const row = await findMandantSso(tx);
    if (!row) return;
    await deleteSsoProvider(tx, providerIdOf(user.mandantId));
    await deleteMandantSso(tx);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'mandant.sso',
      entityId: user.mandantId,
      oldValue: auditOf(row),
    });
  });
};
