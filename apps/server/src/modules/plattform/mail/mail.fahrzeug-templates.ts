/**
 * The vehicle booking mails to the booker (and to the driver booked for) in German and English: a booking
 * was made, changed or cancelled. A special trip says it waits for approval. Approvals and blocks
 * (decisions 049, 056): an approver is asked to decide (`freigabe_anfrage`, to the approver, `durch` = the
 * booker), the booker learns of the approval (`freigegeben`; a rejection is `storniert` with its `grund`), and
 * of a move to another car for a block (`umgebucht`, `alt` = the car before).
 */

export type FahrzeugBuchungMailTyp =
  | 'erstellt'
  | 'geaendert'
  | 'storniert'
  | 'freigabe_anfrage'
  | 'freigegeben'
  | 'umgebucht'
  | 'erinnerung';

export type FahrzeugBuchungMailParams = {
  typ: FahrzeugBuchungMailTyp;
  /** make and model, e.g. "Volkswagen ID.3 Pro" */
  fahrzeug: string;
  kennzeichen: string;
  /** "DD.MM.YYYY HH:mm – DD.MM.YYYY HH:mm" (Europe/Berlin) */
  zeitraum: string;
  /** link to the user's vehicle bookings */
  url: string;
  /** the booking is a special trip waiting for approval */
  sonderfahrt?: boolean;
  /** booked or cancelled by someone else: their name */
  durch?: string;
  /** the booking's period before a change */
  alt?: string;
  /** why it was cancelled, when the system or someone else cancelled */
  grund?: string;
  /** the trip's reason, for the approver */
  anlass?: string;
};

type Rendered = { subject: string; lines: string[]; linkLabel: string };

