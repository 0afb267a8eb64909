import { DomainError } from '@stellwerk/domain/errors';
import { waitMinutes } from '@stellwerk/domain/identitaet/login-throttle';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { bindLogTo } from '../../../http/request-log.ts';
import type { createCaptcha } from './auth.captcha.ts';
import { type PasswortPruefung, passwortHashVon, vergissBestaetigung } from './auth.faktor-schutz.ts';
import type { createLoginThrottle } from './auth.login-throttle.ts';
import {
  BACKUP_CODES_NEW,
  CHANGE_PASSWORD,
  PASSKEY_DELETE,
  PASSKEY_REGISTER,
  SIGN_IN_EMAIL,
  TWO_FACTOR_DISABLE,
  VERIFY_TOTP,
} from './auth.pfade.ts';
import {
  protokolliereSicherheit,
  SICHERHEIT_ENTITAETEN,
  type SicherheitsEreignis,
} from './auth.protokoll.ts';
import { type FactorRow, findAuthUserIdByLogin, findBenutzerByAuthUserId } from './auth.repository.ts';
import type { Auth } from './auth.service.ts';
import { isRecord } from './auth.web-antwort.ts';

/** What the sign-in helpers work with: the server, better-auth and its context, the database, the throttle. */
export type WerkzeugDeps = {
  app: FastifyInstance;
  auth: Auth;
  authContext: Awaited<Auth['$context']>;
  database: Database;
  throttle: ReturnType<typeof createLoginThrottle>;
  captcha: ReturnType<typeof createCaptcha>;
  sessionCookie: string;
  twoFactorCookie: string;
};

/**
 * The helpers of the auth plugin's sign-in handling (decisions 021, 060, 076, 077, 100, 101): whose code step or
 * reset token a request carries, the throttle's waits and counts with their audit entries, the password check of a
 * signed-in user, the security check and the audit of changed factors.
 */
