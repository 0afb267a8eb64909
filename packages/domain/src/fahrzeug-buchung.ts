/**
 * Vehicle booking rules of spec §4, §5 and §9 as pure functions: release (freigegeben), availability
 * (validity, booking window, overlap with buffer), time limits, latest bookable end, start of booking,
 * bulk cancellation and the cancellations a vehicle change causes.
 *
 * Periods are half-open `[von, bis)`. Calendar days are Berlin days written `YYYY-MM-DD`.
 */
import { DomainError, type RuleViolation } from './errors.ts';
import type { BuchungStatus } from './status.ts';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
  formatTimeDE,
  timeToMinutes,
  weekdayFromName,
  weekdayOfDay,
} from './time.ts';

/** Spec §4/§9: a booking counts as released when it started more than 1 hour ago. */
export const FREIGABE_NACH_BEGINN_MINUTEN = 60;

/** Cancellation texts of spec §4 (stored in `informationstext`). */
export const STORNO_GRUND = {
  fahrzeugDeaktiviert: 'Storno, weil Fahrzeug deaktiviert wurde.',
  standortAenderung: 'Storno wegen Standortänderung am Fahrzeug',
  nichtMehrBuchbar: 'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.',
} as const;

export type Freigeber = { isFreigegeben: boolean | null };

/**
 * Spec §4: a vehicle booking is released (freigegeben) if it started more than an hour ago, has no
 * approvers, or at least one approver approved.
 */
export const isFahrzeugBuchungFreigegeben = ({
  von,
  now,
  freigeber,
  freigabeNachBeginnMinuten = FREIGABE_NACH_BEGINN_MINUTEN,
}: {
  von: Date;
  now: Date;
  freigeber: readonly Freigeber[];
  freigabeNachBeginnMinuten?: number;
}): boolean =>
  von.getTime() < now.getTime() - freigabeNachBeginnMinuten * 60_000 ||
  freigeber.length === 0 ||
  freigeber.some((f) => f.isFreigegeben === true);

/** Check-in is blocked while the booking is unapproved (spec §4, §8). */
export const assertCheckInFreigegeben = (input: Parameters<typeof isFahrzeugBuchungFreigegeben>[0]): void => {
  if (!isFahrzeugBuchungFreigegeben(input))
    throw new DomainError('fahrzeug_buchung.checkin_nicht_freigegeben');
};

export type BelegendeBuchung = { id?: string; von: Date; bis: Date; status: BuchungStatus };

/** Whether a booking in `status` occupies its time (a cancelled one does not). */
export const isBelegend = (status: BuchungStatus): boolean => status !== 'storniert';

/** The end a booking occupies until: an active booking already past its end counts as ending now (spec §5). */
export const belegtBis = ({ status, bis }: BelegendeBuchung, now: Date): Date =>
  status === 'aktiv' && bis.getTime() < now.getTime() ? now : bis;

export type Buchungszeitraum = { von: string; bis: string; wochentage: readonly number[] };

export type FahrzeugBuchbarkeit = {
  /** First and last valid calendar day; null means unlimited on that side. */
  gueltigVon: string | null;
  gueltigBis: string | null;
  /** The vehicle's weekday and time booking window; null means none. */
  buchungszeitraum: Buchungszeitraum | null;
  buchungAusserhalbMoeglich: boolean;
};

/** The validity of a vehicle: from gueltigVon at 00:00 to gueltigBis at 23:59 (spec §4). */
export const gueltigkeitsZeitraum = ({
  gueltigVon,
  gueltigBis,
}: Pick<FahrzeugBuchbarkeit, 'gueltigVon' | 'gueltigBis'>): { von: Date | null; bis: Date | null } => ({
  von: gueltigVon ? berlinInstant(gueltigVon, '00:00') : null,
  bis: gueltigBis ? berlinInstant(gueltigBis, '23:59') : null,
});

export const isInnerhalbGueltigkeit = (
  fahrzeug: Pick<FahrzeugBuchbarkeit, 'gueltigVon' | 'gueltigBis'>,
  { von, bis }: { von: Date; bis: Date },
): boolean => {
  const g = gueltigkeitsZeitraum(fahrzeug);
  return (!g.von || von.getTime() >= g.von.getTime()) && (!g.bis || bis.getTime() <= g.bis.getTime());
};

