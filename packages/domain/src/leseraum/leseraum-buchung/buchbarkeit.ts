/**
 * Which days and which periods of a place can be booked (R186, R362): one rule for the server, which
 * refuses a booking, and for the web app, which shows every place of a day that cannot be booked as such, with
 * the reason, before anyone fills the dialog; and which offers the free hours of a place that is partly taken
 * instead of a full day it cannot get.
 */

import type { BuchungStatus } from '../../status.ts';
import { addCalendarDays, berlinDateKey, weekdayOfDay } from '../../time.ts';
import { type AbweichendeOeffnung, oeffnungszeitAm, type Wochenoeffnung } from '../oeffnungszeiten.ts';

/**
 * Why a whole day cannot be booked, in the order the rule asks: the day is over (`vergangen`); it lies beyond
 * the bookable days (`horizont`, LeseraumVorausbuchbareTage); the area is closed that day (`geschlossen`,
 * opening hours and special opening hours, spec §4 "Bookable days"); its weekday is not among the bookable
 * weekdays (`wochentag`, LeseraumBuchbareWochenTage).
 */
export const TAG_SPERRGRUENDE = ['vergangen', 'horizont', 'geschlossen', 'wochentag'] as const;
export type TagSperrgrund = (typeof TAG_SPERRGRUENDE)[number];

/**
 * The last bookable day (`YYYY-MM-DD`, Berlin) of a user at `now`: today and the next N-1 days are offered
 * (LeseraumVorausbuchbareTage = N); null when N is 0 or less (nothing is offered).
 */
export const letzterBuchbarerTag = ({
  now,
  vorausbuchbareTage,
}: {
  now: Date;
  vorausbuchbareTage: number;
}): string | null =>
  vorausbuchbareTage > 0 ? addCalendarDays(berlinDateKey(now), vorausbuchbareTage - 1) : null;

/** Why `day` cannot be booked at `now` under the user's rules and the plan's opening hours, or null. */
export const tagSperrgrund = ({
  day,
  now,
  regeln,
  weekly,
  specials,
}: {
  day: string;
  now: Date;
  /** LeseraumVorausbuchbareTage and LeseraumBuchbareWochenTage (0 = Sunday; empty = every weekday). */
  regeln: { vorausbuchbareTage: number; buchbareWochentage: readonly number[] };
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
}): TagSperrgrund | null => {
  if (day < berlinDateKey(now)) return 'vergangen';
  const letzter = letzterBuchbarerTag({ now, vorausbuchbareTage: regeln.vorausbuchbareTage });
  if (letzter === null || day > letzter) return 'horizont';
  // a closed day is named as closed, even when its weekday is not bookable either
  if (!oeffnungszeitAm({ day, weekly, specials })) return 'geschlossen';
  if (regeln.buchbareWochentage.length > 0 && !regeln.buchbareWochentage.includes(weekdayOfDay(day)))
    return 'wochentag';
  return null;
};

type Zeitraum = { von: Date; bis: Date };

/**
 * The free periods of a place inside `offen` (the day's opening hours, or what is left of them today): the
 * gaps between its bookings that are not cancelled, in order. Gaps shorter than `mindestMinuten` (the minimum
 * booking length of the hourly mode) are left out: they cannot be booked.
 */
export const freieZeiten = ({
  offen,
  belegungen,
  mindestMinuten = 0,
}: {
  offen: Zeitraum;
  belegungen: readonly { von: Date; bis: Date; status: BuchungStatus }[];
  mindestMinuten?: number;
}): Zeitraum[] => {
  const lebend = belegungen
    .filter((b) => b.status !== 'storniert' && b.von < offen.bis && offen.von < b.bis)
    .sort((a, b) => a.von.getTime() - b.von.getTime());
  const frei: Zeitraum[] = [];
  let ab = offen.von.getTime();
  const push = (bis: number) => {
    if (bis - ab >= Math.max(1, mindestMinuten) * 60_000)
      frei.push({ von: new Date(ab), bis: new Date(bis) });
  };
  for (const b of lebend) {
    if (b.von.getTime() > ab) push(Math.min(b.von.getTime(), offen.bis.getTime()));
    ab = Math.max(ab, b.bis.getTime());
    if (ab >= offen.bis.getTime()) return frei;
  }
  push(offen.bis.getTime());
  return frei;
};

/**
 * What the booking dialog offers for a place (R362): the chosen period when nothing of it is taken; in full-day
 * mode, a place partly taken within the chosen period gets its free hours instead (to book in hourly mode);
 * nothing when the day cannot be booked, the period is over, or nothing is free.
 */
export type Angebot =
  | { art: 'zeitraum'; zeitraum: Zeitraum }
  | { art: 'freie_zeiten'; zeiten: Zeitraum[] }
  | { art: 'keins' };

export const buchungsAngebot = ({
  modus,
  sperrgrund,
  zeitraum,
  belegungen,
  now,
  mindestMinuten = 0,
}: {
  modus: 'ganztags' | 'stuendlich';
  sperrgrund: TagSperrgrund | null;
  /** The chosen period (null when nothing of it is left). */
  zeitraum: Zeitraum | null;
  belegungen: readonly { von: Date; bis: Date; status: BuchungStatus }[];
  now: Date;
  mindestMinuten?: number;
}): Angebot => {
  if (sperrgrund || !zeitraum || zeitraum.bis <= now) return { art: 'keins' };
  // a full day of today already starts at the next quarter hour (ganztagsZeitraum)
  const offen = zeitraum;
  const taken = belegungen.some((b) => b.status !== 'storniert' && b.von < offen.bis && offen.von < b.bis);
  if (!taken) return { art: 'zeitraum', zeitraum };
  if (modus === 'stuendlich') return { art: 'keins' };
  const zeiten = freieZeiten({ offen, belegungen, mindestMinuten });
  return zeiten.length > 0 ? { art: 'freie_zeiten', zeiten } : { art: 'keins' };
};
