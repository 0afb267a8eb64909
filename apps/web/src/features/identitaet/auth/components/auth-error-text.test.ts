import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { authErrorText } from './auth-error-text';

const t = ((key: string) => `t:${key}`) as unknown as TFunction;

describe('authErrorText', () => {
  it('shows the origin refusal with the address of the application, in the current language', () => {
    const error = new ApiError(403, 'x', 'auth.origin_not_allowed', { adresse: 'http://localhost:3000' });
    expect(authErrorText(error, t, 'de', 'refused')).toBe(
      'Anmeldung von dieser Adresse nicht erlaubt. Die Adresse der Anwendung ist http://localhost:3000.',
    );
    expect(authErrorText(error, t, 'en', 'refused')).toBe(
      'Signing in from this address is not allowed. The address of the application is http://localhost:3000.',
    );
  });

  it('shows how long the throttle makes the user wait', () => {
    const error = new ApiError(429, 'x', 'auth.sign_in_throttled', { minuten: 12 });
    expect(authErrorText(error, t, 'de', 'refused')).toBe(
      'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie 12 Min. und versuchen Sie es dann erneut.',
    );
  });

  it('falls back to the given text for a refusal without a known code, and to generic texts otherwise', () => {
    expect(authErrorText(new ApiError(400, 'x', 'SOMETHING'), t, 'de', 'refused')).toBe('refused');
    expect(authErrorText(new ApiError(429, 'x'), t, 'de', 'refused')).toBe('t:auth.login.rateLimited');
    expect(authErrorText(new ApiError(502, 'x'), t, 'de', 'refused')).toBe('t:errors.server');
    expect(authErrorText(new TypeError('fetch failed'), t, 'de', 'refused')).toBe('t:errors.network');
  });
});
