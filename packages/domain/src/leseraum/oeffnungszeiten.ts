/**
 * Opening hours and bookable days of the reading room (spec §4 "Bookable days", §9 defaults).
 * Days are Berlin calendar days written `YYYY-MM-DD` (the `date` columns' form); weekdays are
 * 0 = Sunday … 6 = Saturday as in the `oeffnungszeit.wochentag` column.
 */
import type { RuleViolation } from '../errors.ts';
import type { OeffnungszeitStatus } from '../status.ts';
import { addCalendarDays, berlinDateKey, isValidTime, timeToMinutes, weekdayOfDay } from '../time.ts';

/** Spec §9: default opening hours 08:00–18:00, default special opening hours 01:00–23:00. */
export const DEFAULT_OEFFNUNGSZEIT = { von: '08:00', bis: '18:00' } as const;
export const DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT = { von: '01:00', bis: '23:00' } as const;

/** A weekly opening row; `von`/`bis` (`HH:mm`) default to 08:00–18:00. */
export type Wochenoeffnung = { wochentag: number; geoeffnet: boolean; von?: string; bis?: string };
/** A special opening time over a range of days; `von`/`bis` (`HH:mm`) default to 01:00–23:00. */
export type AbweichendeOeffnung = {
  gueltigVon: string;
  gueltigBis: string;
  status: OeffnungszeitStatus;
  von?: string;
  bis?: string;
};

const covers = (special: AbweichendeOeffnung, day: string): boolean =>
  special.gueltigVon <= day && day <= special.gueltigBis;

/**
 * Spec §4: a day is bookable if its weekday is open and no special opening time covers it, or if a
 * special opening time covers it and has status offen. A weekday without a row is closed.
 */
export const isDayBookable = ({
  day,
  weekly,
  specials,
}: {
  day: string;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
}): boolean => {
  const covering = specials.filter((s) => covers(s, day));
  if (covering.length > 0) return covering.some((s) => s.status === 'offen');
  const weekday = weekdayOfDay(day);
  return weekly.some((w) => w.wochentag === weekday && w.geoeffnet);
};

/**
 * The bookable days among the next `days` days, starting with today (the Berlin day of `now`):
 * `days = 3` looks at today, tomorrow and the day after. `days <= 0` gives none.
 */
export const bookableDays = ({
  now,
  days,
  weekly,
  specials,
}: {
  now: Date;
  days: number;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
}): string[] => {
  const today = berlinDateKey(now);
  const result: string[] = [];
  for (let i = 0; i < days; i++) {
    const day = addCalendarDays(today, i);
    if (isDayBookable({ day, weekly, specials })) result.push(day);
  }
  return result;
};

/**
 * The opening hours of a calendar day, or null when closed: an open special opening time covering the
 * day gives its hours; a covering closed one closes the day; otherwise the open weekly row's hours.
 */
export const oeffnungszeitAm = ({
  day,
  weekly,
  specials,
}: {
  day: string;
  weekly: readonly Wochenoeffnung[];
  specials: readonly AbweichendeOeffnung[];
}): { von: string; bis: string } | null => {
  const covering = specials.filter((s) => covers(s, day));
  if (covering.length > 0) {
    const open = covering.find((s) => s.status === 'offen');
    return open
      ? {
          von: open.von ?? DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT.von,
          bis: open.bis ?? DEFAULT_ABWEICHENDE_OEFFNUNGSZEIT.bis,
        }
      : null;
  }
  const weekday = weekdayOfDay(day);
  const row = weekly.find((w) => w.wochentag === weekday && w.geoeffnet);
  return row
    ? { von: row.von ?? DEFAULT_OEFFNUNGSZEIT.von, bis: row.bis ?? DEFAULT_OEFFNUNGSZEIT.bis }
    : null;
};

/**
 * The first problem of a week of opening rows, or null: exactly one row for each weekday 0 (Sunday) to
 * 6 (Saturday), so no day can have two rows that disagree; every time `HH:mm`; on an open day the
 * opening before the closing.
 */
export const wochenoeffnungVerstoss = (
  tage: readonly { wochentag: number; geoeffnet: boolean; von: string; bis: string }[],
): RuleViolation | null => {
  const days = new Set(tage.map((t) => t.wochentag));
  if (tage.length !== 7 || days.size !== 7 || [...days].some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    return { code: 'oeffnungszeit.wochentage_unvollstaendig', params: {} };
  for (const t of tage) {
    if (!isValidTime(t.von)) return { code: 'zeit.ungueltig', params: {} };
    if (!isValidTime(t.bis)) return { code: 'zeit.ungueltig', params: {} };
    if (t.geoeffnet && timeToMinutes(t.von) >= timeToMinutes(t.bis))
      return { code: 'oeffnungszeit.von_nach_bis', params: { von: t.von, bis: t.bis } };
  }
  return null;
};
