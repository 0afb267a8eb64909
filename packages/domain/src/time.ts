/**
 * Time rules of spec §5 and §9. Every calendar computation happens in Europe/Berlin; "now" is always
 * passed in, never read from a clock here.
 */
import { tzOffset } from '@date-fns/tz';
import { DomainError } from './errors.ts';

export const TIME_ZONE = 'Europe/Berlin';

const HOUR_MS = 3_600_000;
const offsetCache = new Map<number, number>();

/**
 * The offset of Berlin from UTC in minutes at `ms`. Berlin changes its offset only on full UTC hours
 * (01:00 UTC), so the offset is cached per UTC hour: the rules ask for it thousands of times per request,
 * and each Intl lookup costs tens of microseconds.
 */
const berlinOffsetMinutes = (ms: number): number => {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetCache.get(hour);
  if (offset === undefined) {
    if (offsetCache.size > 50_000) offsetCache.clear();
    offset = tzOffset(TIME_ZONE, new Date(hour * HOUR_MS));
    offsetCache.set(hour, offset);
  }
  return offset;
};

/** The hour (0–23) of the Berlin wall clock at `ms`, without a string: as `formatTimeDE(…).slice(0, 2)` gives it. */
export const berlinStunde = (ms: number): number =>
  ((Math.floor((ms + berlinOffsetMinutes(ms) * 60_000) / HOUR_MS) % 24) + 24) % 24;

/** The Berlin wall clock of `ms` written as an ISO string (`YYYY-MM-DDTHH:mm:ss.sssZ`; the Z means nothing here). */
const berlinWallIso = (ms: number): string => new Date(ms + berlinOffsetMinutes(ms) * 60_000).toISOString();

/**
 * The instant of a Berlin wall-clock time given as UTC fields (`wallMs`). A time inside the spring DST gap
 * moves forward (02:30 → 03:30 CEST); an ambiguous autumn time takes its second (CET) occurrence.
 */
const berlinWallToInstant = (wallMs: number): Date => {
  const before = berlinOffsetMinutes(wallMs - 12 * HOUR_MS);
  const after = berlinOffsetMinutes(wallMs + 12 * HOUR_MS);
  let best: number | null = null;
  for (const offset of before === after ? [before] : [before, after]) {
    const candidate = wallMs - offset * 60_000;
    if (berlinOffsetMinutes(candidate) === offset && (best === null || candidate > best)) best = candidate;
  }
  return new Date(best ?? wallMs - before * 60_000);
};

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const TIME_WITH_SECONDS_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A time of day `HH:mm` between 00:00 and 23:59 (spec §5). */
export const isValidTime = (s: unknown): s is string => typeof s === 'string' && TIME_PATTERN.test(s);

/**
 * Returns `s` when it is a valid `HH:mm`; else throws 'zeit.ungueltig_wert' (spec §5's 'Zeit zum setzen ist
 * kein valider String.', naming the value typed).
 */
export const assertTime = (s: unknown): string => {
  if (!isValidTime(s)) throw new DomainError('zeit.ungueltig_wert', { value: String(s).slice(0, 50) });
  return s;
};

export type TimeOfDay = { hours: number; minutes: number };

/**
 * A booking-period time (`HH:mm`, or `HH:mm:ss` as PostgreSQL `time` columns print it; seconds are
 * dropped). Anything else throws "No valid Time String '<value>'!" (spec §5).
 */
export const parseBookingTime = (s: unknown): TimeOfDay => {
  const match = typeof s === 'string' ? TIME_WITH_SECONDS_PATTERN.exec(s) : null;
  if (!match) throw new DomainError('zeit.buchungszeit_ungueltig', { value: String(s).slice(0, 50) });
  return { hours: Number(match[1]), minutes: Number(match[2]) };
};

/** Minutes since midnight of a valid `HH:mm` (or `HH:mm:ss`) time. */
export const timeToMinutes = (s: string): number => {
  const { hours, minutes } = parseBookingTime(s);
  return hours * 60 + minutes;
};

