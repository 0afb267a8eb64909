import { useEffect } from 'react';
import { applyLanguage, isLanguage } from '../../../i18n/i18n';

/** After login the user's `Sprache` setting wins over the browser's choice. */
export const useLanguageSync = (userLanguage: string | undefined) => {
  useEffect(() => {
    if (isLanguage(userLanguage)) void applyLanguage(userLanguage);
  }, [userLanguage]);
};
