import { describe, expect, it } from 'vitest';
import { groupSecret, secretOf } from './faktoren';

describe('the secret of an authenticator app', () => {
  it('is read from the otpauth URI', () => {
    expect(
      secretOf('otpauth://totp/Stellwerk:a%40b.example?secret=JBSWY3DPEHPK3PXP&issuer=Stellwerk&digits=6'),
    ).toBe('JBSWY3DPEHPK3PXP');
  });
  it('is empty for something else', () => {
    expect(secretOf('kein uri')).toBe('');
  });
  it('is shown in groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });
});
