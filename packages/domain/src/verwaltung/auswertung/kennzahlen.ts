/**
 * Every evaluation figure declared once (decision 195): name and what it counts over (its denominator). The
 * screen shows the declaration beside each figure; the export writes the same text in its last column.
 */
import type { Texts } from '../../language.ts';
import type { TAuswertung, TAuswertungPeriode } from './api.ts';

export type AuswertungsKennzahl = {
  /** The booking area the figure belongs to: shown only while it is switched on (decision 280). */
  readonly buchungsbereich: keyof TAuswertung['bereiche'];
  readonly bereich: Texts;
  readonly name: Texts;
  readonly nenner: Texts;
  /** The figure of one period (null: hidden, switched off or nothing to divide). */
  readonly wert: (p: TAuswertungPeriode) => number | null;
  readonly einheit: 'prozent' | 'anzahl' | 'km' | 'stunden' | 'tage';
};

const AUSLASTUNG: Texts = { de: 'Auslastung', en: 'Utilisation' };
const FAHRTEN: Texts = { de: 'Fahrten', en: 'Trips' };
const FREIGABEN: Texts = { de: 'Freigaben', en: 'Approvals' };
const FUEHRERSCHEINE: Texts = { de: 'Führerscheinkontrollen', en: 'Licence checks' };
const SCHAEDEN: Texts = { de: 'Schäden', en: 'Damages' };

const FAHRTENBUCH: Texts = {
  de: 'Fahrtenbuch-Einträge (aktuelle Fassung), deren Fahrt im Zeitraum beginnt; km = km-Stand Ende − Beginn. Nur wenn mindestens k Fahrer dahinterstehen.',
  en: 'Logbook entries (current version) whose trip starts in the period; km = odometer end − start. Only with at least k drivers behind them.',
};
const zweck = (
  art: 'dienstlich' | 'privat' | 'arbeitsweg',
  de: string,
  en: string,
): AuswertungsKennzahl[] => [
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FAHRTEN,
    name: { de: `Fahrten ${de}`, en: `Trips ${en}` },
    nenner: FAHRTENBUCH,
    wert: (p) => p.fahrten?.gesamt?.[art].fahrten ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FAHRTEN,
    name: { de: `Kilometer ${de}`, en: `Kilometres ${en}` },
    nenner: FAHRTENBUCH,
    wert: (p) => p.fahrten?.gesamt?.[art].km ?? null,
    einheit: 'km',
  },
];

const FREIGABE_NENNER: Texts = {
  de: 'Buchungen mit Sonderfreigabe, angelegt im Zeitraum; abgelehnt, wenn ein Freigebender ablehnte, freigegeben, wenn alle freigaben.',
  en: 'Bookings needing a special approval, created in the period; rejected when one approver rejected, approved when all approved.',
};
const SCHADEN_NENNER: Texts = {
  de: 'Schäden, gemeldet bei Check-in oder Check-out; behoben = im Zeitraum als behoben markiert.',
  en: 'Damages reported at check-in or check-out; repaired = marked repaired in the period.',
};
const FS_NENNER: Texts = {
  de: 'Führerscheine der Benutzer; überfällig = nächste Prüfung vor dem Stichtag (Tag nach dem Zeitraum oder heute, was früher ist).',
  en: "Users' driving licences; overdue = next check before the reference day (the day after the period or today, whichever is earlier).",
};

