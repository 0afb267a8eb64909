/**
 * The reading-room booking state machine of spec §4, as data plus guards.
 *
 * Who acts: the confirmer (`systembenutzer2`), the booker (`systembenutzer1`) or someone else. When the
 * same person is both, they act as confirmer. Check-in moves a reservation to durchgeführt only for the
 * booker or the confirmer (not for strangers; the spec leaves the actor open there).
 */
import { DomainError, type RuleViolation } from './errors.ts';
import { type AbweichendeOeffnung, oeffnungszeitAm, type Wochenoeffnung } from './oeffnungszeiten.ts';
import type { BuchungStatus } from './status.ts';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
  formatTimeDE,
  timeToMinutes,
  weekdayOfDay,
} from './time.ts';

/** Spec §4/§9: check-in from 15 minutes before to 15 minutes after the start. */
export const CHECK_IN_VORLAUF_MINUTEN = 15;
export const CHECK_IN_NACHLAUF_MINUTEN = 15;

export type LeseraumAkteur = 'bestaetiger' | 'buchender' | 'andere';

const sameMail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export const leseraumAkteur = ({
  userMail,
  buchenderMail,
  bestaetigerMail,
}: {
  userMail: string;
  buchenderMail: string | null;
  bestaetigerMail: string | null;
}): LeseraumAkteur => {
  if (sameMail(userMail, bestaetigerMail)) return 'bestaetiger';
  if (sameMail(userMail, buchenderMail)) return 'buchender';
  return 'andere';
};

export type CheckInFenster = { beginn: Date; ende: Date };

export const checkInFenster = (von: Date): CheckInFenster => ({
  beginn: new Date(von.getTime() - CHECK_IN_VORLAUF_MINUTEN * 60_000),
  ende: new Date(von.getTime() + CHECK_IN_NACHLAUF_MINUTEN * 60_000),
});

/** Check-in is possible from 15 minutes before to 15 minutes after the start, both ends included. */
export const isCheckInMoeglich = ({ von, now }: { von: Date; now: Date }): boolean => {
  const { beginn, ende } = checkInFenster(von);
  return beginn.getTime() <= now.getTime() && now.getTime() <= ende.getTime();
};

/**
 * The next status when `akteur` acts on a booking (spec §4), or null when no step exists:
 * - vorgemerkt: the confirmer reserves it, the booker cancels it;
 * - reserviert: check-in possible → durchgeführt (booker or confirmer); otherwise only the booker cancels;
 * - every other status: no step.
 */
export const naechsterLeseraumStatus = ({
  status,
  akteur,
  checkInMoeglich,
}: {
  status: BuchungStatus;
  akteur: LeseraumAkteur;
  checkInMoeglich: boolean;
}): BuchungStatus | null => {
  switch (status) {
    case 'vorgemerkt':
      if (akteur === 'bestaetiger') return 'reserviert';
      if (akteur === 'buchender') return 'storniert';
      return null;
    case 'reserviert':
      if (checkInMoeglich && akteur !== 'andere') return 'durchgeführt';
      if (akteur === 'buchender') return 'storniert';
      return null;
    default:
      return null;
  }
};

/** Throws unless a booking in `status` may be cancelled (a performed one never; spec §4, §8). */
export const assertLeseraumStornierbar = (status: BuchungStatus): void => {
  if (status === 'durchgeführt') throw new DomainError('leseraum_buchung.durchgefuehrt_nicht_stornierbar');
  if (status !== 'vorgemerkt' && status !== 'reserviert')
    throw new DomainError('leseraum_buchung.schritt_nicht_erlaubt', { status });
};

/**
 * What the countdown runs to (spec §4): for vorgemerkt the confirmation deadline (= the start); for
 * reserviert the check-in begin, or the check-in end once the window is open; null otherwise or when
 * the target has passed.
 */
