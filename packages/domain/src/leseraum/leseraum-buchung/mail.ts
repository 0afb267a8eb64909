/**
 * The mails of reading-room bookings (spec §4, §7 `POST /api/mail`).
 */
import type { RuleViolation } from '../../errors.ts';
import type { BuchungStatus } from '../../status.ts';

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
 * times → adjustment (carrying the old booking), cancelling (also by the system when a hold or a
 * reservation lapses, or when the place closes) → cancellation, a system cancel because the room was
 * deactivated → deactivation mail. Check-in sends nothing.
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

/** Who receives a re-sent mail (POST /api/mail): the booker (systembenutzer1) or the confirmer (systembenutzer2). */
export const LESERAUM_MAIL_EMPFAENGER = ['buchender', 'bestaetiger'] as const;
export type LeseraumMailEmpfaenger = (typeof LESERAUM_MAIL_EMPFAENGER)[number];

/**
 * Which of a booking's own mails may be sent again (POST /api/mail, decision 052): only a mail the booking
 * has had or would have had in its status. Every booking was pre-booked (useMailVormerkung); a confirmation
 * belongs to a reserved or performed booking; an adjustment needs the previous times (`buchungAlt`) and a
 * booking that is not cancelled; both cancellation mails belong to a cancelled booking. Returns the broken
 * rule or null.
 */
export const leseraumMailErneutVerstoss = ({
  typ,
  status,
  hatAlt,
  empfaenger,
  bestaetigerMail,
}: {
  typ: LeseraumMailTyp;
  status: BuchungStatus;
  hatAlt: boolean;
  empfaenger: LeseraumMailEmpfaenger;
  bestaetigerMail: string | null;
}): RuleViolation | null => {
  if (typ === 'useMailBuchungAngepasst' && !hatAlt)
    return { code: 'leseraum_buchung.mail_alt_fehlt', params: {} };
  if (typ !== 'useMailBuchungAngepasst' && hatAlt)
    return { code: 'leseraum_buchung.mail_alt_unerwartet', params: {} };
  const passt: Record<LeseraumMailTyp, readonly BuchungStatus[]> = {
    useMailVormerkung: ['vorgemerkt', 'reserviert', 'durchgeführt', 'storniert'],
    useMailBuchungBestaetigt: ['reserviert', 'durchgeführt'],
    useMailBuchungAngepasst: ['vorgemerkt', 'reserviert', 'durchgeführt'],
    useMailStorno: ['storniert'],
    useMailRaumDeaktivierungSystemStorno: ['storniert'],
  };
  if (!passt[typ].includes(status))
    return { code: 'leseraum_buchung.mail_passt_nicht', params: { typ, status } };
  if (empfaenger === 'bestaetiger' && !bestaetigerMail)
    return { code: 'leseraum_buchung.mail_kein_bestaetiger', params: {} };
  return null;
};

/**
 * The reminder before the start (LeseraumEmailErinnerungBuchungsbeginn, minutes; 0 = none): due from
 * `minuten` before the start until the start, once, for a hold or a reservation. Instants, so a DST switch
 * between the reminder and the start changes nothing (the lead is real elapsed minutes).
 */
export const leseraumErinnerungFaellig = ({
  status,
  von,
  minuten,
  gesendet,
  now,
}: {
  status: BuchungStatus;
  von: Date;
  minuten: number;
  gesendet: boolean;
  now: Date;
}): boolean =>
  !gesendet &&
  minuten > 0 &&
  (status === 'vorgemerkt' || status === 'reserviert') &&
  now.getTime() < von.getTime() &&
  now.getTime() >= von.getTime() - minuten * 60_000;
