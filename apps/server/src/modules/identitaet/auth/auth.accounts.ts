import { randomBytes } from 'node:crypto';
import { generateRandomString } from 'better-auth/crypto';
import { and, eq, inArray, like, ne, sql } from 'drizzle-orm';
import { APP_ROLE, PLATFORM_ROLE, type Tx } from '../../../db/client.ts';
import { passkey } from './auth.passkey.table.ts';
import { account, session, twoFactor, user, verification } from './auth.table.ts';
import { telefonFaktor } from './auth.telefon.table.ts';

/**
 * The one place that writes better-auth's tables from inside a tenant transaction, so that creating a
 * benutzer and its login (or deleting both) is one transaction. The authentication tables are not granted
 * to the application role (migration 0002), so each function leaves the role for its statements and
 * returns to the role it found: `set_config('role', 'stellwerk_platform', true)` is `SET LOCAL ROLE` to the platform role
 * (which may write the authentication tables and, not being a superuser, still sees only the tenant set),
 * `set_config('role', 'stellwerk_app', true)` switches back, exactly as `withTenant` set it. The tenant
 * setting `app.mandant_id` stays. Callers have authorised the change already.
 */
export const asOwner = async <T>(tx: Tx, fn: () => Promise<T>): Promise<T> => {
  // Back to the role the caller ran as: the application role inside `withTenant`/`asTenant`, the platform
  // role in a platform transaction (`npm run admin:create`).
  const { rows } = await tx.execute<{ role: string }>(sql`select current_user as role`);
  const previous = rows[0]?.role === PLATFORM_ROLE ? PLATFORM_ROLE : APP_ROLE;
  await tx.execute(sql`select set_config('role', ${PLATFORM_ROLE}, true)`);
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    // Back to the caller's role if the transaction still runs; if it failed, it rolls back anyway.
    await tx.execute(sql`select set_config('role', ${previous}, true)`).catch(() => undefined);
    throw err;
  }
  await tx.execute(sql`select set_config('role', ${previous}, true)`);
  return result;
};

/** Invitation links stay valid for seven days. */
export const INVITATION_DAYS = 7;

/**
 * A password hash in better-auth's scrypt format (`salt:key`, hex) whose key is random bytes: no password
 * produces it, so nobody can sign in until the invitation link sets one. Costs nothing, unlike hashing a
 * random password, which matters for an import of 1000 users.
 */
const unusablePasswordHash = () => `${randomBytes(16).toString('hex')}:${randomBytes(64).toString('hex')}`;

/** better-auth's reset token: 24 characters a-z, A-Z, 0-9 (generateId(24) in its password routes). */
const resetToken = () => generateRandomString(24, 'a-z', 'A-Z', '0-9');

export type NewLogin = { id: string; name: string; email: string; username: string | null };

/**
 * Creates the better-auth users (id = the benutzer id) with a credential account nobody can use yet, and
 * for each a password-reset verification in better-auth's format (identifier `reset-password:<token>`,
 * value = user id) valid for seven days, so `POST /api/auth/reset-password { token, newPassword }` sets
 * the first password. Returns the token per user id.
 */
