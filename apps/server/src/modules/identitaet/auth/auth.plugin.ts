import { setTimeout as sleep } from 'node:timers/promises';
import { DomainError } from '@stellwerk/domain/errors';
import { AENDERT_SITZUNGEN } from '@stellwerk/domain/events';
import { waitMinutes } from '@stellwerk/domain/login-throttle';
import { anmeldeFehlerAdresse } from '@stellwerk/domain/sicherheit/anmelde-fehler';
import { vorEinrichtungErlaubt } from '@stellwerk/domain/sicherheit/zwei-faktor';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { EventHub } from '../../plattform/events/events.service.ts';
import {
  aufraeumenNachAblehnung,
  laufendeSsoAnmeldung,
  loeseSsoBenutzer,
  merkeSitzungAnmeldung,
  mitNonce,
  passwortAnmeldungErlaubt,
  protokolliereVerknuepfung,
  provisionSsoUser,
  type SsoAnmeldung,
  sessionErlaubt,
  signiereSamlAnbieter,
  ssoAnmeldung,
  ssoOrigins,
} from '../sso/sso.service.ts';
import { createCaptcha } from './auth.captcha.ts';
import { mapBetterAuthError } from './auth.errors.ts';
import {
  beanspruchTotpSchritt,
  type PasswortPruefung,
  passwortHashVon,
  vergissBestaetigung,
  verlangeBestaetigung,
} from './auth.faktor-schutz.ts';
import { routeGuard } from './auth.guards.ts';
import { passkeyEntfernbar } from './auth.identitaeten.ts';
import { createLoginThrottle } from './auth.login-throttle.ts';
import { appUrlOf, checkOrigin, type OriginPolicy, originOf } from './auth.origin.ts';
import {
  hostNameOf,
  type PasskeyAnmeldung,
  passkeyAnmeldung,
  passkeyRpIds,
  withRpId,
} from './auth.passkey.ts';
import {
  protokolliereSicherheit,
  SICHERHEIT_ENTITAETEN,
  type SicherheitsEreignis,
} from './auth.protokoll.ts';
import {
  type FactorRow,
  findAuthUserIdByLogin,
  findBenutzerByAuthUserId,
  findFactors,
  findPasskeys,
} from './auth.repository.ts';
import { createAuth } from './auth.service.ts';
import { createSessionCache } from './auth.session-cache.ts';
import { loadSessionUser, queuePasswordResetMail } from './auth.session-user.ts';
import { sicherheitRoutes } from './auth.sicherheit.routes.ts';
import { authnContextOf, isSsoPath } from './auth.sso.ts';
import { anmeldeTelefonVon, sendeAnmeldeCode, smsVersand, type TelefonDeps } from './auth.telefon.ts';

const SIGN_IN_EMAIL = '/api/auth/sign-in/email';
/** Starting a sign-in through the tenant's provider (better-auth's @better-auth/sso). */
const SIGN_IN_SSO = '/api/auth/sign-in/sso';
const SIGN_IN_USERNAME = '/api/auth/sign-in/username';
const REQUEST_PASSWORD_RESET = '/api/auth/request-password-reset';
const RESET_PASSWORD = '/api/auth/reset-password';
const CHANGE_PASSWORD = '/api/auth/change-password';
/** The code step of a sign-in with a second factor (after the password). */
const CODE_STEPS = new Set([
  '/api/auth/two-factor/verify-totp',
  '/api/auth/two-factor/verify-backup-code',
  '/api/auth/two-factor/verify-otp',
]);
/** The code step asks for a code by SMS (decision 083). */
const SEND_OTP = '/api/auth/two-factor/send-otp';
/** better-auth's passkey options: they carry the RP id of the page (decision 072). */
const PASSKEY_OPTIONS = new Set([
  '/api/auth/passkey/generate-register-options',
  '/api/auth/passkey/generate-authenticate-options',
]);
const PASSKEY_SIGN_IN = '/api/auth/passkey/verify-authentication';
/** Enrolling a passkey: its options need a password confirmation of the session (decision 100). */
const PASSKEY_REGISTER_OPTIONS = '/api/auth/passkey/generate-register-options';
const PASSKEY_REGISTER = '/api/auth/passkey/verify-registration';
const VERIFY_TOTP = '/api/auth/two-factor/verify-totp';
const TWO_FACTOR_ENABLE = '/api/auth/two-factor/enable';
const TWO_FACTOR_DISABLE = '/api/auth/two-factor/disable';
const BACKUP_CODES_NEW = '/api/auth/two-factor/generate-backup-codes';
/**
 * better-auth's endpoints that check the password of a signed-in user: each wrong password counts towards the
 * account's sign-in throttle, and a locked account waits here as at /login (decision 100).
 */
