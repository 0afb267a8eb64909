/**
 * The reading-room booking state machine of spec §4, as data plus guards.
 *
 * Who acts: the confirmer (`systembenutzer2`), the booker (`systembenutzer1`) or someone else. When the
 * same person is both, they act as confirmer. Check-in moves a reservation to durchgeführt only for the
 * booker or the confirmer (not for strangers; the spec leaves the actor open there).
 */
import { DomainError } from './errors.ts';
import type { BuchungStatus } from './status.ts';

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