export const createLogins = async (
  tx: Tx,
  logins: readonly NewLogin[],
  now: Date,
): Promise<Map<string, string>> => {
  if (logins.length === 0) return new Map();
  const tokens = new Map(logins.map((l) => [l.id, resetToken()]));
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  await asOwner(tx, async () => {
    await tx.insert(user).values(
      logins.map((l) => ({
        id: l.id,
        name: l.name,
        email: l.email,
        emailVerified: false,
        username: l.username,
        displayUsername: l.username,
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.insert(account).values(
      logins.map((l) => ({
        id: crypto.randomUUID(),
        accountId: l.id,
        providerId: 'credential',
        userId: l.id,
        password: unusablePasswordHash(),
        createdAt: now,
        updatedAt: now,
      })),
    );
    await tx.insert(verification).values(
      logins.map((l) => ({
        id: crypto.randomUUID(),
        identifier: `reset-password:${tokens.get(l.id)}`,
        value: l.id,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      })),
    );
  });
  return tokens;
};

/** Which of `emails` (lower-case) are login e-mails of any tenant, apart from the login `exceptUserId`. */
export const findTakenLoginEmails = async (
  tx: Tx,
  emails: readonly string[],
  exceptUserId?: string | null,
): Promise<Set<string>> => {
  if (emails.length === 0) return new Set();
  const rows = await asOwner(tx, () =>
    tx
      .select({ email: user.email })
      .from(user)
      .where(
        and(
          inArray(sql`lower(${user.email})`, [...emails]),
          exceptUserId ? ne(user.id, exceptUserId) : undefined,
        ),
      ),
  );
  return new Set(rows.map((r) => r.email.toLowerCase()));
};

/** Whether `username` (lower-case) is the sign-in name of another login of any tenant. */
export const isLoginUsernameTaken = async (
  tx: Tx,
  username: string,
  exceptUserId?: string | null,
): Promise<boolean> => {
  const rows = await asOwner(tx, () =>
    tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.username, username), exceptUserId ? ne(user.id, exceptUserId) : undefined))
      .limit(1),
  );
  return rows.length > 0;
};

/** Keeps the login's name, e-mail and user name in step with the benutzer. */
export const updateLogin = async (
  tx: Tx,
  userId: string,
  change: { name: string; email: string; username: string | null },
  now: Date,
): Promise<void> => {
  await asOwner(tx, () =>
    tx
      .update(user)
      .set({
        name: change.name,
        email: change.email,
        username: change.username,
        displayUsername: change.username,
        updatedAt: now,
      })
      .where(eq(user.id, userId)),
  );
};

/** Signs the login out everywhere (deactivation): its session rows are deleted. */
export const endSessions = async (tx: Tx, userId: string): Promise<void> => {
  await asOwner(tx, () => tx.delete(session).where(eq(session.userId, userId)));
};

/**
 * An administrator's reset of a login's second factors (lost phone): the authenticator app and its backup
 * codes, the phone factors and the passkeys are removed (decision 100), the login no longer asks for a code, and
 * every session of the login ends. Returns how many factors (passkeys included) and sessions were removed.
 */
export const resetFactors = async (
  tx: Tx,
  userId: string,
  now: Date,
): Promise<{ faktoren: number; passkeys: number; sitzungen: number }> =>
  asOwner(tx, async () => {
    const factors = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, userId))
      .returning({ id: twoFactor.id });
    const phones = await tx
      .delete(telefonFaktor)
      .where(eq(telefonFaktor.userId, userId))
      .returning({ id: telefonFaktor.id });
    const passkeys = await tx.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id });
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: now }).where(eq(user.id, userId));
    const sessions = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    return {
      faktoren: factors.length + phones.length + passkeys.length,
      passkeys: passkeys.length,
      sitzungen: sessions.length,
    };
  });

export type LoginPasskey = { id: string; name: string | null; deviceType: string; createdAt: Date | null };

/** A login's passkeys for the user administration (decision 100): names and dates, never the key. */
export const listLoginPasskeys = async (tx: Tx, userId: string): Promise<LoginPasskey[]> =>
  asOwner(tx, () =>
    tx
      .select({
        id: passkey.id,
        name: passkey.name,
        deviceType: passkey.deviceType,
        createdAt: passkey.createdAt,
      })
      .from(passkey)
      .where(eq(passkey.userId, userId))
      .orderBy(passkey.createdAt),
  );

/** Revokes one passkey of a login; the removed passkey, or undefined when the login has none with this id. */
export const revokeLoginPasskey = async (
  tx: Tx,
  userId: string,
  id: string,
): Promise<LoginPasskey | undefined> =>
  asOwner(tx, async () => {
    const [row] = await tx
      .delete(passkey)
      .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
      .returning({
        id: passkey.id,
        name: passkey.name,
        deviceType: passkey.deviceType,
        createdAt: passkey.createdAt,
      });
    return row;
  });

/** Deletes the login with its accounts, sessions and two-factor rows (cascade) and open reset tokens. */
export const deleteLogin = async (tx: Tx, userId: string): Promise<void> => {
  await asOwner(tx, async () => {
    await tx
      .delete(verification)
      .where(and(eq(verification.value, userId), like(verification.identifier, 'reset-password:%')));
    await tx.delete(user).where(eq(user.id, userId));
  });
};

