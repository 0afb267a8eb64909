/**
 * The reading-room booking state machine of spec §4, as data plus guards (decision 044).
 *
 * Who acts: the confirmer (`systembenutzer2`), the booker (`systembenutzer1`), staff holding
 * `buchung_pflege`, or someone else. The booker normally confirms their own hold, so booker and confirmer
 * are often the same person: the next step (`naechsterLeseraumStatus`) moves the booking forward, while
 * cancelling is an action of its own (`leseraumStornoVerstoss`), so such a booker can always cancel.
 */
import type { RuleViolation } from '../../errors.ts';
import type { BuchungStatus } from '../../status.ts';
import { formatTimeDE } from '../../time.ts';

/** Spec §4/§9: check-in from 15 minutes before to 15 minutes after the start. */
export const CHECK_IN_VORLAUF_MINUTEN = 15;
export const CHECK_IN_NACHLAUF_MINUTEN = 15;

export type LeseraumAkteur = 'bestaetiger' | 'buchender' | 'personal' | 'andere';

const sameMail = (a: string | null | undefined, b: string | null | undefined): boolean =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The role in which `userMail` acts on a booking. The named confirmer comes first; without a named
 * confirmer (the place is confirmed by staff) a user with `buchung_pflege` is the confirmer. Otherwise the
 * booker is the booker, staff act as staff, and everyone else is `andere`.
 */
export const leseraumAkteur = ({
  userMail,
  buchenderMail,
  bestaetigerMail,
  istPersonal = false,
}: {
  userMail: string;
  buchenderMail: string | null;
  bestaetigerMail: string | null;
  /** The user holds `buchung_pflege`. */
  istPersonal?: boolean;
}): LeseraumAkteur => {
  if (sameMail(userMail, bestaetigerMail)) return 'bestaetiger';
  if (!bestaetigerMail && istPersonal) return 'bestaetiger';
  if (sameMail(userMail, buchenderMail)) return 'buchender';
  if (istPersonal) return 'personal';
  return 'andere';
};

/**
 * The confirmer of a new hold (decision 044): the booker themself, unless the place requires confirmation
 * by staff; then nobody is named yet (null) and any user with `buchung_pflege` confirms, becoming the
 * confirmer on record.
 */
export const bestaetigerFuerNeueBuchung = ({
  buchenderMail,
  bestaetigungDurchPersonal,
}: {
  buchenderMail: string;
  bestaetigungDurchPersonal: boolean;
}): string | null => (bestaetigungDurchPersonal ? null : buchenderMail);

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

/** Spec §4/§9: the confirmation deadline of a hold is its start. */
export const bestaetigungsFrist = (von: Date): Date => von;

/**
 * The next status when `akteur` takes the next step on a booking (spec §4), or null when no step exists:
 * - vorgemerkt: the confirmer moves it to reserviert (before the deadline); anyone else who may act on it
 *   (the booker, staff) moves it to storniert;
 * - reserviert: when check-in is possible it moves to durchgeführt (for the booker, the confirmer or
 *   staff); otherwise only the booker may cancel; for others no step exists;
 * - every other status: no step.
 */
export const naechsterLeseraumStatus = ({
  status,
  akteur,
  checkInMoeglich,
  fristAbgelaufen = false,
}: {
  status: BuchungStatus;
  akteur: LeseraumAkteur;
  checkInMoeglich: boolean;
  /** The hold's confirmation deadline (its start) has passed. */
  fristAbgelaufen?: boolean;
}): BuchungStatus | null => {
  switch (status) {
    case 'vorgemerkt':
      if (akteur === 'bestaetiger') return fristAbgelaufen ? null : 'reserviert';
      return akteur === 'andere' ? null : 'storniert';
    case 'reserviert':
      if (checkInMoeglich && akteur !== 'andere') return 'durchgeführt';
      if (akteur === 'buchender') return 'storniert';
      return null;
    default:
      return null;
  }
};

/**
 * Why `akteur` may not cancel a booking in `status`, or null when they may. Cancelling is its own action:
 * the booker and staff cancel a hold or a reservation; a performed booking is never cancelled (spec §8);
 * any other status has no cancellation.
 */
export const leseraumStornoVerstoss = ({
  status,
  akteur,
}: {
  status: BuchungStatus;
  akteur: LeseraumAkteur;
}): RuleViolation | null => {
  if (status === 'durchgeführt')
    return { code: 'leseraum_buchung.durchgefuehrt_nicht_stornierbar', params: {} };
  if (status !== 'vorgemerkt' && status !== 'reserviert')
    return { code: 'leseraum_buchung.schritt_nicht_erlaubt', params: { status } };
  if (akteur === 'andere') return { code: 'leseraum_buchung.nicht_berechtigt', params: {} };
  return null;
};

