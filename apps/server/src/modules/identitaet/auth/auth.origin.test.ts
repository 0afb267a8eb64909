import { describe, expect, it } from 'vitest';
import { checkOrigin, type OriginEvidence, type OriginPolicy, originOf } from './auth.origin.ts';

const unset: OriginPolicy = { publicUrl: undefined, trustedOrigins: [] };
const set: OriginPolicy = {
  publicUrl: 'https://stellwerk.example.org',
  trustedOrigins: ['https://intranet.example.org'],
};
const sentTo = (ownOrigin: string, rest: Partial<OriginEvidence> = {}): OriginEvidence => ({
  origin: undefined,
  referer: undefined,
  secFetchSite: undefined,
  ownOrigin,
  ...rest,
});

describe('which page may call the sign-in API (decision 020)', () => {
  it.each<[string, OriginPolicy, OriginEvidence, boolean]>([
    // PUBLIC_URL unset: the app's own address, whatever it is called
    [
      'localhost, same origin',
      unset,
      sentTo('http://localhost:3000', { origin: 'http://localhost:3000' }),
      true,
    ],
    [
      '127.0.0.1, same origin',
      unset,
      sentTo('http://127.0.0.1:3000', { origin: 'http://127.0.0.1:3000' }),
      true,
    ],
    [
      'host name, same origin',
      unset,
      sentTo('http://buero-pc:3000', { origin: 'http://buero-pc:3000' }),
      true,
    ],
    [
      'host name in capitals',
      unset,
      sentTo('http://Buero-PC:3000', { origin: 'http://buero-pc:3000' }),
      true,
    ],
    ['another page', unset, sentTo('http://127.0.0.1:3000', { origin: 'http://evil.example' }), false],
    ['another port', unset, sentTo('http://127.0.0.1:3000', { origin: 'http://127.0.0.1:5173' }), false],
    ['http page calling https', unset, sentTo('https://a.example', { origin: 'http://a.example' }), false],
    ['Origin: null', unset, sentTo('http://127.0.0.1:3000', { origin: 'null' }), false],
    // PUBLIC_URL set: only it and TRUSTED_ORIGINS
    ['PUBLIC_URL', set, sentTo('http://10.0.0.5:3000', { origin: 'https://stellwerk.example.org' }), true],
    [
      'TRUSTED_ORIGINS',
      set,
      sentTo('http://10.0.0.5:3000', { origin: 'https://intranet.example.org' }),
      true,
    ],
    [
      'the address it was sent to is not enough',
      set,
      sentTo('http://10.0.0.5:3000', { origin: 'http://10.0.0.5:3000' }),
      false,
    ],
    // no Origin: a program (curl, Node's fetch), unless the browser says it is cross-site
    ['Node fetch (Sec-Fetch-Mode: cors, no Origin)', set, sentTo('http://10.0.0.5:3000'), true],
    ['curl', unset, sentTo('http://127.0.0.1:3000'), true],
    [
      'cross-site without Origin',
      unset,
      sentTo('http://127.0.0.1:3000', { secFetchSite: 'cross-site' }),
      false,
    ],
    [
      'same-site without Origin',
      unset,
      sentTo('http://127.0.0.1:3000', { secFetchSite: 'same-site' }),
      false,
    ],
    [
      'same-origin without Origin',
      unset,
      sentTo('http://127.0.0.1:3000', { secFetchSite: 'same-origin' }),
      true,
    ],
    [
      'Referer of the own page',
      unset,
      sentTo('http://127.0.0.1:3000', { referer: 'http://127.0.0.1:3000/login' }),
      true,
    ],
    [
      'Referer of another page',
      unset,
      sentTo('http://127.0.0.1:3000', { referer: 'http://evil.example/' }),
      false,
    ],
  ])('%s: trusted %s', (_name, policy, evidence, trusted) => {
    expect(checkOrigin(policy, evidence).trusted).toBe(trusted);
  });

  it('a refusal names the address of the application: PUBLIC_URL, else the address the request went to', () => {
    expect(checkOrigin(set, sentTo('http://10.0.0.5:3000', { origin: 'http://evil.example' }))).toEqual({
      trusted: false,
      appUrl: 'https://stellwerk.example.org',
      claimed: 'http://evil.example',
    });
    expect(
      checkOrigin(unset, sentTo('http://127.0.0.1:3000', { origin: 'http://evil.example' })),
    ).toMatchObject({
      appUrl: 'http://127.0.0.1:3000',
    });
  });

  it('a program without Origin is passed on as coming from the application itself', () => {
    expect(checkOrigin(set, sentTo('http://10.0.0.5:3000'))).toEqual({
      trusted: true,
      origin: 'https://stellwerk.example.org',
    });
  });

  it.each<[string, OriginEvidence, boolean]>([
    ['the address it was sent to', sentTo('http://10.0.0.5:3000', { origin: 'http://10.0.0.5:3000' }), true],
    ['PUBLIC_URL', sentTo('http://10.0.0.5:3000', { origin: 'https://stellwerk.example.org' }), true],
    ['TRUSTED_ORIGINS', sentTo('http://10.0.0.5:3000', { origin: 'https://intranet.example.org' }), true],
    [
      'another port of that address',
      sentTo('http://10.0.0.5:3000', { origin: 'http://10.0.0.5:5173' }),
      false,
    ],
    ['a sibling subdomain', sentTo('https://a.example.org', { origin: 'https://b.example.org' }), false],
    ['Origin: null', sentTo('http://10.0.0.5:3000', { origin: 'null' }), false],
    ['a program', sentTo('http://10.0.0.5:3000'), true],
    ['cross-site without Origin', sentTo('http://10.0.0.5:3000', { secFetchSite: 'cross-site' }), false],
  ])('a change (decision 104, PUBLIC_URL set), %s: trusted %s', (_name, evidence, trusted) => {
    expect(checkOrigin(set, evidence, { ownOriginTrusted: true }).trusted).toBe(trusted);
  });

  it('origins are compared normalised; anything but http(s) is not an origin', () => {
    expect(originOf('https://Example.org:443/path?q')).toBe('https://example.org');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(originOf('not a url')).toBeUndefined();
  });
});