/** Deletes sign-in accounts by id: a tenant's, when the tenant is deleted (its users go by `on delete cascade`). */
export const deleteAuthUsers = async (tx: Tx, ids: readonly string[]): Promise<void> => {
  if (ids.length > 0) await tx.delete(user).where(inArray(user.id, [...ids]));
};

/** A link request (decision 081): better-auth's verification table, one row per tenant and address. */
export const saveVerknuepfung = async (
  tx: Tx,
  row: { identifier: string; authUserId: string; expiresAt: Date; now: Date },
): Promise<void> =>
  asOwner(tx, async () => {
    await tx.delete(verification).where(eq(verification.identifier, row.identifier));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: row.identifier,
      value: row.authUserId,
      expiresAt: row.expiresAt,
      createdAt: row.now,
      updatedAt: row.now,
    });
  });

/** Takes (deletes) a link request that has not expired; the better-auth user who asked, or undefined. */
export const takeVerknuepfung = async (tx: Tx, identifier: string, now: Date): Promise<string | undefined> =>
  asOwner(tx, async () => {
    const rows = await tx
      .delete(verification)
      .where(eq(verification.identifier, identifier))
      .returning({ value: verification.value, expiresAt: verification.expiresAt });
    return rows.find((r) => r.expiresAt > now)?.value;
  });

/**
 * Erasing a person (decision 235): the login goes with everything that hangs on it (accounts with the password
 * hash and the single sign-on links, sessions, passkeys, second factors, by cascade) and every open verification
 * for it (reset and link requests). The person is signed out at once: their sessions are gone. Answers what went.
 */
export const vergissLogin = async (
  tx: Tx,
  userId: string,
): Promise<{ sitzungen: number; passkeys: number; faktoren: number; konten: number }> =>
  asOwner(tx, async () => {
    const zaehle = async (q: ReturnType<typeof sql>) =>
      Number(((await tx.execute(q)).rows[0] as { n: number | string } | undefined)?.n ?? 0);
    const anzahl = {
      sitzungen: await zaehle(sql`select count(*) as n from session where user_id = ${userId}`),
      passkeys: await zaehle(sql`select count(*) as n from passkey where user_id = ${userId}`),
      faktoren:
        (await zaehle(sql`select count(*) as n from two_factor where user_id = ${userId}`)) +
        (await zaehle(sql`select count(*) as n from telefon_faktor where user_id = ${userId}`)),
      konten: await zaehle(sql`select count(*) as n from account where user_id = ${userId}`),
    };
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(user).where(eq(user.id, userId));
    return anzahl;
  });

/** A login's sign-in methods for the access request (decision 236): dates, names, kinds; never a token or secret. */
export const leseAnmeldungDerPerson = async (
  tx: Tx,
  userId: string,
): Promise<{
  sitzungen: { angelegtAm: Date; zuletztAktiv: Date; browser: string | null }[];
  passkeys: { name: string | null; angelegtAm: Date | null }[];
  faktoren: { art: string; angelegtAm: Date | null }[];
}> =>
  asOwner(tx, async () => ({
    sitzungen: (
      await tx
        .select({
          angelegtAm: session.createdAt,
          zuletztAktiv: session.updatedAt,
          browser: session.userAgent,
        })
        .from(session)
        .where(eq(session.userId, userId))
        .orderBy(session.createdAt)
    ).map((s) => ({ ...s, browser: s.browser ?? null })),
    passkeys: await tx
      .select({ name: passkey.name, angelegtAm: passkey.createdAt })
      .from(passkey)
      .where(eq(passkey.userId, userId))
      .orderBy(passkey.createdAt),
    faktoren: [
      ...(
        await tx
          .select({ angelegtAm: twoFactor.createdAt })
          .from(twoFactor)
          .where(eq(twoFactor.userId, userId))
      ).map((f) => ({ art: 'authenticator', angelegtAm: f.angelegtAm })),
      ...(
        await tx
          .select({ angelegtAm: telefonFaktor.createdAt })
          .from(telefonFaktor)
          .where(eq(telefonFaktor.userId, userId))
      ).map((f) => ({ art: 'telefon', angelegtAm: f.angelegtAm })),
    ],
  }));
