/** The language switch (spec §1: German by default, English selectable). */
import { expect, type Page } from '@playwright/test';

const OPTION_LABELS = { en: 'English', de: 'Deutsch' } as const;

/**
 * Choose a language with the app's language switch: a radio group named "Sprache"/"Language" with the options
 * "Deutsch" and "English" (on the login page in the header, when signed in in the menu).
 */
export const switchLanguage = async (page: Page, language: 'de' | 'en') => {
  const option = page.getByRole('radio', { name: OPTION_LABELS[language], exact: true });
  // the switch is disabled while the previous choice is being saved: a click then would be lost
  await expect(option.first()).toBeEnabled();
  // The radio input itself is visually hidden; a person clicks its visible label.
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${OPTION_LABELS[language]}$`) })
    .filter({ visible: true })
    .first()
    .click();
  await expect(option.first()).toBeChecked();
  // signed in, the choice is saved as the user's setting: wait until that save is done
  await expect(option.first()).toBeEnabled();
};

/**
 * Show the app in a language in this browser only, as a person who picked it on the login page before signing in:
 * the choice is kept in the browser and wins after sign-in while the user has no language of their own
 * (`languageAfterSignIn`). The user's `Sprache` setting is not touched, so the journeys of other workers signed in
 * as the same demo user keep seeing German. Takes effect with the next page load; the page must be on the app.
 */
export const chooseBrowserLanguage = async (page: Page, language: 'de' | 'en') => {
  await page.evaluate(
    ([key, value]) => globalThis.localStorage.setItem(key!, value!),
    ['stellwerk.language', language],
  );
};
