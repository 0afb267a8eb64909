import { describe, expect, it } from 'vitest';
import type { Tagesgrundlage } from './leseraum-buchung.belegung.ts';
import { createBelegungsCache, MAX_ALTER_MS } from './leseraum-buchung.belegung-cache.ts';

const M1 = 'mandant-1';
const M2 = 'mandant-2';
const tag = (name: string) => ({ name }) as unknown as Tagesgrundlage;

const aufgeschoben = () => {
  let erfuellen: (g: Tagesgrundlage) => void = () => undefined;
  const promise = new Promise<Tagesgrundlage>((resolve) => {
    erfuellen = resolve;
  });
  return { promise, erfuellen };
};

describe('the seat map cache (decision 263)', () => {
  it('keeps a plan’s day per tenant: another tenant reads its own', async () => {
    const cache = createBelegungsCache();
    expect(await cache.holen(M1, 'p', '2026-11-24', async () => tag('a'))).toEqual(tag('a'));
    expect(await cache.holen(M1, 'p', '2026-11-24', async () => tag('b'))).toEqual(tag('a'));
    expect(await cache.holen(M2, 'p', '2026-11-24', async () => tag('c'))).toEqual(tag('c'));
    expect(await cache.holen(M1, 'p', '2026-11-25', async () => tag('d'))).toEqual(tag('d'));
  });

  it('drops one plan on its booking, every plan of the tenant on a user, nothing on a vehicle', async () => {
    const cache = createBelegungsCache();
    await cache.holen(M1, 'p', 't', async () => tag('p'));
    await cache.holen(M1, 'q', 't', async () => tag('q'));
    await cache.holen(M2, 'p', 't', async () => tag('m2'));
    cache.ereignis(M1, { type: 'fahrzeug_belegung', id: 'f' });
    expect(cache.groesse()).toBe(3);
    cache.ereignis(M1, { type: 'leseraum_buchung', id: 'b', grundrissId: 'p' });
    expect(await cache.holen(M1, 'p', 't', async () => tag('p2'))).toEqual(tag('p2'));
    expect(await cache.holen(M1, 'q', 't', async () => tag('x'))).toEqual(tag('q'));
    cache.ereignis(M1, { type: 'benutzer', id: 'u' });
    expect(await cache.holen(M1, 'q', 't', async () => tag('q2'))).toEqual(tag('q2'));
    expect(await cache.holen(M2, 'p', 't', async () => tag('x'))).toEqual(tag('m2'));
  });

  it('shares one reading between requests, and does not keep a reading that began before a drop', async () => {
    const cache = createBelegungsCache();
    const erste = aufgeschoben();
    const a = cache.holen(M1, 'p', 't', () => erste.promise);
    const b = cache.holen(M1, 'p', 't', async () => tag('nie'));
    cache.ereignis(M1, { type: 'leseraum_belegung', id: 'p' });
    erste.erfuellen(tag('alt'));
    expect(await a).toEqual(tag('alt'));
    expect(await b).toEqual(tag('alt'));
    expect(await cache.holen(M1, 'p', 't', async () => tag('neu'))).toEqual(tag('neu'));
  });

  it('reads a day again after its maximum age, everything after a gap, and keeps nothing while events do not arrive', async () => {
    let jetzt = 0;
    let verbunden = true;
    const cache = createBelegungsCache({ now: () => jetzt, aktiv: () => verbunden });
    await cache.holen(M1, 'p', 't', async () => tag('a'));
    jetzt = MAX_ALTER_MS - 1;
    expect(await cache.holen(M1, 'p', 't', async () => tag('b'))).toEqual(tag('a'));
    jetzt = MAX_ALTER_MS;
    expect(await cache.holen(M1, 'p', 't', async () => tag('c'))).toEqual(tag('c'));
    cache.leeren();
    expect(cache.groesse()).toBe(0);
    verbunden = false;
    expect(await cache.holen(M1, 'p', 't', async () => tag('d'))).toEqual(tag('d'));
    expect(await cache.holen(M1, 'p', 't', async () => tag('e'))).toEqual(tag('e'));
    expect(cache.groesse()).toBe(0);
  });
});
