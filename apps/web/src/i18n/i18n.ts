import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from './de.json';
import en from './en.json';

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

/** Switches the UI language; `remember` keeps it as this browser's choice (the language switch does). */
export const applyLanguage = async (language: Language, { remember = false } = {}): Promise<void> => {
  if (remember) storeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  if (i18next.language !== language) await i18next.changeLanguage(language);
};

export const currentLanguage = (): Language => (isLanguage(i18next.language) ? i18next.language : 'de');

export const initI18n = async (language: Language = storedLanguage()) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await i18next.use(initReactI18next).init({
    resources: { de: { translation: de }, en: { translation: en } },
    lng: language,
    fallbackLng: 'de',
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
};
