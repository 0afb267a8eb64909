import { and, count, desc, eq, gt, gte, inArray, like, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/client.ts';
import { benutzer, benutzerGruppe, benutzerPermission, benutzerRolle } from '../benutzer/benutzer.public.ts';
import { gruppeRolle } from '../gruppe/gruppe.public.ts';
import { rollePermission } from '../rolle/rolle.public.ts';
import { passkey } from './auth.passkey.table.ts';
import { account, session, twoFactor, user, verification } from './auth.table.ts';
import { telefonFaktor } from './auth.telefon.table.ts';

/** Which of `ids` belong to active users. */
export const findAktiveBenutzerIds = async (tx: Tx, ids: readonly string[]): Promise<string[]> => {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: benutzer.id })
    .from(benutzer)
    .where(and(inArray(benutzer.id, [...ids]), eq(benutzer.status, 'aktiv')));
  return rows.map((r) => r.id);
};

export type AuthBenutzer = {
  id: string;
  mandantId: string;
  email: string;
  vorname: string;
  nachname: string;
  status: string;
  plattformAdmin: boolean;
};

/**
 * The benutzer behind a better-auth user. Runs on the owner connection: it is the step that finds out
 * which tenant the request belongs to, before any tenant transaction can start.
 */
export const findBenutzerByAuthUserId = async (
  tx: Tx,
  authUserId: string,
): Promise<AuthBenutzer | undefined> => {
  const rows = await tx
    .select({
      id: benutzer.id,
      mandantId: benutzer.mandantId,
      email: benutzer.email,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
      status: benutzer.status,
      plattformAdmin: benutzer.plattformAdmin,
    })
    .from(benutzer)
    .where(eq(benutzer.authUserId, authUserId))
    .limit(1);
  return rows[0];
};

/** `standortIds`: the locations of a role assignment (decision 258); empty for the whole tenant and for the other sources. */
export type GrantRow = { source: GrantSource; name: string; wert: string; standortIds: string[] };

type GrantSource = 'direct' | 'role' | 'group';

/**
 * The permission grants of users in one round trip, from the three sources: direct ones, those of their roles
 * and those of their groups' roles. `benutzerIds` null: every user of the tenant; `names` null: every right;
 * `nurWahr`: only grants with the value `true`.
 */
const findGrantRows = (
  tx: Tx,
  filter: { benutzerIds: string[] | null; names: string[] | null; nurWahr: boolean },
) => {
  const where = (benutzerId: AnyPgColumn, name: AnyPgColumn, wert: AnyPgColumn) =>
    and(
      filter.benutzerIds ? inArray(benutzerId, filter.benutzerIds) : undefined,
      filter.names ? inArray(name, filter.names) : undefined,
      filter.nurWahr ? eq(wert, 'true') : undefined,
    );
  // a literal, not a parameter: a union's column needs a type the parameter would not give
  const source = (value: GrantSource) => sql<GrantSource>`${sql.raw(`'${value}'`)}`.as('source');
  const ganzerMandant = () => sql<string[]>`'{}'::uuid[]`.as('standort_ids');
  const direct = tx
    .select({
      benutzerId: benutzerPermission.benutzerId,
      source: source('direct'),
      name: benutzerPermission.permissionName,
      wert: benutzerPermission.wert,
      standortIds: ganzerMandant(),
    })
    .from(benutzerPermission)
    .where(where(benutzerPermission.benutzerId, benutzerPermission.permissionName, benutzerPermission.wert));
  const roles = tx
    .select({
      benutzerId: benutzerRolle.benutzerId,
      source: source('role'),
      name: rollePermission.permissionName,
      wert: rollePermission.wert,
      standortIds: sql<string[]>`${benutzerRolle.standortIds}`.as('standort_ids'),
    })
    .from(rollePermission)
    .innerJoin(
      benutzerRolle,
      and(
        eq(benutzerRolle.rolleId, rollePermission.rolleId),
        eq(benutzerRolle.mandantId, rollePermission.mandantId),
      ),
    )
    .where(where(benutzerRolle.benutzerId, rollePermission.permissionName, rollePermission.wert));
  const groups = tx
    .select({
      benutzerId: benutzerGruppe.benutzerId,
      source: source('group'),
      name: rollePermission.permissionName,
      wert: rollePermission.wert,
      standortIds: ganzerMandant(),
    })
    .from(rollePermission)
    .innerJoin(
      gruppeRolle,
      and(
        eq(gruppeRolle.rolleId, rollePermission.rolleId),
        eq(gruppeRolle.mandantId, rollePermission.mandantId),
      ),
    )
    .innerJoin(
      benutzerGruppe,
      and(
        eq(benutzerGruppe.gruppeId, gruppeRolle.gruppeId),
        eq(benutzerGruppe.mandantId, gruppeRolle.mandantId),
      ),
    )
    .where(where(benutzerGruppe.benutzerId, rollePermission.permissionName, rollePermission.wert));
  return unionAll(direct, roles, groups);
};

