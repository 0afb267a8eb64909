/**
 * The booked and driven minutes per vehicle-day (decision 247 rewrote the statement to join each booking and trip
 * to the Berlin days it touches): on random bookings, blocks, cancellations and trips, some across midnight, the
 * statement answers what the plain overlap sum over every row answers.
 */
import { berlinInstant } from '@stellwerk/domain/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandant } from '../mandant/mandant.public.ts';
import { standort } from '../standort/standort.public.ts';
import { type FahrzeugTag, minutenJeFahrzeugTag } from './auslastung.repository.ts';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
const zufall = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const TAGE = Array.from({ length: 12 }, (_, i) => `2026-03-${String(20 + i).padStart(2, '0')}`); // over the change to summer time
const HASH = 'a'.repeat(64);
const ueberlapp = (a: { von: Date; bis: Date }, b: { von: Date; bis: Date }) =>
  Math.max(0, Math.min(a.bis.getTime(), b.bis.getTime()) - Math.max(a.von.getTime(), b.von.getTime())) /
  60_000;

describe.each(testDrivers())('minutes per vehicle-day on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  const wagen: string[] = [];
  const buchungen: { fahrzeugId: string; von: Date; bis: Date; typ: string; status: string }[] = [];
  const fahrten: { fahrzeugId: string; von: Date; bis: Date }[] = [];

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => new Date('2026-04-20T10:00:00Z') });
    const db = server.database.db;
    const [m] = await db
      .select({ id: mandant.id })
      .from(mandant)
      .where(eq(mandant.name, 'Stadtwerke Musterstadt'));
    mandantId = m!.id;
    const [person] = await db
      .select({ id: benutzer.id })
      .from(benutzer)
      .where(eq(benutzer.email, 'fuhrpark@musterstadt.example'));
    const [s] = await db.insert(standort).values({ mandantId, name: 'Zufallshof' }).returning();
    for (let n = 0; n < 3; n++) {
      const [f] = await db
        .insert(fahrzeug)
        .values({ mandantId, standortId: s!.id, marke: 'Z', modell: 'Z', kennzeichen: `Z-R ${n}` })
        .returning();
      wagen.push(f!.id);
    }
    const r = zufall(22);
    const start = berlinInstant(TAGE[0]!, '00:00').getTime();
    const spanne = berlinInstant(TAGE[TAGE.length - 1]!, '23:59').getTime() - start;
    for (const fahrzeugId of wagen) {
      // bookings of one vehicle do not overlap (the exclusion constraint): consecutive random stretches
      let t = start - 6 * 3_600_000;
      while (t < start + spanne) {
        const von = new Date(t + Math.floor(r() * 20) * 900_000);
        const bis = new Date(von.getTime() + (1 + Math.floor(r() * 40)) * 900_000); // up to 10 h: some over midnight
        buchungen.push({
          fahrzeugId,
          von,
          bis,
          typ: r() < 0.1 ? 'WARTUNG' : 'BUCHUNG',
          status: r() < 0.15 ? 'storniert' : 'durchgeführt',
        });
        if (r() < 0.6 && bis.getTime() - von.getTime() > 900_000)
          fahrten.push({ fahrzeugId, von: new Date(von.getTime() + 900_000), bis });
        t = bis.getTime();
      }
    }
    await db
      .insert(fahrzeugBuchung)
      .values(buchungen.map((b) => ({ mandantId, benutzerId: person!.id, ...b })));
    await db.insert(fahrtenbuchEintrag).values(
      fahrten.map((f, i) => ({
        mandantId,
        fahrzeugId: f.fahrzeugId,
        laufnummer: i + 1,
        kennzeichen: 'Z-R',
        quelle: 'hand',
        art: 'dienstlich',
        beginn: f.von,
        ende: f.bis,
        kmBeginn: i * 10,
        kmEnde: i * 10 + 10,
        fahrerId: person!.id,
        fahrerName: 'Fahrer',
        erfasstAm: f.bis,
        erfasstVonId: person!.id,
        erfasstVonName: 'Fahrer',
        hashVorher: HASH,
        hash: HASH,
      })),
    );
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