const PASSWORD_CHECKS = new Set([
  TWO_FACTOR_ENABLE,
  TWO_FACTOR_DISABLE,
  BACKUP_CODES_NEW,
  '/api/auth/two-factor/get-totp-uri',
  '/api/auth/change-password',
  '/api/auth/verify-password',
  '/api/auth/delete-user',
]);
/** Removing a passkey through better-auth: never the last way to sign in (decision 081). */
const PASSKEY_DELETE = '/api/auth/passkey/delete-passkey';
/** better-auth's error page (decision 123: forwarded to the app's own). */
const AUTH_ERROR = '/api/auth/error';
/** Where a provider sends the user back (OIDC callback, SAML assertion consumer service), with the tenant id. */
const SSO_RETURN = /^\/api\/auth\/sso\/(?:callback|saml2\/sp\/acs)\/([0-9a-f-]{36})$/;
/** better-auth's public SP metadata of a saved SAML provider (`?providerId=`). */
const SAML_SP_METADATA = '/api/auth/sso/saml2/sp/metadata';
/** The SAML assertion consumer service: the IdP's page posts the response there (cross-site form post). */
const SAML_ACS = /^\/api\/auth\/sso\/saml2\/sp\/acs\//;

/** `{ token, newPassword }` of a reset-password request, when both are strings. */
const resetOf = (body: unknown): { token: string; newPassword: string } | null => {
  if (!body || typeof body !== 'object') return null;
  const { token, newPassword } = body as { token?: unknown; newPassword?: unknown };
  return typeof token === 'string' && typeof newPassword === 'string' ? { token, newPassword } : null;
};

/**
 * The recovery answer is sent on the next multiple of this many milliseconds after the request arrived, so
 * that it takes the same time whether or not the address belongs to someone (a mail is queued only for known
 * addresses).
 */
export const RESET_ANSWER_QUANTUM_MS = 400;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * better-auth puts the session token into the bodies of sign-in, get-session and list-sessions. The session
 * travels in the HttpOnly cookie only, so a script running in the page cannot read it: every `token` is
 * removed from every answer under /api/auth.
 */
export const withoutTokens = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(withoutTokens);
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, inner]) => [key, withoutTokens(inner)]),
  );
};

/** better-auth's answer to a right password of an account with a second factor: the code is asked next. */
const isTwoFactorRedirect = (body: unknown): boolean => isRecord(body) && body.twoFactorRedirect === true;

/** The code step's methods: `otp` (a code by SMS) only for a login with a confirmed phone factor. */
const mitSmsMethode = (body: unknown, telefon: boolean): unknown =>
  isRecord(body) && Array.isArray(body.twoFactorMethods)
    ? {
        ...body,
        twoFactorMethods: body.twoFactorMethods.filter((m: unknown) => m !== 'otp' || telefon),
      }
    : body;

/**
 * /login in its code step after a sign-in through the provider (decision 154): `?code_schritt=` names the methods
 * the server offers besides backup codes (`totp`, `otp`), as the password's answer does.
 */
