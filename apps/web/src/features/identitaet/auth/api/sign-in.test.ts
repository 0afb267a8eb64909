import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../lib/api-client';
import { codeSchrittAusSuche, signInOutcome, signInRequest, verlangtPruefung } from './sign-in';

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

describe('signInOutcome (password or passkey)', () => {
  it.each([
    ['a session', { user: { id: 'u' } }, 'signed-in'],
    ['no body', null, 'signed-in'],
    [
      'the code step with both methods',
      { twoFactorRedirect: true, twoFactorMethods: ['totp', 'otp'] },
      { code: ['totp', 'otp'] },
    ],
    ['the code step by SMS only', { twoFactorRedirect: true, twoFactorMethods: ['otp'] }, { code: ['otp'] }],
    ['the code step without a list', { twoFactorRedirect: true }, { code: ['totp'] }],
    [
      'unknown methods left out',
      { twoFactorRedirect: true, twoFactorMethods: ['totp', 'mail'] },
      { code: ['totp'] },
    ],
  ] as const)('%s', (_, answer, expected) => {
    expect(signInOutcome(answer as Parameters<typeof signInOutcome>[0])).toEqual(expected);
  });
});

describe('codeSchrittAusSuche (decision 154)', () => {
  it.each([
    ['?code_schritt=totp', ['totp']],
    ['?code_schritt=otp', ['otp']],
    ['?code_schritt=totp%2Cotp', ['totp', 'otp']],
    ['?code_schritt=backup', []],
    ['?code_schritt=evil', []],
    ['code_schritt=totp', ['totp']],
    ['', null],
    ['?sso_fehler=auth.sso_fehlgeschlagen', null],
  ])('%s: %j', (search, expected) => {
    expect(codeSchrittAusSuche(search)).toEqual(expected);
  });
});
