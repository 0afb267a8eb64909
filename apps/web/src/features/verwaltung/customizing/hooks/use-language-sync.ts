import { useEffect } from 'react';
import { applyLanguage, chosenLanguage, isLanguage, type Language } from '../../../../i18n/i18n';

export type LanguageCustomizing = { value: unknown; source: string } | undefined;

/**
 * Which language to show after sign-in: the user's own `Sprache` setting wins; without one, a language
 * picked in this browser before sign-in stays; otherwise the group's or tenant's value (or the default).
 */
export const languageAfterSignIn = (
  setting: LanguageCustomizing,
  browserChoice: Language | null,
): Language | null => {
  const value = isLanguage(setting?.value) ? setting.value : null;
  if (value && setting?.source === 'benutzer') return value;
  return browserChoice ?? value;
};

export const useLanguageSync = (setting: LanguageCustomizing) => {
  const value = setting?.value;
  const source = setting?.source;
  useEffect(() => {
    const language = languageAfterSignIn(
      value === undefined ? undefined : { value, source: source ?? 'default' },
      chosenLanguage(),
    );
    if (language) void applyLanguage(language);
  }, [value, source]);
};
