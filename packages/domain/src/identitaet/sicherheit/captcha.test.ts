import { describe, expect, it } from 'vitest';
import { CAPTCHA, captchaGueltig, leseCaptcha } from './captcha';

const json = (v: unknown) => JSON.stringify(v);
const gut = {
  challenge: { parameters: { algorithm: 'SHA-256', nonce: 'ab', expiresAt: 1000 }, signature: 'sig' },
  solution: { counter: 42, derivedKey: '00ff', time: 12 },
};

describe('leseCaptcha', () => {
  it('reads the payload the widget sends', () => {
    expect(leseCaptcha(json(gut))).toEqual(gut);
  });

  it.each<[string, string]>([
    ['an empty text', ''],
    ['text that is no JSON', 'nicht json'],
    ['JSON that is a number', '5'],
    ['JSON that is an array', json([1])],
    ['no challenge', json({ solution: gut.solution })],
    ['no signature', json({ ...gut, challenge: { parameters: gut.challenge.parameters } })],
    ['an empty signature', json({ ...gut, challenge: { ...gut.challenge, signature: '' } })],
    ['a counter that is no integer', json({ ...gut, solution: { ...gut.solution, counter: 1.5 } })],
    ['a negative counter', json({ ...gut, solution: { ...gut.solution, counter: -1 } })],
    ['a key that is no hex', json({ ...gut, solution: { ...gut.solution, derivedKey: 'xyz' } })],
    [
      'an expiry that is text',
      json({ ...gut, challenge: { ...gut.challenge, parameters: { expiresAt: 'morgen' } } }),
    ],
    ['a payload of more than 4 KB', json({ ...gut, filler: 'x'.repeat(5000) })],
  ])('gives null for %s', (_name, payload) => {
    expect(leseCaptcha(payload)).toBeNull();
  });
});

describe('captchaGueltig', () => {
  it.each([
    [undefined, 0, false],
    [1000, 999_999, true],
    [1000, 1_000_000, false],
    [1000, 1_000_001, false],
  ])('expiresAt %s at %s ms: %s', (expiresAt, now, gueltig) => {
    expect(captchaGueltig(expiresAt, now)).toBe(gueltig);
  });

  it('gives the browser about a second of work and ten minutes to use it', () => {
    expect(CAPTCHA.zaehlerMin).toBeGreaterThan(0);
    expect(CAPTCHA.zaehlerMax).toBeLessThanOrEqual(100_000);
    expect(CAPTCHA.gueltigMs).toBe(600_000);
  });
});
