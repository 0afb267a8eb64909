/**
 * The assistant's words beyond the reading (decision 219): a booking of the caller in one line, the result of a
 * change, the tenant's booking rules and the opening hours of a day. Pure, in the request's language, times in
 * Europe/Berlin.
 */
import type { Language } from '../language.ts';
import { zeitraumText } from './zusammenfassung.ts';

export type BuchungZeile = {
  art: 'fahrzeug' | 'leseraum' | 'arbeitswelt';
  bezeichnung: string;
  von: string;
  bis: string;
};

const ART: Record<Language, Record<BuchungZeile['art'], string>> = {
  de: { fahrzeug: 'Fahrzeug', leseraum: 'Lesesaal', arbeitswelt: 'Arbeitsplatz' },
  en: { fahrzeug: 'Vehicle', leseraum: 'Reading room', arbeitswelt: 'Desk' },
};

/** One booking of the caller: kind, what, and the Berlin period. */
export const buchungZeile = (b: BuchungZeile, sprache: Language): string =>
  `${ART[sprache][b.art]} ${b.bezeichnung}, ${zeitraumText({ von: b.von, bis: b.bis, ganztags: false }, sprache)}`;

const TEXTE = {
  de: {
    gebucht: 'Gebucht',
    storniert: 'Storniert',
    eingecheckt: 'Eingecheckt',
    geaendert: 'Geändert',
    aendern: 'Buchung ändern',
    neu: 'neu',
    stornieren: 'Buchung stornieren',
    einchecken: 'Einchecken',
    welche: 'Welche Buchung meinen Sie?',
    keine: 'Sie haben keine anstehenden Buchungen.',
    eigene: 'Ihre anstehenden Buchungen',
    berlin: '(Zeit in Berlin)',
  },
  en: {
    gebucht: 'Booked',
    storniert: 'Cancelled',
    eingecheckt: 'Checked in',
    geaendert: 'Changed',
    aendern: 'Change booking',
    neu: 'new',
    stornieren: 'Cancel booking',
    einchecken: 'Check in',
    welche: 'Which booking do you mean?',
    keine: 'You have no upcoming bookings.',
    eigene: 'Your upcoming bookings',
    berlin: '(Berlin time)',
  },
} as const;
export type AuskunftText = keyof (typeof TEXTE)['de'];
export const auskunftText = (key: AuskunftText, sprache: Language): string => TEXTE[sprache][key];

/** The caller's own bookings as a list in words. */
export const eigeneBuchungenText = (buchungen: readonly BuchungZeile[], sprache: Language): string =>
  buchungen.length === 0
    ? TEXTE[sprache].keine
    : `${TEXTE[sprache].eigene}:\n${buchungen.map((b) => `– ${buchungZeile(b, sprache)}`).join('\n')}`;

export type Regeln = {
  platz: { maximaleDauer: number; vorausbuchbareTage: number; maxBuchungenProWoche: number } | null;
  fahrzeug: { vorausbuchbareTage: number; von: string; bis: string } | null;
};

/** The booking rules that apply to the caller (their effective settings). 0 means unlimited. */
export const regelnText = (r: Regeln, sprache: Language): string => {
  const de = sprache === 'de';
  const teile: string[] = [];
  if (r.platz) {
    const dauer =
      r.platz.maximaleDauer > 0
        ? de
          ? `höchstens ${r.platz.maximaleDauer / 60} Stunden je Buchung`
          : `at most ${r.platz.maximaleDauer / 60} hours per booking`
        : de
          ? 'ohne Höchstdauer'
          : 'no maximum length';
    const voraus = de
      ? `bis zu ${r.platz.vorausbuchbareTage} Tage im Voraus`
      : `up to ${r.platz.vorausbuchbareTage} days in advance`;
    const woche =
      r.platz.maxBuchungenProWoche > 0
        ? de
          ? `, höchstens ${r.platz.maxBuchungenProWoche} Buchungen pro Woche`
          : `, at most ${r.platz.maxBuchungenProWoche} bookings per week`
        : '';
    teile.push(`${de ? 'Plätze' : 'Places'}: ${dauer}, ${voraus}${woche}.`);
  }
  if (r.fahrzeug) {
    teile.push(
      de
        ? `Fahrzeuge: bis zu ${r.fahrzeug.vorausbuchbareTage} Tage im Voraus, Buchungszeiten ${r.fahrzeug.von}–${r.fahrzeug.bis} Uhr.`
        : `Vehicles: up to ${r.fahrzeug.vorausbuchbareTage} days in advance, booking hours ${r.fahrzeug.von}–${r.fahrzeug.bis}.`,
    );
  }
  if (teile.length === 0)
    return de ? 'Für Sie gelten keine Buchungsregeln.' : 'No booking rules apply to you.';
  return teile.join('\n');
};

export type Oeffnung = {
  name: string;
  standort: string | null;
  oeffnung: { von: string; bis: string } | null;
};

/** The opening hours of the plans (reading rooms, workspaces) on one Berlin day. */
export const oeffnungszeitenText = (tag: string, plaene: readonly Oeffnung[], sprache: Language): string => {
  const de = sprache === 'de';
  const datum = new Intl.DateTimeFormat(de ? 'de-DE' : 'en-GB', {
    timeZone: 'Europe/Berlin',
    weekday: 'long',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(`${tag}T12:00:00Z`));
  if (plaene.length === 0)
    return de ? `Für ${datum} kenne ich keine Öffnungszeiten.` : `I know no opening hours for ${datum}.`;
  const zeilen = plaene.map((p) => {
    const wo = p.standort ? `${p.name} (${p.standort})` : p.name;
    const wann = p.oeffnung
      ? `${p.oeffnung.von}–${p.oeffnung.bis}${de ? ' Uhr' : ''}`
      : de
        ? 'geschlossen'
        : 'closed';
    return `– ${wo}: ${wann}`;
  });
  return `${de ? 'Öffnungszeiten am' : 'Opening hours on'} ${datum} ${TEXTE[sprache].berlin}:\n${zeilen.join('\n')}`;
};

/** What the assistant answers to a question it has no source for. */
export const frageSonstigeText = (sprache: Language): string =>
  sprache === 'de'
    ? 'Ich kann Fragen zu Öffnungszeiten und Buchungsregeln beantworten, Ihre Buchungen zeigen, Plätze und Fahrzeuge buchen, stornieren und einchecken.'
    : 'I can answer questions about opening hours and booking rules, show your bookings, book places and vehicles, cancel and check in.';
