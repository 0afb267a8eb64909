/**
 * The vehicle jobs' notices (decision 067) in German and English: the missing check-out reminded to
 * the booker (`checkout_buchender`) and told to the fleet managers and caretakers (`checkout_fuhrpark`), the
 * next booker told that the car is still on the road (`vorcheckout`, with a free car of the location when
 * there is one), the daily care notice (`pflegehinweis`), the HU and UVV reminders (`pruefung`) and the
 * vehicle report (`report`, with the Excel file attached).
 */

export type FahrzeugHinweisArt =
  | 'checkout_buchender'
  | 'checkout_fuhrpark'
  | 'vorcheckout'
  | 'pflegehinweis'
  | 'pruefung'
  | 'report';

export type FahrzeugHinweisParams = {
  art: FahrzeugHinweisArt;
  /** make, model and plate, e.g. "Volkswagen ID.3 (MS-SW 101)" */
  fahrzeug?: string;
  /** "DD.MM.YYYY HH:mm – DD.MM.YYYY HH:mm" */
  zeitraum?: string;
  /** checkout_fuhrpark: the booker */
  name?: string;
  /** vorcheckout: a free car of the location, or none */
  ersatz?: string;
  /** pflegehinweis, pruefung, report: one line each (already in the recipient's language) */
  eintraege?: string[];
  url: string;
};

type Rendered = { subject: string; lines: string[]; linkLabel: string };

const liste = (p: FahrzeugHinweisParams) => (p.eintraege ?? []).map((e) => `- ${e}`);

export const fahrzeugHinweisDe = (p: FahrzeugHinweisParams): Rendered => {
  switch (p.art) {
    case 'checkout_buchender':
      return {
        subject: `Check-out fehlt: ${p.fahrzeug ?? ''}`,
        lines: [
          'Guten Tag,',
          `Ihre Fahrt mit ${p.fahrzeug ?? ''} (${p.zeitraum ?? ''}) ist beendet, aber noch nicht ausgecheckt.`,
          'Bitte checken Sie das Fahrzeug jetzt aus.',
        ],
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'checkout_fuhrpark':
      return {
        subject: `Check-out überfällig: ${p.fahrzeug ?? ''}`,
        lines: [
          'Guten Tag,',
          `die Fahrt von ${p.name ?? ''} mit ${p.fahrzeug ?? ''} (${p.zeitraum ?? ''}) ist noch nicht ausgecheckt, obwohl der Buchende erinnert wurde.`,
        ],
        linkLabel: 'Fahrzeuge öffnen',
      };
    case 'vorcheckout':
      return {
        subject: `Fahrzeug noch unterwegs: ${p.fahrzeug ?? ''}`,
        lines: [
          'Guten Tag,',
          `die vorige Fahrt mit ${p.fahrzeug ?? ''} ist noch nicht ausgecheckt. Ihre Buchung (${p.zeitraum ?? ''}) beginnt bald; das Fahrzeug ist womöglich noch nicht zurück.`,
          p.ersatz
            ? `Frei am selben Standort: ${p.ersatz}. Sie können Ihre Buchung auf dieses Fahrzeug ändern.`
            : 'Am selben Standort ist derzeit kein anderes Fahrzeug frei.',
        ],
        linkLabel: 'Meine Buchungen öffnen',
      };
    case 'pflegehinweis':
      return {
        subject: 'Pflegehinweis: Fahrten ohne Check-out',
        lines: ['Guten Tag,', 'folgende Fahrten sind beendet, aber nicht ausgecheckt:', ...liste(p)],
        linkLabel: 'Fahrzeuge öffnen',
      };
    case 'pruefung':
      return {
        subject: 'Fällige Fahrzeugprüfungen (HU/UVV)',
        lines: ['Guten Tag,', 'folgende Prüfungen stehen an oder sind überfällig:', ...liste(p)],
        linkLabel: 'Fahrzeugverwaltung öffnen',
      };
    default:
      return {
        subject: `Fahrzeugreport ${p.zeitraum ?? ''}`,
        lines: [
          'Guten Tag,',
          `hier ist der Fahrzeugreport für ${p.zeitraum ?? ''} (Fahrten, Kilometer, Schäden, Verschmutzungen, Kilometerlücken je Fahrzeug); die Excel-Datei ist angehängt.`,
          ...liste(p),
        ],
        linkLabel: 'Fahrzeuge öffnen',
      };
  }
};

export const fahrzeugHinweisEn = (p: FahrzeugHinweisParams): Rendered => {
  switch (p.art) {
    case 'checkout_buchender':
      return {
        subject: `Check-out missing: ${p.fahrzeug ?? ''}`,
        lines: [
          'Hello,',
          `your trip with ${p.fahrzeug ?? ''} (${p.zeitraum ?? ''}) has ended but is not checked out yet.`,
          'Please check the vehicle out now.',
        ],
        linkLabel: 'Open my bookings',
      };
    case 'checkout_fuhrpark':
      return {
        subject: `Check-out overdue: ${p.fahrzeug ?? ''}`,
        lines: [
          'Hello,',
          `the trip of ${p.name ?? ''} with ${p.fahrzeug ?? ''} (${p.zeitraum ?? ''}) is still not checked out, although the booker was reminded.`,
        ],
        linkLabel: 'Open vehicles',
      };
    case 'vorcheckout':
      return {
        subject: `Vehicle still on the road: ${p.fahrzeug ?? ''}`,
        lines: [
          'Hello,',
          `the previous trip with ${p.fahrzeug ?? ''} is not checked out yet. Your booking (${p.zeitraum ?? ''}) starts soon; the vehicle may not be back.`,
          p.ersatz
            ? `Free at the same location: ${p.ersatz}. You can change your booking to this vehicle.`
            : 'No other vehicle is free at the same location right now.',
        ],
        linkLabel: 'Open my bookings',
      };
    case 'pflegehinweis':
      return {
        subject: 'Care notice: trips without check-out',
        lines: ['Hello,', 'the following trips have ended but are not checked out:', ...liste(p)],
        linkLabel: 'Open vehicles',
      };
    case 'pruefung':
      return {
        subject: 'Vehicle inspections due (HU/UVV)',
        lines: ['Hello,', 'the following inspections are coming up or overdue:', ...liste(p)],
        linkLabel: 'Open fleet administration',
      };
    default:
      return {
        subject: `Vehicle report ${p.zeitraum ?? ''}`,
        lines: [
          'Hello,',
          `here is the vehicle report for ${p.zeitraum ?? ''} (trips, kilometres, damages, dirt incidents, mileage gaps per vehicle); the Excel file is attached.`,
          ...liste(p),
        ],
        linkLabel: 'Open vehicles',
      };
  }
};
