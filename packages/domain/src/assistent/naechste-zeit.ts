/**
 * When no car is free for the period a request names, the assistant offers the next free time of the same length
 * ("a refusal is the catalogue's message plus the alternatives the rules allow (other cars, other
 * times)"). This file says which later periods are tried, in which order, and how the offer is written as a new
 * request: the user sends it with one click and confirms its reading as any other (decision 254).
 */
import type { Language } from '../language.ts';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatTimeDE,
  minutesToTime,
  timeToMinutes,
} from '../time.ts';

/** How many following days are tried at the same clock times. */
export const NAECHSTE_ZEIT_TAGE = 7;

export type Zeitraum = { von: Date; bis: Date };

const tagZeit = (instant: Date) => ({ tag: berlinDateKey(instant), zeit: formatTimeDE(instant) });

/** `time` on `day`, or null where the spring change skips it (a period must start and end at the times it names). */
const wand = (day: string, minuten: number): Date | null => {
  const tag = minuten === 1440 ? addCalendarDays(day, 1) : day;
  const zeit = minutesToTime(minuten % 1440);
  const instant = berlinInstant(tag, zeit);
  return formatTimeDE(instant) === zeit ? instant : null;
};

/**
 * The later periods of the same Berlin wall-clock length, in the order they are offered: first later on the same
 * day in steps of an hour (only for a period that starts and ends on one day), then the same clock times on each of
 * the next NAECHSTE_ZEIT_TAGE days. A period that starts before `jetzt`, or at a clock time the spring change skips,
 * is left out. Whether a car is free then, and whether the booking rules allow it, is asked of the operation.
 */
export const spaetereZeitraeume = ({ von, bis, jetzt }: Zeitraum & { jetzt: Date }): Zeitraum[] => {
  const start = tagZeit(von);
  const ende = tagZeit(bis);
  const startMin = timeToMinutes(start.zeit);
  const endeMin = timeToMinutes(ende.zeit);
  const raeume: Zeitraum[] = [];
  const nimm = (a: Date | null, b: Date | null) => {
    if (a && b && a.getTime() >= jetzt.getTime() && b.getTime() > a.getTime())
      raeume.push({ von: a, bis: b });
  };
  // later on the same day: a period that ends at midnight ('24:00') ends on the next day at 00:00
  const endeAmSelbenTag =
    ende.tag === start.tag || (ende.tag === addCalendarDays(start.tag, 1) && endeMin === 0);
  if (endeAmSelbenTag) {
    const endeBis = ende.tag === start.tag ? endeMin : 1440;
    for (let h = 1; endeBis + 60 * h <= 1440; h++)
      nimm(wand(start.tag, startMin + 60 * h), wand(start.tag, endeBis + 60 * h));
  }
  for (let d = 1; d <= NAECHSTE_ZEIT_TAGE; d++)
    nimm(wand(addCalendarDays(start.tag, d), startMin), wand(addCalendarDays(ende.tag, d), endeMin));
  return raeume;
};

/**
 * The offer as a request in the user's language, read back by the same understanding as typed text
 * ('Auto am 03.12.2026 von 09:00 bis 12:00 in Standort Nord'); the period's own days and times, so the reading
 * is exact in every language.
 */
export const anfrageFuer = ({ von, bis }: Zeitraum, sprache: Language, standort: string | null): string => {
  const a = tagZeit(von);
  const b = tagZeit(bis);
  const datum = (tag: string) => `${tag.slice(8, 10)}.${tag.slice(5, 7)}.${tag.slice(0, 4)}`;
  const bisZeit = b.zeit === '00:00' && b.tag !== a.tag ? '24:00' : b.zeit;
  const mehrtaegig = b.tag !== a.tag && !(b.zeit === '00:00' && b.tag === addCalendarDays(a.tag, 1));
  const ort = standort ? (sprache === 'de' ? ` in ${standort}` : ` at ${standort}`) : '';
  if (sprache === 'de')
    return mehrtaegig
      ? `Auto vom ${datum(a.tag)} ${a.zeit} bis ${datum(b.tag)} ${b.zeit}${ort}`
      : `Auto am ${datum(a.tag)} von ${a.zeit} bis ${bisZeit}${ort}`;
  return mehrtaegig
    ? `a car from ${datum(a.tag)} ${a.zeit} to ${datum(b.tag)} ${b.zeit}${ort}`
    : `a car on ${datum(a.tag)} from ${a.zeit} to ${bisZeit}${ort}`;
};
