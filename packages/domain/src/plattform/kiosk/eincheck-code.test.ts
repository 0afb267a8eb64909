import { describe, expect, it } from 'vitest';
import {
  EINCHECK_CODE,
  EINCHECK_CODE_FEHLER,
  eincheckCodeEndetAm,
  eincheckMinute,
  erzeugeEincheckCode,
  gleichKonstanteZeit,
  leseEincheckCode,
  pruefeEincheckCode,
  type Signierer,
} from './eincheck-code.ts';

/**
 * A stand-in for HMAC-SHA-256 (the server passes node:crypto's; this package has no Node types): 32-bit FNV-1a of
 * the secret and the message, as hex, repeated to 64 signs. Enough to tell messages and secrets apart here.
 */
const hmac =
  (geheimnis: string): Signierer =>
  (nachricht) => {
    let h = 0x811c9dc5;
    for (const c of `${geheimnis}|${nachricht}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    return h.toString(16).padStart(8, '0').repeat(8);
  };
const signiere = hmac('geheim');

// 2026-10-25, the night the clocks go back in Germany: minutes are counted in UTC, so the doubled hour is harmless.
const T = Date.UTC(2026, 9, 25, 0, 59, 30);
const MIN = 60_000;

describe('check-in code', () => {
  it('binds kiosk, location and minute and is signed', () => {
    const code = erzeugeEincheckCode('kiosk-1', 'standort-a', T, signiere);
    expect(code.startsWith(`${EINCHECK_CODE.version}.kiosk-1.standort-a.${eincheckMinute(T)}.`)).toBe(true);
    expect(leseEincheckCode(code)).toMatchObject({ kioskId: 'kiosk-1', standortId: 'standort-a' });
  });

  it('changes every minute', () => {
    const a = erzeugeEincheckCode('k', 's', T, signiere);
    expect(erzeugeEincheckCode('k', 's', T + 29_000, signiere)).toBe(a);
    expect(erzeugeEincheckCode('k', 's', T + 31_000, signiere)).not.toBe(a);
  });

  it.each<[string, number, string]>([
    ['in its minute', 0, 'ok'],
    ['in the next minute', 60_000, 'ok'],
    ['at the end of the next minute', eincheckCodeEndetAm(eincheckMinute(T)) - T - 1, 'ok'],
    ['two minutes on', eincheckCodeEndetAm(eincheckMinute(T)) - T, 'abgelaufen'],
    ['an hour on (the doubled hour)', 60 * MIN, 'abgelaufen'],
    ['a minute before it was made', -MIN, 'ungueltig'],
  ])('checked %s is %s', (_, abstand, erwartet) => {
    const code = erzeugeEincheckCode('k', 's', T, signiere);
    const r = pruefeEincheckCode(code, 's', T + abstand, signiere);
    expect(r.ok ? 'ok' : r.grund).toBe(erwartet);
  });

  it('is refused for a booking at another location', () => {
    const code = erzeugeEincheckCode('k', 's', T, signiere);
    expect(pruefeEincheckCode(code, 'anders', T, signiere)).toEqual({ ok: false, grund: 'anderer_standort' });
  });

  it('names the kiosk and minute as the key of its use', () => {
    const code = erzeugeEincheckCode('k', 's', T, signiere);
    expect(pruefeEincheckCode(code, 's', T, signiere)).toEqual({
      ok: true,
      kioskId: 'k',
      standortId: 's',
      minute: eincheckMinute(T),
      schluessel: `k.${eincheckMinute(T)}`,
    });
  });

  it('is refused when signed with another secret (another tenant or server)', () => {
    const code = erzeugeEincheckCode('k', 's', T, hmac('anderes'));
    expect(pruefeEincheckCode(code, 's', T, signiere)).toEqual({ ok: false, grund: 'ungueltig' });
  });

  it('is refused when a part was changed', () => {
    const code = erzeugeEincheckCode('k', 's', T, signiere);
    const [v, k, s, m, sig] = code.split('.');
    for (const falsch of [
      `${v}.k2.${s}.${m}.${sig}`,
      `${v}.${k}.s2.${m}.${sig}`,
      `${v}.${k}.${s}.${Number(m) + 1}.${sig}`,
      `k2.${k}.${s}.${m}.${sig}`,
    ])
      expect(pruefeEincheckCode(falsch, null, T, signiere)).toEqual({ ok: false, grund: 'ungueltig' });
  });

  it.each([
    '',
    'abc',
    'k1.k.s.1.xyz',
    'k1.k.s.x.0123456789abcdef',
    'k1.k/.s.1.0123456789abcdef',
    'x'.repeat(400),
  ])('reads %j as no code', (code) => {
    expect(leseEincheckCode(code)).toBeNull();
    expect(pruefeEincheckCode(code, null, T, signiere)).toEqual({ ok: false, grund: 'ungueltig' });
  });

  it('compares signatures without an early exit', () => {
    expect(gleichKonstanteZeit('abc', 'abc')).toBe(true);
    expect(gleichKonstanteZeit('abc', 'abd')).toBe(false);
    expect(gleichKonstanteZeit('abc', 'ab')).toBe(false);
  });
});

describe('check-in code errors', () => {
  it('has a catalogue error for every reason', () => {
    expect(EINCHECK_CODE_FEHLER).toEqual({
      ungueltig: 'kiosk.eincheckcode_ungueltig',
      abgelaufen: 'kiosk.eincheckcode_abgelaufen',
      anderer_standort: 'kiosk.eincheckcode_anderer_standort',
    });
  });
});
