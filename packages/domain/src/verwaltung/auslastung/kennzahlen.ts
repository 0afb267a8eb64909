/**
 * Every utilisation figure, declared once with what it counts and what it is divided by (decision 163). The
 * web app shows `nenner` in each figure's tooltip; the later works-council data sheet and exports read the
 * same declarations. `ebene` is the finest breakdown the figure is shown at (always an aggregate: no figure
 * is per person, decision 164).
 */
import type { Texts } from '../../language.ts';

export type KennzahlEinheit = 'prozent' | 'anzahl' | 'stunden' | 'km' | 'tage';

export type Kennzahl = {
  readonly name: Texts;
  /** What is counted (the numerator, or the figure itself). */
  readonly zaehler: Texts;
  /** What it is divided by; for counts, what is counted over. */
  readonly nenner: Texts;
  readonly einheit: KennzahlEinheit;
  readonly ebene: Texts;
};

const GEBUCHT_LESERAUM: Texts = {
  de: 'Gebuchte Zeit der Plätze (reserviert, eingecheckt, oder ohne Check-in freigegeben) innerhalb der Öffnungszeiten.',
  en: 'Booked time of the places (reserved, checked in, or released without check-in) within the opening hours.',
};
const OEFFNUNG: Texts = {
  de: 'Öffnungszeiten (Sonderöffnungszeiten vor den Wochenzeiten) × aktive Plätze, ohne die gesetzlichen Feiertage des Bundeslands der Lokation (außer ein Sondertermin öffnet den Tag). Im Modus „ganztags“ zählen Platz-Tage statt Minuten.',
  en: "Opening hours (special opening hours before the weekly hours) × active places, without the public holidays of the location's federal state (unless a special opening time opens the day). In full-day mode place-days count instead of minutes.",
};
const FENSTER: Texts = {
  de: 'Buchbare Stunden: das für das Fahrzeug geltende Buchungsfenster an den Tagen seiner Gültigkeit, ohne die gesetzlichen Feiertage des Bundeslands seiner Lokation.',
  en: "Bookable hours: the booking window that applies to the vehicle on the days of its validity, without the public holidays of its location's federal state.",
};
const EBENE_LESERAUM: Texts = {
  de: 'Lokation, Grundriss, Raumart; je Zelle mindestens k Personen',
  en: 'Location, floor plan, room type; at least k people per cell',
};
const EBENE_FAHRZEUG: Texts = {
  de: 'Lokation, Kategorie, Fahrzeug; je Zelle mindestens k Personen',
  en: 'Location, category, vehicle; at least k people per cell',
};