export const AUSWERTUNG_KENNZAHLEN: readonly AuswertungsKennzahl[] = [
  {
    buchungsbereich: 'plaetze',
    bereich: AUSLASTUNG,
    name: { de: 'Plätze gebucht', en: 'Places booked' },
    nenner: {
      de: 'Gebuchte Zeit der Plätze ÷ Öffnungszeiten × aktive Plätze, ohne Feiertage (wie Büroauslastung).',
      en: 'Booked time of the places ÷ opening hours × active places, without public holidays (as in office utilisation).',
    },
    wert: (p) => p.auslastung.plaetze,
    einheit: 'prozent',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: AUSLASTUNG,
    name: { de: 'Fahrzeuge gebucht', en: 'Vehicles booked' },
    nenner: {
      de: 'Gebuchte Stunden ÷ buchbare Stunden (Buchungsfenster ohne Feiertage).',
      en: 'Booked hours ÷ bookable hours (booking window without public holidays).',
    },
    wert: (p) => p.auslastung.fahrzeugeGebucht,
    einheit: 'prozent',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: AUSLASTUNG,
    name: { de: 'Fahrzeuge gefahren', en: 'Vehicles driven' },
    nenner: {
      de: 'Gefahrene Stunden laut Fahrtenbuch ÷ buchbare Stunden.',
      en: 'Hours driven according to the logbook ÷ bookable hours.',
    },
    wert: (p) => p.auslastung.fahrzeugeGefahren,
    einheit: 'prozent',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: AUSLASTUNG,
    name: { de: 'Ungedeckte Fahrzeug-Nachfrage', en: 'Unmet vehicle demand' },
    nenner: {
      de: 'Suchen nach einem freien Fahrzeug für einen Zeitraum, bei denen alle Fahrzeuge belegt oder gesperrt waren; je Standort und Kategorie einmal gezählt. Reine Zählung ohne Personenbezug.',
      en: 'Searches for a free vehicle for a period that found every vehicle booked or blocked; counted once per location and category. A plain count without any person reference.',
    },
    wert: (p) => p.auslastung.fahrzeugeNachfrage,
    einheit: 'anzahl',
  },
  ...zweck('dienstlich', 'dienstlich', 'business'),
  ...zweck('privat', 'privat', 'private'),
  ...zweck('arbeitsweg', 'Arbeitsweg', 'commute'),
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FREIGABEN,
    name: { de: 'Freigabe-Anfragen', en: 'Approval requests' },
    nenner: FREIGABE_NENNER,
    wert: (p) => p.freigaben?.gesamt?.anfragen ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FREIGABEN,
    name: { de: 'Freigegeben', en: 'Approved' },
    nenner: FREIGABE_NENNER,
    wert: (p) => p.freigaben?.gesamt?.freigegeben ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FREIGABEN,
    name: { de: 'Abgelehnt', en: 'Rejected' },
    nenner: FREIGABE_NENNER,
    wert: (p) => p.freigaben?.gesamt?.abgelehnt ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FREIGABEN,
    name: { de: 'Offen', en: 'Open' },
    nenner: FREIGABE_NENNER,
    wert: (p) => p.freigaben?.gesamt?.offen ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FREIGABEN,
    name: { de: 'Mittlere Zeit bis zur Entscheidung', en: 'Mean time to decision' },
    nenner: {
      de: 'Summe der Stunden von der Anfrage bis zur Entscheidung jedes Freigebenden ÷ Zahl der Entscheidungen.',
      en: "Sum of the hours from request to each approver's decision ÷ number of decisions.",
    },
    wert: (p) => p.freigaben?.gesamt?.mittlereStunden ?? null,
    einheit: 'stunden',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FUEHRERSCHEINE,
    name: { de: 'Prüfungen fällig im Zeitraum', en: 'Checks due in the period' },
    nenner: FS_NENNER,
    wert: (p) => p.fuehrerscheine?.gesamt?.faellig ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FUEHRERSCHEINE,
    name: { de: 'Prüfungen überfällig', en: 'Checks overdue' },
    nenner: FS_NENNER,
    wert: (p) => p.fuehrerscheine?.gesamt?.ueberfaellig ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: FUEHRERSCHEINE,
    name: { de: 'Prüfungen durchgeführt', en: 'Checks done' },
    nenner: FS_NENNER,
    wert: (p) => p.fuehrerscheine?.gesamt?.geprueft ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: SCHAEDEN,
    name: { de: 'Schäden gemeldet', en: 'Damages reported' },
    nenner: SCHADEN_NENNER,
    wert: (p) => p.schaeden?.gesamt?.gemeldet ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: SCHAEDEN,
    name: { de: 'davon sicherheitsrelevant', en: 'of which safety-relevant' },
    nenner: SCHADEN_NENNER,
    wert: (p) => p.schaeden?.gesamt?.davonSicherheitsrelevant ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: SCHAEDEN,
    name: { de: 'Schäden behoben', en: 'Damages repaired' },
    nenner: SCHADEN_NENNER,
    wert: (p) => p.schaeden?.gesamt?.behoben ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: SCHAEDEN,
    name: { de: 'Offen am Ende des Zeitraums', en: 'Open at the end of the period' },
    nenner: SCHADEN_NENNER,
    wert: (p) => p.schaeden?.gesamt?.offenAmEnde ?? null,
    einheit: 'anzahl',
  },
  {
    buchungsbereich: 'fahrzeuge',
    bereich: SCHAEDEN,
    name: { de: 'Mittlere Tage bis zur Behebung', en: 'Mean days to repair' },
    nenner: {
      de: 'Tage von Meldung bis Behebung der im Zeitraum behobenen Schäden ÷ deren Zahl.',
      en: 'Days from report to repair of the damages repaired in the period ÷ their number.',
    },
    wert: (p) => p.schaeden?.gesamt?.mittlereBehebungsTage ?? null,
    einheit: 'tage',
  },
];

