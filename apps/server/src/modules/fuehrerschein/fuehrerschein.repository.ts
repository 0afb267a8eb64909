/** SQL of the licence checks (issue 8): licence records, the people they belong to, reminders sent. */
import type { ErinnerungsArt, GesendeteErinnerung } from '@stellwerk/domain/fuehrerschein/erinnerung';
import { isErinnerungsArt } from '@stellwerk/domain/fuehrerschein/erinnerung';
import { and, eq, inArray, sql } from 'drizzle-orm';
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
import { fuehrerschein, fuehrerscheinErinnerung } from './fuehrerschein.table.ts';

export type PersonRow = { id: string; vorname: string; nachname: string; email: string; status: string };

const personColumns = {
  id: benutzer.id,
  vorname: benutzer.vorname,
  nachname: benutzer.nachname,
  email: benutzer.email,
  status: benutzer.status,
};

export const findPersonen = async (tx: Tx, ids: readonly string[]): Promise<PersonRow[]> => {
  if (ids.length === 0) return [];
  return tx
    .select(personColumns)
    .from(benutzer)
    .where(inArray(benutzer.id, [...ids]));
};

/**
 * The ids of the tenant's active users holding `permission`, granted directly, through a role or through a
 * group's role (the sources of the session user's permissions).
 */
export const findAktiveInhaber = async (tx: Tx, permission: string): Promise<string[]> => {
  const direct = tx
    .select({ benutzerId: benutzerPermission.benutzerId })
    .from(benutzerPermission)
    .where(and(eq(benutzerPermission.permissionName, permission), eq(benutzerPermission.wert, 'true')));
  const roles = tx
    .select({ benutzerId: benutzerRolle.benutzerId })
    .from(rollePermission)
    .innerJoin(
      benutzerRolle,
      and(
        eq(benutzerRolle.rolleId, rollePermission.rolleId),
        eq(benutzerRolle.mandantId, rollePermission.mandantId),
      ),
    )
    .where(and(eq(rollePermission.permissionName, permission), eq(rollePermission.wert, 'true')));
  const groups = tx
    .select({ benutzerId: benutzerGruppe.benutzerId })
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
    .where(and(eq(rollePermission.permissionName, permission), eq(rollePermission.wert, 'true')));
  const ids = [...new Set((await unionAll(direct, roles, groups)).map((r) => r.benutzerId))];
  if (ids.length === 0) return [];
  const aktiv = await tx
    .select({ id: benutzer.id })
    .from(benutzer)
    .where(and(inArray(benutzer.id, ids), eq(benutzer.status, 'aktiv')));
  return aktiv.map((r) => r.id);
};

export type FuehrerscheinRow = typeof fuehrerschein.$inferSelect;
export type FuehrerscheinWerte = Omit<
  typeof fuehrerschein.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'letztePruefung' | 'naechstePruefung' | 'prueferId' | 'pruefmethode'
>;

export const findFuehrerscheine = async (
  tx: Tx,
  benutzerIds: readonly string[],
): Promise<FuehrerscheinRow[]> => {
  if (benutzerIds.length === 0) return [];
  return tx
    .select()
    .from(fuehrerschein)
    .where(inArray(fuehrerschein.benutzerId, [...benutzerIds]));
};

/** The record of one user, locked for the change. */
export const lockFuehrerschein = async (
  tx: Tx,
  benutzerId: string,
): Promise<FuehrerscheinRow | undefined> => {
  const rows = await tx
    .select()
    .from(fuehrerschein)
    .where(eq(fuehrerschein.benutzerId, benutzerId))
    .for('update');
  return rows[0];
};

/** Creates or changes the record of spec §3 (one per user); the check columns stay as they are. */
export const upsertFuehrerschein = async (tx: Tx, werte: FuehrerscheinWerte): Promise<void> => {
  const { mandantId: _m, benutzerId: _b, ...set } = werte;
  await tx
    .insert(fuehrerschein)
    .values(werte)
    .onConflictDoUpdate({
      target: [fuehrerschein.mandantId, fuehrerschein.benutzerId],
      set: { ...set, updatedAt: sql`now()` },
    });
};

/** Records a check: examiner, day, next check, method, original seen, when. */
export const updatePruefung = async (
  tx: Tx,
  benutzerId: string,
  werte: {
    prueferId: string;
    letztePruefung: string;
    naechstePruefung: string;
    pruefmethode: string;
    originalGesehen: boolean;
    geprueftAm: Date;
  },
): Promise<void> => {
  await tx
    .update(fuehrerschein)
    .set({ ...werte, updatedAt: sql`now()` })
    .where(eq(fuehrerschein.benutzerId, benutzerId));
};

/** The reminders sent for each licence's current next check (older rounds no longer matter). */
export const findErinnerungen = async (tx: Tx): Promise<GesendeteErinnerung[]> => {
  const rows = await tx
    .select({
      fuehrerscheinId: fuehrerscheinErinnerung.fuehrerscheinId,
      art: fuehrerscheinErinnerung.art,
      naechstePruefung: fuehrerscheinErinnerung.naechstePruefung,
    })
    .from(fuehrerscheinErinnerung)
    .innerJoin(
      fuehrerschein,
      and(
        eq(fuehrerschein.id, fuehrerscheinErinnerung.fuehrerscheinId),
        eq(fuehrerschein.naechstePruefung, fuehrerscheinErinnerung.naechstePruefung),
      ),
    );
  return rows.flatMap((r) => (isErinnerungsArt(r.art) ? [{ ...r, art: r.art }] : []));
};

/** Records reminders as sent; a row already there (another instance was faster) is kept. */
export const insertErinnerungen = async (
  tx: Tx,
  rows: readonly {
    mandantId: string;
    fuehrerscheinId: string;
    art: ErinnerungsArt;
    naechstePruefung: string;
    gesendetAt: Date;
  }[],
): Promise<void> => {
  if (rows.length === 0) return;
  await tx
    .insert(fuehrerscheinErinnerung)
    .values([...rows])
    .onConflictDoNothing();
};
