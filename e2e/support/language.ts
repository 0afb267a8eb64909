/** The language switch (spec §1: German by default, English selectable). */
import type { Page } from '@playwright/test';

const OPTION_NAMES = { en: /^(English|Englisch|EN)$/i, de: /^(Deutsch|German|DE)$/i } as const;

/**
 * Choose a language with the app's language switch: a control named "Sprache"/"Language" that opens a
 * list of languages.
 */
export const switchLanguage = async (page: Page, language: 'de' | 'en') => {
  await page
    .getByRole('button', { name: /^(Sprache|Language)\b/i })
    .first()
    .click();
  await page
    .getByRole('menuitem', { name: OPTION_NAMES[language] })
    .or(page.getByRole('option', { name: OPTION_NAMES[language] }))
    .or(page.getByRole('menuitemradio', { name: OPTION_NAMES[language] }))
    .first()
    .click();
};
