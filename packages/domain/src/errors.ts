/**
 * The error catalogue: every error the product can show, with a stable dotted code, its HTTP status and
 * the message in German (the spec's exact text, spec §5 and §8) and English.
 *
 * Placeholders are written `{name}` and filled by `formatError` from the error's params. German and
 * English texts of one code carry the same placeholders (checked by errors.test.ts).
 */
import { ASSISTENT_ERRORS } from './assistent/assistent.errors.ts';
import type { CatalogueEntry } from './error-catalogue.ts';
import { ALLGEMEINE_ERRORS } from './errors.allgemein.ts';
import { FAHRTEN_ERRORS } from './fahrten/fahrten.errors.ts';
import { FAHRZEUGE_ERRORS } from './fahrzeuge/fahrzeuge.errors.ts';
import { IDENTITAET_ERRORS } from './identitaet/identitaet.errors.ts';
import type { Language } from './language.ts';
import { LESERAUM_ERRORS } from './leseraum/leseraum.errors.ts';
import { PLATTFORM_ERRORS } from './plattform/plattform.errors.ts';
import { VERWALTUNG_ERRORS } from './verwaltung/verwaltung.errors.ts';

/**
 * Every error of the product, combined from the areas' catalogues (each area declares its errors next to its code).
 */
export const ERRORS = {
  ...ALLGEMEINE_ERRORS,
  ...IDENTITAET_ERRORS,
  ...VERWALTUNG_ERRORS,
  ...LESERAUM_ERRORS,
  ...FAHRZEUGE_ERRORS,
  ...FAHRTEN_ERRORS,
  ...PLATTFORM_ERRORS,
  ...ASSISTENT_ERRORS,
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;
export type ErrorParams = Readonly<Record<string, string | number>>;

export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export const isErrorCode = (s: string): s is ErrorCode => Object.hasOwn(ERRORS, s);

export const httpStatusOf = (code: ErrorCode): number => ERRORS[code].status;

/** The `{name}` placeholders of a text, in order of appearance, without duplicates. */
export const placeholdersOf = (text: string): string[] => [
  ...new Set(Array.from(text.matchAll(PLACEHOLDER), (m) => m[1] as string)),
];

/**
 * A placeholder: `{name}` the param; `{name#Stunde|Stunden}` the number and the word in the singular or plural
 * ("1 Stunde", "2 Stunden"); `{name?muss|müssen}` the word alone, agreeing with the number.
 */
const PLACEHOLDER = /\{(\w+)(?:([#?])([^|{}]*)\|([^{}]*))?\}/g;

/**
 * The message of `code` in `lang` with `{name}` placeholders replaced by `params[name]`.
 * A placeholder without a param stays visible as `{name}`, so a missing param is noticed, not hidden.
 */
/**
 * The text of `code` in `lang` with its placeholders filled. A placeholder `{name}` takes `params[name_de]`
 * or `params[name_en]` for the language when given (a fixed reason in both languages), else `params[name]`.
 */
export const formatError = (code: ErrorCode, lang: Language, given: ErrorParams = {}): string => {
  const entry: CatalogueEntry = ERRORS[code];
  const params: ErrorParams = entry.ohne ? { ...entry.ohne, ...given } : given;
  return entry[lang].replace(
    PLACEHOLDER,
    (whole, name: string, art?: string, einzahl?: string, mehrzahl?: string) => {
      const inLanguage = `${name}_${lang}`;
      const key = Object.hasOwn(params, inLanguage) ? inLanguage : Object.hasOwn(params, name) ? name : null;
      if (key === null) return whole;
      const value = String(params[key]);
      if (art === undefined) return value;
      const wort = Number(value) === 1 ? einzahl : mehrzahl;
      return art === '#' ? `${value} ${wort}` : String(wort);
    },
  );
};

/**
 * The one error type of the domain. Services throw it; the server maps it to
 * `{ error: { code, message, params } }` with `httpStatusOf(code)` in the user's language.
 * `message` is the German text (the product's default language) for logs.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, params: Record<string, string | number> = {}) {
    super(formatError(code, 'de', params));
    this.name = 'DomainError';
    this.code = code;
    this.params = params;
  }

  get status(): number {
    return httpStatusOf(this.code);
  }
}

/** A broken rule, returned by the `...Verstoss` rule functions: the catalogue code and its params. */
export type RuleViolation = { code: ErrorCode; params: ErrorParams };

export const toDomainError = (v: RuleViolation): DomainError => new DomainError(v.code, { ...v.params });

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;