/** `HH:mm` of minutes since midnight, clamped to 00:00..23:59. */
export const minutesToTime = (totalMinutes: number): string => {
  const m = Math.min(23 * 60 + 59, Math.max(0, Math.trunc(totalMinutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

/**
 * Rounds `date` to a multiple of `stepMinutes` of Berlin wall-clock time (spec §5, default step 15).
 * Without `future` it rounds to the nearest step (halves go up); with `future: true` it rounds up to the
 * next step, keeping a time that is already on a step. Seconds and milliseconds become zero.
 */
export const roundToStep = (
  date: Date,
  stepMinutes = 15,
  { future = false }: { future?: boolean } = {},
): Date => {
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0)
    throw new RangeError('stepMinutes must be a positive integer');
  const stepMs = stepMinutes * 60_000;
  const offsetMs = berlinOffsetMinutes(date.getTime()) * 60_000;
  const local = date.getTime() + offsetMs;
  const rounded = (future ? Math.ceil(local / stepMs) : Math.round(local / stepMs)) * stepMs;
  return new Date(rounded - offsetMs);
};

/** `DD.MM.YYYY` of the Berlin calendar day of `date` (spec §5). */
export const formatDateDE = (date: Date): string => {
  const iso = berlinWallIso(date.getTime());
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
};

/** `HH:mm` of the Berlin wall-clock time of `date`. */
export const formatTimeDE = (date: Date): string => berlinWallIso(date.getTime()).slice(11, 16);

/**
 * The Berlin wall-clock time of `date` as a Date whose UTC fields carry it: for formats without time zones
 * (spreadsheet cells), where 09:00 in Berlin must read 09:00.
 */
export const berlinWallDate = (date: Date): Date => new Date(berlinWallIso(date.getTime()));

/** `YYYY-MM-DD` of the Berlin calendar day of `date`, for keys and `date` columns. */
export const berlinDateKey = (date: Date): string => berlinWallIso(date.getTime()).slice(0, 10);

/** The instant of `time` (`HH:mm`) on the Berlin calendar day of `day`. DST gaps move forward. */
export const atBerlinTime = (day: Date, time: string): Date => berlinInstant(berlinDateKey(day), time);

/**
 * The instant of `time` (`HH:mm`) on the Berlin calendar day `day` (`YYYY-MM-DD`). A time inside the spring
 * DST gap moves forward (02:30 → 03:30 CEST); an ambiguous autumn time takes its second (CET) occurrence.
 */
export const berlinInstant = (day: string, time: string): Date => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`not a YYYY-MM-DD day: ${day.slice(0, 20)}`);
  const { hours, minutes } = parseBookingTime(time);
  return berlinWallToInstant(
    Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hours, minutes),
  );
};

/** Midnight (start) of the Berlin calendar day of `date`. */
export const startOfBerlinDay = (date: Date): Date => atBerlinTime(date, '00:00');

/**
 * The start (Berlin midnight) of the day written `DD.MM.YYYY`, or null when the text is not a real date
 * in that format (31.02.2026, 1.2.2026 and 2026-02-01 are all null).
 */
export const parseDateDE = (s: string): Date | null => {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(s.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || year < 1000) return null;
  const wall = new Date(Date.UTC(year, month - 1, day));
  if (wall.getUTCFullYear() !== year || wall.getUTCMonth() !== month - 1 || wall.getUTCDate() !== day)
    return null;
  return berlinWallToInstant(wall.getTime());
};

/** Weekday window names of spec §5, index = JavaScript weekday (0 = Sunday). */
export const WOCHENTAG_NAMEN = [
  'sonntags',
  'montags',
  'dienstags',
  'mittwochs',
  'donnerstags',
  'freitags',
  'samstags',
] as const;
export type WochentagName = (typeof WOCHENTAG_NAMEN)[number];

/** sonntags..samstags map to 0..6; anything else (also other spellings) means no window: null. */
export const weekdayFromName = (name: string | null | undefined): number | null => {
  const index = (WOCHENTAG_NAMEN as readonly string[]).indexOf(name ?? '');
  return index >= 0 ? index : null;
};

/** Other spellings of each weekday (index = JavaScript weekday), German and English, compared in lower case. */
const WOCHENTAG_SCHREIBWEISEN: readonly (readonly string[])[] = [
  ['sonntag', 'so', 'sunday', 'sun'],
  ['montag', 'mo', 'monday', 'mon'],
  ['dienstag', 'di', 'tuesday', 'tue', 'tues'],
  ['mittwoch', 'mi', 'wednesday', 'wed'],
  ['donnerstag', 'do', 'thursday', 'thu', 'thur', 'thurs'],
  ['freitag', 'fr', 'friday', 'fri'],
  ['samstag', 'sa', 'sonnabend', 'saturday', 'sat'],
];

/**
 * A weekday name as people write it, read as the spec's name: `montags`, `Montag`, `Mo.`, `monday` and
 * `Mon` all give `montags`; anything else null. Settings store the spec's name (decision 134).
 */
export const wochentagNameAus = (text: string | null | undefined): WochentagName | null => {
  const t = (text ?? '').trim().toLowerCase().replace(/\.$/, '');
  if (t === '') return null;
  const index = WOCHENTAG_NAMEN.findIndex((name, i) => name === t || WOCHENTAG_SCHREIBWEISEN[i]!.includes(t));
  return index >= 0 ? WOCHENTAG_NAMEN[index]! : null;
};

/** The Berlin weekday (0 = Sunday .. 6 = Saturday) of `date`. */
export const berlinWeekday = (date: Date): number =>
  new Date(date.getTime() + berlinOffsetMinutes(date.getTime()) * 60_000).getUTCDay();

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

const utcOfDay = (day: string): number => {
  const m = DAY_KEY.exec(day);
  if (!m) throw new RangeError(`not a YYYY-MM-DD day: ${day.slice(0, 20)}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
};

/** The weekday (0 = Sunday .. 6 = Saturday) of a calendar day `YYYY-MM-DD`. */
export const weekdayOfDay = (day: string): number => new Date(utcOfDay(day)).getUTCDay();

/** The calendar day `n` days after `day` (`YYYY-MM-DD`; pure calendar arithmetic, no DST involved). */
export const addCalendarDays = (day: string, n: number): string =>
  new Date(utcOfDay(day) + n * 86_400_000).toISOString().slice(0, 10);

/** The calendar day `n` months after `day`, clamped to the month's last day (31.01. + 1 = 28./29.02.). */
export const addCalendarMonths = (day: string, n: number): string => {
  const d = new Date(utcOfDay(day));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
};
