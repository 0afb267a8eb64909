import type { BuchungStatus, FahrzeugBuchungTyp } from '@stellwerk/domain/status';
import { parseStatus, parseTyp } from '@stellwerk/domain/status';
import { and, asc, eq, gt, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';

export type SperrFahrzeugRow = {
  id: string;
  standortId: string;
  fuehrerscheinklasse: string;
  deaktiviert: boolean;
  gueltigVon: string | null;
  gueltigBis: string | null;
  marke: string;
  modell: string;
  kennzeichen: string;
};

const fahrzeugColumns = {
  id: fahrzeug.id,
  standortId: fahrzeug.standortId,
  fuehrerscheinklasse: fahrzeug.fuehrerscheinklasse,
  deaktiviert: fahrzeug.deaktiviert,
  gueltigVon: fahrzeug.gueltigVon,
  gueltigBis: fahrzeug.gueltigBis,
  marke: fahrzeug.marke,
  modell: fahrzeug.modell,
  kennzeichen: fahrzeug.kennzeichen,
};

export const findFahrzeug = async (tx: Tx, id: string): Promise<SperrFahrzeugRow | undefined> => {
  const rows = await tx.select(fahrzeugColumns).from(fahrzeug).where(eq(fahrzeug.id, id)).limit(1);
  return rows[0];
};

/** The active vehicles of a location with a licence class (the candidates a booking may move to), by plate. */
export const findKandidaten = async (
  tx: Tx,
  { standortId, fuehrerscheinklasse }: { standortId: string; fuehrerscheinklasse: string },
): Promise<SperrFahrzeugRow[]> =>
  tx
    .select(fahrzeugColumns)
    .from(fahrzeug)
    .where(
      and(
        eq(fahrzeug.standortId, standortId),
        eq(fahrzeug.fuehrerscheinklasse, fuehrerscheinklasse),
        eq(fahrzeug.deaktiviert, false),
      ),
    )
    .orderBy(asc(fahrzeug.marke), asc(fahrzeug.modell), asc(fahrzeug.kennzeichen));

/**
 * Locks the vehicle rows (SELECT … FOR UPDATE) in id order, as every booking does (decision 045), so the
 * block, the moves and the bookings of other requests never wait on each other crosswise.
 */
export const lockFahrzeuge = async (tx: Tx, ids: readonly string[]): Promise<void> => {
  for (const id of [...new Set(ids)].sort())
    await tx.select({ id: fahrzeug.id }).from(fahrzeug).where(eq(fahrzeug.id, id)).for('update');
};

export type SperreRow = {
  id: string;
  fahrzeugId: string;
  typ: FahrzeugBuchungTyp;
  von: Date;
  bis: Date;
  status: BuchungStatus;
  informationstext: string | null;
  sicherheitsrelevant: boolean;
};

const sperreColumns = {
  id: fahrzeugBuchung.id,
  fahrzeugId: fahrzeugBuchung.fahrzeugId,
  typ: fahrzeugBuchung.typ,
  von: fahrzeugBuchung.von,
  bis: fahrzeugBuchung.bis,
  status: fahrzeugBuchung.status,
  informationstext: fahrzeugBuchung.informationstext,
  sicherheitsrelevant: fahrzeugBuchung.sicherheitsrelevant,
};

const toSperre = (r: Omit<SperreRow, 'status' | 'typ'> & { status: string; typ: string }): SperreRow => ({
  ...r,
  status: parseStatus(r.status),
  typ: parseTyp(r.typ),
});

/** The vehicle's blocks that are not cancelled and have not ended, by start. */
export const findSperren = async (tx: Tx, { fahrzeugId, now }: { fahrzeugId: string; now: Date }) =>
  (
    await tx
      .select(sperreColumns)
      .from(fahrzeugBuchung)
      .where(
        and(
          eq(fahrzeugBuchung.fahrzeugId, fahrzeugId),
          ne(fahrzeugBuchung.typ, 'BUCHUNG'),
          ne(fahrzeugBuchung.status, 'storniert'),
          gt(fahrzeugBuchung.bis, now),
        ),
      )
      .orderBy(asc(fahrzeugBuchung.von))
      .limit(2000)
  ).map(toSperre);

/** Locks one block (FOR UPDATE); undefined when there is none with that id (or it is a trip). */
export const lockSperre = async (tx: Tx, id: string): Promise<SperreRow | undefined> => {
  const rows = await tx
    .select(sperreColumns)
    .from(fahrzeugBuchung)
    .where(and(eq(fahrzeugBuchung.id, id), ne(fahrzeugBuchung.typ, 'BUCHUNG')))
    .for('update');
  return rows[0] ? toSperre(rows[0]) : undefined;
};
