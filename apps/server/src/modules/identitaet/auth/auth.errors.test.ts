import { type ErrorCode, httpStatusOf } from '@stellwerk/domain/errors';
import { describe, expect, it } from 'vitest';
import { mapBetterAuthError } from './auth.errors.ts';

const appUrl = 'http://127.0.0.1:3000';
const other = { isSignIn: false, appUrl };
const signIn = { isSignIn: true, appUrl };

describe('better-auth error answers become catalogue errors', () => {
  it.each<[number, unknown, boolean, ErrorCode, boolean]>([
    [
      401,
      { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' },
      true,
      'auth.invalid_credentials',
      true,
    ],
    [401, { code: 'INVALID_USERNAME_OR_PASSWORD' }, true, 'auth.invalid_credentials', true],
    [401, { code: 'FAILED_TO_CREATE_SESSION' }, true, 'auth.invalid_credentials', true],
    [400, { code: 'INVALID_EMAIL' }, true, 'auth.invalid_credentials', false],
    [422, { code: 'USERNAME_TOO_SHORT' }, true, 'auth.invalid_credentials', false],
    [
      400,
      { code: 'VALIDATION_ERROR', message: '[body.password] Invalid input' },
      true,
      'validation.failed',
      false,
    ],
    [403, { code: 'INVALID_ORIGIN' }, true, 'auth.origin_not_allowed', false],
    [403, { code: 'MISSING_OR_NULL_ORIGIN' }, false, 'auth.origin_not_allowed', false],
    [403, { code: 'INVALID_REDIRECT_URL' }, false, 'auth.redirect_not_allowed', false],
    [403, { code: 'INVALID_CALLBACK_URL' }, false, 'auth.redirect_not_allowed', false],
    [400, { code: 'INVALID_PASSWORD' }, false, 'auth.current_password_wrong', false],
    [400, { code: 'INVALID_TOKEN' }, false, 'auth.link_invalid', false],
    [400, { code: 'PASSWORD_TOO_SHORT' }, false, 'auth.password_length', false],
    [400, { code: 'EMAIL_PASSWORD_SIGN_UP_DISABLED' }, false, 'auth.sign_up_closed', false],
    [400, { code: 'INVALID_EMAIL' }, false, 'validation.failed', false],
    [401, { code: 'UNAUTHORIZED' }, false, 'auth.unauthenticated', false],
    [401, undefined, false, 'auth.unauthenticated', false],
    [404, 'Not Found', false, 'not_found', false],
    [429, { message: 'Too many requests' }, true, 'auth.rate_limited', false],
    [418, { code: 'SOMETHING_NEW' }, false, 'validation.failed', false],
    [500, { code: 'FAILED_TO_GET_SESSION_X' }, false, 'internal', false],
  ])('%i %j (sign-in: %s) -> %s, counted %s', (status, body, isSignIn, code, counted) => {
    const mapped = mapBetterAuthError(status, body, isSignIn ? signIn : other);
    expect(mapped.code).toBe(code);
    expect(mapped.isCredentialFailure).toBe(counted);
  });

  it('an origin refusal names the address of the application', () => {
    expect(mapBetterAuthError(403, { code: 'INVALID_ORIGIN' }, other).params).toEqual({ adresse: appUrl });
  });

  it('a too short or too long password names the bounds', () => {
    expect(mapBetterAuthError(400, { code: 'PASSWORD_TOO_LONG' }, other).params).toEqual({
      min: 8,
      max: 128,
    });
  });

  it('never passes better-auth text on, and every mapped code has a 4xx or 5xx status', () => {
    const mapped = mapBetterAuthError(400, { code: 'VALIDATION_ERROR', message: 'internal detail' }, other);
    expect(JSON.stringify(mapped)).not.toContain('internal detail');
    expect(httpStatusOf(mapped.code)).toBeGreaterThanOrEqual(400);
  });
});