/** Why confirming a hold is refused, or null: only a vorgemerkt booking, only by its confirmer, before its start. */
export const leseraumBestaetigungVerstoss = ({
  status,
  akteur,
  von,
  now,
}: {
  status: BuchungStatus;
  akteur: LeseraumAkteur;
  von: Date;
  now: Date;
}): RuleViolation | null => {
  if (status !== 'vorgemerkt') return { code: 'leseraum_buchung.schritt_nicht_erlaubt', params: { status } };
  if (akteur !== 'bestaetiger') return { code: 'leseraum_buchung.nicht_berechtigt', params: {} };
  if (now.getTime() >= bestaetigungsFrist(von).getTime())
    return { code: 'leseraum_buchung.frist_abgelaufen', params: { frist: formatTimeDE(von) } };
  return null;
};

/** Why a check-in is refused, or null: a reservation, by booker, confirmer or staff, inside the window. */
export const leseraumCheckInVerstoss = ({
  status,
  akteur,
  von,
  now,
}: {
  status: BuchungStatus;
  akteur: LeseraumAkteur;
  von: Date;
  now: Date;
}): RuleViolation | null => {
  if (status === 'vorgemerkt') return { code: 'leseraum_buchung.nicht_reserviert', params: {} };
  if (status !== 'reserviert') return { code: 'leseraum_buchung.schritt_nicht_erlaubt', params: { status } };
  if (akteur === 'andere') return { code: 'leseraum_buchung.nicht_berechtigt', params: {} };
  if (!isCheckInMoeglich({ von, now })) {
    const { beginn, ende } = checkInFenster(von);
    return {
      code: 'leseraum_buchung.check_in_fenster',
      params: { beginn: formatTimeDE(beginn), ende: formatTimeDE(ende) },
    };
  }
  return null;
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
  if (status === 'vorgemerkt') target = bestaetigungsFrist(von);
  if (status === 'reserviert') {
    const { beginn, ende } = checkInFenster(von);
    target = now.getTime() < beginn.getTime() ? beginn : ende;
  }
  return target && target.getTime() > now.getTime() ? target : null;
};

export type LeseraumVerfallGrund = 'frist_abgelaufen' | 'nicht_eingecheckt';

/**
 * The scheduler's decision for one booking at `now`: a hold whose deadline (its start) has passed, and a
 * reservation whose check-in window has closed without check-in, are released (cancelled by the system);
 * anything else stays. Pure, so a job that runs twice decides the same and finds nothing the second time.
 */
export const leseraumVerfall = ({
  status,
  von,
  now,
}: {
  status: BuchungStatus;
  von: Date;
  now: Date;
}): LeseraumVerfallGrund | null => {
  if (status === 'vorgemerkt' && now.getTime() >= bestaetigungsFrist(von).getTime())
    return 'frist_abgelaufen';
  if (status === 'reserviert' && now.getTime() > checkInFenster(von).ende.getTime())
    return 'nicht_eingecheckt';
  return null;
};

/** The longest reason staff may give for a cancellation or a declined hold (it goes into the booker's mail). */
export const PERSONAL_GRUND_MAX = 500;

/**
 * Staff who cancel another user's booking must say why (R173, decision 118/136): the booker gets
 * the reason in the cancellation mail. The booker cancelling their own booking needs none.
 */
export const personalGrundVerstoss = ({
  durchPersonal,
  grund,
}: {
  /** Someone other than the booker cancels (under buchung_pflege). */
  durchPersonal: boolean;
  grund: string | null | undefined;
}): RuleViolation | null =>
  durchPersonal && !grund?.trim() ? { code: 'leseraum_buchung.grund_fehlt', params: {} } : null;

/**
 * Why staff may not decline a hold (R170), or null: only booking staff (buchung_pflege), only a hold
 * that waits for them (no confirmer named: the place is confirmed by staff), only before its deadline (its
 * start; afterwards the scheduler has released it), and only with a reason for the booker.
 */
export const leseraumAblehnungVerstoss = ({
  status,
  bestaetigerMail,
  istPersonal,
  von,
  now,
  grund,
}: {
  status: BuchungStatus;
  bestaetigerMail: string | null;
  istPersonal: boolean;
  von: Date;
  now: Date;
  grund: string | null | undefined;
}): RuleViolation | null => {
  if (!istPersonal) return { code: 'leseraum_buchung.nicht_berechtigt', params: {} };
  if (status !== 'vorgemerkt') return { code: 'leseraum_buchung.schritt_nicht_erlaubt', params: { status } };
  if (bestaetigerMail !== null) return { code: 'leseraum_buchung.nicht_zu_bestaetigen', params: {} };
  if (now.getTime() >= bestaetigungsFrist(von).getTime())
    return { code: 'leseraum_buchung.frist_abgelaufen', params: { frist: formatTimeDE(von) } };
  return personalGrundVerstoss({ durchPersonal: true, grund });
};
