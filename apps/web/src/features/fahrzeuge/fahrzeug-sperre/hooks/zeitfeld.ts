import { addCalendarDays, berlinDateKey, berlinInstant, formatTimeDE } from '@stellwerk/domain/time';

/**
 * The value of a `datetime-local` field (`YYYY-MM-DDTHH:mm`, Berlin wall clock) as an ISO instant, or null
 * when it is not one: a day that does not exist (13th month, 30 February) or a time the clocks skip (the spring
 * DST change) does not come back as the same field value, and is refused.
 */
export const zeitfeldZuIso = (wert: string): string | null => {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(wert);
  if (!match) return null;
  try {
    const instant = berlinInstant(match[1]!, match[2]!).toISOString();
    return isoZuZeitfeld(instant) === wert ? instant : null;
  } catch {
    return null;
  }
};

/** An instant as the value of a `datetime-local` field on the Berlin wall clock. */
export const isoZuZeitfeld = (iso: string): string => {
  const d = new Date(iso);
  return `${berlinDateKey(d)}T${formatTimeDE(d)}`;
};

/** `HH:mm` on the Berlin day `tage` days from `heute`, as a field value. */
export const zeitfeldAm = (heute: Date, tage: number, hhmm: string): string =>
  `${addCalendarDays(berlinDateKey(heute), tage)}T${hhmm}`;
