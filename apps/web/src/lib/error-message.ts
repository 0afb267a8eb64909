import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The text to show for a failed request: the catalogue's message in the current language when the server
 * sent a known error code, otherwise the server's own (already translated) message, otherwise a generic one.
 */
export const errorMessage = (error: unknown, t: TFunction, language: string): string => {
  if (error instanceof ApiError) {
    if (error.code && isErrorCode(error.code)) {
      return formatError(error.code, language === 'en' ? 'en' : 'de', error.params);
    }
    if (error.status === 0 || error.status >= 500) return t('errors.server');
    return error.message || t('errors.generic');
  }
  if (error instanceof TypeError) return t('errors.network');
  return t('errors.generic');
};