export type ExportZeile = {
  bereich: string;
  kennzahl: string;
  wert: string;
  vorperiode: string;
  erklaerung: string;
};

const format = (
  wert: number | null,
  einheit: AuswertungsKennzahl['einheit'],
  sprache: 'de' | 'en',
): string => {
  if (wert === null) return '';
  if (einheit === 'prozent') return `${(Math.round(wert * 1000) / 10).toLocaleString(sprache)} %`;
  return wert.toLocaleString(sprache);
};

/**
 * The figures of an evaluation: those of the booking areas switched on for its tenant (decision 280); the screen, the
 * export and the mail show these.
 */
export const kennzahlenDer = (a: Pick<TAuswertung, 'bereiche'>): readonly AuswertungsKennzahl[] =>
  AUSWERTUNG_KENNZAHLEN.filter((k) => a.bereiche[k.buchungsbereich]);

/** The export's rows: the same figures the screen shows, each with its denominator. */
export const exportZeilen = (a: TAuswertung, sprache: 'de' | 'en'): ExportZeile[] =>
  kennzahlenDer(a).map((k) => ({
    bereich: k.bereich[sprache],
    kennzahl: k.name[sprache],
    wert: format(k.wert(a.aktuell), k.einheit, sprache),
    vorperiode: format(k.wert(a.vorher), k.einheit, sprache),
    erklaerung: k.nenner[sprache],
  }));

/** CSV (semicolon, quoted, CRLF) of the export rows with a header in `sprache`. */
export const alsCsv = (a: TAuswertung, sprache: 'de' | 'en'): string => {
  const kopf =
    sprache === 'de'
      ? [
          'Bereich',
          'Kennzahl',
          `${a.zeitraum.vonTag} – ${a.zeitraum.bisTag}`,
          `${a.vorperiode.vonTag} – ${a.vorperiode.bisTag}`,
          'Erklärung',
        ]
      : [
          'Area',
          'Figure',
          `${a.zeitraum.vonTag} – ${a.zeitraum.bisTag}`,
          `${a.vorperiode.vonTag} – ${a.vorperiode.bisTag}`,
          'Explanation',
        ];
  const q = (s: string) => `"${s.replaceAll('"', '""')}"`;
  return [
    kopf,
    ...exportZeilen(a, sprache).map((z) => [z.bereich, z.kennzahl, z.wert, z.vorperiode, z.erklaerung]),
  ]
    .map((r) => r.map(q).join(';'))
    .join('\r\n')
    .concat('\r\n');
};
