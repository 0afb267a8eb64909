/** SQL of the licence checks: licence records, the people they belong to, reminders sent. */
import type {
  ErinnerungsArt,
  GesendeteErinnerung,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/erinnerung';
import { isErinnerungsArt } from '@stellwerk/domain/fahrzeuge/fuehrerschein/erinnerung';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
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
