/** Calendar helpers of the journeys in Europe/Berlin (the demo's locations are open Monday to Friday). */

import { addCalendarDays } from '@stellwerk/domain/time';
import {
  istWeihnachtsfeiertag,
  istWerktag,
  werktagIn as serverWerktagIn,
} from '../../apps/server/test/werktag.ts';

/** Today's date in Berlin (`YYYY-MM-DD`). */
export const heuteBerlin = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** The next day after today in Berlin whose weekday (0 = Sunday) `passt`, skipping 25 and 26 December. */
export const naechsterTag = (passt: (weekday: number) => boolean): string => {
  const day = new Date(`${heuteBerlin()}T12:00:00Z`);
  for (;;) {
    day.setUTCDate(day.getUTCDate() + 1);
    const key = day.toISOString().slice(0, 10);
    if (!istWeihnachtsfeiertag(key) && passt(day.getUTCDay())) return key;
  }
};

/** The `n`-th weekday (Mon–Fri) after today in Berlin that is not a Christmas holiday: open in the demo. */
export const werktagIn = (n: number): string => serverWerktagIn(n, heuteBerlin());

/** The first weekday (Mon–Fri) at least `tage` days after today in Berlin that is not a Christmas holiday. */
export const werktagAb = (tage: number): string => {
  let day = addCalendarDays(heuteBerlin(), tage);
  while (!istWerktag(day)) day = addCalendarDays(day, 1);
  return day;
};

/** The next weekday (Mon–Fri) after today in Berlin that is not a Christmas holiday. */
export const naechsterWerktag = (): string => werktagIn(1);

/** `HH:mm` on `day` in Berlin as an instant with its offset (winter +01:00, summer +02:00). */
export const berlin = (day: string, time: string): string => {
  for (const offset of ['+01:00', '+02:00']) {
    const iso = `${day}T${time}:00${offset}`;
    const shown = new Intl.DateTimeFormat('de-DE', {
      timeZone: 'Europe/Berlin',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));
    if (shown === time) return iso;
  }
  throw new Error(`no Berlin offset for ${day} ${time}`);
};
