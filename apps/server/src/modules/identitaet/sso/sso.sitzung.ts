import { zweiFaktorenBeiAnmeldung } from '@stellwerk/domain/identitaet/sicherheit/zwei-faktor';
import type { Database, Tx } from '../../../db/client.ts';
import { deleteLogin, endSessions } from '../auth/auth.accounts.ts';
import { passwortAnmeldungErlaubt } from './sso.anmeldemethoden.ts';
import { ACTIVE, alsAnmeldung, type SsoAnmeldung, ssoAnmeldung } from './sso.anmeldung.ts';
import {
  findBenutzerOfLogin,
  findMandantSsoOf,
  findSitzungAnmeldung,
  saveSitzungAnmeldung,
} from './sso.repository.ts';

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
