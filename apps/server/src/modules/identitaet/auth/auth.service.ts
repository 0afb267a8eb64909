import { randomUUID } from 'node:crypto';
import { passkey as passkeyPlugin } from '@better-auth/passkey';
import { SMS_CODE_MINUTEN, SMS_CODE_STELLEN } from '@stellwerk/domain/identitaet/sicherheit/telefon';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import { username } from 'better-auth/plugins/username';
import type { Config } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { ssoProvider } from '../sso/sso.public.ts';
import { codeSchrittNachAnmeldung } from './auth.code-schritt.ts';
import { passkey } from './auth.passkey.table.ts';
import { passkeyAnmeldung, passkeyRpIds, passkeyWeg } from './auth.passkey.ts';
import { type SsoAuthDeps, ssoPlugin, ssoWeg } from './auth.sso.ts';
import { account, rateLimit, session, twoFactor, user, verification } from './auth.table.ts';

export type PasswordResetMail = { authUserId: string; email: string; token: string };

type AuthDeps = {
  config: Config;
  database: Database;
  /** Only active users (benutzer.status 'aktiv') may start a session. */
  isActive: (authUserId: string) => Promise<boolean>;
  /** A session was made: records how (single sign-on, passkey) where the two-factor policy needs it (decision 097). */
  sessionCreated: (sessionId: string) => Promise<void>;
  /** Writes the recovery mail into the outbox (the change and its mail in one transaction). */
  sendPasswordReset: (mail: PasswordResetMail) => Promise<unknown>;
  /** Single sign-on per tenant (auth.sso.ts). */
  sso: SsoAuthDeps;
  /** Sends a sign-in code by SMS to the login's confirmed phone factor (auth.telefon.ts, decision 083). */
  sendSmsCode: (authUserId: string, code: string) => Promise<void>;
};

/**
 * better-auth runs each statement on its own, as it does without an adapter transaction (its "as is"
 * fallback); the adapter only says so as a function. @better-auth/sso's `resolveUser` (decision 081) refuses
 * adapters without one, but a real transaction around the SSO sign-in would make our session hook's and
 * provisioning's own transactions wait for it on the embedded database's single connection (decision 069).
 */
const withStatementTransactions =
  <A extends (options: never) => { options?: { adapterConfig: { transaction?: unknown } } }>(factory: A) =>
  (options: Parameters<A>[0]): ReturnType<A> => {
    const adapter = factory(options) as ReturnType<A> & {
      transaction: (cb: (trx: unknown) => unknown) => unknown;
    };
    if (adapter.options)
      adapter.options.adapterConfig.transaction = (cb: (trx: unknown) => unknown) => cb(adapter);
    return adapter;
  };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/**
 * better-auth, linked 1:1 to `benutzer` (benutzer.auth_user_id = user.id). Sign-up is off: users are created
 * by administrators and the seed. Sign-in with e-mail (`/sign-in/email`) or user name (`/sign-in/username`).
 */
