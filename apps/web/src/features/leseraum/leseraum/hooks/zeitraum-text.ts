import { TIME_ZONE } from '@stellwerk/domain/time';

/**
 * A booking's day and hours in Berlin time for the UI language ('Di., 01.12., 08:00–18:00'); with `jahr` the day
 * carries its year (lists that reach into the next year).
 */
export const zeitraumText = (
  b: { von: string; bis: string },
  language: string,
  { jahr = false }: { jahr?: boolean } = {},
): string => {
  const locale = language === 'en' ? 'en-GB' : 'de-DE';
  const day = new Intl.DateTimeFormat(locale, {
    timeZone: TIME_ZONE,
    weekday: 'short',
    day: '2-digit',
    month: '2-digit',
    ...(jahr ? { year: 'numeric' as const } : {}),
  });
  const time = new Intl.DateTimeFormat(locale, { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' });
  return `${day.format(new Date(b.von))}, ${time.format(new Date(b.von))}–${time.format(new Date(b.bis))}`;
};
