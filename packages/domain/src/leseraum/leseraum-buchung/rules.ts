/**
 * Creating or moving a reading-room booking (spec §4, §5, §9 reading-room settings): the period a request
 * covers, and the first rule it breaks. Every rule has its own error code (packages/domain errors.ts).
 */
import type { RuleViolation } from '../../errors.ts';
import type { BuchungStatus } from '../../status.ts';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
  formatTimeDE,
  roundToStep,
  timeToMinutes,
  weekdayOfDay,
} from '../../time.ts';
import { type AbweichendeOeffnung, oeffnungszeitAm, type Wochenoeffnung } from '../oeffnungszeiten.ts';
import { tagSperrgrund } from './buchbarkeit.ts';

export type LeseraumRegeln = {
  /** LeseraumVorausbuchbareTage: today and the next N-1 days are offered. */
  vorausbuchbareTage: number;
  /** LeseraumBuchbareWochenTage (0 = Sunday). An empty list allows every weekday. */
  buchbareWochentage: readonly number[];
  /** LeseraumBuchungstakt in minutes (hourly mode). */
  buchungstakt: number;
  /** LeseraumMinimaleBuchungslaenge in minutes (hourly mode). */
  minimaleBuchungslaenge: number;
  /** LeseraumMaximaleDauerEinerBuchung in minutes; 0 = unlimited. */
  maximaleDauer: number;
  /** LeseraumMaximaleBuchungenAlsBuchenderProWoche; 0 = unlimited. */
  maxBuchungenProWoche: number;
};

/** Spec §9: booking mode full day (default) or hourly. */
export type Buchungsmodus = 'ganztags' | 'stuendlich';
/** Spec §2/§9: time of day all day (default), morning or afternoon. */
export type Tageszeit = 'ganztags' | 'vormittags' | 'nachmittags';

/** Decision 044: morning ends and afternoon begins at 12:00 (clipped to the day's opening hours). */
export const MITTAG = '12:00';
/** Spec §9: the rounding step of the date helper, used when today's full day starts now. */
export const RUNDUNGSTAKT_MINUTEN = 15;

/**
 * The period a full-day request covers on `day` (spec §2 'booking mode full-day', §4 opening hours): the
 * day's opening hours, or its morning (opening to 12:00) or afternoon (12:00 to closing). On today, a
 * period that has begun starts now, rounded up to the next 15 minutes, so nobody books time already past.
 * Null when the day is closed or nothing of the period is left.
 */
export const ganztagsZeitraum = ({
  day,
  tageszeit = 'ganztags',
  weekly,
  specials,
  now,
}: {
  day: string;
  tageszeit?: Tageszeit;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
  now?: Date;
}): { von: Date; bis: Date } | null => {
  const hours = oeffnungszeitAm({ day, weekly, specials });
  if (!hours) return null;
  let von = berlinInstant(day, hours.von);
  let bis = berlinInstant(day, hours.bis);
  const mittag = berlinInstant(day, MITTAG);
  if (tageszeit === 'vormittags' && mittag < bis) bis = mittag;
  if (tageszeit === 'nachmittags' && mittag > von) von = mittag;
  if (now && now > von) von = roundToStep(now, RUNDUNGSTAKT_MINUTEN, { future: true });
  return von < bis ? { von, bis } : null;
};

export type LeseraumBuchungsAnfrage =
  | { modus: 'ganztags'; tag: string; tageszeit: Tageszeit }
  | { modus: 'stuendlich'; von: Date; bis: Date };

/**
 * The period of a request: full-day requests take the day's opening hours (or a half), hourly requests
 * their own times. Null when a full day is closed or already over (the rules then say why).
 */
export const zeitraumDerAnfrage = ({
  anfrage,
  weekly,
  specials,
  now,
}: {
  anfrage: LeseraumBuchungsAnfrage;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
  now: Date;
}): { von: Date; bis: Date } | null =>
  anfrage.modus === 'stuendlich'
    ? { von: anfrage.von, bis: anfrage.bis }
    : ganztagsZeitraum({ day: anfrage.tag, tageszeit: anfrage.tageszeit, weekly, specials, now });

/** The place (leseraum row) and its floor plan as the rules need them. */
export type LeseraumPlatz = {
  aktiv: boolean;
  kapazitaet: number;
  grundrissAktiv: boolean;
  /** The place is another user's own place (R081, decision 138): nobody else books it. */
  fremderEigentuemer?: boolean;
};

/**
 * The rules of a booking that depend on the place alone, first broken or null: the place and its plan are active,
 * it is nobody else's own place, and the group fits it (1 to its capacity). The rest of a booking's rules are the
 * same for every place of one plan (its opening hours, the booker's week), but for the place's own bookings.
 */
