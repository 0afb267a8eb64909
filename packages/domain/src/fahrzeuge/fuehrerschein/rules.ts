/**
 * Driving-licence rules (spec §3, §4, §5, §6). Dates are Berlin calendar days `YYYY-MM-DD`.
 *
 * "Next check in the future" means the next-check day lies after today (Berlin): on the day itself the
 * check is due and the licence no longer counts as checked.
 */
import type { RuleViolation } from '../../errors.ts';
import type { PermissionName } from '../../permissions.ts';
import type { BuchungStatus, FahrzeugBuchungTyp } from '../../status.ts';
import {
  addCalendarDays,
  addCalendarMonths,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
} from '../../time.ts';
import { isMassenStornierbar, STORNO_GRUND } from '../fahrzeug-buchung/machine.ts';

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
  /** optional expiry days of the truck and bus classes (C1 … DE): an expired class refuses booking */
  klassenAblauf?: Partial<Record<FuehrerscheinKlasse, string | null>>;
  /** optional expiry day of the document itself: an expired document only warns */
  dokumentAblauf?: string | null;
};

/** Classes whose entitlement expires in Germany (trucks and buses, renewed every five years). */
export const BEFRISTETE_KLASSEN: readonly FuehrerscheinKlasse[] = [
  'C1',
  'C1E',
  'C',
  'CE',
  'D1',
  'D1E',
  'D',
  'DE',
];

/** Default interval between two licence checks in months (customary in Germany; tenant setting). */
export const PRUEFUNG_INTERVALL_MONATE = 6;

/** Spec §3: the next check is the last check plus the tenant's number of months (default 6). */
export const naechstePruefungAus = ({
  letztePruefung,
  intervallMonate = PRUEFUNG_INTERVALL_MONATE,
}: {
  letztePruefung: string;
  intervallMonate?: number;
}): string => addCalendarMonths(letztePruefung, intervallMonate);

export type PruefungsStand = 'fehlt' | 'ueberfaellig' | 'faellig' | 'aktuell';

/**
 * The state of a licence check on the list: no record or no next check → fehlt; next check
 * today or earlier → ueberfaellig (the check has lapsed, booking is refused); within the lead of
 * `vorlaufTage` days → faellig; otherwise aktuell.
 */
export const pruefungsStand = ({
  naechstePruefung,
  now,
  vorlaufTage,
}: {
  naechstePruefung: string | null;
  now: Date;
  vorlaufTage: number;
}): PruefungsStand => {
  if (naechstePruefung === null) return 'fehlt';
  const today = berlinDateKey(now);
  if (naechstePruefung <= today) return 'ueberfaellig';
  if (addCalendarDays(naechstePruefung, -vorlaufTage) <= today) return 'faellig';
  return 'aktuell';
};

/** How a check was done: the original seen in person, or another method the tenant names. */
export const PRUEFMETHODE_ORIGINAL = 'original_persoenlich';

/**
 * Recording a check: the examiner is the current user, the last check is today (Berlin), the
 * next check follows from the interval; the method is the original in person or one of the tenant's
 * methods, and the original document must have been seen. No copy of the licence is stored.
 */
