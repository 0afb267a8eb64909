/**
 * Vehicle booking rules of spec §5 and §9 as pure functions with one object parameter; `now` is always
 * passed in. Each `…Verstoss` returns the first broken rule as a catalogue code with params, or null.
 * `pruefeFahrzeugBuchung` (pruefung.ts) runs all of them for the server and for the booking dialog; decision 040
 * lists them.
 *
 * Periods are half-open `[von, bis)`. Calendar days are Berlin days written `YYYY-MM-DD`.
 */
import type { RuleViolation } from '../../errors.ts';
import type { BuchungStatus, FahrzeugBuchungTyp } from '../../status.ts';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
  formatTimeDE,
  roundToStep,
  weekdayFromName,
  weekdayOfDay,
} from '../../time.ts';
import {
  type Buchungsfenster,
  fensterTaeglich,
  isInnerhalbBuchungsfenster,
} from '../fahrzeug/buchungsfenster.ts';
import { type FahrtStand, isSperre } from './machine.ts';

/** Spec §5/§9: times lie on a 15-minute step by default. */
export const TAKT_MINUTEN = 15;

/** A booking or block of the vehicle as the rules see it; `fahrt` from the history (machine.ts). */
export type Belegung = {
  id?: string;
  von: Date;
  bis: Date;
  status: BuchungStatus;
  typ: FahrzeugBuchungTyp;
  fahrt: FahrtStand;
};

/**
 * The time a booking occupies (decision 040), or null when it occupies none:
 * - a cancelled booking occupies nothing;
 * - a trip checked out occupies until its check-out (an early check-out frees the rest of the slot);
 * - a trip on the road past its end occupies until now (spec §5: an active booking past its end counts
 *   as ending now), and from its check-in when that was before the start; `belegungVerstoss` also refuses a
 *   booking starting at now itself while the car is out (decision 109);
 * - everything else (booked, performed without check-in, blocks) occupies `[von, bis)`.
 */
export const belegterZeitraum = ({
  buchung,
  now,
}: {
  buchung: Belegung;
  now: Date;
}): { von: Date; bis: Date } | null => {
  if (buchung.status === 'storniert') return null;
  const { eingechecktAm, ausgechecktAm } = buchung.fahrt;
  const von = new Date(Math.min(buchung.von.getTime(), eingechecktAm?.getTime() ?? Infinity));
  let bis = buchung.bis;
  if (ausgechecktAm) bis = new Date(Math.min(ausgechecktAm.getTime(), bis.getTime()));
  else if (eingechecktAm && bis.getTime() < now.getTime()) bis = now;
  return bis.getTime() > von.getTime() ? { von, bis } : null;
};

/**
 * A trip checked in and not checked out whose booked end has passed (decision 109): the car is still out, so it
 * occupies the vehicle until its check-out (or until the fleet manager closes it), counted as "until now".
 */
export const isUeberfaelligUnterwegs = ({ buchung, now }: { buchung: Belegung; now: Date }): boolean =>
  buchung.status !== 'storniert' &&
  buchung.fahrt.eingechecktAm !== null &&
  buchung.fahrt.ausgechecktAm === null &&
  buchung.bis.getTime() <= now.getTime();

/** The first instant of the step `now` lies in (Berlin wall clock): 10:07 → 10:00. */
export const taktBeginn = ({
  now,
  taktMinuten = TAKT_MINUTEN,
}: {
  now: Date;
  taktMinuten?: number;
}): Date => {
  const up = roundToStep(now, taktMinuten, { future: true });
  return up.getTime() > now.getTime() ? new Date(up.getTime() - taktMinuten * 60_000) : up;
};

const isAufTakt = (date: Date, taktMinuten: number): boolean =>
  roundToStep(date, taktMinuten, { future: true }).getTime() === date.getTime();

/**
 * Start before end; start and end on the step; not in the past. "Not in the past" means not before the
 * step `now` lies in (at 10:07 a booking may start at 10:00: the dialog offers "now" on the step). When a
 * booking that already started is changed (`bisherigerVon` ≤ now), its start must stay and its end must
 * lie after now.
 */
