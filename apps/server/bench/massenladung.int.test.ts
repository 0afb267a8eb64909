/**
 * The bench's bulk load (`alsMassenladung`) drops the booking table's keys, indexes and exclusion constraint and the
 * other tables' foreign keys to it, and switches the rollup's insert trigger off while it loads. Afterwards the table
 * must be as the migrations made it, on both databases: the same indexes and constraints with the same definitions,
 * the foreign keys to it back, the trigger on, and the exclusion constraint refusing an overlap again.
 */
import { berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { fixtureMandant } from '../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../test/harness.ts';
import { alsMassenladung } from './fahrzeug.ts';

describe.each(testDrivers())("the bench's bulk load on %s", (driver) => {
  let server: TestServer;
  let mandantId = '';
  let benutzerId = '';
  let auto = '';

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  /** The booking table's indexes, constraints and triggers with their definitions and whether each trigger is on. */
  const katalog = async () => ({
    indizes: (
      await server.database.db.execute(sql`select pg_get_indexdef(indexrelid) as d from pg_index
        where indrelid = 'fahrzeug_buchung'::regclass order by 1`)
    ).rows,
    constraints: (
      await server.database.db.execute(sql`select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as d
        from pg_constraint
        where conrelid = 'fahrzeug_buchung'::regclass or confrelid = 'fahrzeug_buchung'::regclass order by 1, 2`)
    ).rows,
    trigger: (
      await server.database.db.execute(sql`select tgname, tgenabled from pg_trigger
        where tgrelid = 'fahrzeug_buchung'::regclass and not tgisinternal order by 1`)
    ).rows,
  });
  const buchen = (von: string, bis: string) =>
    asAll((tx) =>
      tx.execute(sql`insert into fahrzeug_buchung (mandant_id, fahrzeug_id, benutzer_id, von, bis, status, typ)
        values (${mandantId}, ${auto}, ${benutzerId}, ${berlinInstant('2026-03-10', von).toISOString()},
          ${berlinInstant('2026-03-10', bis).toISOString()}, 'reserviert', 'BUCHUNG')`),
    );
  const rollupZeilen = async () =>
    (
      (
        await asAll((tx) =>
          tx.execute(
            sql`select count(*)::int as n from fahrzeug_tag_minuten where mandant_id = ${mandantId}`,
          ),
        )
      ).rows as { n: number }[]
    )[0]!.n;

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const m = await fixtureMandant(server.database, {
      name: 'Massenladung',
      domain: 'massenladung.example',
      standorte: { hof: { name: 'Hof' } },
      benutzer: { fahrer: { vorname: 'Rita', nachname: 'Roll' } },
      fahrzeuge: { a: { standort: 'hof', kennzeichen: 'BN-0001' } },
    });
    mandantId = m.id;
    benutzerId = m.benutzer.fahrer.id;
    auto = m.fahrzeuge.a;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('leaves the booking table as the migrations made it, with the overlap refused again', async () => {
    const vorher = await katalog();
    expect(vorher.constraints.some((c) => c.conname === 'fahrzeug_buchung_keine_ueberschneidung')).toBe(true);

    const waehrend = await alsMassenladung(server, async () => {
      await buchen('09:00', '11:00');
      return katalog();
    });
    // during the load: no index, no key, no foreign key to the table, and the rollup's insert trigger off
    expect(waehrend.indizes).toEqual([]);
    expect(vorher.constraints.filter((c) => c.t !== 'fahrzeug_buchung').length).toBeGreaterThan(2);
    expect(waehrend.constraints.map((c) => c.conname)).not.toContain('fahrzeug_buchung_pkey');
    expect(waehrend.constraints.filter((c) => c.t !== 'fahrzeug_buchung')).toEqual([]);
    expect(waehrend.constraints.some((c) => c.conname === 'fahrzeug_buchung_keine_ueberschneidung')).toBe(
      false,
    );
    expect(waehrend.trigger.find((t) => t.tgname === 'fahrzeug_buchung_tag_minuten_neu')?.tgenabled).toBe(
      'D',
    );
    expect(await rollupZeilen()).toBe(0);

    expect(await katalog()).toEqual(vorher);
    await expect(buchen('10:00', '12:00')).rejects.toThrow();
    await buchen('12:00', '13:00');
    expect(await rollupZeilen()).toBe(1);
  });
});
