import { and, eq, sql } from 'drizzle-orm';
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