export const countdownZiel = ({
  status,
  von,
  now,
}: {
  status: BuchungStatus;
  von: Date;
  now: Date;
}): Date | null => {
  let target: Date | null = null;
  if (status === 'vorgemerkt') target = von;
  if (status === 'reserviert') {
    const { beginn, ende } = checkInFenster(von);
    target = now.getTime() < beginn.getTime() ? beginn : ende;
  }
  return target && target.getTime() > now.getTime() ? target : null;
};

/** Mail types of POST /api/mail (spec §7). */
export const LESERAUM_MAIL_TYPEN = [
  'useMailVormerkung',
  'useMailBuchungBestaetigt',
  'useMailBuchungAngepasst',
  'useMailStorno',
  'useMailRaumDeaktivierungSystemStorno',
] as const;
export type LeseraumMailTyp = (typeof LESERAUM_MAIL_TYPEN)[number];

/**
 * The mail a change causes (spec §4): creating → pre-booking mail, reserving → confirmation, changing
 * times → adjustment (carrying the old booking), cancelling → cancellation, a system cancel because the
 * room was deactivated → deactivation mail. Check-in sends nothing.
 */
export const leseraumMailFuer = (
  change:
    | { art: 'erstellt' }
    | { art: 'geaendert' }
    | { art: 'status'; nach: BuchungStatus }
    | { art: 'raum_deaktiviert' },
): LeseraumMailTyp | null => {
  switch (change.art) {
    case 'erstellt':
      return 'useMailVormerkung';
    case 'geaendert':
      return 'useMailBuchungAngepasst';
    case 'raum_deaktiviert':
      return 'useMailRaumDeaktivierungSystemStorno';
    case 'status':
      if (change.nach === 'reserviert') return 'useMailBuchungBestaetigt';
      if (change.nach === 'storniert') return 'useMailStorno';
      return null;
  }
};

// --- creating or moving a booking (spec §4, §5, §9 reading-room settings) ------------------------------

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

export type Buchungsmodus = 'ganztags' | 'stuendlich';

/**
 * The period a full-day booking covers on `day`: the day's opening hours, or null when it is closed.
 */
export const ganztagsZeitraum = ({
  day,
  weekly,
  specials,
}: {
  day: string;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
}): { von: Date; bis: Date } | null => {
  const hours = oeffnungszeitAm({ day, weekly, specials });
  return hours ? { von: berlinInstant(day, hours.von), bis: berlinInstant(day, hours.bis) } : null;
};

/**
 * First broken rule for a new or moved reading-room booking, or null: start before end; not over;
 * on one day that is bookable (within the bookable days, an allowed weekday, open); inside that day's
 * opening hours; in hourly mode on the booking step and within minimum and maximum length; within the
 * weekly limit of the booker (`eigeneBuchungenInWoche` counts the booker's other non-cancelled bookings
 * of that week); no overlap with the seat's non-cancelled bookings (`ignoreId` skips the one being moved).
 */
export const leseraumBuchungVerstoss = ({
  von,
  bis,
  now,
  modus,
  regeln,
  weekly,
  specials,
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
  eigeneBuchungenInWoche: number;
  belegungen: readonly { id?: string; von: Date; bis: Date; status: BuchungStatus }[];
  ignoreId?: string;
}): RuleViolation | null => {
  if (!(von.getTime() < bis.getTime())) return { code: 'leseraum_buchung.ende_vor_beginn', params: {} };
  if (bis.getTime() <= now.getTime()) return { code: 'leseraum_buchung.in_vergangenheit', params: {} };
  const day = berlinDateKey(von);
  const closed: RuleViolation = {
    code: 'leseraum_buchung.tag_nicht_buchbar',
    params: { datum: formatDateDE(von) },
  };
  const today = berlinDateKey(now);
  if (day < today || day >= addCalendarDays(today, regeln.vorausbuchbareTage)) return closed;
  if (regeln.buchbareWochentage.length > 0 && !regeln.buchbareWochentage.includes(weekdayOfDay(day)))
    return closed;
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
