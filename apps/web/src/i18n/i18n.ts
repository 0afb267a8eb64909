import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language chosen before login is kept in the browser; after login the user's `Sprache` setting wins. */
export const LANGUAGE_STORAGE_KEY = 'stellwerk.language';

export const isLanguage = (value: unknown): value is Language => value === 'de' || value === 'en';

/** The language picked with the switch in this browser, if any. */
export const chosenLanguage = (): Language | null => {
  try {
    const value = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
};

export const storedLanguage = (): Language => chosenLanguage() ?? 'de';

export const storeLanguage = (language: Language): void => {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // private mode: the choice lasts for this page only
  }
};

/**
 * Each language's texts are a chunk of their own, fetched when the language is first used: a browser loads only
 * the language it shows (about 20 KB gzip each), which keeps the initial JavaScript within its budget
 * (ARCHITECTURE §12).
 */
const TRANSLATIONS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('./de.json'),
  en: () => import('./en.json'),
};

const loadTranslations = async (language: Language): Promise<void> => {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const { default: texts } = await TRANSLATIONS[language]();
  i18next.addResourceBundle(language, 'translation', texts);
};

/** Switches the UI language; `remember` keeps it as this browser's choice (the language switch does). */
export const applyLanguage = async (language: Language, { remember = false } = {}): Promise<void> => {
  if (remember) storeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await loadTranslations(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
};

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'de');

export const initI18n = async (language: Language = storedLanguage()) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    // every key exists in both languages (i18n.test.ts), so a language needs no other as fallback
    resources: {},
    lng: language,
    fallbackLng: false,
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadTranslations(language);
  return i18next;
};