export const fahrzeugBuchungMailDe = (p: FahrzeugBuchungMailParams): Rendered => {
  const was = `${p.fahrzeug ?? ''} (${p.kennzeichen ?? ''}), ${p.zeitraum ?? ''}`;
  const sonder = p.sonderfahrt
    ? 'Die Fahrt liegt außerhalb der Buchungszeiten und wartet auf eine Sonderfreigabe.'
    : '';
  switch (p.typ) {
    case 'erinnerung':
      return {
        subject: `Erinnerung: Ihre Fahrt beginnt bald (${p.kennzeichen ?? ''})`,
        lines: [
          'Guten Tag,',
          `Ihre Fahrt mit ${was} beginnt bald.`,
          'Denken Sie an den Check-in zu Beginn der Fahrt.',
        ],
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'freigabe_anfrage':
      return {
        subject: `Sonderfreigabe erbeten: ${p.kennzeichen ?? ''}`,
        lines: [
          'Guten Tag,',
          `${p.durch ?? ''} bittet Sie um die Freigabe einer Sonderfahrt außerhalb der Buchungszeiten: ${was}.`,
          p.anlass ? `Anlass: ${p.anlass}` : '',
          'Bitte geben Sie die Fahrt frei oder lehnen Sie sie ab.',
        ].filter(Boolean),
        linkLabel: 'Freigaben öffnen',
      };
    case 'freigegeben':
      return {
        subject: `Sonderfahrt freigegeben: ${p.kennzeichen ?? ''}`,
        lines: [
          'Guten Tag,',
          `Ihre Sonderfahrt ${was} wurde freigegeben${p.durch ? ` (durch ${p.durch})` : ''}.`,
        ],
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'umgebucht':
      return {
        subject: `Fahrzeugbuchung umgebucht: ${p.kennzeichen ?? ''}`,
        lines: [
          'Guten Tag,',
          `Ihre Fahrzeugbuchung wurde auf ein anderes Fahrzeug umgebucht${p.durch ? ` (durch ${p.durch})` : ''}.`,
          p.alt ? `Bisher: ${p.alt}` : '',
          `Jetzt: ${was}`,
          p.grund ? `Grund: ${p.grund}` : '',
        ].filter(Boolean),
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'geaendert':
      return {
        subject: `Fahrzeugbuchung geändert: ${p.kennzeichen ?? ''}`,
        lines: [
          'Guten Tag,',
          `Ihre Fahrzeugbuchung wurde geändert${p.durch ? ` (durch ${p.durch})` : ''}.`,
          p.alt ? `Bisher: ${p.alt}` : '',
          `Jetzt: ${was}`,
          sonder,
        ].filter(Boolean),
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'storniert':
      return {
        subject: `Fahrzeugbuchung storniert: ${p.kennzeichen ?? ''}`,
        lines: [
          'Guten Tag,',
          `Ihre Fahrzeugbuchung ${was} wurde storniert${p.durch ? ` (durch ${p.durch})` : ''}.`,
          p.grund ? `Grund: ${p.grund}` : '',
        ].filter(Boolean),
        linkLabel: 'Neu buchen',
      };
    default:
      return {
        subject: `Fahrzeug gebucht: ${p.kennzeichen ?? ''}`,
        lines: [
          'Guten Tag,',
          p.durch ? `${p.durch} hat für Sie ${was} gebucht.` : `Sie haben ${was} gebucht.`,
          sonder,
        ].filter(Boolean),
        linkLabel: 'Meine Buchungen öffnen',
      };
  }
};

export const fahrzeugBuchungMailEn = (p: FahrzeugBuchungMailParams): Rendered => {
  const what = `${p.fahrzeug ?? ''} (${p.kennzeichen ?? ''}), ${p.zeitraum ?? ''}`;
  const special = p.sonderfahrt ? 'The trip lies outside the booking times and awaits special approval.' : '';
  switch (p.typ) {
    case 'erinnerung':
      return {
        subject: `Reminder: your trip starts soon (${p.kennzeichen ?? ''})`,
        lines: [
          'Hello,',
          `your trip with ${what} starts soon.`,
          'Remember to check in when the trip starts.',
        ],
        linkLabel: 'Open my bookings',
      };
    case 'freigabe_anfrage':
      return {
        subject: `Special approval requested: ${p.kennzeichen ?? ''}`,
        lines: [
          'Hello,',
          `${p.durch ?? ''} asks you to approve a special trip outside the booking times: ${what}.`,
          p.anlass ? `Reason: ${p.anlass}` : '',
          'Please approve or reject the trip.',
        ].filter(Boolean),
        linkLabel: 'Open approvals',
      };
    case 'freigegeben':
      return {
        subject: `Special trip approved: ${p.kennzeichen ?? ''}`,
        lines: ['Hello,', `your special trip ${what} was approved${p.durch ? ` (by ${p.durch})` : ''}.`],
        linkLabel: 'Open my bookings',
      };
    case 'umgebucht':
      return {
        subject: `Vehicle booking moved: ${p.kennzeichen ?? ''}`,
        lines: [
          'Hello,',
          `your vehicle booking was moved to another vehicle${p.durch ? ` (by ${p.durch})` : ''}.`,
          p.alt ? `Before: ${p.alt}` : '',
          `Now: ${what}`,
          p.grund ? `Reason: ${p.grund}` : '',
        ].filter(Boolean),
        linkLabel: 'Open my bookings',
      };
    case 'geaendert':
      return {
        subject: `Vehicle booking changed: ${p.kennzeichen ?? ''}`,
        lines: [
          'Hello,',
          `your vehicle booking was changed${p.durch ? ` (by ${p.durch})` : ''}.`,
          p.alt ? `Before: ${p.alt}` : '',
          `Now: ${what}`,
          special,
        ].filter(Boolean),
        linkLabel: 'Open my bookings',
      };
    case 'storniert':
      return {
        subject: `Vehicle booking cancelled: ${p.kennzeichen ?? ''}`,
        lines: [
          'Hello,',
          `your vehicle booking ${what} was cancelled${p.durch ? ` (by ${p.durch})` : ''}.`,
          p.grund ? `Reason: ${p.grund}` : '',
        ].filter(Boolean),
        linkLabel: 'Book again',
      };
    default:
      return {
        subject: `Vehicle booked: ${p.kennzeichen ?? ''}`,
        lines: [
          'Hello,',
          p.durch ? `${p.durch} booked ${what} for you.` : `you booked ${what}.`,
          special,
        ].filter(Boolean),
        linkLabel: 'Open my bookings',
      };
  }
};
