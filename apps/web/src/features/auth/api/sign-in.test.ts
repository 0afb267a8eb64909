import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { signInRequest, verlangtPruefung } from './sign-in';

describe('signInRequest', () => {
  it("signs in by e-mail when the field 'Benutzername' holds an '@'", () => {
    expect(signInRequest({ login: ' admin@musterstadt.example ', password: 'pw' })).toEqual({
      path: '/api/auth/sign-in/email',
      body: { email: 'admin@musterstadt.example', password: 'pw' },
    });
  });

  it('signs in by user name otherwise', () => {
    expect(signInRequest({ login: 'mitarbeiter.musterstadt', password: 'pw' })).toEqual({
      path: '/api/auth/sign-in/username',
      body: { username: 'mitarbeiter.musterstadt', password: 'pw' },
    });
  });

  it('sends the solved security check along once there is one', () => {
    expect(
      signInRequest({ login: 'admin@musterstadt.example', password: 'pw', captcha: 'abc' }).body,
    ).toEqual({
      email: 'admin@musterstadt.example',
      password: 'pw',
      captcha: 'abc',
    });
    expect(signInRequest({ login: 'admin.musterstadt', password: 'pw', captcha: 'abc' }).body).toEqual({
      username: 'admin.musterstadt',
      password: 'pw',
      captcha: 'abc',
    });
  });
});

describe('verlangtPruefung', () => {
  it.each([
    [new ApiError(400, 'x', 'auth.captcha_fehlt'), true],
    [new ApiError(400, 'x', 'auth.captcha_ungueltig'), true],
    [new ApiError(401, 'x', 'auth.invalid_credentials'), false],
    [new ApiError(429, 'x', 'auth.sign_in_throttled'), false],
    [new Error('offline'), false],
  ])('%s: %s', (error, expected) => {
    expect(verlangtPruefung(error)).toBe(expected);
  });
});