export const pruefungErfassen = ({
  prueferId,
  now,
  methode,
  originalGesehen,
  erlaubteMethoden = [],
  intervallMonate = PRUEFUNG_INTERVALL_MONATE,
}: {
  prueferId: string;
  now: Date;
  methode: string;
  originalGesehen: boolean;
  erlaubteMethoden?: readonly string[];
  intervallMonate?: number;
}):
  | { verstoss: RuleViolation }
  | {
      verstoss: null;
      pruefung: {
        prueferId: string;
        letztePruefung: string;
        naechstePruefung: string;
        methode: string;
        geprueftAm: Date;
      };
    } => {
  if (methode !== PRUEFMETHODE_ORIGINAL && !erlaubteMethoden.includes(methode))
    return {
      verstoss: { code: 'fuehrerschein.pruefmethode_unbekannt', params: { methode: methode.slice(0, 100) } },
    };
  if (!originalGesehen) return { verstoss: { code: 'fuehrerschein.original_nicht_gesehen', params: {} } };
  const letztePruefung = berlinDateKey(now);
  return {
    verstoss: null,
    pruefung: {
      prueferId,
      letztePruefung,
      naechstePruefung: naechstePruefungAus({ letztePruefung, intervallMonate }),
      methode,
      geprueftAm: now,
    },
  };
};

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
 * set; if periods are given, the class has not expired before the latest end (truck and bus classes),
 * the issue date precedes the earliest start, the next check lies after the latest end, and no driving
 * ban (fahrverbot_von to fahrverbot_bis, whole Berlin days; open ends unlimited) overlaps a period.
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
  const ablauf = klasse ? fuehrerschein.klassenAblauf?.[klasse] : null;
  // valid through its expiry day (Berlin), like gueltigBis: up to the next day's 00:00
  if (klasse && ablauf && berlinInstant(addCalendarDays(ablauf, 1), '00:00').getTime() < latest)
    return {
      code: 'fuehrerschein.klasse_abgelaufen',
      params: { klasse, datum: formatDateDE(berlinInstant(ablauf, '12:00')) },
    };
  const { ausstellungsdatum, naechstePruefung } = fuehrerschein;
  if (!ausstellungsdatum || berlinInstant(ausstellungsdatum, '00:00').getTime() >= earliest)
    return { code: 'fuehrerschein.ausstellung_nach_beginn', params: {} };
  if (!naechstePruefung || berlinInstant(naechstePruefung, '00:00').getTime() <= latest)
    return { code: 'fuehrerschein.pruefung_abgelaufen', params: {} };
  if (zeitraeume.some((z) => isFahrverbotImZeitraum({ fuehrerschein, von: z.von, bis: z.bis })))
    return { code: 'fuehrerschein.fahrverbot', params: {} };
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
      ? { code: 'fahrzeug_buchung.buchen_nicht_erlaubt', params: {} }
      : { code: 'fahrzeug_buchung.fremdbuchung_nicht_erlaubt', params: {} };
  if (fahrer.naechstePruefung === null) return { code: 'fuehrerschein.fehlt', params: {} };
  if (!isPruefungAktuell({ naechstePruefung: fahrer.naechstePruefung, now }))
    return { code: 'fuehrerschein.pruefung_abgelaufen', params: {} };
  return null;
};

/** Warnings that do not refuse a booking: an expired licence document. */
export const fuehrerscheinHinweise = ({
  fuehrerschein,
  now,
}: {
  fuehrerschein: Pick<Fuehrerschein, 'dokumentAblauf'> | null;
  now: Date;
}): RuleViolation[] =>
  fuehrerschein?.dokumentAblauf && fuehrerschein.dokumentAblauf < berlinDateKey(now)
    ? [
        {
          code: 'fuehrerschein.dokument_abgelaufen',
          params: { datum: formatDateDE(berlinInstant(fuehrerschein.dokumentAblauf, '12:00')) },
        },
      ]
    : [];

/** A driving ban must not end before it begins (open ends are unlimited). */
export const fahrverbotZeitraumVerstoss = ({
  fahrverbotVon,
  fahrverbotBis,
}: {
  fahrverbotVon: string | null;
  fahrverbotBis: string | null;
}): RuleViolation | null =>
  fahrverbotVon && fahrverbotBis && fahrverbotBis < fahrverbotVon
    ? { code: 'fuehrerschein.fahrverbot_zeitraum', params: {} }
    : null;

/**
 * Whether a driving ban (whole Berlin days, open ends unlimited) overlaps `von`–`bis`: used to list the
 * driver's bookings a newly entered ban cancels.
 */
export const isFahrverbotImZeitraum = ({
  fuehrerschein,
  von,
  bis,
}: {
  fuehrerschein: Pick<Fuehrerschein, 'fahrverbot' | 'fahrverbotVon' | 'fahrverbotBis'>;
  von: Date;
  bis: Date;
}): boolean => {
  if (!fuehrerschein.fahrverbot) return false;
  const banFrom = fuehrerschein.fahrverbotVon
    ? berlinInstant(fuehrerschein.fahrverbotVon, '00:00').getTime()
    : -Infinity;
  const banTo = fuehrerschein.fahrverbotBis
    ? berlinInstant(addCalendarDays(fuehrerschein.fahrverbotBis, 1), '00:00').getTime()
    : Infinity;
  return von.getTime() < banTo && banFrom < bis.getTime();
};

