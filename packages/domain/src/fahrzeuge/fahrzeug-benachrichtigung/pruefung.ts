/**
 * The vehicle inspections (decision 068): the next general inspection (HU, Hauptuntersuchung) and
 * the yearly accident-prevention inspection (UVV, DGUV Vorschrift 70), each a Berlin calendar day
 * `YYYY-MM-DD` on the vehicle. The fleet managers are reminded once per vehicle, kind and due day from the
 * lead on; an overdue UVV warns or refuses a booking as the tenant chooses (`FahrzeugUvvUeberfaellig`).
 */
import type { RuleViolation } from '../../errors.ts';
import { addCalendarDays, berlinDateKey, berlinInstant, formatDateDE } from '../../time.ts';

export const PRUEFUNG_ARTEN = ['HU', 'UVV'] as const;
export type PruefungArt = (typeof PRUEFUNG_ARTEN)[number];

export const UVV_MODI = ['warnen', 'sperren'] as const;
export type UvvModus = (typeof UVV_MODI)[number];

export type PruefungsFahrzeug = { id: string; huFaelligAm: string | null; uvvFaelligAm: string | null };

export type PruefungsErinnerung = {
  schluessel: string;
  fahrzeugId: string;
  art: PruefungArt;
  faelligAm: string;
  ueberfaellig: boolean;
};

/**
 * The inspection reminders due now and not yet sent: each inspection whose due day is at most `vorlaufTage`
 * days ahead (or already past: a due day the job first sees overdue is still told once). The key holds the
 * due day, so entering the next date starts a new round.
 */
export const pruefungsErinnerungen = ({
  fahrzeuge,
  gesendet,
  now,
  vorlaufTage,
}: {
  fahrzeuge: readonly PruefungsFahrzeug[];
  gesendet: ReadonlySet<string>;
  now: Date;
  vorlaufTage: number;
}): PruefungsErinnerung[] => {
  const heute = berlinDateKey(now);
  const grenze = addCalendarDays(heute, vorlaufTage);
  const result: PruefungsErinnerung[] = [];
  for (const f of fahrzeuge)
    for (const art of PRUEFUNG_ARTEN) {
      const faelligAm = art === 'HU' ? f.huFaelligAm : f.uvvFaelligAm;
      if (!faelligAm || faelligAm > grenze) continue;
      const schluessel = `pruefung:${art}:${f.id}:${faelligAm}`;
      if (gesendet.has(schluessel)) continue;
      result.push({ schluessel, fahrzeugId: f.id, art, faelligAm, ueberfaellig: faelligAm < heute });
    }
  return result.sort((a, b) => a.faelligAm.localeCompare(b.faelligAm) || a.art.localeCompare(b.art));
};

/** Overdue: the trip starts on a day after the UVV due day (the inspection is valid through its due day). */
export const isUvvUeberfaellig = ({
  uvvFaelligAm,
  von,
}: {
  uvvFaelligAm: string | null;
  von: Date;
}): boolean => uvvFaelligAm !== null && berlinDateKey(von) > uvvFaelligAm;

/**
 * The booking rule of an overdue UVV inspection: with `sperren` a refusal, with `warnen` a notice the booking
 * answer carries; nothing when the inspection is not overdue at the trip's start.
 */
export const uvvBuchungsRegel = ({
  uvvFaelligAm,
  von,
  modus,
}: {
  uvvFaelligAm: string | null;
  von: Date;
  modus: UvvModus;
}): { verstoss: RuleViolation | null; hinweis: RuleViolation | null } => {
  if (!uvvFaelligAm || !isUvvUeberfaellig({ uvvFaelligAm, von })) return { verstoss: null, hinweis: null };
  const params = { datum: formatDateDE(berlinInstant(uvvFaelligAm, '12:00')) };
  return modus === 'sperren'
    ? { verstoss: { code: 'fahrzeug_buchung.uvv_ueberfaellig', params }, hinweis: null }
    : { verstoss: null, hinweis: { code: 'fahrzeug_buchung.uvv_ueberfaellig_hinweis', params } };
};

export const parseUvvModus = (s: string): UvvModus => (s === 'sperren' ? 'sperren' : 'warnen');

/**
 * The booking rule of an overdue HU (Hauptuntersuchung), like the UVV's: a trip starting after the
 * due day is refused with `sperren` (setting `FahrzeugHuUeberfaellig`) or carries a notice with `warnen`.
 */
export const huBuchungsRegel = ({
  huFaelligAm,
  von,
  modus,
}: {
  huFaelligAm: string | null;
  von: Date;
  modus: UvvModus;
}): { verstoss: RuleViolation | null; hinweis: RuleViolation | null } => {
  if (!huFaelligAm || berlinDateKey(von) <= huFaelligAm) return { verstoss: null, hinweis: null };
  const params = { datum: formatDateDE(berlinInstant(huFaelligAm, '12:00')) };
  return modus === 'sperren'
    ? { verstoss: { code: 'fahrzeug_buchung.hu_ueberfaellig', params }, hinweis: null }
    : { verstoss: null, hinweis: { code: 'fahrzeug_buchung.hu_ueberfaellig_hinweis', params } };
};

/** Whether an inspection's due day lies before today (Berlin): the service book marks it. */
export const isPruefungUeberfaellig = ({
  faelligAm,
  now,
}: {
  faelligAm: string | null;
  now: Date;
}): boolean => faelligAm !== null && faelligAm < berlinDateKey(now);
