/**
 * Closing a reading room cancels its bookings (spec §4 "Bookable days"): a closed special opening time, or
 * a weekday closed in the weekly opening hours. Which bookings are cancelled, and with which mail, follows
 * the booking rules of this package: the administrator who closes acts as staff on each booking.
 */

import type { BuchungStatus } from '../../status.ts';
import { addCalendarDays, berlinDateKey } from '../../time.ts';
import { type AbweichendeOeffnung, isDayBookable, type Wochenoeffnung } from '../oeffnungszeiten.ts';
import { leseraumStornoVerstoss } from './machine.ts';
import { type LeseraumMailTyp, leseraumMailFuer } from './mail.ts';

export type SchliessungsStorno = { nach: 'storniert'; mail: LeseraumMailTyp };

/**
 * What closing does to a booking in `status`: it is cancelled (staff may cancel a hold or a reservation)
 * and the booker gets the cancellation mail; a booking staff could not cancel (performed, cancelled,
 * anything else) stays as it is (null).
 */
export const schliessungsStorno = (status: BuchungStatus): SchliessungsStorno | null => {
  if (leseraumStornoVerstoss({ status, akteur: 'personal' })) return null;
  const mail = leseraumMailFuer({ art: 'status', nach: 'storniert' });
  return mail ? { nach: 'storniert', mail } : null;
};

/** The Berlin calendar days a booking `[von, bis)` touches, in order. */
export const buchungsTage = (von: Date, bis: Date): string[] => {
  const first = berlinDateKey(von);
  // The last instant inside the half-open period; an empty period touches the day it starts on.
  const last = berlinDateKey(new Date(Math.max(von.getTime(), bis.getTime() - 1)));
  const days = [first];
  while (days.at(-1)! < last) days.push(addCalendarDays(days.at(-1)!, 1));
  return days;
};

/**
 * Whether changing the weekly opening hours from `vorher` to `nachher` closes a day of the booking: some day
 * it touches was bookable and no longer is. Special opening times decide the days they cover (they keep an
 * open day open and a closed day closed), so a weekday closed on a day opened by a special time does not
 * touch bookings of that day.
 */
export const vonWochenschliessungBetroffen = ({
  von,
  bis,
  vorher,
  nachher,
  specials,
}: {
  von: Date;
  bis: Date;
  vorher: readonly Wochenoeffnung[];
  nachher: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
}): boolean =>
  buchungsTage(von, bis).some(
    (day) =>
      isDayBookable({ day, weekly: vorher, specials }) && !isDayBookable({ day, weekly: nachher, specials }),
  );
