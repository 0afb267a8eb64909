/**
 * The reading-room booking mails of spec §4/§7 (useMailVormerkung, useMailBuchungBestaetigt,
 * useMailBuchungAngepasst, useMailStorno, useMailRaumDeaktivierungSystemStorno) in German and English.
 */
import type { LeseraumMailTyp } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import type { KalenderLinks } from './mail.kalender-links.ts';

/**
 * The reminder before the start (LeseraumEmailErinnerungBuchungsbeginn) and the booking staff's request to
 * confirm a hold (R170, decision 136) are not among POST /api/mail's types.
 */
export type LeseraumMailArt = LeseraumMailTyp | 'erinnerung' | 'bestaetigung_anfrage';

export type LeseraumMailParams = {
  typ: LeseraumMailArt;
  platz: string;
  grundriss: string;
  /** DD.MM.YYYY */
  datum: string;
  /** HH:mm–HH:mm */
  zeit: string;
  /** Link to the user's bookings of the area. */
  url: string;
  /** useMailVormerkung: who confirms ('selbst' = the booker, 'personal' = booking staff), and until when. */
  bestaetigung?: { durch: 'selbst' | 'personal'; frist: string };
  /** useMailBuchungBestaetigt and erinnerung: the check-in window. */
  checkIn?: { von: string; bis: string };
  /** useMailBuchungAngepasst: the booking before the change. */
  alt?: { datum: string; zeit: string };
  /** useMailStorno: why, when the system or staff cancelled. */
  grund?: string;
  /** bestaetigung_anfrage: who holds the place (name and address). */
  buchender?: string;
  /** The booker's mails of a booking that stands: links that add it to Outlook 365 and Google Calendar. */
  kalender?: KalenderLinks;
};

type Rendered = { subject: string; lines: string[]; linkLabel: string };

