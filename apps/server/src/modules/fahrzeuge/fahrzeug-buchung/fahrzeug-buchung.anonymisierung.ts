/**
 * The anonymisation of past vehicle bookings and blocks (decision 199): a booking that ended before the cut-off
 * of `DatenschutzAnonymisierungTage` and is not on the road loses booker, driver, confirmer, canceller, occasion,
 * destination, detour and co-travellers. Its driver (or booker) becomes `anonym_person`, a random id that is the
 * same for all of one person's bookings in one run and never stored with the person, so the utilisation still
 * counts distinct people (k threshold) and its figures stay as they were. The logbook (`fahrtenbuch_eintrag`)
 * is another module's and exempt: tax law keeps it unchanged (§ 147 AO, R 8.1 (9) LStR, decision 081).
 */
import { randomUUID } from 'node:crypto';
import { numberCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import {
  anonymisierungsStichtag,
  anonymisierungsTage,
} from '@stellwerk/domain/verwaltung/datenschutz/anonymisierung';
import { and, asc, eq, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { fahrzeugBuchung, fahrzeugBuchungMitfahrer } from './fahrzeug-buchung.table.ts';

/** Tenant settings, read without a user (no group or personal values). */
const NIEMAND = '00000000-0000-0000-0000-000000000000';
/** Bookings per run at most. */
export const ANONYMISIERUNG_STAPEL = 2000;

export type AnonymisierungsLauf = { stichtag: Date; tage: number; anzahl: number };

export const anonymisiereFahrzeugBuchungen = async (
  tx: Tx,
  { mandantId, now }: { mandantId: string; now: Date },
): Promise<AnonymisierungsLauf> => {
  const settings = await loadEffectiveCustomizing(tx, NIEMAND);
  const tage = anonymisierungsTage(numberCustomizing(settings, 'DatenschutzAnonymisierungTage'));
  const stichtag = anonymisierungsStichtag(tage, now);
  const faellig = await tx
    .select({
      id: fahrzeugBuchung.id,
      person: sql<string>`coalesce(${fahrzeugBuchung.fahrerId}, ${fahrzeugBuchung.benutzerId})`,
    })
    .from(fahrzeugBuchung)
    .where(
      and(
        eq(fahrzeugBuchung.mandantId, mandantId),
        isNull(fahrzeugBuchung.anonymisiertAm),
        lt(fahrzeugBuchung.bis, stichtag),
        ne(fahrzeugBuchung.status, 'aktiv'),
      ),
    )
    .orderBy(asc(fahrzeugBuchung.bis))
    .limit(ANONYMISIERUNG_STAPEL);
  if (faellig.length === 0) return { stichtag, tage, anzahl: 0 };

  const pseudonyme = new Map<string, string>();
  const anonym = (person: string): string => {
    let wert = pseudonyme.get(person);
    if (!wert) {
      wert = randomUUID();
      pseudonyme.set(person, wert);
    }
    return wert;
  };
  const ids = faellig.map((b) => b.id);
  await tx
    .delete(fahrzeugBuchungMitfahrer)
    .where(
      and(
        eq(fahrzeugBuchungMitfahrer.mandantId, mandantId),
        inArray(fahrzeugBuchungMitfahrer.fahrzeugBuchungId, ids),
      ),
    );
  const werte = sql.join(
    faellig.map((b) => sql`(${b.id}::uuid, ${anonym(b.person)}::uuid)`),
    sql`, `,
  );
  await tx.execute(sql`update fahrzeug_buchung b
    set benutzer_id = null, fahrer_id = null, zu_bestaetigen_von = null, storniert_von = null,
      anlass = null, ziel_adresse = null, ziel_person = null, umweg = null,
      informationstext = case when b.typ = 'BUCHUNG' then null else b.informationstext end,
      anonym_person = v.person, anonymisiert_am = ${now}
    from (values ${werte}) as v(id, person)
    where b.id = v.id and b.mandant_id = ${mandantId}`);
  await writeAudit(tx, {
    mandantId,
    benutzerId: null,
    action: 'update',
    entity: 'fahrzeug_buchung_anonymisierung',
    entityId: randomUUID(),
    newValue: { stichtag: stichtag.toISOString(), tage, anzahl: faellig.length },
  });
  return { stichtag, tage, anzahl: faellig.length };
};
