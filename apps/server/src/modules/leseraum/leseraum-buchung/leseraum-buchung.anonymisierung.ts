/**
 * The anonymisation of past reading-room bookings (decision 199): a booking (with its hold and check-in, which
 * are its states) that ended before the cut-off of `DatenschutzAnonymisierungTage` loses the mail addresses of
 * booker and confirmer. Each person becomes `anonym:<random id>`, the same for all of one person's bookings in
 * one run and never stored with the person, so the utilisation still counts distinct people (k threshold) and
 * its figures stay as they were. A batch per run; the next minute's run goes on. The plans of the batch announce
 * that their occupancy changed (a helper's marker on a past day goes with the address; decision 273).
 */
import { randomUUID } from 'node:crypto';
import { numberCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import {
  anonymisierungsStichtag,
  anonymisierungsTage,
} from '@stellwerk/domain/verwaltung/datenschutz/anonymisierung';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { findGrundrissIdsDerPlaetze } from './leseraum-buchung.plaene.repository.ts';
import { leseraumBuchung } from './leseraum-buchung.table.ts';

/** Tenant settings, read without a user (no group or personal values). */
const NIEMAND = '00000000-0000-0000-0000-000000000000';
/** Bookings per run at most. */
export const ANONYMISIERUNG_STAPEL = 2000;

export type AnonymisierungsLauf = { stichtag: Date; tage: number; anzahl: number };

export const anonymisiereLeseraumBuchungen = async (
  tx: Tx,
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<AnonymisierungsLauf> => {
  const settings = await loadEffectiveCustomizing(tx, NIEMAND);
  const tage = anonymisierungsTage(numberCustomizing(settings, 'DatenschutzAnonymisierungTage'));
  const stichtag = anonymisierungsStichtag(tage, now);
  const faellig = await tx
    .select({
      id: leseraumBuchung.id,
      leseraumId: leseraumBuchung.leseraumId,
      m1: leseraumBuchung.systembenutzer1Mail,
      m2: leseraumBuchung.systembenutzer2Mail,
    })
    .from(leseraumBuchung)
    .where(
      and(
        eq(leseraumBuchung.mandantId, mandantId),
        isNull(leseraumBuchung.anonymisiertAm),
        lt(leseraumBuchung.bis, stichtag),
      ),
    )
    .orderBy(asc(leseraumBuchung.bis))
    .limit(ANONYMISIERUNG_STAPEL);
  if (faellig.length === 0) return { stichtag, tage, anzahl: 0 };

  const pseudonyme = new Map<string, string>();
  const anonym = (mail: string | null): string | null => {
    if (mail === null) return null;
    const key = mail.trim().toLowerCase();
    if (key.startsWith('anonym:')) return key;
    let wert = pseudonyme.get(key);
    if (!wert) {
      wert = `anonym:${randomUUID()}`;
      pseudonyme.set(key, wert);
    }
    return wert;
  };
  const werte = sql.join(
    faellig.map((b) => sql`(${b.id}::uuid, ${anonym(b.m1)}, ${anonym(b.m2)})`),
    sql`, `,
  );
  await tx.execute(sql`update leseraum_buchung b
    set systembenutzer1_mail = v.m1, systembenutzer2_mail = v.m2, anonymisiert_am = ${now}
    from (values ${werte}) as v(id, m1, m2)
    where b.id = v.id and b.mandant_id = ${mandantId}`);
  await writeAudit(tx, {
    mandantId,
    benutzerId: null,
    action: 'update',
    entity: 'leseraum_buchung_anonymisierung',
    entityId: randomUUID(),
    newValue: { stichtag: stichtag.toISOString(), tage, anzahl: faellig.length },
  });
  const plaetze = [...new Set(faellig.map((b) => b.leseraumId))];
  for (const grundrissId of await findGrundrissIdsDerPlaetze(tx, plaetze))
    await publishEvent(tx, mandantId, { type: 'leseraum_belegung', id: grundrissId });
  return { stichtag, tage, anzahl: faellig.length };
};
