import { describe, expect, it } from 'vitest';
import { signInRequest } from './sign-in';

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
});
