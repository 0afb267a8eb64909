/**
 * The benchmark's hand-written free-vehicle statement (`freieFahrzeugeSql`) answers what the API answers when the
 * tenant's minimum gap has minutes (decision 134, 150), on both databases: a 30-minute gap keeps a car booked until
 * 10:00 out of a slot from 10:15 and lets it into one from 10:30, in the raw SQL as in `GET /api/fahrzeuge?nurFrei`.
 */
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../src/db/client.ts';
import { fahrzeug } from '../src/modules/fahrzeuge/fahrzeug/fahrzeug.table.ts';
import { call } from '../test/api-call.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../test/harness.ts';
import { freieFahrzeugeSql } from './fahrzeug.ts';

/** The first Tuesday at least three days ahead (inside every demo car's window and the bookable days). */
const tag = (() => {
  const heute = berlinDateKey(new Date());
  for (let d = 3; ; d++) {
    const key = addCalendarDays(heute, d);
    if (new Date(`${key}T12:00:00Z`).getUTCDay() === 2) return key;
  }
})();
const at = (hhmm: string) => berlinInstant(tag, hhmm).toISOString();

describe.each(testDrivers())("the bench's free-vehicle SQL reads the gap in minutes on %s", (driver) => {
  let server: TestServer;
  let admin: string;
  let mitarbeiter: string;
  let benutzerId = '';
  let mandantId = '';
  let auto = '';

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  /** The free vehicles of [von, bis) as the API and as the raw statement answer them, by id. */
  const frei = async (von: string, bis: string) => {
    const api = (await (
      await call(
        server,
        mitarbeiter,
        'GET',
        `/api/fahrzeuge?von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}&nurFrei=true`,
      )
    ).json()) as { id: string }[];
    const roh = await server.database.withTenant(mandantId, (tx) =>
      tx.execute(freieFahrzeugeSql(von, bis, benutzerId)),
    );
    return { api: api.map((f) => f.id), sql: (roh.rows as { id: string }[]).map((r) => r.id) };
  };

  beforeAll(async () => {
    server = await startTestServer({ driver });
    [admin, mitarbeiter] = await Promise.all([
      signIn(server.baseUrl, 'admin@musterstadt.example'),
      signIn(server.baseUrl, 'mitarbeiter@musterstadt.example'),
    ]);
    const me = (await (await call(server, mitarbeiter, 'GET', '/api/me')).json()) as {
      user: { id: string; mandantId: string };
    };
    benutzerId = me.user.id;
    mandantId = me.user.mandantId;
    const [f] = await asAll((tx) =>
      tx.select({ id: fahrzeug.id }).from(fahrzeug).where(eq(fahrzeug.kennzeichen, 'MS-SW 101')),
    );
    auto = f!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the booked car out of the slot inside the 30-minute gap and lets it into the slot after it', async () => {
    const gebucht = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: auto,
      von: at('09:00'),
      bis: at('10:00'),
    });
    expect(gebucht.status).toBe(201);
    const gap = await call(server, admin, 'PUT', '/api/customizing/mandant/FahrzeugMindestabstandMinuten', {
      value: 30,
    });
    expect(gap.status).toBe(200);

    const imAbstand = await frei(at('10:15'), at('11:15'));
    expect(imAbstand.api).not.toContain(auto);
    expect(imAbstand.sql).toEqual(imAbstand.api);
    expect(imAbstand.sql.length).toBeGreaterThan(0);

    const danach = await frei(at('10:30'), at('11:30'));
    expect(danach.api).toContain(auto);
    expect(danach.sql).toEqual(danach.api);
  });
});