/**
 * Inside the weekday and time window: every Berlin day the booking touches is an allowed weekday (an
 * empty weekday list allows all), it starts at or after the window's start time and ends at or before
 * its end time.
 */
export const isInnerhalbBuchungszeitraum = (
  zeitraum: Buchungszeitraum,
  { von, bis }: { von: Date; bis: Date },
): boolean => {
  const startDay = berlinDateKey(von);
  const endDay = berlinDateKey(bis);
  if (zeitraum.wochentage.length > 0) {
    for (let day = startDay; day <= endDay; day = addCalendarDays(day, 1)) {
      if (!zeitraum.wochentage.includes(weekdayOfDay(day))) return false;
    }
  }
  return (
    von.getTime() >= berlinInstant(startDay, zeitraum.von).getTime() &&
    bis.getTime() <= berlinInstant(endDay, zeitraum.bis).getTime()
  );
};

/**
 * Spec §5 vehicle availability, first broken rule or null: start before end; within the vehicle
 * validity; within the booking window unless outside booking is allowed; no overlap with non-cancelled
 * bookings, keeping `pufferMinuten` free on each side. `ignoreId` skips the booking being moved.
 */
export const verfuegbarkeitsVerstoss = ({
  von,
  bis,
  fahrzeug,
  buchungen,
  pufferMinuten = 0,
  now,
  ignoreId,
}: {
  von: Date;
  bis: Date;
  fahrzeug: FahrzeugBuchbarkeit;
  buchungen: readonly BelegendeBuchung[];
  pufferMinuten?: number;
  now: Date;
  ignoreId?: string;
}): RuleViolation | null => {
  if (!(von.getTime() < bis.getTime())) return { code: 'fahrzeug_buchung.ende_vor_beginn', params: {} };
  if (!isInnerhalbGueltigkeit(fahrzeug, { von, bis }))
    return { code: 'fahrzeug_buchung.ausserhalb_gueltigkeit', params: {} };
  const zeitraum = fahrzeug.buchungszeitraum;
  if (zeitraum && !fahrzeug.buchungAusserhalbMoeglich && !isInnerhalbBuchungszeitraum(zeitraum, { von, bis }))
    return {
      code: 'fahrzeug_buchung.ausserhalb_buchungszeitraum',
      params: { von: zeitraum.von, bis: zeitraum.bis },
    };
  const puffer = pufferMinuten * 60_000;
  const overlaps = buchungen.some(
    (b) =>
      isBelegend(b.status) &&
      (ignoreId === undefined || b.id !== ignoreId) &&
      von.getTime() - puffer < belegtBis(b, now).getTime() &&
      b.von.getTime() < bis.getTime() + puffer,
  );
  if (overlaps) return { code: 'fahrzeug_buchung.ueberschneidung', params: {} };
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
  vorherigesEnde = null,
  naechsterBeginn = null,
}: {
  tag: Date;
  zeitraumVon: string;
  zeitraumBis: string;
  mindestabstandStunden?: number;
  vorherigesEnde?: Date | null;
  naechsterBeginn?: Date | null;
}): { fruehesterBeginn: Date; spaetestesEnde: Date } => {
  const day = berlinDateKey(tag);
  const gap = mindestabstandStunden * 60 * 60_000;
  let fruehester = berlinInstant(day, zeitraumVon).getTime();
  let spaetestes = berlinInstant(day, zeitraumBis).getTime();
  if (vorherigesEnde) fruehester = Math.max(fruehester, vorherigesEnde.getTime() + gap);
  if (naechsterBeginn) spaetestes = Math.min(spaetestes, naechsterBeginn.getTime() - gap);
  return { fruehesterBeginn: new Date(fruehester), spaetestesEnde: new Date(spaetestes) };
};

