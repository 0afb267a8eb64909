import { DomainError } from '@stellwerk/domain/errors';
import type { TIdentitaeten, TSsoVerknuepfung } from '@stellwerk/domain/identitaet/sicherheit/api';
import {
  type AnmeldeKontext,
  type Identitaet,
  istEntfernbar,
  istNutzbar,
  passwortSetzbar,
  ssoVerknuepfbar,
} from '@stellwerk/domain/identitaet/sicherheit/identitaet';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { asTenant, type Database, type Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { anmeldeKontextVon } from '../sso/sso.anmeldemethoden.ts';
import { merkeSsoVerknuepfung } from '../sso/sso.konto-verknuepfen.ts';
import type { SessionUser } from './auth.context.ts';
import {
  type AccountRow,
  deleteAccount,
  deletePasskey,
  findAccounts,
  findPasskeys,
  lockLogin,
  type PasskeyRow,
  setzeCredentialKonto,
} from './auth.repository.ts';
import { type Auth, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './auth.service.ts';

/**
 * Linked identities (spec §7, decision 081): the ways the user signs in, unlinking one (never the
 * last that works), setting a password where there is none, and asking to link the tenant's provider.
 */
export type IdentitaetenDeps = {
  database: Database;
  auth: Pick<Auth, '$context'>;
  now: () => Date;
};

/** The password's provider id at better-auth. */
const CREDENTIAL = 'credential';
const KONTO = 'konto:';
const PASSKEY = 'passkey:';

type Kontext = AnmeldeKontext & { protokoll: 'oidc' | 'saml' | null };

type Eintrag = Identitaet & { name: string | null; erstellt: Date | null };

/** The user's identities from their better-auth accounts and passkeys. */
const identitaetenAus = (konten: AccountRow[], passkeys: PasskeyRow[], kontext: Kontext): Eintrag[] => [
  ...konten.flatMap((k): Eintrag[] => {
    if (k.providerId === CREDENTIAL) {
      return k.hasPassword
        ? [{ id: `${KONTO}${k.id}`, art: 'passwort', name: null, erstellt: k.createdAt }]
        : [];
    }
    // the tenant's provider names its protocol; an identity at an earlier provider is told by its tokens
    const art =
      k.providerId === kontext.ssoProviderId && kontext.protokoll
        ? kontext.protokoll
        : k.hasIdToken
          ? 'oidc'
          : 'saml';
    return [{ id: `${KONTO}${k.id}`, art, providerId: k.providerId, name: null, erstellt: k.createdAt }];
  }),
  ...passkeys.map(
    (p): Eintrag => ({ id: `${PASSKEY}${p.id}`, art: 'passkey', name: p.name, erstellt: p.createdAt }),
  ),
];

const lesen = async (tx: Tx, authUserId: string, kontext: Kontext): Promise<Eintrag[]> =>
  identitaetenAus(await findAccounts(tx, authUserId), await findPasskeys(tx, authUserId), kontext);

/** The user's identities, which work now and which may be unlinked; what can be added. */
export const getIdentitaeten = async (
  { database }: IdentitaetenDeps,
  user: SessionUser,
): Promise<TIdentitaeten> => {
  const kontext = await anmeldeKontextVon(database, user.authUserId);
  const eintraege = await database.withoutTenant((tx) => lesen(tx, user.authUserId, kontext));
  return {
    items: eintraege.map((e) => ({
      id: e.id,
      art: e.art,
      name: e.name,
      erstellt: e.erstellt?.toISOString() ?? null,
      nutzbar: istNutzbar(e, kontext),
      entfernbar: istEntfernbar(eintraege, e.id, kontext),
    })),
    passwortSetzbar: passwortSetzbar(eintraege, kontext),
    sso:
      kontext.ssoProviderId && kontext.protokoll
        ? {
            providerId: kontext.ssoProviderId,
            protokoll: kontext.protokoll,
            verknuepfbar: ssoVerknuepfbar(eintraege, kontext),
          }
        : null,
  };
};

const audit = (tx: Tx, user: SessionUser, action: string, value: unknown) =>
  asTenant(tx, user.mandantId, (t) =>
    writeAudit(t, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action,
      entity: 'benutzer.identitaet',
      entityId: user.benutzerId,
      newValue: value,
    }),
  );

/**
 * Unlinks one identity: refused with `sicherheit.letzte_identitaet` when no other identity that works would
 * remain; another user's or an unknown id answers 404. Audited.
 */
export const entferneIdentitaet = async (
  { database }: IdentitaetenDeps,
  user: SessionUser,
  id: string,
): Promise<void> => {
  const kontext = await anmeldeKontextVon(database, user.authUserId);
  await database.withoutTenant(async (tx) => {
    await lockLogin(tx, user.authUserId);
    const eintraege = await lesen(tx, user.authUserId, kontext);
    const ziel = eintraege.find((e) => e.id === id);
    if (!ziel) throw nichtGefunden('identitaet', id);
    if (!istEntfernbar(eintraege, id, kontext)) throw new DomainError('sicherheit.letzte_identitaet');
    const removed = id.startsWith(PASSKEY)
      ? await deletePasskey(tx, user.authUserId, id.slice(PASSKEY.length))
      : await deleteAccount(tx, user.authUserId, id.slice(KONTO.length));
    if (!removed) throw nichtGefunden('identitaet', id);
    await audit(tx, user, 'identitaet_entfernt', { art: ziel.art, name: ziel.name });
  });
};

/** Whether a passkey may be removed through better-auth's own endpoint (the security page's passkey list). */
export const passkeyEntfernbar = async (
  { database }: Pick<IdentitaetenDeps, 'database'>,
  authUserId: string,
  passkeyId: string,
): Promise<boolean> => {
  const kontext = await anmeldeKontextVon(database, authUserId);
  const eintraege = await database.withoutTenant((tx) => lesen(tx, authUserId, kontext));
  const id = `${PASSKEY}${passkeyId}`;
  // an id that is not the user's is left to better-auth, which answers it as unknown
  return !eintraege.some((e) => e.id === id) || istEntfernbar(eintraege, id, kontext);
};

/**
 * Sets a password for a user who has none (created by single sign-on, or who unlinked it), where the tenant
 * allows password sign-in. Audited.
 */
export const setzePasswort = async (
  { database, auth, now }: IdentitaetenDeps,
  user: SessionUser,
  neuesPasswort: string,
): Promise<void> => {
  if (neuesPasswort.length < PASSWORD_MIN_LENGTH || neuesPasswort.length > PASSWORD_MAX_LENGTH) {
    throw new DomainError('auth.password_length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH });
  }
  const kontext = await anmeldeKontextVon(database, user.authUserId);
  const { password } = await auth.$context;
  const hash = await password.hash(neuesPasswort);
  await database.withoutTenant(async (tx) => {
    await lockLogin(tx, user.authUserId);
    const eintraege = await lesen(tx, user.authUserId, kontext);
    if (!passwortSetzbar(eintraege, kontext)) throw new DomainError('sicherheit.passwort_nicht_setzbar');
    await setzeCredentialKonto(tx, user.authUserId, hash, now());
    await audit(tx, user, 'passwort_gesetzt', { art: 'passwort' });
  });
};

/** Where the security page sends the browser after linking. */
const NACH_VERKNUEPFUNG = '/einstellungen/sicherheit?verknuepft=sso';

/**
 * Asks to link the tenant's provider: remembered for ten minutes (decision 081); the page then starts the
 * provider's sign-in (better-auth's POST /api/auth/sign-in/sso) with the answer's provider and return address.
 */
export const starteSsoVerknuepfung = async (
  { database, now }: IdentitaetenDeps,
  user: SessionUser,
): Promise<TSsoVerknuepfung> => {
  const kontext = await anmeldeKontextVon(database, user.authUserId);
  const eintraege = await database.withoutTenant((tx) => lesen(tx, user.authUserId, kontext));
  if (!kontext.ssoProviderId || !ssoVerknuepfbar(eintraege, kontext)) {
    throw new DomainError('sicherheit.sso_nicht_verknuepfbar');
  }
  await merkeSsoVerknuepfung(
    database,
    { mandantId: user.mandantId, authUserId: user.authUserId, email: user.email },
    now(),
  );
  return { providerId: kontext.ssoProviderId, callbackURL: NACH_VERKNUEPFUNG };
};
