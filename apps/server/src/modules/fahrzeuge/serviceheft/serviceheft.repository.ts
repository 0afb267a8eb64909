import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { serviceheftEintrag } from './serviceheft.table.ts';

export const findServiceheftFahrzeug = async (tx: Tx, id: string) =>
  (
    await tx
      .select({ id: fahrzeug.id, huFaelligAm: fahrzeug.huFaelligAm, uvvFaelligAm: fahrzeug.uvvFaelligAm })
      .from(fahrzeug)
      .where(eq(fahrzeug.id, id))
  )[0];

export const findEintraege = async (tx: Tx, fahrzeugId: string) =>
  tx
    .select({
      id: serviceheftEintrag.id,
      typ: serviceheftEintrag.typ,
      beschreibung: serviceheftEintrag.beschreibung,
      von: serviceheftEintrag.von,
      bis: serviceheftEintrag.bis,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
    })
    .from(serviceheftEintrag)
    .leftJoin(benutzer, eq(benutzer.id, serviceheftEintrag.benutzerId))
    .where(eq(serviceheftEintrag.fahrzeugId, fahrzeugId))
    .orderBy(desc(serviceheftEintrag.von));

/** The vehicle's WARTUNG and SERVICE blocks that were not cancelled. */
export const findWartungsSperren = async (tx: Tx, fahrzeugId: string) =>
  tx
    .select({
      id: fahrzeugBuchung.id,
      typ: fahrzeugBuchung.typ,
      beschreibung: fahrzeugBuchung.informationstext,
      von: fahrzeugBuchung.von,
      bis: fahrzeugBuchung.bis,
      vorname: benutzer.vorname,
      nachname: benutzer.nachname,
    })
    .from(fahrzeugBuchung)
    .leftJoin(benutzer, eq(benutzer.id, fahrzeugBuchung.benutzerId))
    .where(
      and(
        eq(fahrzeugBuchung.fahrzeugId, fahrzeugId),
        inArray(fahrzeugBuchung.typ, ['WARTUNG', 'SERVICE']),
        ne(fahrzeugBuchung.status, 'storniert'),
      ),
    );

export const insertEintrag = async (
  tx: Tx,
  werte: typeof serviceheftEintrag.$inferInsert,
): Promise<string> => {
  const [row] = await tx.insert(serviceheftEintrag).values(werte).returning({ id: serviceheftEintrag.id });
  return row!.id;
};

/** Deletes up to `anzahl` service book entries whose end day (or start day, without an end) lies before the cut-off. */
export const deleteFaelligesServiceheft = async (tx: Tx, stichtag: Date, anzahl: number): Promise<number> => {
  const ids = (
    await tx
      .select({ id: serviceheftEintrag.id })
      .from(serviceheftEintrag)
      .where(
        sql`coalesce(${serviceheftEintrag.bis}, ${serviceheftEintrag.von}) < ${stichtag.toISOString()}::timestamptz`,
      )
      .limit(anzahl)
  ).map((r) => r.id);
  if (ids.length === 0) return 0;
  await tx.delete(serviceheftEintrag).where(inArray(serviceheftEintrag.id, ids));
  return ids.length;
};
