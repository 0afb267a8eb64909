/**
 * The assistant's questions back, German and English: what it cannot decide from the text, it asks instead of
 * guessing (decision 177). Placeholders `{name}` are filled from the reading.
 */
import type { Language } from '../language.ts';

export const RUECKFRAGEN = {
  /** No resource kind, or more than one, or one the product does not book ('einen Beamer'). */
  was_buchen: {
    de: 'Was möchten Sie buchen: ein Fahrzeug, einen Platz oder einen Spind?',
    en: 'What would you like to book: a vehicle, a desk or a locker?',
  },
  /** A booking without any day or time. */
  tag_fehlt: {
    de: 'Für welchen Tag möchten Sie buchen?',
    en: 'For which day would you like to book?',
  },
  /** A week without a day ('KW 50'). */
  wochentag_fehlt: {
    de: 'An welchem Tag der Woche vom {montag} möchten Sie buchen?',
    en: 'On which day of the week of {montag} would you like to book?',
  },
  /** A vehicle on a day, without times. */
  zeit_fehlt: {
    de: 'Von wann bis wann brauchen Sie das Fahrzeug am {tag}?',
    en: 'From when until when do you need the vehicle on {tag}?',
  },
  /** A vehicle with a start, without an end. */
  ende_fehlt: {
    de: 'Bis wann brauchen Sie das Fahrzeug am {tag}?',
    en: 'Until when do you need the vehicle on {tag}?',
  },
  /** An end without a start ('bis 12'). */
  beginn_fehlt: {
    de: 'Ab wann möchten Sie am {tag} buchen?',
    en: 'From what time would you like to book on {tag}?',
  },
  /** A bare hour 1..6 without a time of day ('um 5'). */
  uhrzeit_mehrdeutig: {
    de: 'Meinen Sie {frueh} Uhr oder {spaet} Uhr?',
    en: 'Do you mean {frueh} or {spaet}?',
  },
  /** A clock time that the spring change skips (02:00 to 02:59 on the last Sunday of March). */
  zeit_gibt_es_nicht: {
    de: 'Am {tag} gibt es {zeit} Uhr nicht: die Uhr springt um 2 Uhr auf 3 Uhr (Sommerzeit). Welche Uhrzeit meinen Sie?',
    en: 'On {tag} there is no {zeit}: clocks go forward from 2:00 to 3:00 (summer time). Which time do you mean?',
  },
  /** A clock time that the autumn change repeats (02:00 to 02:59 on the last Sunday of October). */
  zeit_doppelt: {
    de: 'Am {tag} gibt es {zeit} Uhr zweimal (Ende der Sommerzeit). Meinen Sie die Sommerzeit oder die Winterzeit?',
    en: 'On {tag} {zeit} happens twice (end of summer time). Do you mean summer time or winter time?',
  },
  /** The period of a booking lies in the past. */
  vergangenheit: {
    de: 'Der {tag} um {zeit} Uhr liegt in der Vergangenheit. Welchen Zeitpunkt meinen Sie?',
    en: '{tag} at {zeit} lies in the past. Which time do you mean?',
  },
  /** A calendar week that the year does not have ('KW 53' in 2027). */
  kw_ungueltig: {
    de: 'Die Kalenderwoche {kw} gibt es im Jahr {jahr} nicht. Welche Woche meinen Sie?',
    en: 'The year {jahr} has no calendar week {kw}. Which week do you mean?',
  },
  /** A holiday name that stands for several days or a period ('Ostern', 'nach Pfingsten', 'Christmas'). */
  feiertag_mehrdeutig: {
    de: 'Welchen Tag meinen Sie mit „{name}“? Bitte nennen Sie den Tag, zum Beispiel „Ostermontag“ oder ein Datum.',
    en: 'Which day do you mean by "{name}"? Please name the day, for example "Easter Monday" or a date.',
  },
  /** A cancellation that names no booking. */
  welche_buchung: {
    de: 'Welche Buchung möchten Sie stornieren? Bitte nennen Sie den Tag.',
    en: 'Which booking would you like to cancel? Please name the day.',
  },
  /** Nothing of the text was understood. */
  nicht_verstanden: {
    de: 'Das habe ich nicht verstanden. Schreiben Sie zum Beispiel: „Ich brauche morgen von 9 bis 12 ein Auto“.',
    en: 'I did not understand that. Try for example: "I need a car tomorrow from 9 to 12".',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type RueckfrageArt = keyof typeof RUECKFRAGEN;

/** The question of `art` in `sprache`, its placeholders filled. */
export const rueckfrageText = (
  art: RueckfrageArt,
  sprache: Language,
  params: Record<string, string | number> = {},
): string =>
  RUECKFRAGEN[art][sprache].replace(/\{(\w+)\}/g, (ganz, name: string) =>
    name in params ? String(params[name]) : ganz,
  );