export const zeitraumVerstoss = ({
  von,
  bis,
  now,
  taktMinuten = TAKT_MINUTEN,
  bisherigerVon = null,
}: {
  von: Date;
  bis: Date;
  now: Date;
  taktMinuten?: number;
  bisherigerVon?: Date | null;
}): RuleViolation | null => {
  if (!(von.getTime() < bis.getTime())) return { code: 'fahrzeug_buchung.ende_vor_beginn', params: {} };
  if (!isAufTakt(von, taktMinuten) || !isAufTakt(bis, taktMinuten))
    return { code: 'fahrzeug_buchung.takt', params: { minuten: taktMinuten } };
  if (bisherigerVon && bisherigerVon.getTime() <= now.getTime()) {
    if (von.getTime() !== bisherigerVon.getTime())
      return { code: 'fahrzeug_buchung.beginn_unveraenderlich', params: {} };
    if (bis.getTime() <= now.getTime()) return { code: 'fahrzeug_buchung.ende_in_vergangenheit', params: {} };
    return null;
  }
  if (von.getTime() < taktBeginn({ now, taktMinuten }).getTime())
    return { code: 'fahrzeug_buchung.in_vergangenheit', params: {} };
  return null;
};

/** A deactivated vehicle cannot be booked. */
export const deaktiviertVerstoss = ({
  fahrzeug,
}: {
  fahrzeug: { deaktiviert: boolean };
}): RuleViolation | null =>
  fahrzeug.deaktiviert ? { code: 'fahrzeug_buchung.fahrzeug_deaktiviert', params: {} } : null;

export type Gueltigkeit = { gueltigVon: string | null; gueltigBis: string | null };

/** The validity of a vehicle: from gueltigVon at 00:00 to gueltigBis at 23:59 Berlin (spec §4); null = open. */
export const gueltigkeitsZeitraum = ({
  gueltigVon,
  gueltigBis,
}: Gueltigkeit): { von: Date | null; bis: Date | null } => ({
  von: gueltigVon ? berlinInstant(gueltigVon, '00:00') : null,
  bis: gueltigBis ? berlinInstant(gueltigBis, '23:59') : null,
});

export const isInnerhalbGueltigkeit = ({
  fahrzeug,
  von,
  bis,
}: {
  fahrzeug: Gueltigkeit;
  von: Date;
  bis: Date;
}): boolean => {
  const g = gueltigkeitsZeitraum(fahrzeug);
  return (!g.von || von.getTime() >= g.von.getTime()) && (!g.bis || bis.getTime() <= g.bis.getTime());
};

export const gueltigkeitVerstoss = (input: {
  fahrzeug: Gueltigkeit;
  von: Date;
  bis: Date;
}): RuleViolation | null =>
  isInnerhalbGueltigkeit(input) ? null : { code: 'fahrzeug_buchung.ausserhalb_gueltigkeit', params: {} };

/**
 * Booking outside the window is possible when the tenant allows it (setting
 * FahrzeugBuchungAusserhalbBuchungszeiten) and the vehicle does (`buchungAusserhalbMoeglich`); such a
 * booking is a special trip needing approval (decision 040).
 */
export const isBuchungAusserhalbMoeglich = ({
  mandantErlaubt,
  fahrzeugErlaubt,
}: {
  mandantErlaubt: boolean;
  fahrzeugErlaubt: boolean;
}): boolean => mandantErlaubt && fahrzeugErlaubt;

/**
 * The window that applies: the vehicle's own rows when individual booking times are on and it has rows,
 * otherwise the tenant's booking period on all seven days (spec §9 default 09:00–18:00).
 */
export const wirksamesBuchungsfenster = ({
  individuelleBuchungszeiten,
  fahrzeugFenster,
  zeitraumVon,
  zeitraumBis,
}: {
  individuelleBuchungszeiten: boolean;
  fahrzeugFenster: Buchungsfenster | null;
  zeitraumVon: string;
  zeitraumBis: string;
}): Buchungsfenster =>
  individuelleBuchungszeiten && fahrzeugFenster && fahrzeugFenster.length > 0
    ? fahrzeugFenster
    : fensterTaeglich({ von: zeitraumVon, bis: zeitraumBis });

