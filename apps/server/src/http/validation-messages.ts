/**
 * A refused request's fields in the catalogue's words (decision 128). The schema layer (zod) describes each
 * broken field in English ("Invalid option: expected one of …"); the answer names each field with the
 * catalogue's text in the user's language instead: an enum value that is not provided for, a format, a
 * length, a missing field. An authored message that is a catalogue code is that code's text; the two date
 * hints and the control-character messages have their own entries; anything else is the generic
 * "Der Wert ist ungültig." An unknown `typ` or `status` (spec §8 'Typ {x} unbekannt', 'Status {x} unbekannt')
 * becomes the answer's own code.
 */
import { DATE_INPUT_YEARS, DAY_INPUT_HINT, INSTANT_INPUT_HINT } from '@stellwerk/domain/date-input';
import { type ErrorCode, type ErrorParams, formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { Language } from '@stellwerk/domain/language';
import { CONTROL_CHARACTERS_MESSAGE, LINE_BREAK_CONTROL_MESSAGE } from '@stellwerk/domain/text-input';

/** One issue as fastify-type-provider-zod hands it over (`keyword` is zod's issue code). */
export type ValidationIssue = {
  keyword?: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
};

const ARTEN: Record<string, { de: string; en: string }> = {
  string: { de: 'Text', en: 'text' },
  number: { de: 'Zahl', en: 'number' },
  int: { de: 'ganze Zahl', en: 'whole number' },
  boolean: { de: 'Ja/Nein (true oder false)', en: 'yes/no (true or false)' },
  array: { de: 'Liste', en: 'list' },
  object: { de: 'Objekt', en: 'object' },
};

const FORMATE: Record<string, { de: string; en: string }> = {
  uuid: { de: 'UUID', en: 'UUID' },
  email: { de: 'E-Mail-Adresse', en: 'e-mail address' },
  datetime: { de: 'Zeitpunkt nach ISO 8601 mit Zeitzone', en: 'ISO 8601 instant with offset' },
  date: { de: 'JJJJ-MM-TT', en: 'YYYY-MM-DD' },
  time: { de: 'HH:mm', en: 'HH:mm' },
  url: { de: 'Adresse (URL)', en: 'address (URL)' },
  regex: { de: 'vorgegebenes Muster', en: 'given pattern' },
};

const YEARS = { min: DATE_INPUT_YEARS.min, max: DATE_INPUT_YEARS.max };

/** The value the caller sent at `path` (`/typ`, `/mitfahrer/0/name`) of `input`, shortened for the answer. */
export const valueAt = (input: unknown, path: string): unknown => {
  let here = input;
  for (const segment of path.split('/').filter(Boolean)) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<string, unknown>)[segment];
  }
  return here;
};

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return `'${text.slice(0, 60)}'`;
};

const withArt = (art: Record<string, { de: string; en: string }>, key: string, name: string) => {
  const entry = art[key] ?? { de: key, en: key };
  return { [`${name}_de`]: entry.de, [`${name}_en`]: entry.en };
};

/** The catalogue code and params that describe one broken field. */
export const describeIssue = (
  issue: ValidationIssue,
  value: unknown,
): { code: ErrorCode; params: ErrorParams } => {
  const p = issue.params ?? {};
  const message = issue.message ?? '';
  if (isErrorCode(message)) return { code: message, params: (p.params ?? {}) as ErrorParams };
  if (message === DAY_INPUT_HINT) return { code: 'validation.tag_format', params: YEARS };
  if (message === INSTANT_INPUT_HINT) return { code: 'validation.zeitpunkt_format', params: YEARS };
  if (message === CONTROL_CHARACTERS_MESSAGE) return { code: 'validation.steuerzeichen', params: {} };
  if (message === LINE_BREAK_CONTROL_MESSAGE)
    return { code: 'validation.steuerzeichen_mehrzeilig', params: {} };
  switch (issue.keyword) {
    case 'invalid_value': {
      const values = Array.isArray(p.values) ? p.values.map(String) : [];
      return {
        code: 'validation.wert_nicht_vorgesehen',
        params: { wert: shown(value), werte: values.join(', ') },
      };
    }
    case 'invalid_format': {
      const format = String(p.format ?? 'regex');
      if (format === 'date') return { code: 'validation.tag_format', params: YEARS };
      if (format === 'datetime') return { code: 'validation.zeitpunkt_format', params: YEARS };
      return {
        code: 'validation.format',
        params: { wert: shown(value), ...withArt(FORMATE, format, 'format') },
      };
    }
    case 'invalid_type':
      if (value === undefined || value === null) return { code: 'validation.feld_fehlt', params: {} };
      return {
        code: 'validation.falscher_typ',
        params: withArt(ARTEN, String(p.expected ?? ''), 'erwartet'),
      };
    case 'too_big':
    case 'too_small': {
      const big = issue.keyword === 'too_big';
      const limit = Number(big ? p.maximum : p.minimum);
      const origin = String(p.origin ?? '');
      if (origin === 'string')
        return big
          ? { code: 'validation.text_zu_lang', params: { max: limit } }
          : limit <= 1
            ? { code: 'validation.feld_fehlt', params: {} }
            : { code: 'validation.text_zu_kurz', params: { min: limit } };
      if (origin === 'array' || origin === 'set')
        return big
          ? { code: 'validation.zu_viele', params: { max: limit } }
          : { code: 'validation.zu_wenige', params: { min: limit } };
      return big
        ? { code: 'validation.zahl_zu_gross', params: { max: limit } }
        : { code: 'validation.zahl_zu_klein', params: { min: limit } };
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(p.keys) ? p.keys.map(String) : [];
      return { code: 'validation.unbekannte_felder', params: { felder: keys.join(', ') } };
    }
    case 'not_multiple_of':
      return { code: 'validation.feld_ungueltig', params: {} };
    default:
      return { code: 'validation.feld_ungueltig', params: {} };
  }
};

/**
 * The answer to a refused request: flat `{ 'body.typ': text }` params in `language` (at most 20 fields), and
 * the answer's own code when a field named `typ` or `status` holds a value that is not provided for.
 */
export const describeValidation = (
  issues: readonly ValidationIssue[],
  context: string,
  input: unknown,
  language: Language,
): { code: ErrorCode; params: ErrorParams } => {
  const params: Record<string, string | number> = {};
  let code: ErrorCode = 'validation.failed';
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = path ? `${context}.${path}` : context;
    const value = valueAt(input, issue.instancePath);
    const described = describeIssue(issue, value);
    params[key] = formatError(described.code, language, described.params);
    const field = path.split('.').at(-1);
    if (code === 'validation.failed' && issue.keyword === 'invalid_value' && typeof value === 'string') {
      if (field === 'typ') {
        code = 'typ.unbekannt';
        params.typ = value.slice(0, 60);
      } else if (field === 'status') {
        code = 'status.unbekannt';
        params.status = value.slice(0, 60);
      }
    }
    if (Object.keys(params).length >= 20) break;
  }
  return { code, params };
};
