import { formatError, isErrorCode } from '@stellwerk/domain/errors';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../../lib/api-client';

/**
 * The text for a failed sign-in, recovery or password request: the server's catalogue error in the current
 * language (a wrong password, the throttle's wait, a page at the wrong address, …), else `refused` for a 4xx
 * without a known code, else a server or network message.
 */
export const authErrorText = (error: unknown, t: TFunction, language: string, refused: string): string => {
  if (error instanceof ApiError) {
    if (error.code && isErrorCode(error.code)) {
      return formatError(error.code, language === 'en' ? 'en' : 'de', error.params);
    }
    if (error.status === 429) return t('auth.login.rateLimited');
    if (error.status >= 400 && error.status < 500) return refused;
    return t('errors.server');
  }
  return t('errors.network');
};
