/**
 * Erasing a person (decision 235), the place bookings' part: the person's holds and reservations that have not
 * ended are cancelled by the system (as staff would: a performed booking stays), their coupled locker is given
 * back and open plans hear that the place is free; then every booking naming the person's address as booker or
 * confirmer gets `anonym:<random id>` instead, one id for all of the person's bookings (decision 199), so the
 * utilisation's figures stay. No cancellation mail: the address is being erased.
 */
import { randomUUID } from 'node:crypto';
import { leseraumStornoVerstoss } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import type { BuchungStatus } from '@stellwerk/domain/status';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { meldeBuchung } from './leseraum-buchung.kontext.ts';
import { findBuchung, updateBuchung } from './leseraum-buchung.repository.ts';
import { spindFreigeben } from './leseraum-buchung.spind.ts';
import { leseraumBuchung } from './leseraum-buchung.table.ts';

export const loescheLeseraumBuchungenDerPerson = async (
  tx: Tx,
  { mandantId, email, now }: { mandantId: string; email: string; now: Date },
): Promise<{ storniert: number; anonymisiert: number }> => {
  const adresse = email.trim().toLowerCase();
  const gebucht = sql`lower(${leseraumBuchung.systembenutzer1Mail}) = ${adresse}`;
  const bestaetigt = sql`lower(${leseraumBuchung.systembenutzer2Mail}) = ${adresse}`;
  const offen = await tx
    .select({ id: leseraumBuchung.id, status: leseraumBuchung.status })
    .from(leseraumBuchung)
    .where(
      and(
        gebucht,
        inArray(leseraumBuchung.status, ['vorgemerkt', 'reserviert']),
        gt(leseraumBuchung.bis, now),
      ),
    )
    .for('update');
  let storniert = 0;
  for (const b of offen) {
    if (leseraumStornoVerstoss({ status: b.status as BuchungStatus, akteur: 'personal' })) continue;
    await updateBuchung(tx, b.id, { status: 'storniert', stornoGrund: 'system', storniertAm: now });
    await spindFreigeben(tx, { mandantId, buchungId: b.id, now, grund: 'loeschung' });
    const row = await findBuchung(tx, b.id);
    if (row) await meldeBuchung(tx, mandantId, row);
    storniert += 1;
  }
  const anonym = `anonym:${randomUUID()}`;
  const geaendert = await tx
    .update(leseraumBuchung)
    .set({
      systembenutzer1Mail: sql`case when ${gebucht} then ${anonym} else ${leseraumBuchung.systembenutzer1Mail} end`,
      systembenutzer2Mail: sql`case when ${bestaetigt} then ${anonym} else ${leseraumBuchung.systembenutzer2Mail} end`,
      anonymisiertAm: sql`coalesce(${leseraumBuchung.anonymisiertAm}, ${now})`,
    })
    .where(and(eq(leseraumBuchung.mandantId, mandantId), or(gebucht, bestaetigt)))
    .returning({ id: leseraumBuchung.id });
  return { storniert, anonymisiert: geaendert.length };
};
