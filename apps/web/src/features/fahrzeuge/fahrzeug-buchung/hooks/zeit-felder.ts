import { berlinDateKey, berlinInstant, formatTimeDE, TIME_ZONE } from '@stellwerk/domain/time';

/**
 * Date and time fields of the vehicle screens: days `YYYY-MM-DD` and times `HH:mm` in Europe/Berlin on the
 * 15-minute step, turned into instants and back.
 */
export const TAKT_ZEITEN: string[] = Array.from({ length: 96 }, (_, i) => {
  const minutes = i * 15;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

/** The instant of day and time in Berlin as ISO (UTC). */
export const instantAus = (tag: string, zeit: string): string => berlinInstant(tag, zeit).toISOString();

/** The Berlin day and time of an instant. */
export const tagUndZeit = (iso: string): { tag: string; zeit: string } => {
  const date = new Date(iso);
  return { tag: berlinDateKey(date), zeit: formatTimeDE(date) };
};

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'de-DE');

/** "Di., 24.11.2026, 09:00 – 12:00" or across days "24.11.2026, 09:00 – 25.11.2026, 12:00". */
export const zeitraumText = (von: string, bis: string, language: string): string => {
  const tag = new Intl.DateTimeFormat(locale(language), {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const zeit = new Intl.DateTimeFormat(locale(language), {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
  });
  const a = new Date(von);
  const b = new Date(bis);
  return berlinDateKey(a) === berlinDateKey(b)
    ? `${tag.format(a)}, ${zeit.format(a)} – ${zeit.format(b)}`
    : `${tag.format(a)}, ${zeit.format(a)} – ${tag.format(b)}, ${zeit.format(b)}`;
};