/**
 * Spec §5 weekday and time window: inside it, nothing to approve; outside it, refused unless booking
 * outside is allowed, and then the booking is a special trip (`sonderfahrt: true`) needing approval.
 */
export const buchungsfensterPruefung = ({
  fenster,
  buchungAusserhalbMoeglich,
  von,
  bis,
}: {
  fenster: Buchungsfenster;
  buchungAusserhalbMoeglich: boolean;
  von: Date;
  bis: Date;
}): { verstoss: RuleViolation | null; sonderfahrt: boolean } => {
  if (isInnerhalbBuchungsfenster({ fenster, von, bis })) return { verstoss: null, sonderfahrt: false };
  if (buchungAusserhalbMoeglich) return { verstoss: null, sonderfahrt: true };
  const startRow =
    fenster.find((r) => r.geoeffnet && r.wochentag === weekdayOfDay(berlinDateKey(von))) ??
    fenster.find((r) => r.geoeffnet);
  return {
    verstoss: {
      code: 'fahrzeug_buchung.ausserhalb_buchungszeitraum',
      params: { von: startRow?.von ?? '–', bis: startRow?.bis ?? '–' },
    },
    sonderfahrt: false,
  };
};

/**
 * The buffer between two bookings of a vehicle in milliseconds: the minimum gap in hours (spec §5, "hours × 60")
 * plus the minutes of `FahrzeugMindestabstandMinuten` (a 30-minute buffer; decision 134).
 */
export const mindestabstandMs = ({
  mindestabstandStunden = 0,
  mindestabstandMinuten = 0,
}: {
  mindestabstandStunden?: number;
  mindestabstandMinuten?: number;
}): number => (mindestabstandStunden * 60 + mindestabstandMinuten) * 60_000;

/** The gap's violation: in hours as the spec words it, in minutes when the gap is no whole number of hours. */
const mindestabstandVerletzt = (stunden: number, minuten: number): RuleViolation =>
  minuten === 0
    ? { code: 'fahrzeug_buchung.mindestabstand', params: { stunden } }
    : { code: 'fahrzeug_buchung.mindestabstand_minuten', params: { minuten: stunden * 60 + minuten } };

/**
 * Spec §5 availability against the vehicle's other bookings and blocks: no overlap with what they
 * occupy (`belegterZeitraum`), and the minimum gap (hours × 60 plus minutes = the buffer in minutes on each
 * side) kept before and after each. Reports a block as 'gesperrt', a trip as 'ueberschneidung', and a
 * violation of the gap alone as 'mindestabstand'. `ignoreId` skips the booking being changed.
 */
export const belegungVerstoss = ({
  von,
  bis,
  buchungen,
  mindestabstandStunden = 0,
  mindestabstandMinuten = 0,
  now,
  ignoreId,
}: {
  von: Date;
  bis: Date;
  buchungen: readonly Belegung[];
  mindestabstandStunden?: number;
  mindestabstandMinuten?: number;
  now: Date;
  ignoreId?: string;
}): RuleViolation | null => {
  const gap = mindestabstandMs({ mindestabstandStunden, mindestabstandMinuten });
  let gapBroken = false;
  for (const b of buchungen) {
    if (ignoreId !== undefined && b.id === ignoreId) continue;
    // the car is out at this instant: a booking starting now or earlier is refused until it is checked out
    if (
      isUeberfaelligUnterwegs({ buchung: b, now }) &&
      von.getTime() <= now.getTime() &&
      now.getTime() < bis.getTime()
    )
      return { code: 'fahrzeug_buchung.noch_unterwegs', params: {} };
    const z = belegterZeitraum({ buchung: b, now });
    if (!z) continue;
    if (von.getTime() < z.bis.getTime() && z.von.getTime() < bis.getTime()) {
      if (isSperre(b)) return { code: 'fahrzeug_buchung.gesperrt', params: {} };
      // a trip on the road past its end: the car is not back yet (decision 109)
      if (isUeberfaelligUnterwegs({ buchung: b, now }))
        return { code: 'fahrzeug_buchung.noch_unterwegs', params: {} };
      return { code: 'fahrzeug_buchung.ueberschneidung', params: {} };
    }
    if (von.getTime() - gap < z.bis.getTime() && z.von.getTime() < bis.getTime() + gap) gapBroken = true;
  }
  return gapBroken ? mindestabstandVerletzt(mindestabstandStunden, mindestabstandMinuten) : null;
};

