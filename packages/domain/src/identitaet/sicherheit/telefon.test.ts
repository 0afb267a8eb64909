import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskiereTelefonnummer, normalisiereTelefonnummer, smsText } from './telefon.ts';

describe('phone numbers for the SMS factor', () => {
  const cases: [string, string | null][] = [
    ['+49 151 12345678', '+4915112345678'],
    ['0151 / 123 456 78', '+4915112345678'],
    ['0049 (151) 123-456-78', '+4915112345678'],
    ['+43 664 1234567', '+436641234567'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['015112345678', '+4915112345678'],
    ['151 12345678', null],
    ['+49 151 1234 5678 9999 1', null],
    ['+0 151 12345678', null],
    ['0151-abc', null],
    ['+49+151', null],
    ['49+15112345678', null],
    ['', null],
    ['+49 12', null],
  ];
  it.each(cases)('%s → %s', (eingabe, erwartet) => {
    expect(normalisiereTelefonnummer(eingabe)).toBe(erwartet);
  });

  it('property: a normalised number is E.164 and normalises to itself', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'+0123456789 -/()'.split('')), maxLength: 25 }),
        (s) => {
          const n = normalisiereTelefonnummer(s);
          if (n === null) return;
          expect(n).toMatch(/^\+[1-9]\d{6,14}$/);
          expect(normalisiereTelefonnummer(n)).toBe(n);
        },
      ),
    );
  });

  it('shows only the country code and the last two digits', () => {
    expect(maskiereTelefonnummer('+4915112345678')).toBe('+49 •••••••••78');
    expect(maskiereTelefonnummer('+14155550100')).toBe('+14 •••••••00');
  });

  it('the SMS names the code; the stored text does not', () => {
    const { text, ohneCode } = smsText('123456', 'de');
    expect(text).toContain('123456');
    expect(ohneCode).not.toContain('123456');
    expect(ohneCode).toContain('[entfernt]');
    expect(smsText('654321', 'en').text).toMatch(/^Your Stellwerk code: 654321\./);
  });
});