/** Spec §5: the minimum booking duration applies to same-day bookings. */
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
 * Spec §5 latest bookable end: the day N bookable days ahead at the period end time; with a
 * booking-window weekday (and hour) configured, counted from the last time that weekday and hour began
 * instead of from today (the window grows a week at a time). Null when N is 0 or unset.
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
  let base = berlinDateKey(now);
  const weekday = weekdayFromName(fensterWochentag);
  if (weekday !== null) {
    const uhrzeit = fensterUhrzeit ?? '00:00';
    for (let back = 0; back <= 7; back++) {
      const day = addCalendarDays(base, -back);
      if (weekdayOfDay(day) === weekday && berlinInstant(day, uhrzeit).getTime() <= now.getTime()) {
        base = day;
        break;
      }
    }
  }
  return berlinInstant(addCalendarDays(base, vorausbuchbareTage), zeitraumBis);
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
 * Spec §5 start of booking: if today's remaining time in the booking period is less than the minimum
 * booking time (or none is left), the next day's period start; otherwise now or the period start,
 * whichever is later. Without a period, 00:00 to 23:59 (spec §9 fallback).
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
  const von = zeitraumVon ?? '00:00';
  const bis = zeitraumBis ?? '23:59';
  const today = berlinDateKey(now);
  const remainingMs = berlinInstant(today, bis).getTime() - now.getTime();
  if (remainingMs <= 0 || remainingMs < minimaleBuchungszeitMinuten * 60_000)
    return berlinInstant(addCalendarDays(today, 1), von);
  return new Date(Math.max(now.getTime(), berlinInstant(today, von).getTime()));
};

/** Spec §4: bulk cancellation skips bookings already durchgeführt (and those already storniert). */
export const isMassenStornierbar = (status: BuchungStatus): boolean =>
  status !== 'durchgeführt' && status !== 'storniert';

export type FahrzeugStand = {
  standortName: string | null;
  gueltigVon: string | null;
  gueltigBis: string | null;
};

/**
 * Spec §4 vehicle update: without the old vehicle data the update is refused. If the location name
 * changed, every open booking is cancelled ('Storno wegen Standortänderung am Fahrzeug'); otherwise the
 * open bookings outside the new validity ('Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.').
 */
export const stornosBeiFahrzeugAenderung = <T extends BelegendeBuchung>({
  alt,
  neu,
  buchungen,
}: {
  alt: FahrzeugStand | null | undefined;
  neu: FahrzeugStand;
  buchungen: readonly T[];
}): { buchungen: T[]; grund: string } => {
  if (!alt) throw new DomainError('fahrzeug.update_ohne_altdaten');
  const offen = buchungen.filter((b) => isMassenStornierbar(b.status));
  if ((alt.standortName ?? '') !== (neu.standortName ?? ''))
    return { buchungen: offen, grund: STORNO_GRUND.standortAenderung };
  return {
    buchungen: offen.filter((b) => !isInnerhalbGueltigkeit(neu, b)),
    grund: STORNO_GRUND.nichtMehrBuchbar,
  };
};

/** Minutes since midnight of a booking-window time, exposed for the UI's time pickers. */
export const zeitraumMinuten = (zeitraum: Buchungszeitraum): { von: number; bis: number } => ({
  von: timeToMinutes(zeitraum.von),
  bis: timeToMinutes(zeitraum.bis),
});

// --- lifecycle: booked (reserviert) → check-in (aktiv) → check-out (durchgeführt); cancel → storniert ---
//
// Vehicle bookings use reserviert (booked; approval is computed by isFahrzeugBuchungFreigegeben, not a
// status), aktiv (checked in), durchgeführt (checked out or, with check-in switched off, finished) and
// storniert. vorgemerkt is accepted as a cancellable start status for data from older systems.

export type FahrzeugBuchungAktion = 'checkIn' | 'checkOut' | 'stornieren' | 'autoStorno' | 'abschliessen';

/** The transition table: from which statuses an action is allowed and where it leads. */
export const FAHRZEUG_BUCHUNG_UEBERGAENGE: Readonly<
  Record<FahrzeugBuchungAktion, { von: readonly BuchungStatus[]; nach: BuchungStatus }>
