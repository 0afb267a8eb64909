/**
 * Dates and times as the API accepts them: one helper per kind, used by every date or time field of the
 * contract. A calendar day or instant outside the years 2000 to 2100 is refused by the schema (400 with
 * the range in the error's params), so no service does date arithmetic on year 9999 or year 0.
 */
import { z } from 'zod';
import { singleLineText } from './text-input.ts';

/** The years an input date may lie in (inclusive). */
export const DATE_INPUT_YEARS = { min: 2000, max: 2100 } as const;

/** The hint every refused date carries (language-neutral: it names the format and the range). */
export const DAY_INPUT_HINT = `YYYY-MM-DD, years ${DATE_INPUT_YEARS.min} to ${DATE_INPUT_YEARS.max}`;
export const INSTANT_INPUT_HINT = `ISO 8601 instant with offset, years ${DATE_INPUT_YEARS.min} to ${DATE_INPUT_YEARS.max}`;

/** Whether the year written at the start of an ISO day or instant lies within DATE_INPUT_YEARS. */
export const isInputYear = (iso: string): boolean => {
  const year = Number(iso.slice(0, 4));
  return Number.isInteger(year) && year >= DATE_INPUT_YEARS.min && year <= DATE_INPUT_YEARS.max;
};

/** A real calendar day `YYYY-MM-DD` (Europe/Berlin) in the years 2000 to 2100; 2026-02-30 is refused. */
export const ZDayInput = z.iso.date(DAY_INPUT_HINT).refine(isInputYear, DAY_INPUT_HINT);

/** An ISO 8601 instant with offset (`2026-03-29T01:30:00+01:00`, `…Z`) in the years 2000 to 2100. */
export const ZInstantInput = z.iso
  .datetime({ offset: true, message: INSTANT_INPUT_HINT })
  .refine(isInputYear, INSTANT_INPUT_HINT);

/**
 * A time of day as typed (`HH:mm` expected). Bounded here; the server answers the spec's message ('Zeit
 * zum setzen ist kein valider String.') for anything that is not `HH:mm`, forms check with `isValidTime`.
 */
export const ZTimeInput = singleLineText().max(20);

/** A calendar day in a response (stored values; not range-checked). */
export const ZDayValue = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

/**
 * A calendar day as a person types it into a date field: `DD.MM.YYYY` (spec §5), one-digit day or month allowed
 * (`1.2.2027`), or `YYYY-MM-DD`. Answers `YYYY-MM-DD`, or null while the text is no whole real day in the years
 * 2000 to 2100 (so `28.11.2` as typed on the way to `28.11.2026` is nothing yet, and `30.02.2027` stays nothing).
 * The date fields of the web app use it as their parser, so a typed day is kept on Tab.
 */
export const parseTagEingabe = (text: string): string | null => {
  const trimmed = text.trim();
  const de = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(trimmed);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const [y, m, d] = de
    ? [Number(de[3]), Number(de[2]), Number(de[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (y < DATE_INPUT_YEARS.min || y > DATE_INPUT_YEARS.max) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
