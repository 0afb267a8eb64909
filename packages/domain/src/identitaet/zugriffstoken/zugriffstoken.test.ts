import { describe, expect, it } from 'vitest';
import { ablaufVon, darfSchreiben, tokenAusHeader, tokenSperre } from './zugriffstoken.ts';

const TOKEN = `stw_pat_${'a'.repeat(43)}`;

describe('ablaufVon', () => {
  const jetzt = new Date('2026-03-10T10:00:00Z');
  it('ends a token at the Berlin midnight after its last day', () => {
    expect(ablaufVon('2026-03-10', jetzt)).toEqual(new Date('2026-03-10T23:00:00Z'));
    // summer time: the midnight is 22:00 UTC
    expect(ablaufVon('2026-07-01', jetzt)).toEqual(new Date('2026-07-01T22:00:00Z'));
  });
  it('accepts a last day up to a year ahead and refuses past days and later ones', () => {
    expect(ablaufVon('2027-03-10', jetzt)).toBeInstanceOf(Date);
    expect(ablaufVon('2027-03-11', jetzt)).toBe('zugriffstoken.ablauf_ungueltig');
    expect(ablaufVon('2026-03-09', jetzt)).toBe('zugriffstoken.ablauf_ungueltig');
  });
  it('counts today in Berlin, not in UTC', () => {
    // 23:30 UTC on the 9th is already the 10th in Berlin
    expect(ablaufVon('2026-03-09', new Date('2026-03-09T23:30:00Z'))).toBe('zugriffstoken.ablauf_ungueltig');
  });
});

describe('tokenAusHeader', () => {
  it.each([
    [`Bearer ${TOKEN}`, TOKEN],
    [`bearer ${TOKEN}`, TOKEN],
    [`Bearer  ${TOKEN} `, TOKEN],
    [undefined, null],
    ['', null],
    [TOKEN, null],
    [`Basic ${TOKEN}`, null],
    [`Bearer ${TOKEN}x`, null],
    [`Bearer kal_${'a'.repeat(43)}`, null],
    [`Bearer ${TOKEN} extra`, null],
  ])('%s → %s', (header, token) => {
    expect(tokenAusHeader(header)).toBe(token);
  });
});

describe('tokenSperre', () => {
  const jetzt = new Date('2026-03-10T10:00:00Z');
  it('is null while a token is neither revoked nor expired', () => {
    expect(tokenSperre({ ablaufAt: new Date('2026-03-10T10:00:01Z'), widerrufenAt: null }, jetzt)).toBeNull();
  });
  it('is expired from the instant of its end', () => {
    expect(tokenSperre({ ablaufAt: jetzt, widerrufenAt: null }, jetzt)).toBe('zugriffstoken.abgelaufen');
  });
  it('names a revocation before an expiry', () => {
    expect(tokenSperre({ ablaufAt: new Date(0), widerrufenAt: new Date(0) }, jetzt)).toBe(
      'zugriffstoken.widerrufen',
    );
  });
});

describe('darfSchreiben', () => {
  it('lets only a booking token change bookings', () => {
    expect(darfSchreiben('buchen')).toBe(true);
    expect(darfSchreiben('lesen')).toBe(false);
  });
});
