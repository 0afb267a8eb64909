/**
 * The hot reading routes write their answers with fast-json-stringify and do not check them against their zod
 * schemas at run time (decision 263): this checks, on both databases, that their answers are what the zod schemas
 * say, exactly (parsing strips nothing, adds no default, refuses nothing), with places and vehicles of every kind
 * the demo holds and with the user's own booking on the map.
 */
import { ZFahrzeugBelegung, ZFahrzeugListe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { type TGrundrissKurz, ZBelegung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { call } from '../../test/api-call.ts';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../test/harness.ts';
import { werktagIn } from '../../test/werktag.ts';

const genau = async (schema: z.ZodType, response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body: unknown = await response.json();
  expect(schema.parse(body)).toStrictEqual(body);
  return body;
};

describe.each(testDrivers())('answers of the hot routes match their zod schemas on %s', (driver) => {
  let server: TestServer;
  let leser: string;
  let fahrer: string;
  // the next working day, not tomorrow: the demo's reading rooms close on Sundays (and the seat map then has no
  // free place to book)
  const tag = werktagIn(1);

  beforeAll(async () => {
    server = await startTestServer({ driver });
    [leser, fahrer] = await Promise.all([
      signIn(server.baseUrl, 'mitarbeiter@beispielhausen.example'),
      signIn(server.baseUrl, 'mitarbeiter@musterstadt.example'),
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the seat map of a day, full day and by the hour, with an own booking', async () => {
    const plans = (await (
      await call(server, leser, 'GET', '/api/grundrisse?bereich=leseraum')
    ).json()) as TGrundrissKurz[];
    const pfad = `/api/grundrisse/${plans[0]!.id}/belegung?tag=${tag}`;
    const karte = ZBelegung.parse(await genau(ZBelegung, await call(server, leser, 'GET', pfad)));
    const frei = karte.plaetze.find((p) => p.zustand === 'frei')!;
    const gebucht = await call(server, leser, 'POST', '/api/leseraum-buchungen', {
      modus: 'ganztags',
      tag,
      leseraumId: frei.id,
    });
    expect(gebucht.status).toBe(201);
    const danach = ZBelegung.parse(await genau(ZBelegung, await call(server, leser, 'GET', pfad)));
    expect(danach.plaetze.find((p) => p.id === frei.id)?.zustand).toBe('eigene_vormerkung');
    expect(danach.plaetze.some((p) => p.zeiten.length > 0)).toBe(true);
    await genau(ZBelegung, await call(server, leser, 'GET', `${pfad}&modus=stuendlich&von=10:00&bis=12:00`));
  });

  it('the vehicle list and its free search, and the week timeline, with a taken car', async () => {
    const von = berlinInstant(tag, '09:00').toISOString();
    const bis = berlinInstant(tag, '12:00').toISOString();
    const q = `von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}`;
    const vorher = ZFahrzeugListe.parse(
      await genau(ZFahrzeugListe, await call(server, fahrer, 'GET', `/api/fahrzeuge?${q}&nurFrei=true`)),
    );
    const gebucht = await call(server, fahrer, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: vorher[0]!.id,
      von,
      bis,
      anlass: 'Baustellenbesuch',
      zielAdresse: 'Hauptstraße 1, Musterstadt',
    });
    expect(gebucht.status).toBe(201);
    const alle = ZFahrzeugListe.parse(
      await genau(ZFahrzeugListe, await call(server, fahrer, 'GET', `/api/fahrzeuge?${q}`)),
    );
    expect(alle.find((f) => f.id === vorher[0]!.id)).toMatchObject({
      frei: false,
      grund: expect.any(String),
    });
    await genau(ZFahrzeugListe, await call(server, fahrer, 'GET', `/api/fahrzeuge?${q}&nurFrei=true`));
    await genau(ZFahrzeugListe, await call(server, fahrer, 'GET', '/api/fahrzeuge'));
    const woche = `von=${encodeURIComponent(berlinInstant(berlinDateKey(new Date()), '00:00').toISOString())}&bis=${encodeURIComponent(berlinInstant(addCalendarDays(berlinDateKey(new Date()), 7), '00:00').toISOString())}`;
    const zeitleiste = ZFahrzeugBelegung.parse(
      await genau(ZFahrzeugBelegung, await call(server, fahrer, 'GET', `/api/fahrzeuge/belegung?${woche}`)),
    );
    expect(zeitleiste.fahrzeuge.some((f) => f.termine.length > 0)).toBe(true);
  });

  it('an error of these routes keeps the one error shape', async () => {
    const response = await call(
      server,
      leser,
      'GET',
      `/api/grundrisse/${crypto.randomUUID()}/belegung?tag=${tag}`,
    );
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found');
  });
});
