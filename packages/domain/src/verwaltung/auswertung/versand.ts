/**
 * The evaluation mailed on a rhythm (decision 247), like the vehicle report (decision 067): once the period of the
 * tenant's rhythm has ended, its recipients get the evaluation of that period, once. Weekly: the last complete
 * week Monday to Sunday; monthly: the last complete calendar month; both in Berlin days.
 */
import { addCalendarDays, addCalendarMonths, berlinDateKey, weekdayOfDay } from '../../time.ts';

export const AUSWERTUNG_RHYTHMEN = ['aus', 'woechentlich', 'monatlich'] as const;
export type AuswertungRhythmus = (typeof AUSWERTUNG_RHYTHMEN)[number];

export const isAuswertungRhythmus = (s: string): s is AuswertungRhythmus =>
  (AUSWERTUNG_RHYTHMEN as readonly string[]).includes(s);

export type AuswertungVersand = {
  rhythmus: Exclude<AuswertungRhythmus, 'aus'>;
  /** the evaluation's period: `art` with its anchor day, and its first and last day */
  art: 'woche' | 'monat';
  vonTag: string;
  bisTag: string;
  /** remembered once sent, so no period goes out twice */
  schluessel: string;
};

/** The period due at `now` under `rhythmus`, or null when off, unknown or already sent. */
export const faelligeAuswertung = ({
  now,
  rhythmus,
  gesendet,
}: {
  now: Date;
  rhythmus: string;
  gesendet: ReadonlySet<string>;
}): AuswertungVersand | null => {
  if (!isAuswertungRhythmus(rhythmus) || rhythmus === 'aus') return null;
  const heute = berlinDateKey(now);
  let vonTag: string;
  let bisTag: string;
  if (rhythmus === 'woechentlich') {
    // Monday of this week (weekdayOfDay: 0 Sunday … 6 Saturday)
    const montag = addCalendarDays(heute, -((weekdayOfDay(heute) + 6) % 7));
    vonTag = addCalendarDays(montag, -7);
    bisTag = addCalendarDays(montag, -1);
  } else {
    const erster = `${heute.slice(0, 7)}-01`;
    vonTag = addCalendarMonths(erster, -1);
    bisTag = addCalendarDays(erster, -1);
  }
  const art = rhythmus === 'woechentlich' ? 'woche' : 'monat';
  const schluessel = `auswertung:${art}:${vonTag}`;
  return gesendet.has(schluessel) ? null : { rhythmus, art, vonTag, bisTag, schluessel };
};
