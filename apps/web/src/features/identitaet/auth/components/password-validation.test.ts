import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkRepeat } from './password-validation';

describe('password validation', () => {
  it('asks for 8 to 128 characters', () => {
    expect(checkNewPassword('')).toBe('required');
    expect(checkNewPassword('kurz')).toBe('tooShort');
    expect(checkNewPassword('lang-genug')).toBeNull();
    expect(checkNewPassword('x'.repeat(129))).toBe('tooLong');
  });

  it('wants the repeat to match the new password', () => {
    expect(checkRepeat('', 'lang-genug')).toBe('required');
    expect(checkRepeat('lang-genuG', 'lang-genug')).toBe('mismatch');
    expect(checkRepeat('lang-genug', 'lang-genug')).toBeNull();
  });
});
