import { describe, expect, it } from 'vitest';
import { beschreibeGeraet, zuBeendendeSitzungen } from './sitzung.ts';

describe('which sessions a sign-out ends', () => {
  const all = ['a', 'b', 'c'];
  it('local: this session only', () => {
    expect(zuBeendendeSitzungen('local', all, 'b')).toEqual(['b']);
  });
  it('global: every session', () => {
    expect(zuBeendendeSitzungen('global', all, 'b')).toEqual(['a', 'b', 'c']);
  });
  it('others: every session but this one', () => {
    expect(zuBeendendeSitzungen('others', all, 'b')).toEqual(['a', 'c']);
  });
  it('others with this session alone: none', () => {
    expect(zuBeendendeSitzungen('others', ['b'], 'b')).toEqual([]);
  });
});

describe('browser and system of a session', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131',
      'Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133', 'Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari 18',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18',
      'iOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131',
      'Android',
    ],
    ['curl/8.5.0', 'curl 8', null],
    ['', null, null],
    [null, null, null],
  ])('%s', (ua, browser, system) => {
    expect(beschreibeGeraet(ua)).toEqual({ browser, system });
  });
});