/**
 * The people `akteur` may choose as driver in the booking dialog (spec §6), in the given order: with
 * fahrzeug_fremdbuchung every active user holding fahrzeug_buchen whose next check is in the future;
 * with fahrzeug_buchen only oneself, with a current check.
 */
export const waehlbareFahrer = <P extends BuchungsPerson>({
  akteur,
  personen,
  now,
}: {
  akteur: { id: string; permissions: ReadonlySet<PermissionName> };
  personen: readonly P[];
  now: Date;
}): P[] => personen.filter((fahrer) => buchenFuerVerstoss({ akteur, fahrer, now }) === null);

/**
 * Everything about the driver of a booking, in one call so no caller forgets half of it (spec §5, §6):
 * may `akteur` book for `fahrer` (permissions, active, next check in the future), then the driver's
 * licence for the vehicle's class over the booking periods (class, class expiry, issue date, check
 * lapsing before the end, driving ban).
 */
export const fahrerVerstoss = ({
  akteur,
  fahrer,
  fuehrerschein,
  klasse,
  zeitraeume,
  now,
}: {
  akteur: { id: string; permissions: ReadonlySet<PermissionName> };
  fahrer: BuchungsPerson;
  fuehrerschein: Fuehrerschein | null;
  klasse: FuehrerscheinKlasse | null;
  zeitraeume: readonly { von: Date; bis: Date }[];
  now: Date;
}): RuleViolation | null =>
  buchenFuerVerstoss({ akteur, fahrer, now }) ?? fuehrerscheinVerstoss({ fuehrerschein, klasse, zeitraeume });

/**
 * Whether the user may book the vehicle for themself (so the car list does not say 'Frei' for a car
 * the user may not book): the same rules as a booking with the user as driver (`fahrerVerstoss`), over the asked period when
 * there is one. A user holding fahrzeug_fremdbuchung books for others too, so their own licence does not make a
 * car unbookable for them (null).
 */
export const eigeneBuchbarkeitVerstoss = ({
  benutzer,
  fuehrerschein,
  klasse,
  zeitraum,
  now,
}: {
  benutzer: { id: string; permissions: ReadonlySet<PermissionName> };
  fuehrerschein: Fuehrerschein | null;
  klasse: FuehrerscheinKlasse | null;
  zeitraum: { von: Date; bis: Date } | null;
  now: Date;
}): RuleViolation | null => {
  if (benutzer.permissions.has('fahrzeug_fremdbuchung')) return null;
  return fahrerVerstoss({
    akteur: benutzer,
    fahrer: {
      id: benutzer.id,
      status: 'aktiv', // the user is signed in
      permissions: benutzer.permissions,
      naechstePruefung: fuehrerschein?.naechstePruefung ?? null,
    },
    fuehrerschein,
    klasse,
    zeitraeume: zeitraum ? [zeitraum] : [],
    now,
  });
};

/**
 * Entering a driving ban: the driver's bookings still to come or under way that the ban
 * overlaps, to list before saving and cancel in bulk with 'Storno wegen Fahrverbot des Fahrers.'.
 * `buchungen` are the bookings where the user is the driver (or the booker without a named driver).
 */
export const stornosBeiFahrverbot = <
  T extends { von: Date; bis: Date; status: BuchungStatus; typ: FahrzeugBuchungTyp },
>({
  fuehrerschein,
  buchungen,
  now,
}: {
  fuehrerschein: Pick<Fuehrerschein, 'fahrverbot' | 'fahrverbotVon' | 'fahrverbotBis'>;
  buchungen: readonly T[];
  now: Date;
}): { buchungen: T[]; grund: string } => ({
  buchungen: buchungen.filter(
    (b) =>
      b.typ === 'BUCHUNG' &&
      isMassenStornierbar(b) &&
      b.bis.getTime() > now.getTime() &&
      isFahrverbotImZeitraum({ fuehrerschein, von: b.von, bis: b.bis }),
  ),
  grund: STORNO_GRUND.fahrverbot,
});