/** Every permission grant of a user (the session user's permissions). */
export const findGrants = async (tx: Tx, benutzerId: string): Promise<GrantRow[]> =>
  (await findGrantRows(tx, { benutzerIds: [benutzerId], names: null, nurWahr: false })).map(
    ({ source, name, wert, standortIds }) => ({ source, name, wert, standortIds: standortIds ?? [] }),
  );

/**
 * Which of `names` each user (`benutzerIds`, or every user of the tenant when null) holds as `true`, from the same
 * sources as `findGrants`, whatever the user's status.
 */
export const findInhaber = async (
  tx: Tx,
  benutzerIds: readonly string[] | null,
  names: readonly string[],
): Promise<{ benutzerId: string; name: string; standortIds: string[] }[]> => {
  if (benutzerIds?.length === 0 || names.length === 0) return [];
  const rows = await findGrantRows(tx, {
    benutzerIds: benutzerIds ? [...benutzerIds] : null,
    names: [...names],
    nurWahr: true,
  });
  return rows.map(({ benutzerId, name, standortIds }) => ({
    benutzerId,
    name,
    standortIds: standortIds ?? [],
  }));
};

/**
 * The better-auth user a login names: by e-mail (any case) or by user name (stored lower-case by better-auth).
 * Owner connection: the authentication tables are not granted to the application role.
 */
export const findAuthUserIdByLogin = async (
  tx: Tx,
  login: { email: string } | { username: string },
): Promise<string | undefined> => {
  const rows = await tx
    .select({ id: user.id })
    .from(user)
    .where(
      'email' in login
        ? eq(sql`lower(${user.email})`, login.email.trim().toLowerCase())
        : eq(sql`lower(${user.username})`, login.username.trim().toLowerCase()),
    )
    .limit(1);
  return rows[0]?.id;
};

/** How many password-reset links (recovery and invitation) were made for a login since `since`. */
export const countResetTokensSince = async (tx: Tx, authUserId: string, since: Date): Promise<number> => {
  const rows = await tx
    .select({ n: count() })
    .from(verification)
    .where(
      and(
        eq(verification.value, authUserId),
        like(verification.identifier, 'reset-password:%'),
        gte(verification.createdAt, since),
      ),
    );
  return Number(rows[0]?.n ?? 0);
};

/**
 * Whether the login has a confirmed second factor: an authenticator app whose first code was entered, or a
 * phone factor whose first SMS code was entered (decision 083).
 */
export const hasConfirmedFactor = async (tx: Tx, authUserId: string): Promise<boolean> => {
  const rows = await tx
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, authUserId), eq(twoFactor.verified, true)))
    .limit(1);
  return rows.length > 0 || (await hatTelefonFaktor(tx, authUserId));
};

/** Whether the login has a confirmed phone factor (decision 083). */
export const hatTelefonFaktor = async (tx: Tx, authUserId: string): Promise<boolean> => {
  const rows = await tx
    .select({ id: telefonFaktor.id })
    .from(telefonFaktor)
    .where(and(eq(telefonFaktor.userId, authUserId), eq(telefonFaktor.verified, true)))
    .limit(1);
  return rows.length > 0;
};

