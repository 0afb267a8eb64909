import { describe, expect, it } from 'vitest';
import { hostNameOf, passkeyRpIds, withRpId } from './auth.passkey.ts';

describe('passkey RP ids (decision 072)', () => {
  it('without PUBLIC_URL: localhost, 127.0.0.1, ::1, the machine name and trusted origins', () => {
    expect(
      passkeyRpIds(
        {
          publicUrl: 'http://localhost:3000',
          publicUrlSet: false,
          trustedOrigins: ['https://app.example.org'],
        },
        'Buero-PC',
      ),
    ).toEqual(['localhost', '127.0.0.1', '::1', 'buero-pc', 'app.example.org']);
  });
  it('with PUBLIC_URL: its host name and those of TRUSTED_ORIGINS only', () => {
    expect(
      passkeyRpIds(
        {
          publicUrl: 'https://stellwerk.example.org',
          publicUrlSet: true,
          trustedOrigins: ['https://stellwerk.example.org:8443'],
        },
        'srv1',
      ),
    ).toEqual(['stellwerk.example.org']);
  });
  it('the page host name, IPv6 without brackets', () => {
    expect(hostNameOf('http://127.0.0.1:3450')).toBe('127.0.0.1');
    expect(hostNameOf('http://[::1]:3000')).toBe('::1');
  });
  it('puts the page RP id into enrolment and sign-in options', () => {
    expect(withRpId({ rp: { name: 'Stellwerk', id: ['a', 'b'] }, challenge: 'x' }, '127.0.0.1')).toEqual({
      rp: { name: 'Stellwerk', id: '127.0.0.1' },
      challenge: 'x',
    });
    expect(withRpId({ rpId: ['a'], challenge: 'y' }, 'localhost')).toEqual({
      rpId: 'localhost',
      challenge: 'y',
    });
    expect(withRpId(null, 'localhost')).toBeNull();
  });
});
