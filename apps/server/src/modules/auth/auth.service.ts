import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { username } from 'better-auth/plugins/username';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { account, rateLimit, session, user, verification } from './auth.table.ts';

export type PasswordResetMail = { authUserId: string; email: string; token: string };

type AuthDeps = {
  config: Config;
  database: Database;
  /** Only active users (benutzer.status 'aktiv') may start a session. */
  isActive: (authUserId: string) => Promise<boolean>;
  /** Writes the recovery mail into the outbox (the change and its mail in one transaction). */
  sendPasswordReset: (mail: PasswordResetMail) => Promise<void>;
};

/** Seven days, renewed daily while in use. */
const SESSION_SECONDS = 60 * 60 * 24 * 7;

/**
 * better-auth, linked 1:1 to `benutzer` (benutzer.auth_user_id = user.id). Sign-up is off: users are created
 * by administrators and the seed. Sign-in with e-mail (`/sign-in/email`) or user name (`/sign-in/username`).
 */
export const createAuth = ({ config, database, isActive, sendPasswordReset }: AuthDeps) =>
  betterAuth({
    appName: 'Stellwerk',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.sessionSecret,
    telemetry: { enabled: false },
    trustedOrigins: [config.publicUrl, 'http://localhost:5173', 'http://127.0.0.1:5173'],
    database: drizzleAdapter(database.db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: authUser, token }) => {
        await sendPasswordReset({ authUserId: authUser.id, email: authUser.email, token });
      },
    },
    plugins: [username({ minUsernameLength: 3, maxUsernameLength: 60 })],
    session: { expiresIn: SESSION_SECONDS, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      session: {
        create: {
          // Refusing here makes the sign-in fail like a wrong password (the plugin maps it to one message).
          before: async (newSession) => ((await isActive(newSession.userId)) ? undefined : false),
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
        // one address; failed sign-ins are limited per login and address by the plugin's throttle instead.
        '/sign-in/email': false,
        '/sign-in/username': false,
        '/request-password-reset': { window: 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: 'stellwerk',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      database: { generateId: () => randomUUID() },
    },
  });

export type Auth = ReturnType<typeof createAuth>;
