/**
 * The booked and driven minutes per vehicle-day (decision 247 rewrote the statement to join each booking and trip
 * to the Berlin days it touches): on random bookings, blocks, cancellations and trips, some across midnight, the
 * statement answers what the plain overlap sum over every row answers.
 */
import { berlinInstant } from '@stellwerk/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { baueZufallsflotte, TAGE, type Zufallsflotte, zufall } from '../../../../test/zufallsflotte.ts';
import { type FahrzeugTag, minutenJeFahrzeugTag } from './auslastung.rollup.ts';

const ueberlapp = (a: { von: Date; bis: Date }, b: { von: Date; bis: Date }) =>
  Math.max(0, Math.min(a.bis.getTime(), b.bis.getTime()) - Math.max(a.von.getTime(), b.von.getTime())) /
  60_000;

describe.each(testDrivers())('minutes per vehicle-day on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  let wagen: string[];
  let buchungen: Zufallsflotte['buchungen'];
  let fahrten: Zufallsflotte['fahrten'];

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    ({ mandantId, wagen, buchungen, fahrten } = await baueZufallsflotte(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('equals the plain overlap sum over every booking and trip, for random windows', async () => {
    const r = zufall(7);
    const tage: FahrzeugTag[] = wagen.flatMap((fahrzeugId) =>
      TAGE.flatMap((tag) => {
        if (r() < 0.15) return []; // closed that day
        const von = Math.floor(r() * 12);
        const bis = von + 1 + Math.floor(r() * (24 - von - 1));
        const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
        const w = {
          fahrzeugId,
          tag,
          von: berlinInstant(tag, hh(von)),
          bis: berlinInstant(tag, bis === 24 ? '23:59' : hh(bis)),
        };
        return w.von < w.bis ? [w] : [];
      }),
    );
    const antwort = new Map(
      (await server.database.withTenant(mandantId, (tx) => minutenJeFahrzeugTag(tx, { tage }))).map((z) => [
        z.i,
        z,
      ]),
    );
    let mitBuchung = 0;
    tage.forEach((t, i) => {
      const gebucht = buchungen
        .filter((b) => b.fahrzeugId === t.fahrzeugId && b.typ === 'BUCHUNG' && b.status !== 'storniert')
        .reduce((s, b) => s + ueberlapp(b, t), 0);
      const gefahren = fahrten
        .filter((f) => f.fahrzeugId === t.fahrzeugId)
        .reduce((s, f) => s + ueberlapp(f, t), 0);
      if (gebucht > 0) mitBuchung += 1;
      expect([i, antwort.get(i)?.gebucht ?? 0, antwort.get(i)?.gefahren ?? 0]).toEqual([
        i,
        gebucht,
        gefahren,
      ]);
    });
    // the data is not trivially empty
    expect(mitBuchung).toBeGreaterThan(tage.length / 2);
  });
});