const codeSchrittAdresse = (antwort: unknown): string => {
  const methoden =
    isRecord(antwort) && Array.isArray(antwort.twoFactorMethods)
      ? antwort.twoFactorMethods.filter((m): m is string => m === 'totp' || m === 'otp')
      : [];
  return `/login?code_schritt=${encodeURIComponent(methoden.join(',') || 'backup')}`;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const toWebRequest = (request: FastifyRequest, url: URL, origin: string | undefined): Request => {
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  const headers = fromNodeHeaders(request.headers);
  // better-auth reads the client address from x-forwarded-for: give it Fastify's, which honours TRUST_PROXY,
  // so a client cannot pick its own rate-limit bucket.
  headers.set('x-forwarded-for', request.ip);
  // The page was checked already (checkOrigin); better-auth is told which one it was.
  headers.delete('referer');
  if (origin) headers.set('origin', origin);
  else headers.delete('origin');
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
};

const sendWebResponse = async (
  reply: FastifyReply,
  response: Response,
  extraCookies: string[] = [],
  transform: (body: unknown) => unknown = (body) => body,
) => {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = [...response.headers.getSetCookie(), ...extraCookies];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  if (!isJson) return reply.send(response.body ? await response.text() : null);
  const body = await readJson(response);
  return reply.send(body === undefined ? null : JSON.stringify(withoutTokens(transform(body))));
};

/** `protocol://host` the request was sent to (Host header; X-Forwarded-Proto/Host only behind TRUST_PROXY). */
const ownOriginOf = (request: FastifyRequest): string => `${request.protocol}://${request.host}`;

const headerOf = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Sign-in and session: mounts better-auth at /api/auth, checks which page may call it, throttles failed
 * sign-ins, answers every better-auth error with the catalogue's, keeps session tokens out of response bodies,
 * and fills `request.sessionUser` for every other /api request.
 */
export const authPlugin = fp(
  async (
    app: FastifyInstance,
    {
      config,
      database,
      events,
    }: { config: Config; database: Database; events?: Pick<EventHub, 'onTenantEvent'> },
  ) => {
    const throttle = createLoginThrottle();
    const captcha = createCaptcha({ secret: config.sessionSecret });

    // The proof-of-work challenge in front of password recovery (decision 076): public, no personal data.
    app.get(
      '/api/captcha',
      {
        config: { guard: routeGuard.public },
        schema: {
          operationId: 'getCaptchaChallenge',
          tags: ['auth'],
          summary:
            'A signed proof-of-work challenge (ALTCHA) for the password recovery form and for a sign-in after repeated failures; the solved payload goes into `captcha` of POST /api/auth/request-password-reset, or of POST /api/auth/sign-in/email or /sign-in/username once a sign-in was refused with auth.captcha_fehlt',
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return captcha.challenge();
      },
    );
    // The phone factor's SMS (decision 083): to the gateway at once, or to this log without SMS_URL.
    const telefon: TelefonDeps = {
      database,
      sms: { smsUrl: config.smsUrl, log: app.log },
      now: () => new Date(),
    };
    const auth = createAuth({
      config,
      database,
      sendSmsCode: async (authUserId, code) => {
        const versand = smsVersand.getStore();
        try {
          await sendeAnmeldeCode(telefon, authUserId, code);
        } catch (error) {
          // better-auth only logs a failed send; the plugin answers it (below)
          if (versand) versand.fehler = error;
          else throw error;
        }
      },
      isActive: (authUserId) => sessionErlaubt(database, authUserId),
      sessionCreated: (sessionId) => merkeSitzungAnmeldung(database, sessionId, passkeyAnmeldung.getStore()),
      sendPasswordReset: async (mail) => {
        const outcome = await queuePasswordResetMail(database, config, mail);
        if (outcome === 'skipped')
          app.log.info({ authUserId: mail.authUserId }, 'password reset mail not queued');
      },
      sso: {
        trustedOrigins: async (request) =>
          request && isSsoPath(new URL(request.url).pathname) ? ssoOrigins(database) : [],
        provisionUser: (input) => provisionSsoUser(database, input),
        resolveUser: (input) => loeseSsoBenutzer(database, input, new Date()),
        laufend: laufendeSsoAnmeldung,
      },
    });

    // The IdP's page posts the SAML response to the ACS as a form (application/x-www-form-urlencoded).
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 * 1024 },
        (request, body, done) => {
          // Only the ACS takes form posts: every other route stays JSON-only (no cross-site form posts).
          if (!SAML_ACS.test(request.url)) {
            done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
            return;
          }
          done(null, Object.fromEntries(new URLSearchParams(body as string)));
        },
      );
    }
    const policy: OriginPolicy = {
      publicUrl: config.publicUrlSet ? config.publicUrl : undefined,
      trustedOrigins: config.trustedOrigins,
    };
    const rpIds = new Set(passkeyRpIds(config));

    app.decorateRequest('sessionUser', null);
    app.decorateRequest('changedMandantId', null);
    app.decorateRequest('sessionMemo', null);

    // The one cookie better-auth validates: `stellwerk.session_token` on http, `__Secure-stellwerk.session_token`
    // on https. The cache is keyed on exactly that cookie, so another cookie beside it is never taken for a session.
    const authContext = await auth.$context;
    const sessionCookie = authContext.authCookies.sessionToken.name;
    /** The signed cookie of a sign-in waiting for its code (better-auth's two-factor plugin). */
    const twoFactorCookie = authContext.createAuthCookie('two_factor').name;

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
    const hasSession = async (request: FastifyRequest): Promise<boolean> =>
      (await sessionOf(request)) !== null;

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

    const sessions = createSessionCache();
    // A live event (from any instance) that can change sessions makes the tenant's sessions be looked up again
    // (users, roles, groups, settings, the tenant); bookings and the like leave them as they are (decision 089).
    events?.onTenantEvent((mandantId, event) => {
      if (AENDERT_SITZUNGEN[event.type]) sessions.dropTenant(mandantId);
    });
    const sessionKeyOf = (request: FastifyRequest) => request.cookies[sessionCookie];

    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
      const key = sessionKeyOf(request);
      if (!key) return;
      const cached = sessions.get(key);
      if (cached !== undefined) {
        request.sessionUser = cached;
        request.sessionMemo = sessions.memo(key) ?? null;
        return;
      }
      const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      request.sessionUser = found ? await loadSessionUser(database, found.user.id, found.session.id) : null;
      sessions.set(key, request.sessionUser);
      request.sessionMemo = sessions.memo(key) ?? null;
    });

    // A user the tenant requires to have a second factor, and who has none yet, may only enrol.
    app.addHook('onRequest', async (request) => {
      if (request.sessionUser?.zweiFaktor.mussEinrichten && !vorEinrichtungErlaubt(request.url)) {
        throw new DomainError('auth.zwei_faktor_einrichtung_noetig');
      }
    });

    await app.register(sicherheitRoutes, {
      database,
      auth,
      sessions,
      sessionCookie,
      config,
      telefon,
      pruefePasswort,
      protokoll,
    });

    // A change made through this session (sign-out, password, own settings) is seen by its next request; an
    // administrative change (the administration, the tenant's and groups' settings) is seen by every session of
    // the tenant on this instance. Dropped before the answer is sent, so a request that follows the answer, on this
    // or another session, cannot find the old entry: the live event that drops them on the other instances
    // arrives a moment later, on PostgreSQL also here.
    const TENANT_WIDE = ['/api/admin/', '/api/customizing/mandant', '/api/customizing/gruppen'];
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method === 'GET' || request.method === 'HEAD') return payload;
      // a route that declares it changes nothing a session holds (a booking) keeps the session (decision 089)
      if (request.routeOptions.config.sitzungBleibt) return payload;
      const key = sessionKeyOf(request);
      if (key) sessions.drop(key);
      if (
        request.sessionUser &&
        TENANT_WIDE.some((prefix) => request.url.startsWith(prefix)) &&
        reply.statusCode < 400
      ) {
        sessions.dropTenant(request.sessionUser.mandantId);
      }
      if (request.changedMandantId && reply.statusCode < 400) sessions.dropTenant(request.changedMandantId);
      return payload;
    });

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
        const name =
          isRecord(request.body) && typeof request.body.name === 'string' ? request.body.name : null;
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

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      // better-auth decides itself who may call which of its endpoints.
      config: { guard: routeGuard.public },
      schema: { hide: true },
      handler: async (request, reply) => {
        const started = performance.now();
        const url = new URL(request.url, config.publicUrl);
        // better-auth's own error page (English, with an external link) is never shown: the app's page explains
        // the code in the user's language and leads back to /login (decision 123).
        if (url.pathname === AUTH_ERROR) {
          reply.header('cache-control', 'no-store');
          return reply.redirect(anmeldeFehlerAdresse(url.searchParams.get('error')), 302);
        }
        const ownOrigin = ownOriginOf(request);
        const isPost = request.method === 'POST';

        let origin: string | undefined;
        if (isPost && !SAML_ACS.test(url.pathname)) {
          const decision = checkOrigin(policy, {
            origin: headerOf(request, 'origin'),
            referer: headerOf(request, 'referer'),
            secFetchSite: headerOf(request, 'sec-fetch-site'),
            ownOrigin,
          });
          if (!decision.trusted) {
            request.log.warn(
              { claimed: decision.claimed, appUrl: decision.appUrl },
              'auth request refused for its origin',
            );
            throw new DomainError('auth.origin_not_allowed', { adresse: decision.appUrl });
          }
          origin = decision.origin;
        }

        const isPasswordStep =
          isPost && (url.pathname === SIGN_IN_EMAIL || url.pathname === SIGN_IN_USERNAME);
        // The code after the password is throttled like the password, on the same account key (decision 060).
        const codeStepUser =
          isPost && CODE_STEPS.has(url.pathname) && !(await hasSession(request))
            ? await userOfCodeStep(request)
            : null;
        const isCodeStep = codeStepUser !== null;
        const isSignIn = isPasswordStep || isCodeStep;
        const account = isPasswordStep
          ? await accountKeyOf(url.pathname, request.body)
          : codeStepUser
            ? `user:${codeStepUser}`
            : '';
        if (isSignIn) wartet(reply, account, request.ip);

        // A password check of a signed-in user counts towards the account's throttle (decision 100).
        const pruefSitzung = isPost && PASSWORD_CHECKS.has(url.pathname) ? await sessionOf(request) : null;
        const pruefKonto = pruefSitzung ? `user:${pruefSitzung.user.id}` : null;
        if (pruefKonto) wartet(reply, pruefKonto, request.ip);
        // The phone factor is enrolled through /api/sicherheit/faktoren/telefon (decision 083), not better-auth's otp.
        if (url.pathname === TWO_FACTOR_ENABLE && isRecord(request.body) && request.body.method === 'otp')
          throw new DomainError('validation.failed', { method: 'otp' });

        // A TOTP code is accepted once (decision 100): its time step is claimed before better-auth checks the
        // code; a code of a step accepted before (also by a parallel request) is answered as a wrong code.
        const totpSitzung = isPost && url.pathname === VERIFY_TOTP ? await sessionOf(request) : null;
        const totpUser = totpSitzung?.user.id ?? (url.pathname === VERIFY_TOTP ? codeStepUser : null);
        const totpVorher =
          totpSitzung && (await database.withoutTenant((tx) => findFactors(tx, totpSitzung.user.id)));
        if (totpUser && isRecord(request.body) && typeof request.body.code === 'string') {
          const anspruch = await beanspruchTotpSchritt(
            database,
            authContext.secretConfig,
            totpUser,
            request.body.code,
          );
          // better-auth then refuses it itself, so that its per-challenge and per-account counts see it too
          if (anspruch === 'verbraucht') request.body = { ...request.body, code: 'verbraucht' };
        }

        // Enrolling a passkey needs the password confirmed within five minutes (or, without one, a fresh sign-in).
        const passkeySitzung =
          url.pathname === PASSKEY_REGISTER_OPTIONS || (isPost && url.pathname === PASSKEY_REGISTER)
            ? await sessionOf(request)
            : null;
        if (passkeySitzung)
          await verlangeBestaetigung(
            database,
            { authUserId: passkeySitzung.user.id, sessionId: passkeySitzung.session.id },
            new Date(),
          );

        // After repeated failures a password is only looked at with a solved security check (decision 077).
        if (isPasswordStep) await pruefeCaptcha(request, throttle.needsCaptcha(account, request.ip));

        // The tenant may have switched password sign-in off (single sign-on only).
        if (isPasswordStep && account.startsWith('user:')) {
          if (!(await passwortAnmeldungErlaubt(database, account.slice('user:'.length))))
            throw new DomainError('auth.passwort_anmeldung_aus');
        }

        // A provider sends the user back: the sign-in is answered inside its tenant's context (sso.service.ts).
        const ssoReturn = SSO_RETURN.exec(url.pathname);
        if (ssoReturn?.[1]) {
          const anmeldung: SsoAnmeldung = {
            mandantId: ssoReturn[1],
            // SAML: the response's AuthnContext, for the tenant's trust in the provider's MFA (decision 097)
            authnContext: SAML_ACS.test(url.pathname) ? authnContextOf(request.body) : undefined,
            // OIDC: the state names the nonce this sign-in sent (decision 098)
            state: url.searchParams.get('state') ?? undefined,
          };
          const response = await ssoAnmeldung.run(anmeldung, () =>
            auth.handler(toWebRequest(request, url, origin)).catch((error: unknown) => {
              request.log.warn({ err: error }, 'sign-in through a provider failed');
              return new Response(null, { status: 500 });
            }),
          );
          const location = response.headers.get('location') ?? '';
          const failed =
            anmeldung.ablehnung !== undefined ||
            response.status >= 400 ||
            new URL(location, config.publicUrl).searchParams.has('error');
          if (!failed) {
            if (anmeldung.verknuepfung) await protokolliereVerknuepfung(database, anmeldung.verknuepfung);
            // one factor by a user with a second one (decision 154): no session yet; /login shows the code step
            // with the methods (a code by SMS only with a confirmed phone, decision 083)
            if (anmeldung.codeSchritt) {
              const telefonAn = await anmeldeTelefonVon(database, anmeldung.codeSchritt.authUserId);
              const antwort = mitSmsMethode(await readJson(response.clone()), Boolean(telefonAn));
              reply.header('set-cookie', response.headers.getSetCookie());
              reply.header('cache-control', 'no-store');
              return reply.redirect(codeSchrittAdresse(antwort), 302);
            }
            return sendWebResponse(reply, response);
          }
          if (!anmeldung.ablehnung)
            request.log.warn({ status: response.status, location }, 'sign-in through a provider refused');
          await aufraeumenNachAblehnung(database, anmeldung);
          const code = anmeldung.ablehnung ?? 'auth.sso_fehlgeschlagen';
          // a refused link goes back to the security page it was asked from (decision 081)
          const ziel = anmeldung.verknuepfung ? '/einstellungen/sicherheit' : '/login';
          return reply.redirect(`${ziel}?sso_fehler=${encodeURIComponent(code)}`, 302);
        }

        // A passkey is an identity: the last way to sign in is not removed (decision 081).
        let passkeyWeg: { authUserId: string; name: string | null } | null = null;
        if (isPost && url.pathname === PASSKEY_DELETE && isRecord(request.body)) {
          const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
          const id = request.body.id;
          if (found && typeof id === 'string' && !(await passkeyEntfernbar({ database }, found.user.id, id)))
            throw new DomainError('sicherheit.letzte_identitaet');
          if (found && typeof id === 'string') {
            const eigene = await database.withoutTenant((tx) => findPasskeys(tx, found.user.id));
            const ziel = eigene.find((p) => p.id === id);
            if (ziel) passkeyWeg = { authUserId: found.user.id, name: ziel.name };
          }
        }

        // Recovery asks for the solved captcha first (decision 076).
        if (isPost && url.pathname === REQUEST_PASSWORD_RESET) await pruefeCaptcha(request, true);

        // Changing the password ends the user's other sessions, whatever the caller asked for.
        if (isPost && url.pathname === CHANGE_PASSWORD && isRecord(request.body)) {
          request.body = { ...request.body, revokeOtherSessions: true };
        }

        // Recovery signs in (decision 037): whose token it is must be read before better-auth consumes it.
        const reset = isPost && url.pathname === RESET_PASSWORD ? resetOf(request.body) : null;
        const resetUser = reset ? await userOfResetToken(reset.token) : null;
        const resetEmail = resetUser?.email ?? null;
        // A deactivated user's invitation or recovery link sets no password and says why: the page must
        // not tell them they can sign in now.
        if (resetUser && (await deaktiviert(resetUser.id))) throw new DomainError('auth.konto_deaktiviert');

        // Passkeys: the RP id is the host name of the page (the one checked above, else the address the request
        // was sent to, which serves the page); an address that is not the application's gets no options.
        const passkeyRpId = PASSKEY_OPTIONS.has(url.pathname)
          ? hostNameOf(origin ?? originOf(headerOf(request, 'referer')) ?? ownOrigin)
          : undefined;
        if (passkeyRpId !== undefined && !rpIds.has(passkeyRpId)) {
          throw new DomainError('auth.passkey_adresse', { adresse: appUrlOf(policy, ownOrigin) });
        }

        // A code by SMS only for a login with a confirmed phone factor; the gateway's refusal is answered.
        if (isPost && url.pathname === SEND_OTP) {
          const pending = await userOfCodeStep(request);
          if (!pending || !(await anmeldeTelefonVon(database, pending)))
            throw new DomainError('sicherheit.kein_telefon');
          const versand: { fehler?: unknown } = {};
          const sent = await smsVersand.run(versand, () => auth.handler(toWebRequest(request, url, origin)));
          if (versand.fehler) throw versand.fehler;
          if (sent.ok) return sendWebResponse(reply, sent);
        }

        // A SAML provider saved before the SP key gets it before it is used (decision 148).
        const samlAnbieter =
          isPost && url.pathname === SIGN_IN_SSO && isRecord(request.body)
            ? request.body.providerId
            : url.pathname === SAML_SP_METADATA
              ? url.searchParams.get('providerId')
              : undefined;
        if (typeof samlAnbieter === 'string')
          await signiereSamlAnbieter({ database, publicUrl: config.publicUrl }, samlAnbieter).catch(
            (error: unknown) =>
              request.log.warn({ err: error }, 'SAML provider could not be given an SP key'),
          );

        // An OIDC sign-in sends a nonce, checked in the ID token at the callback (decision 098).
        if (isPost && url.pathname === SIGN_IN_SSO) {
          const started = await auth.handler(toWebRequest(request, url, origin));
          const body = started.ok ? await readJson(started.clone()) : undefined;
          const adresse = isRecord(body) && typeof body.url === 'string' ? body.url : undefined;
          if (!adresse) return sendWebResponse(reply, started);
          const mitN = await mitNonce(database, adresse, new Date());
          return sendWebResponse(reply, started, [], (b) => (isRecord(b) ? { ...b, url: mitN } : b));
        }

        // A passkey sign-in notes whether the authenticator verified the user (decision 097); without it, a login
        // with a second factor is sent on to the code step (decision 147).
        const passkeyEingang: PasskeyAnmeldung | null =
          isPost && url.pathname === PASSKEY_SIGN_IN ? { nutzerVerifiziert: false } : null;
        const response = passkeyEingang
          ? await passkeyAnmeldung.run(passkeyEingang, () => auth.handler(toWebRequest(request, url, origin)))
          : await auth.handler(toWebRequest(request, url, origin));

        if (reset && resetEmail && response.ok) {
          const cookies = await signInAfterReset(request, origin, resetEmail, reset.newPassword);
          return sendWebResponse(reply, response, cookies);
        }

        if (isPost && url.pathname === REQUEST_PASSWORD_RESET) {
          const elapsed = performance.now() - started;
          const quantum = RESET_ANSWER_QUANTUM_MS;
          await sleep(Math.max(1, Math.ceil(elapsed / quantum)) * quantum - elapsed);
        }

        if (response.status >= 400) {
          const body = await readJson(response);
          // the session hook refused a session after the password was checked: a deactivated user with the right
          // password is told so (not counted as a failure); anything else below is answered like a wrong password
          if (
            isPasswordStep &&
            isRecord(body) &&
            body.code === 'FAILED_TO_CREATE_SESSION' &&
            account.startsWith('user:') &&
            !(await sessionErlaubt(database, account.slice('user:'.length)))
          )
            throw new DomainError('auth.konto_deaktiviert');
          const mapped = mapBetterAuthError(response.status, body, {
            isSignIn: isPasswordStep,
            isPasskeySignIn: url.pathname === PASSKEY_SIGN_IN,
            isCodeStep,
            appUrl: appUrlOf(policy, ownOrigin),
          });
          if (mapped.code === 'internal') {
            request.log.error({ status: response.status, body }, 'better-auth failed');
          }
          if (response.status === 429) {
            const retryAfter = response.headers.get('x-retry-after') ?? response.headers.get('retry-after');
            if (retryAfter) reply.header('retry-after', retryAfter);
          }
          if (isSignIn && mapped.isCredentialFailure)
            zaehleFehlschlag(account, request.ip, isCodeStep ? 'code' : 'passwort');
          if (pruefKonto && mapped.code === 'auth.current_password_wrong')
            zaehleFehlschlag(pruefKonto, request.ip, 'passwortpruefung');
          throw new DomainError(mapped.code, mapped.params);
        }
        if (pruefKonto) throttle.recordSuccess(pruefKonto, request.ip);
        await protokolliereErfolg(url.pathname, request, {
          pruefUser: pruefSitzung?.user.id ?? null,
          totpVorher:
            totpSitzung && totpVorher ? { authUserId: totpSitzung.user.id, rows: totpVorher } : null,
          passkeySitzung: passkeySitzung
            ? { authUserId: passkeySitzung.user.id, sessionId: passkeySitzung.session.id }
            : null,
          passkeyWeg,
        });
        // A right password of an account with a second factor is not yet a sign-in: its failures are kept
        // until the code is right, so a known password does not reset the count of wrong codes.
        const waitsForCode = isPasswordStep && isTwoFactorRedirect(await readJson(response.clone()));
        if (isSignIn && !waitsForCode) throttle.recordSuccess(account, request.ip);
        const codeNachPasskey = passkeyEingang?.codeSchritt?.authUserId;
        if (waitsForCode || codeNachPasskey) {
          // better-auth offers a code by SMS to every login; only a confirmed phone factor gets one (decision 083)
          const login =
            codeNachPasskey ?? (account.startsWith('user:') ? account.slice('user:'.length) : null);
          const telefonAn = login !== null && (await anmeldeTelefonVon(database, login));
          return sendWebResponse(reply, response, [], (body) => mitSmsMethode(body, Boolean(telefonAn)));
        }
        if (passkeyRpId !== undefined) {
          return sendWebResponse(reply, response, [], (body) => withRpId(body, passkeyRpId));
        }
        return sendWebResponse(reply, response);
      },
    });
  },
  { name: 'stellwerk-auth' },
);