export const createAuth = ({
  config,
  database,
  isActive,
  sessionCreated,
  sendPasswordReset,
  sso,
  sendSmsCode,
}: AuthDeps) => {
  // Authenticator app (TOTP, 6 digits, 30 s) with ten one-time backup codes; the code step after the
  // password lasts ten minutes and takes five codes (better-auth), wrong codes are also counted by the
  // sign-in throttle (decision 060). No "trust this device": every sign-in asks for the code.
  const zweiFaktor = twoFactorPlugin({
    issuer: 'Stellwerk',
    totpOptions: { digits: 6, period: 30 },
    backupCodeOptions: { amount: 10, length: 10 },
    twoFactorCookieMaxAge: 600,
    // The phone factor (decision 083): the code goes by SMS to the login's confirmed number; five minutes,
    // five tries, stored hashed. better-auth offers "otp" to every login; the auth plugin offers it only to
    // logins with a confirmed phone factor.
    otpOptions: {
      sendOTP: ({ user: authUser, otp }) => sendSmsCode(authUser.id, otp),
      period: SMS_CODE_MINUTEN,
      digits: SMS_CODE_STELLEN,
      storeOTP: 'hashed',
      allowedAttempts: 5,
    },
  });
  return betterAuth({
    appName: 'Stellwerk',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    telemetry: { enabled: false },
    // The auth plugin decides which page may call (auth.origin.ts, decision 020) and passes the page it accepted
    // as the request's Origin; better-auth then also accepts redirect targets on that page's address.
    trustedOrigins: async (request) => [
      config.publicUrl,
      ...config.trustedOrigins,
      request?.headers.get('origin') ?? undefined,
      // single sign-on: the tenant providers' endpoints, which better-auth fetches from (auth.sso.ts)
      ...(await sso.trustedOrigins(request)),
    ],
    database: withStatementTransactions(
      drizzleAdapter(database.db, {
        provider: 'pg',
        schema: {
          ...{ user, session, account, verification, rateLimit, twoFactor },
          // passkey plugin (decision 072)
          passkey,
          // single sign-on (@better-auth/sso)
          ssoProvider,
        },
      }),
    ),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: authUser, token }) => {
        await sendPasswordReset({ authUserId: authUser.id, email: authUser.email, token });
      },
    },
    plugins: [
      username({ minUsernameLength: 3, maxUsernameLength: 60 }),
      // Authenticator app (TOTP, 6 digits, 30 s) with ten one-time backup codes; the code step after the
      // password lasts ten minutes and takes five codes (better-auth), wrong codes are also counted by the
      // sign-in throttle (decision 060). No "trust this device": every sign-in asks for the code.
      zweiFaktor,
      // A passkey without user verification is one factor, and so is a sign-in through the provider whose
      // multi-factor word the tenant does not trust (or that gave none): an enrolled second factor is asked next
      // (decisions 147, 154).
      codeSchrittNachAnmeldung(zweiFaktor, [passkeyWeg, ssoWeg(sso)]),
      // Passkeys (WebAuthn, decision 072): the accepted RP ids are a list (better-auth checks an answer against
      // each; @simplewebauthn accepts a list); the auth plugin puts the page's own into the options it sends.
      passkeyPlugin({
        rpID: passkeyRpIds(config) as unknown as string,
        rpName: 'Stellwerk',
        advanced: { webAuthnChallengeCookie: 'passkey' },
        // a passkey with user verification counts as two factors for the tenant's policy (decision 097)
        authentication: {
          afterVerification: ({ verification }) => {
            const anmeldung = passkeyAnmeldung.getStore();
            if (anmeldung)
              anmeldung.nutzerVerifiziert = verification.authenticationInfo.userVerified === true;
          },
        },
      }),
      // Single sign-on per tenant through OIDC or SAML (@better-auth/sso, decision 069).
      ssoPlugin(sso),
    ],
    // SESSION_DAYS (default seven days), renewed daily while in use (R216)
    session: { expiresIn: 60 * 60 * 24 * config.sessionDays, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      session: {
        create: {
          // Refusing here makes the sign-in fail like a wrong password (the plugin maps it to one message).
          before: async (newSession) => ((await isActive(newSession.userId)) ? undefined : false),
          after: async (created) => {
            await sessionCreated(created.id);
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: {
        // better-auth's own sign-in rule (3 per 10 s) would also count successful sign-ins of everyone behind
        // one address; failed sign-ins are limited by the plugin's throttle instead (decision 021).
        '/sign-in/email': false,
        '/sign-in/username': false,
        '/request-password-reset': { window: 60, max: 5 },
        // Codes at sign-in are limited by the throttle like passwords (decision 060); better-auth's own rule
        // for /two-factor/* (3 per 10 s per address) would stop an office behind one address.
        '/two-factor/verify-totp': false,
        '/two-factor/verify-backup-code': false,
        '/two-factor/verify-otp': false,
        '/two-factor/*': { window: 60, max: 30 },
        // Starting a sign-in through the tenant's provider (better-auth's /sign-in/* rule: 3 per 10 s per address).
        '/sign-in/sso': { window: 60, max: 30 },
      },
    },
    advanced: {
      // better-auth skips its origin and redirect checks when it thinks it runs under a test runner; say it,
      // so that tests see what production does.
      disableOriginCheck: false,
      cookiePrefix: 'stellwerk',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      database: { generateId: () => randomUUID() },
    },
  });
};

export type Auth = ReturnType<typeof createAuth>;