export const leseraumMailDe = (p: LeseraumMailParams): Rendered => {
  const was = `${p.platz} (${p.grundriss}) am ${p.datum}, ${p.zeit} Uhr`;
  switch (p.typ) {
    case 'useMailVormerkung':
      return {
        subject: `Vorgemerkt: ${p.platz} am ${p.datum}`,
        lines: [
          'Guten Tag,',
          `Sie haben ${was} vorgemerkt.`,
          p.bestaetigung?.durch === 'personal'
            ? 'Die Vormerkung wird vom Buchungspersonal bestätigt; Sie erhalten dann eine Bestätigung.'
            : `Bitte bestätigen Sie die Vormerkung bis ${p.bestaetigung?.frist ?? ''} Uhr, sonst verfällt sie.`,
        ],
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'useMailBuchungBestaetigt':
      return {
        subject: `Bestätigt: ${p.platz} am ${p.datum}`,
        lines: [
          'Guten Tag,',
          `Ihre Buchung von ${was} ist bestätigt.`,
          p.checkIn
            ? `Bitte checken Sie zwischen ${p.checkIn.von} und ${p.checkIn.bis} Uhr ein, sonst wird der Platz wieder freigegeben.`
            : '',
        ].filter(Boolean),
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'useMailBuchungAngepasst':
      return {
        subject: `Geändert: ${p.platz} am ${p.datum}`,
        lines: [
          'Guten Tag,',
          `Ihre Buchung von ${p.platz} (${p.grundriss}) wurde geändert.`,
          p.alt ? `Bisher: ${p.alt.datum}, ${p.alt.zeit} Uhr` : '',
          `Jetzt: ${p.datum}, ${p.zeit} Uhr`,
        ].filter(Boolean),
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'useMailStorno':
      return {
        subject: `Storniert: ${p.platz} am ${p.datum}`,
        lines: [
          'Guten Tag,',
          `Ihre Buchung von ${was} wurde storniert.`,
          p.grund ? `Grund: ${p.grund}` : '',
        ].filter(Boolean),
        linkLabel: 'Neu buchen',
      };
    case 'erinnerung':
      return {
        subject: `Erinnerung: ${p.platz} am ${p.datum}`,
        lines: [
          'Guten Tag,',
          `Ihre Buchung von ${was} beginnt bald.`,
          p.bestaetigung
            ? `Die Vormerkung ist noch nicht bestätigt; bitte bestätigen Sie sie bis ${p.bestaetigung.frist} Uhr, sonst verfällt sie.`
            : p.checkIn
              ? `Bitte checken Sie zwischen ${p.checkIn.von} und ${p.checkIn.bis} Uhr ein, sonst wird der Platz wieder freigegeben.`
              : '',
        ].filter(Boolean),
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'bestaetigung_anfrage':
      return {
        subject: `Zu bestätigen: ${p.platz} am ${p.datum}`,
        lines: [
          'Guten Tag,',
          `${p.buchender ?? ''} hat ${was} vorgemerkt. Der Platz wird vom Buchungspersonal bestätigt.`,
          `Bitte bestätigen Sie die Vormerkung oder lehnen Sie sie mit einem Grund ab, bevor sie um ${p.bestaetigung?.frist ?? ''} Uhr verfällt.`,
        ],
        linkLabel: 'Vormerkungen zur Bestätigung öffnen',
      };
    case 'useMailRaumDeaktivierungSystemStorno':
      return {
        subject: `Storniert: ${p.platz} am ${p.datum}`,
        lines: [
          'Guten Tag,',
          `Ihre Buchung von ${was} wurde storniert, weil der Platz nicht mehr zur Verfügung steht.`,
          'Bitte buchen Sie bei Bedarf einen anderen Platz.',
        ],
        linkLabel: 'Neu buchen',
      };
  }
};

export const leseraumMailEn = (p: LeseraumMailParams): Rendered => {
  const what = `${p.platz} (${p.grundriss}) on ${p.datum}, ${p.zeit}`;
  switch (p.typ) {
    case 'useMailVormerkung':
      return {
        subject: `On hold: ${p.platz} on ${p.datum}`,
        lines: [
          'Hello,',
          `you have put ${what} on hold.`,
          p.bestaetigung?.durch === 'personal'
            ? 'Booking staff will confirm the hold; you will then receive a confirmation.'
            : `Please confirm the hold by ${p.bestaetigung?.frist ?? ''}, otherwise it expires.`,
        ],
        linkLabel: 'Open my bookings',
      };
    case 'useMailBuchungBestaetigt':
      return {
        subject: `Confirmed: ${p.platz} on ${p.datum}`,
        lines: [
          'Hello,',
          `your booking of ${what} is confirmed.`,
          p.checkIn
            ? `Please check in between ${p.checkIn.von} and ${p.checkIn.bis}, otherwise the place is released.`
            : '',
        ].filter(Boolean),
        linkLabel: 'Open my bookings',
      };
    case 'useMailBuchungAngepasst':
      return {
        subject: `Changed: ${p.platz} on ${p.datum}`,
        lines: [
          'Hello,',
          `your booking of ${p.platz} (${p.grundriss}) was changed.`,
          p.alt ? `Before: ${p.alt.datum}, ${p.alt.zeit}` : '',
          `Now: ${p.datum}, ${p.zeit}`,
        ].filter(Boolean),
        linkLabel: 'Open my bookings',
      };
    case 'useMailStorno':
      return {
        subject: `Cancelled: ${p.platz} on ${p.datum}`,
        lines: [
          'Hello,',
          `your booking of ${what} was cancelled.`,
          p.grund ? `Reason: ${p.grund}` : '',
        ].filter(Boolean),
        linkLabel: 'Book again',
      };
    case 'erinnerung':
      return {
        subject: `Reminder: ${p.platz} on ${p.datum}`,
        lines: [
          'Hello,',
          `your booking of ${what} starts soon.`,
          p.bestaetigung
            ? `The hold is not confirmed yet; please confirm it by ${p.bestaetigung.frist}, otherwise it expires.`
            : p.checkIn
              ? `Please check in between ${p.checkIn.von} and ${p.checkIn.bis}, otherwise the place is released.`
              : '',
        ].filter(Boolean),
        linkLabel: 'Open my bookings',
      };
    case 'bestaetigung_anfrage':
      return {
        subject: `To confirm: ${p.platz} on ${p.datum}`,
        lines: [
          'Hello,',
          `${p.buchender ?? ''} has put ${what} on hold. Booking staff confirm this place.`,
          `Please confirm the hold, or decline it with a reason, before it expires at ${p.bestaetigung?.frist ?? ''}.`,
        ],
        linkLabel: 'Open the holds to confirm',
      };
    case 'useMailRaumDeaktivierungSystemStorno':
      return {
        subject: `Cancelled: ${p.platz} on ${p.datum}`,
        lines: [
          'Hello,',
          `your booking of ${what} was cancelled because the place is no longer available.`,
          'Please book another place if needed.',
        ],
        linkLabel: 'Book again',
      };
  }
};