export const platzVerstoss = ({
  platz,
  gruppengroesse = 1,
}: {
  platz: LeseraumPlatz;
  gruppengroesse?: number;
}): RuleViolation | null => {
  if (!platz.aktiv || !platz.grundrissAktiv) return { code: 'leseraum_buchung.platz_inaktiv', params: {} };
  if (platz.fremderEigentuemer) return { code: 'leseraum_buchung.eigener_platz', params: {} };
  if (!Number.isInteger(gruppengroesse) || gruppengroesse < 1 || gruppengroesse > platz.kapazitaet)
    return { code: 'leseraum_buchung.gruppengroesse', params: { max: platz.kapazitaet } };
  return null;
};

/**
 * First broken rule for a new or moved reading-room booking, or null: the place and its plan are active;
 * the group fits the place (1 to its capacity); start before end; not begun (a moved booking keeps its
 * own start); on one day that is bookable (within the bookable days, an allowed weekday, open); inside
 * that day's opening hours; in hourly mode on the booking step and at least the minimum length; at most
 * the maximum length; within the weekly limit of the booker (`eigeneBuchungenInWoche` counts the booker's
 * other non-cancelled bookings of that week); no overlap with the place's non-cancelled bookings
 * (`ignoreId` skips the one being moved).
 */
export const leseraumBuchungVerstoss = ({
  von,
  bis,
  now,
  modus,
  regeln,
  weekly,
  specials,
  platz,
  gruppengroesse = 1,
  eigeneBuchungenInWoche,
  belegungen,
  ignoreId,
}: {
  von: Date;
  bis: Date;
  now: Date;
  modus: Buchungsmodus;
  regeln: LeseraumRegeln;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
  platz: LeseraumPlatz;
  gruppengroesse?: number;
  eigeneBuchungenInWoche: number;
  belegungen: readonly { id?: string; von: Date; bis: Date; status: BuchungStatus }[];
  ignoreId?: string;
}): RuleViolation | null => {
  const amPlatz = platzVerstoss({ platz, gruppengroesse });
  if (amPlatz) return amPlatz;
  if (!(von.getTime() < bis.getTime())) return { code: 'leseraum_buchung.ende_vor_beginn', params: {} };
  if (von.getTime() < now.getTime()) return { code: 'leseraum_buchung.in_vergangenheit', params: {} };
  const day = berlinDateKey(von);
  const closed: RuleViolation = {
    code: 'leseraum_buchung.tag_nicht_buchbar',
    params: { datum: formatDateDE(von) },
  };
  if (tagSperrgrund({ day, now, regeln, weekly, specials })) return closed;
  const hours = oeffnungszeitAm({ day, weekly, specials });
  if (!hours) return closed;
  const opens = berlinInstant(day, hours.von).getTime();
  const closes = berlinInstant(day, hours.bis).getTime();
  if (von.getTime() < opens || bis.getTime() > closes)
    return { code: 'leseraum_buchung.ausserhalb_oeffnungszeit', params: { von: hours.von, bis: hours.bis } };
  const minutes = (bis.getTime() - von.getTime()) / 60_000;
  if (modus === 'stuendlich') {
    const step = regeln.buchungstakt;
    const onStep = (d: Date) => timeToMinutes(formatTimeDE(d)) % step === 0 && d.getTime() % 60_000 === 0;
    if (step > 0 && (!onStep(von) || !onStep(bis)))
      return { code: 'leseraum_buchung.takt', params: { minuten: step } };
    if (minutes < regeln.minimaleBuchungslaenge)
      return { code: 'leseraum_buchung.zu_kurz', params: { minuten: regeln.minimaleBuchungslaenge } };
  }
  if (regeln.maximaleDauer > 0 && minutes > regeln.maximaleDauer)
    return { code: 'leseraum_buchung.zu_lang', params: { minuten: regeln.maximaleDauer } };
  if (regeln.maxBuchungenProWoche > 0 && eigeneBuchungenInWoche >= regeln.maxBuchungenProWoche)
    return { code: 'leseraum_buchung.wochenlimit', params: { max: regeln.maxBuchungenProWoche } };
  const taken = belegungen.some(
    (b) =>
      b.status !== 'storniert' &&
      (ignoreId === undefined || b.id !== ignoreId) &&
      b.von.getTime() < bis.getTime() &&
      von.getTime() < b.bis.getTime(),
  );
  if (taken) return { code: 'leseraum_buchung.belegt', params: {} };
  return null;
};

/**
 * The Berlin calendar week (Monday to Sunday, days `YYYY-MM-DD`, both included) of a day: the week in
 * which LeseraumMaximaleBuchungenAlsBuchenderProWoche counts.
 */
export const buchungsWoche = (day: string): { montag: string; sonntag: string } => {
  const offset = (weekdayOfDay(day) + 6) % 7;
  const montag = addCalendarDays(day, -offset);
  return { montag, sonntag: addCalendarDays(montag, 6) };
};
