/** UI languages of spec §1: German (de-de) by default, English (en-us) selectable. */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'de';

/** BCP 47 locale per language, for Intl formatting. */
export const LOCALES: Record<Language, string> = { de: 'de-DE', en: 'en-US' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Any unknown or missing language falls back to German. */
export const parseLanguage = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/** A pair of texts, one per language; used for descriptions across the domain. */
export type Texts = Readonly<Record<Language, string>>;
