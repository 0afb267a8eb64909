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
 * the language it shows, which keeps the initial JavaScript within its budget (ARCHITECTURE §12). The
 * administration's sections (`admin…`, `auslastung`, `auswertung`: VERWALTUNG_BEREICHE) are a second chunk per
 * language (decision 255): the administration's layout waits for them before it shows (`ladeVerwaltungstexte`),
 * and every page fetches them in the background once the first screen shows.
 */
const TRANSLATIONS: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('./de.json'),
  en: () => import('./en.json'),
};
const VERWALTUNG: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  de: () => import('./verwaltung.de.json'),
  en: () => import('./verwaltung.en.json'),
};

/** The top-level sections of the texts that live in verwaltung.<language>.json (i18n.test.ts keeps it so). */
export const VERWALTUNG_BEREICHE = /^(admin[A-Z]\w*|auslastung|auswertung)$/;

/**
 * What was added to which store: `init` gives i18next a new, empty store, so a second `initI18n` in the same
 * module graph (the unit tests share one per worker) must load both chunks again. Keyed by the store object, the
 * record goes with the store it describes.
 */
type Teil = 'texte' | 'verwaltung';
const geladen = new WeakMap<object, Map<string, Promise<void>>>();
const ladeTeil = (
  language: Language,
  teil: Teil,
  quelle: () => Promise<{ default: Record<string, unknown> }>,
): Promise<void> => {
  const store: object = i18next.store ?? i18next;
  let imStore = geladen.get(store);
  if (!imStore) {
    imStore = new Map();
    geladen.set(store, imStore);
  }
  const schluessel = `${language}:${teil}`;
  let laden = imStore.get(schluessel);
  if (!laden) {
    const eintraege = imStore;
    laden = quelle().then(({ default: texts }) => {
      // deep, so the other chunk's texts, when they came first, stay
      i18next.addResourceBundle(language, 'translation', texts, true);
    });
    laden.catch(() => eintraege.delete(schluessel));
    imStore.set(schluessel, laden);
  }
  return laden;
};

const loadTranslations = (language: Language): Promise<void> =>
  ladeTeil(language, 'texte', TRANSLATIONS[language]);
const loadVerwaltung = (language: Language): Promise<void> =>
  ladeTeil(language, 'verwaltung', VERWALTUNG[language]);

/** The administration's texts of the language shown (the admin layout's route waits for them). */
export const ladeVerwaltungstexte = (): Promise<void> => loadVerwaltung(currentLanguage());

/** Switches the UI language; `remember` keeps it as this browser's choice (the language switch does). */
export const applyLanguage = async (language: Language, { remember = false } = {}): Promise<void> => {
  if (remember) storeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  await Promise.all([loadTranslations(language), loadVerwaltung(language)]);
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
    // a text added later (the administration's, decision 255) renders the components that show it again
    react: { bindI18nStore: 'added' },
  });
  await loadTranslations(language);
  // after the first screen: the administration's texts, which no first screen needs
  if (typeof window !== 'undefined')
    setTimeout(() => {
      loadVerwaltung(language).catch(() => undefined);
    }, 0);
  return i18next;
};
