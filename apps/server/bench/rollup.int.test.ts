/**
 * The bench loads its bookings with the rollup's insert trigger off and marks the rollup set-based afterwards
 * (`rollupVeraltetMarkieren`). That must leave the rollup as the trigger leaves it, row for row, on both databases:
 * the same days and months marked stale with the same counts, for bookings across midnight, a month's end and the
 * change to summer time, and none for a cancelled booking or a block.
 */
import { berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { fixtureMandant } from '../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../test/harness.ts';
import { rollupVeraltetMarkieren } from './fahrzeug.ts';

/** Start and end in Berlin time, status and type of each booking. */
const BUCHUNGEN: [string, string, string, string, string, string][] = [
  ['2026-03-10', '09:00', '2026-03-10', '11:00', 'durchgeführt', 'BUCHUNG'],
  ['2026-03-10', '12:00', '2026-03-10', '14:00', 'durchgeführt', 'BUCHUNG'],
  // across midnight and the month's end
  ['2026-03-31', '22:00', '2026-04-01', '02:00', 'durchgeführt', 'BUCHUNG'],
  // across the night of the change to summer time (29 March 2026)
  ['2026-03-28', '20:00', '2026-03-29', '04:00', 'durchgeführt', 'BUCHUNG'],
  // ending at midnight: the next day is not touched
  ['2026-05-01', '10:00', '2026-05-02', '00:00', 'reserviert', 'BUCHUNG'],
  // neither a cancelled booking nor a block counts
  ['2026-05-03', '10:00', '2026-05-03', '12:00', 'storniert', 'BUCHUNG'],
  ['2026-05-04', '10:00', '2026-05-04', '12:00', 'reserviert', 'WARTUNG'],
];

describe.each(testDrivers())("the bench's set-based rollup markers on %s", (driver) => {
  let server: TestServer;
  let mandantId = '';
  let benutzerId = '';
  let autos: string[] = [];

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  /** The tenant's rollup markers of both tables, as comparable text. */
  const markierungen = () =>
    asAll(async (tx) => {
      const tage = await tx.execute(sql`select fahrzeug_id, tag::text as t, stand, gueltig
        from fahrzeug_tag_minuten where mandant_id = ${mandantId} order by 1, 2`);
      const monate = await tx.execute(sql`select fahrzeug_id, monat::text as t, stand, gueltig
        from fahrzeug_monat_minuten where mandant_id = ${mandantId} order by 1, 2`);
      return { tage: tage.rows, monate: monate.rows };
    });

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const m = await fixtureMandant(server.database, {
      name: 'Rollup',
      domain: 'rollup.example',
      standorte: { hof: { name: 'Hof' } },
      benutzer: { fahrer: { vorname: 'Rita', nachname: 'Roll' } },
      fahrzeuge: {
        a: { standort: 'hof', kennzeichen: 'BN-0001' },
        b: { standort: 'hof', kennzeichen: 'BN-0002' },
      },
    });
    mandantId = m.id;
    benutzerId = m.benutzer.fahrer.id;
    autos = [m.fahrzeuge.a, m.fahrzeuge.b];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('marks the same days and months, with the same counts, as the insert trigger', async () => {
    // with the trigger on, row by row, on both vehicles (the second one's bookings an hour later)
    await asAll(async (tx) => {
      for (const [i, auto] of autos.entries())
        for (const [vonTag, von, bisTag, bis, status, typ] of BUCHUNGEN)
          await tx.execute(sql`insert into fahrzeug_buchung (mandant_id, fahrzeug_id, benutzer_id, von, bis, status, typ)
            values (${mandantId}, ${auto}, ${benutzerId},
              ${new Date(berlinInstant(vonTag, von).getTime() + i * 3_600_000).toISOString()},
              ${new Date(berlinInstant(bisTag, bis).getTime() + i * 3_600_000).toISOString()}, ${status}, ${typ})`);
    });
    const vomTrigger = await markierungen();
    expect(vomTrigger.tage.length).toBeGreaterThan(5);
    expect(vomTrigger.monate.length).toBeGreaterThan(3);

    await asAll(async (tx) => {
      await tx.execute(sql`delete from fahrzeug_tag_minuten where mandant_id = ${mandantId}`);
      await tx.execute(sql`delete from fahrzeug_monat_minuten where mandant_id = ${mandantId}`);
    });
    expect((await markierungen()).tage).toEqual([]);
    await asAll((tx) => rollupVeraltetMarkieren(tx, mandantId, 'BN-%'));
    expect(await markierungen()).toEqual(vomTrigger);
  });
});