export const KENNZAHLEN = {
  platzAuslastung: {
    name: { de: 'Auslastung (gebucht)', en: 'Utilisation (booked)' },
    zaehler: GEBUCHT_LESERAUM,
    nenner: OEFFNUNG,
    einheit: 'prozent',
    ebene: EBENE_LESERAUM,
  },
  platzAuslastungEingecheckt: {
    name: { de: 'Auslastung (eingecheckt)', en: 'Utilisation (checked in)' },
    zaehler: {
      de: 'Zeit der Buchungen mit Check-in innerhalb der Öffnungszeiten.',
      en: 'Time of the bookings checked in, within the opening hours.',
    },
    nenner: OEFFNUNG,
    einheit: 'prozent',
    ebene: EBENE_LESERAUM,
  },
  spitzenTag: {
    name: { de: 'Spitzentag', en: 'Peak day' },
    zaehler: {
      de: 'Die höchste Tagesauslastung (gebucht) im Zeitraum.',
      en: 'The highest daily utilisation (booked) in the period.',
    },
    nenner: {
      de: 'Die Öffnungszeit dieses Tages × aktive Plätze.',
      en: "That day's opening hours × active places.",
    },
    einheit: 'prozent',
    ebene: EBENE_LESERAUM,
  },
  noShowQuote: {
    name: { de: 'No-Show-Quote', en: 'No-show rate' },
    zaehler: {
      de: 'Reservierungen, die ohne Check-in freigegeben wurden.',
      en: 'Reservations released because nobody checked in.',
    },
    nenner: {
      de: 'Reservierungen mit Beginn im Zeitraum, die eingecheckt oder ohne Check-in freigegeben wurden.',
      en: 'Reservations starting in the period that were checked in or released without check-in.',
    },
    einheit: 'prozent',
    ebene: EBENE_LESERAUM,
  },
  verfalleneVormerkungen: {
    name: { de: 'Verfallene Vormerkungen', en: 'Lapsed holds' },
    zaehler: {
      de: 'Vormerkungen, deren Bestätigungsfrist ablief.',
      en: 'Holds whose confirmation deadline passed.',
    },
    nenner: {
      de: 'Gezählt über Buchungen mit Beginn im Zeitraum.',
      en: 'Counted over bookings starting in the period.',
    },
    einheit: 'anzahl',
    ebene: EBENE_LESERAUM,
  },
  stornierungen: {
    name: { de: 'Stornierungen', en: 'Cancellations' },
    zaehler: {
      de: 'Von Buchenden oder Personal stornierte Buchungen, nach Vorlauf (Zeit zwischen Storno und Beginn).',
      en: 'Bookings cancelled by bookers or staff, by lead time (time between cancellation and start).',
    },
    nenner: {
      de: 'Gezählt über Buchungen mit Beginn im Zeitraum.',
      en: 'Counted over bookings starting in the period.',
    },
    einheit: 'anzahl',
    ebene: EBENE_LESERAUM,
  },
  vorschau: {
    name: { de: 'Erwartete Belegung (14 Tage)', en: 'Expected occupancy (14 days)' },
    zaehler: {
      de: 'Schon gebuchte Zeit (vorgemerkt, reserviert) der nächsten 14 Tage.',
      en: 'Time already booked (held, reserved) in the next 14 days.',
    },
    nenner: OEFFNUNG,
    einheit: 'prozent',
    ebene: EBENE_LESERAUM,
  },
  fahrzeugAuslastungGebucht: {
    name: { de: 'Auslastung (gebucht)', en: 'Utilisation (booked)' },
    zaehler: {
      de: 'Gebuchte Stunden (ohne stornierte Buchungen und Sperren) innerhalb der buchbaren Stunden.',
      en: 'Booked hours (without cancelled bookings and blocks) within the bookable hours.',
    },
    nenner: FENSTER,
    einheit: 'prozent',
    ebene: EBENE_FAHRZEUG,
  },
  fahrzeugAuslastungGefahren: {
    name: { de: 'Auslastung (gefahren)', en: 'Utilisation (driven)' },
    zaehler: {
      de: 'Stunden zwischen Fahrtbeginn und Fahrtende laut Fahrtenbuch innerhalb der buchbaren Stunden.',
      en: 'Hours between the start and end of the trips in the logbook, within the bookable hours.',
    },
    nenner: FENSTER,
    einheit: 'prozent',
    ebene: EBENE_FAHRZEUG,
  },
  fahrten: {
    name: { de: 'Fahrten und Kilometer', en: 'Trips and kilometres' },
    zaehler: {
      de: 'Fahrtenbuch-Einträge und ihre Kilometer je Monat.',
      en: 'Logbook entries and their kilometres per month.',
    },
    nenner: { de: 'Gezählt je Monat nach Fahrtbeginn.', en: 'Counted per month by trip start.' },
    einheit: 'km',
    ebene: EBENE_FAHRZEUG,
  },
  privatAnteil: {
    name: { de: 'Anteil privat / Arbeitsweg', en: 'Private / commute share' },
    zaehler: {
      de: 'Kilometer der Fahrten mit Art privat bzw. Arbeitsweg.',
      en: 'Kilometres of trips of kind private or commute.',
    },
    nenner: { de: 'Alle gefahrenen Kilometer im Zeitraum.', en: 'All kilometres driven in the period.' },
    einheit: 'prozent',
    ebene: EBENE_FAHRZEUG,
  },
  standtage: {
    name: { de: 'Standtage', en: 'Idle days' },
    zaehler: {
      de: 'Buchbare Tage ohne jede Buchung, über alle Fahrzeuge.',
      en: 'Bookable days without any booking, over all vehicles.',
    },
    nenner: { de: 'Buchbare Fahrzeug-Tage im Zeitraum.', en: 'Bookable vehicle-days in the period.' },
    einheit: 'tage',
    ebene: EBENE_FAHRZEUG,
  },
  abgabeKandidaten: {
    name: { de: 'Fahrzeuge unter der Schwelle (90 Tage)', en: 'Vehicles below the threshold (90 days)' },
    zaehler: {
      de: 'Gebuchte Stunden der letzten 90 Tage innerhalb der buchbaren Stunden.',
      en: 'Booked hours of the last 90 days within the bookable hours.',
    },
    nenner: FENSTER,
    einheit: 'prozent',
    ebene: {
      de: 'Fahrzeug; nur mit mindestens k Personen oder ohne Buchung',
      en: 'Vehicle; only with at least k people or no booking',
    },
  },
  ungedeckteNachfrage: {
    name: { de: 'Ungedeckte Nachfrage', en: 'Unmet demand' },
    zaehler: {
      de: 'Suchen nach einem freien Fahrzeug für einen Zeitraum, bei denen alle Fahrzeuge eines Standorts und einer Kategorie belegt, gesperrt oder noch unterwegs waren.',
      en: 'Searches for a free vehicle for a period that found every vehicle of a location and category booked, blocked or still out.',
    },
    nenner: {
      de: 'Gezählt je Standort, Kategorie, Tag und Stunde des gesuchten Beginns; ohne Personenbezug.',
      en: 'Counted per location, category, day and hour of the start searched for; without any person reference.',
    },
    einheit: 'anzahl',
    ebene: {
      de: 'Standort und Kategorie; eine reine Zählung ohne Person, gezeigt mit den übrigen Fahrzeugzahlen',
      en: 'Location and category; a plain count without a person, shown with the other vehicle figures',
    },
  },
} as const satisfies Record<string, Kennzahl>;

export type KennzahlName = keyof typeof KENNZAHLEN;
