/** What the personal calendar feed and the invitations read of vehicle bookings (decisions 168, 169). */
import { and, asc, eq, gt, ne, or, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { fahrzeug } from '../fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

export type KalenderFahrtRow = {
  id: string;
  von: Date;
  bis: Date;
  status: string;
  updatedAt: Date;
  kennzeichen: string;
  marke: string;
  modell: string;
  standort: string;
};

const query = (tx: Tx, where: SQL | undefined) =>
  tx
    .select({
      id: fahrzeugBuchung.id,
      von: fahrzeugBuchung.von,
      bis: fahrzeugBuchung.bis,
      status: fahrzeugBuchung.status,
      updatedAt: fahrzeugBuchung.updatedAt,
      kennzeichen: fahrzeug.kennzeichen,
      marke: fahrzeug.marke,
      modell: fahrzeug.modell,
      standort: standort.name,
    })
    .from(fahrzeugBuchung)
    .innerJoin(fahrzeug, eq(fahrzeug.id, fahrzeugBuchung.fahrzeugId))
    .innerJoin(standort, eq(standort.id, fahrzeug.standortId))
    .where(where);

/**
 * The trips (type BUCHUNG) the user books or drives that end after `seit`, and the cancelled ones changed
 * (cancelled) after `storniertSeit`; soonest first.
 */
export const findKalenderFahrten = async (
  tx: Tx,
  {
    benutzerId,
    seit,
    storniertSeit,
    limit,
  }: { benutzerId: string; seit: Date; storniertSeit: Date; limit: number },
): Promise<KalenderFahrtRow[]> =>
  query(
    tx,
    and(
      eq(fahrzeugBuchung.typ, 'BUCHUNG'),
      or(eq(fahrzeugBuchung.benutzerId, benutzerId), eq(fahrzeugBuchung.fahrerId, benutzerId)),
      ne(fahrzeugBuchung.status, 'verschlossen'),
      or(
        and(ne(fahrzeugBuchung.status, 'storniert'), gt(fahrzeugBuchung.bis, seit)),
        and(eq(fahrzeugBuchung.status, 'storniert'), gt(fahrzeugBuchung.updatedAt, storniertSeit)),
      ),
    ),
  )
    .orderBy(asc(fahrzeugBuchung.von))
    .limit(limit);

/** One trip (type BUCHUNG) as it stands in this transaction. */
export const findKalenderFahrt = async (tx: Tx, id: string): Promise<KalenderFahrtRow | undefined> =>
  (await query(tx, and(eq(fahrzeugBuchung.id, id), eq(fahrzeugBuchung.typ, 'BUCHUNG'))).limit(1))[0];