export type SessionRow = {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** The login's sessions that have not expired, most recently used first (platform transaction). */
export const findActiveSessions = async (tx: Tx, authUserId: string, now: Date): Promise<SessionRow[]> =>
  tx
    .select({
      id: session.id,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
    })
    .from(session)
    .where(and(eq(session.userId, authUserId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.createdAt));

/** Deletes these sessions of the login (ids of other logins are ignored); returns how many ended. */
export const deleteSessions = async (tx: Tx, authUserId: string, ids: readonly string[]): Promise<number> => {
  if (ids.length === 0) return 0;
  const rows = await tx
    .delete(session)
    .where(and(eq(session.userId, authUserId), inArray(session.id, [...ids])))
    .returning({ id: session.id });
  return rows.length;
};

export type FactorRow = {
  id: string;
  friendlyName: string | null;
  verified: boolean | null;
  createdAt: Date | null;
  backupCodes: string;
};

/** The login's two-factor rows (better-auth keeps one authenticator app per login). */
export const findFactors = async (tx: Tx, authUserId: string): Promise<FactorRow[]> =>
  tx
    .select({
      id: twoFactor.id,
      friendlyName: twoFactor.friendlyName,
      verified: twoFactor.verified,
      createdAt: twoFactor.createdAt,
      backupCodes: twoFactor.backupCodes,
    })
    .from(twoFactor)
    .where(eq(twoFactor.userId, authUserId));

/** Names a factor of the login; false when the login has no factor with this id. */
export const renameFactor = async (
  tx: Tx,
  authUserId: string,
  id: string,
  friendlyName: string,
): Promise<boolean> => {
  const rows = await tx
    .update(twoFactor)
    .set({ friendlyName })
    .where(and(eq(twoFactor.id, id), eq(twoFactor.userId, authUserId)))
    .returning({ id: twoFactor.id });
  return rows.length > 0;
};

export type AccountRow = {
  id: string;
  providerId: string;
  hasPassword: boolean;
  hasIdToken: boolean;
  createdAt: Date;
};

/** The login's accounts at better-auth: the password ('credential') and identities at providers. */
export const findAccounts = async (tx: Tx, authUserId: string): Promise<AccountRow[]> => {
  const rows = await tx
    .select({
      id: account.id,
      providerId: account.providerId,
      password: account.password,
      idToken: account.idToken,
      accessToken: account.accessToken,
      createdAt: account.createdAt,
    })
    .from(account)
    .where(eq(account.userId, authUserId))
    .orderBy(account.createdAt);
  return rows.map((r) => ({
    id: r.id,
    providerId: r.providerId,
    hasPassword: r.password !== null,
    hasIdToken: r.idToken !== null || r.accessToken !== null,
    createdAt: r.createdAt,
  }));
};

export type PasskeyRow = { id: string; name: string | null; createdAt: Date | null };

/** The login's passkeys, oldest first. */
export const findPasskeys = async (tx: Tx, authUserId: string): Promise<PasskeyRow[]> =>
  tx
    .select({ id: passkey.id, name: passkey.name, createdAt: passkey.createdAt })
    .from(passkey)
    .where(eq(passkey.userId, authUserId))
    .orderBy(passkey.createdAt);

/** Deletes one account of the login; false when the login has none with this id. */
export const deleteAccount = async (tx: Tx, authUserId: string, id: string): Promise<boolean> => {
  const rows = await tx
    .delete(account)
    .where(and(eq(account.id, id), eq(account.userId, authUserId)))
    .returning({ id: account.id });
  return rows.length > 0;
};

/** Deletes one passkey of the login; false when the login has none with this id. */
export const deletePasskey = async (tx: Tx, authUserId: string, id: string): Promise<boolean> => {
  const rows = await tx
    .delete(passkey)
    .where(and(eq(passkey.id, id), eq(passkey.userId, authUserId)))
    .returning({ id: passkey.id });
  return rows.length > 0;
};

/** Locks the login's row, so that two changes of its identities at once cannot both pass the "not the last" check. */
export const lockLogin = async (tx: Tx, authUserId: string): Promise<void> => {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, authUserId)).for('update');
};

/** The login's password account with this hash (a password-less 'credential' account is replaced). */
export const setzeCredentialKonto = async (
  tx: Tx,
  authUserId: string,
  hash: string,
  now: Date,
): Promise<void> => {
  await tx.delete(account).where(and(eq(account.userId, authUserId), eq(account.providerId, 'credential')));
  await tx.insert(account).values({
    id: crypto.randomUUID(),
    accountId: authUserId,
    providerId: 'credential',
    userId: authUserId,
    password: hash,
    createdAt: now,
    updatedAt: now,
  });
};
