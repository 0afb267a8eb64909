/**
 * Erasing a person (decision 235), the vehicle bookings' part: the person's bookings that have not ended are
 * cancelled through the system cancellation first (the car is free again, the other person of the booking is
 * told as usual), then every booking naming the person loses them like the anonymisation of decision 199: as
 * booker or driver the booking keeps one random `anonym_person` (so the utilisation's figures stay) and loses
 * occasion, destination, detour and co-travellers; as confirmer or canceller only the reference goes. A trip on
 * the road refuses the erasure (`benutzer.fahrt_laeuft`): its check-in is still to come.
 */
import { randomUUID } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import { type AnyColumn, and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import type { FahrzeugBuchungDeps } from './fahrzeug-buchung.kontext.ts';
import { storniereDurchSystem } from './fahrzeug-buchung.system-storno.ts';
import { fahrzeugBuchung, fahrzeugBuchungMitfahrer } from './fahrzeug-buchung.table.ts';

export const loescheFahrzeugBuchungenDerPerson = async (
  tx: Tx,
  deps: Pick<FahrzeugBuchungDeps, 'publicUrl'>,
  { mandantId, benutzerId, now, grund }: { mandantId: string; benutzerId: string; now: Date; grund: string },
): Promise<{ storniert: number; anonymisiert: number }> => {
  const derPerson = or(eq(fahrzeugBuchung.benutzerId, benutzerId), eq(fahrzeugBuchung.fahrerId, benutzerId));
  const unterwegs = await tx
    .select({ id: fahrzeugBuchung.id })
    .from(fahrzeugBuchung)
    .where(and(derPerson, eq(fahrzeugBuchung.status, 'aktiv')))
    .limit(1);
  if (unterwegs.length > 0) throw new DomainError('benutzer.fahrt_laeuft');
  const offen = await tx
    .select({ id: fahrzeugBuchung.id })
    .from(fahrzeugBuchung)
    .where(
      and(
        derPerson,
        eq(fahrzeugBuchung.typ, 'BUCHUNG'),
        gt(fahrzeugBuchung.bis, now),
        inArray(fahrzeugBuchung.status, ['vorgemerkt', 'reserviert']),
      ),
    );
  const storniert = await storniereDurchSystem(
    tx,
    { now: () => now, publicUrl: deps.publicUrl },
    { mandantId },
    { ids: offen.map((b) => b.id), grund },
  );

  const betroffen = await tx
    .select({ id: fahrzeugBuchung.id })
    .from(fahrzeugBuchung)
    .where(and(eq(fahrzeugBuchung.mandantId, mandantId), derPerson));
  const ids = betroffen.map((b) => b.id);
  if (ids.length > 0) {
    const gebucht = sql`${fahrzeugBuchung.benutzerId} = ${benutzerId}`;
    const ohne = (spalte: AnyColumn) => sql`case when ${spalte} = ${benutzerId} then null else ${spalte} end`;
    const leerWennGebucht = (spalte: AnyColumn) => sql`case when ${gebucht} then null else ${spalte} end`;
    await tx
      .delete(fahrzeugBuchungMitfahrer)
      .where(
        and(
          eq(fahrzeugBuchungMitfahrer.mandantId, mandantId),
          inArray(fahrzeugBuchungMitfahrer.fahrzeugBuchungId, ids),
        ),
      );
    // one random id for all of the person's bookings: the utilisation still counts one person (decision 199);
    // a booking booked by someone else keeps its booker and loses only the driver
    const anonym = randomUUID();
    await tx
      .update(fahrzeugBuchung)
      .set({
        benutzerId: ohne(fahrzeugBuchung.benutzerId),
        fahrerId: ohne(fahrzeugBuchung.fahrerId),
        anlass: leerWennGebucht(fahrzeugBuchung.anlass),
        zielAdresse: leerWennGebucht(fahrzeugBuchung.zielAdresse),
        zielPerson: leerWennGebucht(fahrzeugBuchung.zielPerson),
        umweg: leerWennGebucht(fahrzeugBuchung.umweg),
        informationstext: sql`case when ${gebucht} and ${fahrzeugBuchung.typ} = 'BUCHUNG' then null else ${fahrzeugBuchung.informationstext} end`,
        anonymPerson: sql`case when ${gebucht} then coalesce(${fahrzeugBuchung.anonymPerson}, ${anonym}::uuid) else ${fahrzeugBuchung.anonymPerson} end`,
        anonymisiertAm: sql`case when ${gebucht} then coalesce(${fahrzeugBuchung.anonymisiertAm}, ${now}) else ${fahrzeugBuchung.anonymisiertAm} end`,
      })
      .where(and(eq(fahrzeugBuchung.mandantId, mandantId), inArray(fahrzeugBuchung.id, ids)));
  }
  return { storniert: storniert.length, anonymisiert: ids.length };
};
