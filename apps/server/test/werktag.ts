/**
 * Booking days for tests whose reading rooms are open Monday to Friday only (the demo's, `fixtureGrundriss`'s
 * default opening hours): a day counted as "today + n" from the real clock lands on a Saturday or Sunday on some
 * weekdays, and such a test would pass or fail by the day it runs. The journeys' `e2e/support/berlin.ts` counts
 * with these functions.
 */
import { addCalendarDays, berlinDateKey, weekdayOfDay } from '@stellwerk/domain/time';

/** 25 or 26 December (`YYYY-MM-DD`): the demo closes its reading rooms on both Christmas holidays. */
export const istWeihnachtsfeiertag = (day: string): boolean =>
  day.endsWith('-12-25') || day.endsWith('-12-26');

/** Whether a calendar day (`YYYY-MM-DD`) is a Monday to Friday other than the Christmas holidays. */
export const istWerktag = (day: string): boolean => {
  const weekday = weekdayOfDay(day);
  return weekday >= 1 && weekday <= 5 && !istWeihnachtsfeiertag(day);
};

/**
 * The `n`-th such working day after `heute` (Berlin's today unless given), `YYYY-MM-DD`: at least `n` days
 * ahead, and a different day for each `n`, so that tests keeping their bookings apart by day still do.
 */
export const werktagIn = (n: number, heute: string = berlinDateKey(new Date())): string => {
  let day = heute;
  for (let found = 0; found < n; ) {
    day = addCalendarDays(day, 1);
    if (istWerktag(day)) found += 1;
  }
  return day;
};