/** A trip of the driver (on any vehicle), with the vehicle's plate for the message. */
export type FahrerBelegung = Belegung & { id: string; kennzeichen: string };

/**
 * One driver cannot hold two cars for the same time (decision 134) unless the tenant allows it
 * (`FahrzeugMehrereFahrzeugeGleichzeitig`): the driver's other trips (bookings of type BUCHUNG, on any vehicle)
 * must not overlap `[von, bis)` in the time they occupy (`belegterZeitraum`: a trip checked out early frees the
 * rest, an overdue trip on the road lasts until now). Blocks are no trips. `ignoreId` skips the booking changed.
 */
export const fahrerDoppeltVerstoss = ({
  von,
  bis,
  fahrerName,
  buchungen,
  erlaubt,
  now,
  ignoreId,
}: {
  von: Date;
  bis: Date;
  fahrerName: string;
  buchungen: readonly FahrerBelegung[];
  erlaubt: boolean;
  now: Date;
  ignoreId?: string;
}): RuleViolation | null => {
  if (erlaubt) return null;
  for (const b of [...buchungen].sort((x, y) => x.von.getTime() - y.von.getTime())) {
    if (b.id === ignoreId || b.typ !== 'BUCHUNG') continue;
    const z = belegterZeitraum({ buchung: b, now });
    if (z && von.getTime() < z.bis.getTime() && z.von.getTime() < bis.getTime())
      return {
        code: 'fahrzeug_buchung.fahrer_doppelt',
        params: {
          fahrer: fahrerName,
          kennzeichen: b.kennzeichen,
          zeitraum: `${formatDateDE(b.von)} ${formatTimeDE(b.von)} – ${formatDateDE(b.bis)} ${formatTimeDE(b.bis)}`,
        },
      };
  }
  return null;
};

/**
 * Spec §5 time limits on the Berlin day of `tag`: earliest start and latest end come from the booking
 * period; the minimum gap (hours × 60 minutes) pushes the earliest start after a preceding booking's end
 * and the latest end before a following booking's start.
 */
export const buchungsGrenzen = ({
  tag,
  zeitraumVon,
  zeitraumBis,
  mindestabstandStunden = 0,
  mindestabstandMinuten = 0,
  vorherigesEnde = null,
  naechsterBeginn = null,
}: {
  tag: Date;
  zeitraumVon: string;
  zeitraumBis: string;
  mindestabstandStunden?: number;
  mindestabstandMinuten?: number;
  vorherigesEnde?: Date | null;
  naechsterBeginn?: Date | null;
}): { fruehesterBeginn: Date; spaetestesEnde: Date } => {
  const day = berlinDateKey(tag);
  const gap = mindestabstandMs({ mindestabstandStunden, mindestabstandMinuten });
  let fruehester = berlinInstant(day, zeitraumVon).getTime();
  let spaetestes = berlinInstant(day, zeitraumBis).getTime();
  if (vorherigesEnde) fruehester = Math.max(fruehester, vorherigesEnde.getTime() + gap);
  if (naechsterBeginn) spaetestes = Math.min(spaetestes, naechsterBeginn.getTime() - gap);
  return { fruehesterBeginn: new Date(fruehester), spaetestesEnde: new Date(spaetestes) };
};

/** Spec §5: the minimum booking duration applies to same-day bookings (same Berlin day). */
export const mindestdauerVerstoss = ({
  von,
  bis,
  minimaleBuchungszeitMinuten,
}: {
  von: Date;
  bis: Date;
  minimaleBuchungszeitMinuten: number;
}): RuleViolation | null => {
  if (berlinDateKey(von) !== berlinDateKey(bis)) return null;
  if (bis.getTime() - von.getTime() < minimaleBuchungszeitMinuten * 60_000)
    return { code: 'fahrzeug_buchung.zu_kurz', params: { minuten: minimaleBuchungszeitMinuten } };
  return null;
};