> = {
  checkIn: { von: ['reserviert'], nach: 'aktiv' },
  checkOut: { von: ['aktiv'], nach: 'durchgeführt' },
  stornieren: { von: ['vorgemerkt', 'reserviert'], nach: 'storniert' },
  autoStorno: { von: ['reserviert'], nach: 'storniert' },
  abschliessen: { von: ['reserviert'], nach: 'durchgeführt' },
};

/** The status after `aktion`; throws 'fahrzeug_buchung.schritt_nicht_erlaubt' when the table has no such step. */
export const naechsterFahrzeugStatus = (
  status: BuchungStatus,
  aktion: FahrzeugBuchungAktion,
): BuchungStatus => {
  const step = FAHRZEUG_BUCHUNG_UEBERGAENGE[aktion];
  if (!step.von.includes(status)) throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status });
  return step.nach;
};

/**
 * Guards of check-in: check-in switched on for the tenant, status reserviert, not earlier than
 * `vorlaufMinuten` before the start, not after the end, and the booking released (spec §4).
 */
export const checkInVerstoss = ({
  status,
  von,
  bis,
  now,
  freigegeben,
  checkInAktiv = true,
  vorlaufMinuten = 15,
}: {
  status: BuchungStatus;
  von: Date;
  bis: Date;
  now: Date;
  freigegeben: boolean;
  checkInAktiv?: boolean;
  vorlaufMinuten?: number;
}): RuleViolation | null => {
  if (!checkInAktiv) return { code: 'fahrzeug_buchung.checkin_inaktiv', params: {} };
  if (!FAHRZEUG_BUCHUNG_UEBERGAENGE.checkIn.von.includes(status))
    return { code: 'fahrzeug_buchung.schritt_nicht_erlaubt', params: { status } };
  const earliest = new Date(von.getTime() - vorlaufMinuten * 60_000);
  if (now.getTime() < earliest.getTime())
    return { code: 'fahrzeug_buchung.checkin_zu_frueh', params: { zeit: formatTimeDE(earliest) } };
  if (now.getTime() >= bis.getTime()) return { code: 'fahrzeug_buchung.checkin_vorbei', params: {} };
  if (!freigegeben) return { code: 'fahrzeug_buchung.checkin_nicht_freigegeben', params: {} };
  return null;
};

/**
 * Spec §4: missing check-in leads to automatic release and cancellation `minuten` after the start
 * (0 = never; only while check-in is switched on).
 */
export const isAutoStornoFaellig = ({
  status,
  von,
  now,
  minuten,
  checkInAktiv = true,
}: {
  status: BuchungStatus;
  von: Date;
  now: Date;
  minuten: number;
  checkInAktiv?: boolean;
}): boolean =>
  checkInAktiv && minuten > 0 && status === 'reserviert' && now.getTime() >= von.getTime() + minuten * 60_000;

export type CheckOutMahnstufe = 'keine' | 'buchender' | 'fuhrparkmanager';

/** Spec §4: an overdue check-out is reminded to the booker, then escalated to the fleet manager. */
export const checkOutMahnstufe = ({
  status,
  bis,
  now,
  erinnerungMinuten,
  eskalationMinuten,
}: {
  status: BuchungStatus;
  bis: Date;
  now: Date;
  erinnerungMinuten: number;
  eskalationMinuten: number;
}): CheckOutMahnstufe => {
  if (status !== 'aktiv') return 'keine';
  const overdue = now.getTime() - bis.getTime();
  if (overdue >= eskalationMinuten * 60_000) return 'fuhrparkmanager';
  if (overdue >= erinnerungMinuten * 60_000) return 'buchender';
  return 'keine';
};

/**
 * Spec §4: when the previous booking of the vehicle is still active (not checked out), the next booker
 * is told, `minuten` before their start.
 */
export const isVorCheckOutInfoFaellig = ({
  vorherigeStatus,
  naechsterBeginn,
  now,
  minuten,
}: {
  vorherigeStatus: BuchungStatus;
  naechsterBeginn: Date;
  now: Date;
  minuten: number;
}): boolean =>
  vorherigeStatus === 'aktiv' &&
  now.getTime() >= naechsterBeginn.getTime() - minuten * 60_000 &&
  now.getTime() < naechsterBeginn.getTime();
