/**
 * Driving-licence rules (spec §3, §4, §5, §6). Dates are Berlin calendar days `YYYY-MM-DD`.
 *
 * "Next check in the future" means the next-check day lies after today (Berlin): on the day itself the
 * check is due and the licence no longer counts as checked.
 */
import type { RuleViolation } from './errors.ts';
import type { PermissionName } from './permissions.ts';
import { addCalendarDays, addCalendarMonths, berlinDateKey, berlinInstant } from './time.ts';

export const FUEHRERSCHEIN_KLASSEN = [
  'AM',
  'A1',
  'A2',
  'A',
  'B1',
  'B',
  'C1',
  'C',
  'D1',
  'D',
  'BE',
  'C1E',
  'CE',
  'D1E',
  'DE',
  'L',
  'T',
] as const;
export type FuehrerscheinKlasse = (typeof FUEHRERSCHEIN_KLASSEN)[number];

export const isFuehrerscheinKlasse = (s: string): s is FuehrerscheinKlasse =>
  (FUEHRERSCHEIN_KLASSEN as readonly string[]).includes(s);

export type Fuehrerschein = {
  ausstellungsdatum: string | null;
  naechstePruefung: string | null;
  fahrverbot: boolean;
  fahrverbotVon: string | null;
  fahrverbotBis: string | null;
  klassen: Partial<Record<FuehrerscheinKlasse, boolean>>;
};

/** Spec §3: the next check is the last check plus the configured number of months. */
export const naechstePruefungAus = (letztePruefung: string, intervallMonate: number): string =>
  addCalendarMonths(letztePruefung, intervallMonate);

/** The check is current while the next-check day lies after today (Berlin). */
export const isPruefungAktuell = ({
  naechstePruefung,
  now,
}: {
  naechstePruefung: string | null;
  now: Date;
}): boolean => naechstePruefung !== null && naechstePruefung > berlinDateKey(now);

/** The reminder is due from `vorlaufTage` days before the next check (spec §9 reminder lead). */
export const isPruefungsErinnerungFaellig = ({
  naechstePruefung,
  now,
  vorlaufTage,
}: {
  naechstePruefung: string | null;
  now: Date;
  vorlaufTage: number;
}): boolean =>
  naechstePruefung !== null && addCalendarDays(naechstePruefung, -vorlaufTage) <= berlinDateKey(now);

/**
 * Spec §5 licence class validity for a vehicle requiring `klasse`: a licence exists, the class flag is
 * set; if periods are given, the issue date precedes the earliest start, the next check lies after the
 * latest end, and no driving ban overlaps a period.
 */
export const fuehrerscheinVerstoss = ({
  fuehrerschein,
  klasse,
  zeitraeume = [],
}: {
  fuehrerschein: Fuehrerschein | null;
  klasse: FuehrerscheinKlasse | null;
  zeitraeume?: readonly { von: Date; bis: Date }[];
}): RuleViolation | null => {
  if (!fuehrerschein) return { code: 'fuehrerschein.fehlt', params: {} };
  if (klasse && !fuehrerschein.klassen[klasse])
    return { code: 'fuehrerschein.klasse_fehlt', params: { klasse } };
  if (zeitraeume.length === 0) return null;
  const earliest = Math.min(...zeitraeume.map((z) => z.von.getTime()));
  const latest = Math.max(...zeitraeume.map((z) => z.bis.getTime()));
  const { ausstellungsdatum, naechstePruefung } = fuehrerschein;
  if (!ausstellungsdatum || berlinInstant(ausstellungsdatum, '00:00').getTime() >= earliest)
    return { code: 'fuehrerschein.ausstellung_nach_beginn', params: {} };
  if (!naechstePruefung || berlinInstant(naechstePruefung, '00:00').getTime() <= latest)
    return { code: 'fuehrerschein.pruefung_abgelaufen', params: {} };
  if (fuehrerschein.fahrverbot) {
    const banFrom = fuehrerschein.fahrverbotVon
      ? berlinInstant(fuehrerschein.fahrverbotVon, '00:00').getTime()
      : -Infinity;
    const banTo = fuehrerschein.fahrverbotBis
      ? berlinInstant(addCalendarDays(fuehrerschein.fahrverbotBis, 1), '00:00').getTime()
      : Infinity;
    if (zeitraeume.some((z) => z.von.getTime() < banTo && banFrom < z.bis.getTime()))
      return { code: 'fuehrerschein.fahrverbot', params: {} };
  }
  return null;
};

export type BuchungsPerson = {
  id: string;
  status: string;
  permissions: ReadonlySet<PermissionName>;
  /** null when the person has no licence record. */
  naechstePruefung: string | null;
};

/**
 * Spec §6: with fahrzeug_fremdbuchung a user may book for any active user holding fahrzeug_buchen whose
 * next licence check is in the future; with fahrzeug_buchen only, the user books for themself and needs
 * a licence record with a current check (spec §4: once the check lapses the booker cannot book).
 */
export const buchenFuerVerstoss = ({
  akteur,
  fahrer,
  now,
}: {
  akteur: { id: string; permissions: ReadonlySet<PermissionName> };
  fahrer: BuchungsPerson;
  now: Date;
}): RuleViolation | null => {
  const self = akteur.id === fahrer.id;
  if (!self && !akteur.permissions.has('fahrzeug_fremdbuchung'))
    return { code: 'fahrzeug_buchung.fremdbuchung_nicht_erlaubt', params: {} };
  if (!fahrer.permissions.has('fahrzeug_buchen') || fahrer.status !== 'aktiv')
    return self
      ? { code: 'auth.forbidden', params: {} }
      : { code: 'fahrzeug_buchung.fremdbuchung_nicht_erlaubt', params: {} };
  if (fahrer.naechstePruefung === null) return { code: 'fuehrerschein.fehlt', params: {} };
  if (!isPruefungAktuell({ naechstePruefung: fahrer.naechstePruefung, now }))
    return { code: 'fuehrerschein.pruefung_abgelaufen', params: {} };
  return null;
};