/**
 * Spec §5 latest bookable end: today plus N bookable days at the period end time; with a booking-window weekday
 * (and hour) configured, shifted back to the last start of that weekday and hour inside the range
 * (decision 113: with N = 10 and Monday 08:00, asked on Friday 27.11., the range ends Mon 07.12. at the period end and
 * the latest end is Mon 07.12. 08:00). The latest end thus moves a week at a time, at the chosen hour. When the range
 * holds no such start (N below a week), the last one before its end applies, which may lie before now: then nothing
 * can be booked until the next start. Null when N is 0 or unset.
 */
export const spaetestesBuchbaresEnde = ({
  now,
  vorausbuchbareTage,
  zeitraumBis,
  fensterWochentag = null,
  fensterUhrzeit = null,
}: {
  now: Date;
  vorausbuchbareTage: number | null | undefined;
  zeitraumBis: string;
  fensterWochentag?: string | null;
  fensterUhrzeit?: string | null;
}): Date | null => {
  if (!vorausbuchbareTage || vorausbuchbareTage <= 0) return null;
  const letzterTag = addCalendarDays(berlinDateKey(now), vorausbuchbareTage);
  const ende = berlinInstant(letzterTag, zeitraumBis);
  const weekday = weekdayFromName(fensterWochentag);
  if (weekday === null) return ende;
  const uhrzeit = fensterUhrzeit || '00:00';
  for (let back = 0; back <= 7; back++) {
    const day = addCalendarDays(letzterTag, -back);
    if (weekdayOfDay(day) !== weekday) continue;
    const start = berlinInstant(day, uhrzeit);
    if (start.getTime() <= ende.getTime()) return start;
  }
  return ende;
};

export const zuWeitImVorausVerstoss = ({
  bis,
  spaetestesEnde,
}: {
  bis: Date;
  spaetestesEnde: Date | null;
}): RuleViolation | null =>
  spaetestesEnde && bis.getTime() > spaetestesEnde.getTime()
    ? { code: 'fahrzeug_buchung.zu_weit_im_voraus', params: { datum: formatDateDE(spaetestesEnde) } }
    : null;

/**
 * Spec §5 start of booking: if today's remaining time in the booking period (from now or the period
 * start, whichever is later, to the period end) is less than the minimum booking time (or none is left),
 * the next day's period start; otherwise now or the period start, whichever is later. Without a period,
 * 00:00 to 23:59 (spec §9 fallback).
 */
export const buchungsStart = ({
  now,
  zeitraumVon,
  zeitraumBis,
  minimaleBuchungszeitMinuten = 0,
}: {
  now: Date;
  zeitraumVon?: string | null;
  zeitraumBis?: string | null;
  minimaleBuchungszeitMinuten?: number;
}): Date => {
  const von = zeitraumVon || '00:00';
  const bis = zeitraumBis || '23:59';
  const today = berlinDateKey(now);
  const start = Math.max(now.getTime(), berlinInstant(today, von).getTime());
  const remainingMs = berlinInstant(today, bis).getTime() - start;
  if (remainingMs <= 0 || remainingMs < minimaleBuchungszeitMinuten * 60_000)
    return berlinInstant(addCalendarDays(today, 1), von);
  return new Date(start);
};

/**
 * A booking inside the window starts no earlier than the start of booking (taken down to its step, as
 * "now" is). Special trips outside the window are exempt: for them only "not in the past" applies.
 */
export const vorBuchungsstartVerstoss = ({
  von,
  now,
  zeitraumVon,
  zeitraumBis,
  minimaleBuchungszeitMinuten = 0,
  taktMinuten = TAKT_MINUTEN,
}: {
  von: Date;
  now: Date;
  zeitraumVon?: string | null;
  zeitraumBis?: string | null;
  minimaleBuchungszeitMinuten?: number;
  taktMinuten?: number;
}): RuleViolation | null => {
  const start = taktBeginn({
    now: buchungsStart({ now, zeitraumVon, zeitraumBis, minimaleBuchungszeitMinuten }),
    taktMinuten,
  });
  return von.getTime() < start.getTime()
    ? {
        code: 'fahrzeug_buchung.vor_buchungsstart',
        params: { datum: formatDateDE(start), zeit: formatTimeDE(start) },
      }
    : null;
};
