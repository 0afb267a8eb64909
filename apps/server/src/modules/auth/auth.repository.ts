import { and, count, desc, eq, gt, gte, inArray, like, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  benutzer,
  benutzerGruppe,
  benutzerPermission,
  benutzerRolle,
  gruppeRolle,
  rollePermission,
} from '../benutzer/benutzer.table.ts';
import { session, twoFactor, user, verification } from './auth.table.ts';

/**
 * Which of `names` each user (`benutzerIds`, or every user of the tenant when null) holds as `true`, granted
 * directly, through a role or through a group's role (the same sources as `findGrants`, whatever the user's status).
 */
export const findInhaber = async (
  tx: Tx,
  benutzerIds: readonly string[] | null,
  names: readonly string[],
): Promise<{ benutzerId: string; name: string }[]> => {
  if (benutzerIds?.length === 0 || names.length === 0) return [];
  const ids = benutzerIds ? [...benutzerIds] : null;
  const wanted = [...names];
  const direct = tx
    .select({ benutzerId: benutzerPermission.benutzerId, name: benutzerPermission.permissionName })
    .from(benutzerPermission)
    .where(
      and(
        ids ? inArray(benutzerPermission.benutzerId, ids) : undefined,
        inArray(benutzerPermission.permissionName, wanted),
        eq(benutzerPermission.wert, 'true'),
      ),
    );
  const roles = tx
    .select({ benutzerId: benutzerRolle.benutzerId, name: rollePermission.permissionName })
    .from(rollePermission)
    .innerJoin(
      benutzerRolle,
      and(
        eq(benutzerRolle.rolleId, rollePermission.rolleId),
        eq(benutzerRolle.mandantId, rollePermission.mandantId),
      ),
    )
    .where(
      and(
        ids ? inArray(benutzerRolle.benutzerId, ids) : undefined,
        inArray(rollePermission.permissionName, wanted),
        eq(rollePermission.wert, 'true'),
      ),
    );
  const groups = tx
    .select({ benutzerId: benutzerGruppe.benutzerId, name: rollePermission.permissionName })
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
    .where(
      and(
        ids ? inArray(benutzerGruppe.benutzerId, ids) : undefined,
        inArray(rollePermission.permissionName, wanted),
        eq(rollePermission.wert, 'true'),
      ),
    );
  return unionAll(direct, roles, groups);
};

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

export type GrantRow = { source: 'direct' | 'role' | 'group'; name: string; wert: string };

/**
 * Every permission grant of a user in one round trip: direct ones, those of their roles and those of their
 * groups' roles.
 */
export const findGrants = async (tx: Tx, benutzerId: string): Promise<GrantRow[]> => {
  const direct = tx
    .select({
      source: sql<GrantRow['source']>`'direct'`.as('source'),
      name: benutzerPermission.permissionName,
      wert: benutzerPermission.wert,
    })
    .from(benutzerPermission)
    .where(eq(benutzerPermission.benutzerId, benutzerId));
  const roles = tx
    .select({
      source: sql<GrantRow['source']>`'role'`.as('source'),
      name: rollePermission.permissionName,
      wert: rollePermission.wert,
    })
    .from(rollePermission)
    .innerJoin(
      benutzerRolle,
      and(
        eq(benutzerRolle.rolleId, rollePermission.rolleId),
        eq(benutzerRolle.mandantId, rollePermission.mandantId),
      ),
    )
    .where(eq(benutzerRolle.benutzerId, benutzerId));
  const groups = tx
    .select({
      source: sql<GrantRow['source']>`'group'`.as('source'),
      name: rollePermission.permissionName,
      wert: rollePermission.wert,
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
    .where(eq(benutzerGruppe.benutzerId, benutzerId));
  return unionAll(direct, roles, groups);
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

/** Whether the login has a confirmed second factor (an authenticator app whose first code was entered). */
export const hasConfirmedFactor = async (tx: Tx, authUserId: string): Promise<boolean> => {
  const rows = await tx
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, authUserId), eq(twoFactor.verified, true)))
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
