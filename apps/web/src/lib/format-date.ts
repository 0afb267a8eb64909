import { TIME_ZONE } from '@stellwerk/domain/time';

/** Dates and times for display, always in Europe/Berlin and in the UI language. */
const locales = { de: 'de-DE', en: 'en-US' } as const;

const localeOf = (language: string) => (language === 'en' ? locales.en : locales.de);

export const formatDateTime = (value: string | Date, language: string): string =>
  new Intl.DateTimeFormat(localeOf(language), {
    timeZone: TIME_ZONE,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(typeof value === 'string' ? new Date(value) : value);

export const formatDate = (value: string | Date, language: string): string =>
  new Intl.DateTimeFormat(localeOf(language), { timeZone: TIME_ZONE, dateStyle: 'medium' }).format(
    typeof value === 'string' ? new Date(value) : value,
  );