export const anmeldeWerkzeuge = ({
  app,
  auth,
  authContext,
  database,
  throttle,
  captcha,
  sessionCookie,
  twoFactorCookie,
}: WerkzeugDeps) => {
  /**
   * The user a pending code step belongs to: the two-factor cookie's value (`identifier.signature`) names a
   * verification row whose value is the user id. The signature is checked by better-auth afterwards; an
   * identifier nobody stored names nobody, so a made-up cookie is not counted against anyone.
   */
  const userOfCodeStep = async (request: FastifyRequest): Promise<string | null> => {
    const raw = request.cookies[twoFactorCookie];
    if (!raw) return null;
    const dot = raw.lastIndexOf('.');
    const identifier = dot > 0 ? raw.slice(0, dot) : raw;
    if (!identifier.startsWith('2fa-')) return null;
    const found = await authContext.internalAdapter.findVerificationValue(identifier);
    return found && found.expiresAt > new Date() ? found.value : null;
  };
  /** The address of the account a reset token belongs to, or null for an unknown or expired token. */
  const userOfResetToken = async (token: string): Promise<{ id: string; email: string } | null> => {
    const { internalAdapter } = await auth.$context;
    const found = await internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!found || found.expiresAt < new Date()) return null;
    const authUser = await internalAdapter.findUserById(found.value);
    return authUser ? { id: authUser.id, email: authUser.email } : null;
  };
  /** Whether the user behind a login was deactivated by an administrator (or SCIM). */
  const deaktiviert = async (authUserId: string): Promise<boolean> => {
    const found = await database.withAllTenants((tx) => findBenutzerByAuthUserId(tx, authUserId));
    return found !== undefined && found.status !== 'aktiv';
  };

  /**
   * After a successful reset, signs the user in with the new password through better-auth (so the same
   * rules apply as at /login: an inactive user gets no session) and returns the session cookies.
   */
  const signInAfterReset = async (
    request: FastifyRequest,
    origin: string | undefined,
    email: string,
    password: string,
  ) => {
    const headers = fromNodeHeaders(request.headers);
    headers.delete('cookie');
    headers.delete('referer');
    headers.set('x-forwarded-for', request.ip);
    if (origin) headers.set('origin', origin);
    else headers.delete('origin');
    try {
      const signedIn = await auth.api.signInEmail({ body: { email, password }, headers, asResponse: true });
      return signedIn.ok ? signedIn.headers.getSetCookie() : [];
    } catch (error) {
      request.log.info({ err: error }, 'sign-in after password reset refused');
      return [];
    }
  };

  /** The request's session, if it carries a valid one. */
  const sessionOf = async (request: FastifyRequest) =>
    request.cookies[sessionCookie] === undefined
      ? null
      : await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  /** Whether the request carries a valid session (then a code confirms an enrolment, not a sign-in). */
  const hasSession = async (request: FastifyRequest): Promise<boolean> => (await sessionOf(request)) !== null;

  /**
   * Names the tenant and user of a login in the request's log lines (decision 260): the account a password or code
   * is tried for, whose reset token it is. A login nobody has (an unknown e-mail) names nobody.
   */
  const nenneImLog = async (request: FastifyRequest, authUserId: string): Promise<void> => {
    const benutzer = await database.withAllTenants((tx) => findBenutzerByAuthUserId(tx, authUserId));
    if (benutzer) bindLogTo(request, { mandantId: benutzer.mandantId, benutzerId: benutzer.id });
  };

  /** A security event in the login's tenant's audit log (decision 101); a failure to write is only logged. */
  const protokoll = (authUserId: string, ereignis: SicherheitsEreignis) =>
    protokolliereSicherheit(database, authUserId, ereignis).catch((error: unknown) => {
      app.log.error({ err: error, action: ereignis.action }, 'security event not audited');
    });

  /** How a password or code was tried, for the audit log. */
  type Weg = 'passwort' | 'code' | 'passwortpruefung';
  /**
   * A wrong password or code: counted by the throttle; for an existing account audited as a failed sign-in, and
   * as a lock when this failure starts one (later attempts are refused before they are counted). The entries are
   * written after the answer, not before it: an unknown login has none to write, and the answer must take the
   * same time for both (decision 021).
   */
  const zaehleFehlschlag = (account: string, address: string, weg: Weg): void => {
    throttle.recordFailure(account, address);
    if (!account.startsWith('user:')) return;
    const authUserId = account.slice('user:'.length);
    const waitMs = throttle.waitMs(account, address);
    setImmediate(async () => {
      await protokoll(authUserId, {
        entity: SICHERHEIT_ENTITAETEN.anmeldung,
        action: 'anmeldung_fehlgeschlagen',
        newValue: { weg, adresse: address },
        selbst: false,
      });
      if (waitMs > 0)
        await protokoll(authUserId, {
          entity: SICHERHEIT_ENTITAETEN.anmeldung,
          action: 'anmeldung_gedrosselt',
          newValue: { weg, adresse: address, minuten: waitMinutes(waitMs) },
          selbst: false,
        });
    });
  };
  /** A throttled account waits (429 with Retry-After) before its password or code is looked at. */
  const wartet = (reply: FastifyReply, account: string, address: string): void => {
    const waitMs = throttle.waitMs(account, address);
    if (waitMs > 0) {
      reply.header('retry-after', Math.ceil(waitMs / 1000));
      throw new DomainError('auth.sign_in_throttled', { minuten: waitMinutes(waitMs) });
    }
  };

  /**
   * The password of a signed-in user, checked for one of our routes (a phone factor, the confirmation before a
   * passkey): counted by the sign-in throttle like a wrong password at /login. True when it is right; a wrong one
   * answers `auth.current_password_wrong`; a login without a password has none to check (false).
   */
  const pruefePasswort: PasswortPruefung = async (request, reply, authUserId, passwort) => {
    const account = `user:${authUserId}`;
    wartet(reply, account, request.ip);
    const { password } = await auth.$context;
    const hash = await database.withoutTenant((tx) => passwortHashVon(tx, authUserId));
    if (!hash) return false;
    if (!(await password.verify({ hash, password: passwort }))) {
      zaehleFehlschlag(account, request.ip, 'passwortpruefung');
      throw new DomainError('auth.current_password_wrong');
    }
    throttle.recordSuccess(account, request.ip);
    return true;
  };

  /**
   * The security check of a request (decisions 076, 077): when `verlangt`, the body's `captcha` must be a
   * solved, unused challenge; better-auth gets the body without it either way.
   */
  const pruefeCaptcha = async (request: FastifyRequest, verlangt: boolean): Promise<void> => {
    const body = isRecord(request.body) ? request.body : {};
    if (verlangt) {
      const pruefung = await captcha.pruefe(body.captcha);
      if (pruefung !== 'ok')
        throw new DomainError(pruefung === 'fehlt' ? 'auth.captcha_fehlt' : 'auth.captcha_ungueltig');
    }
    if ('captcha' in body) {
      const { captcha: _geloest, ...ohne } = body;
      request.body = ohne;
    }
  };

  /** The throttle's key of the account a sign-in names, whichever login was typed. */
  const accountKeyOf = async (path: string, body: unknown): Promise<string> => {
    const record = isRecord(body) ? body : {};
    const kind = path === SIGN_IN_EMAIL ? 'email' : 'username';
    const value = record[kind];
    if (typeof value !== 'string') return 'login:none';
    const login = kind === 'email' ? { email: value } : { username: value };
    const id = await database.withoutTenant((tx) => findAuthUserIdByLogin(tx, login));
    return id ? `user:${id}` : `login:${kind}:${value.trim().toLowerCase()}`;
  };

  /** Audits a successful change of factors or ways to sign in made through better-auth (decision 101). */
  const protokolliereErfolg = async (
    path: string,
    request: FastifyRequest,
    k: {
      pruefUser: string | null;
      totpVorher: { authUserId: string; rows: FactorRow[] } | null;
      passkeySitzung: { authUserId: string; sessionId: string } | null;
      passkeyWeg: { authUserId: string; name: string | null } | null;
    },
  ): Promise<void> => {
    const selbst = (authUserId: string, ereignis: Omit<SicherheitsEreignis, 'selbst'>) =>
      protokoll(authUserId, { ...ereignis, selbst: true });
    const { faktor, identitaet } = SICHERHEIT_ENTITAETEN;
    // the first code confirms the authenticator app: it counts from now on
    if (path === VERIFY_TOTP && k.totpVorher?.rows.some((r) => r.verified !== true))
      await selbst(k.totpVorher.authUserId, {
        entity: faktor,
        action: 'faktor_hinzugefuegt',
        newValue: { art: 'totp' },
      });
    if (path === TWO_FACTOR_DISABLE && k.pruefUser)
      await selbst(k.pruefUser, { entity: faktor, action: 'faktor_entfernt', oldValue: { art: 'totp' } });
    if (path === BACKUP_CODES_NEW && k.pruefUser)
      await selbst(k.pruefUser, { entity: faktor, action: 'backup_codes_erneuert' });
    if (path === CHANGE_PASSWORD && k.pruefUser)
      await selbst(k.pruefUser, {
        entity: identitaet,
        action: 'passwort_geaendert',
        newValue: { art: 'passwort' },
      });
    if (path === PASSKEY_REGISTER && k.passkeySitzung) {
      // one confirmation, one passkey
      await vergissBestaetigung(database, k.passkeySitzung.sessionId);
      const name = isRecord(request.body) && typeof request.body.name === 'string' ? request.body.name : null;
      await selbst(k.passkeySitzung.authUserId, {
        entity: identitaet,
        action: 'identitaet_hinzugefuegt',
        newValue: { art: 'passkey', name },
      });
    }
    if (path === PASSKEY_DELETE && k.passkeyWeg)
      await selbst(k.passkeyWeg.authUserId, {
        entity: identitaet,
        action: 'identitaet_entfernt',
        oldValue: { art: 'passkey', name: k.passkeyWeg.name },
      });
  };
  return {
    userOfCodeStep,
    userOfResetToken,
    deaktiviert,
    signInAfterReset,
    sessionOf,
    hasSession,
    protokoll,
    zaehleFehlschlag,
    wartet,
    pruefePasswort,
    pruefeCaptcha,
    accountKeyOf,
    protokolliereErfolg,
    nenneImLog,
  };
};

export type AnmeldeWerkzeuge = ReturnType<typeof anmeldeWerkzeuge>;
