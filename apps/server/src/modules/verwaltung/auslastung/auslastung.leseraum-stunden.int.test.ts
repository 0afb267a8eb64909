/**
 * The reading-room utilisation's statements joined by hour and by day (decision 275): on random bookings of every
 * status over both changes of the clock in 2026, some over midnight, and random pieces (inside an hour, across hours,
 * off the full hour), the booked and checked-in minutes per piece and the booked places per open day equal the plain
 * overlap sums computed here from the same rows.
 */
import { addCalendarDays, berlinInstant } from '@stellwerk/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIBLIOTHEK_MANDANT, lesesaal } from '../../../../test/fixtures/leseraum.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { zufall } from '../../../../test/zufallsflotte.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';
import {
  minutenJeStueckUndArt,
  type PlanStueck,
  type PlanTag,
  plaetzeJeTagUndArt,
} from './auslastung.leseraum.repository.ts';

/** The statements' rows per kind (places, group rooms) summed per key, as the utilisation adds the kinds. */
const summiert = <R extends { belegt: number; eingecheckt: number }>(
  rows: readonly R[],
  key: (r: R) => string | number,
) => {
  const je = new Map<string | number, { belegt: number; eingecheckt: number }>();
  for (const r of rows) {
    const m = je.get(key(r)) ?? { belegt: 0, eingecheckt: 0 };
    m.belegt += r.belegt;
    m.eingecheckt += r.eingecheckt;
    je.set(key(r), m);
  }
  return je;
};

/** A week over the change to summer time and a week over the change back. */
const TAGE = [
  ...Array.from({ length: 7 }, (_, i) => addCalendarDays('2026-03-25', i)),
  ...Array.from({ length: 7 }, (_, i) => addCalendarDays('2026-10-21', i)),
];
const STATUS = ['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen'] as const;
const GEBUCHT = new Set(['reserviert', 'aktiv', 'durchgeführt', 'verschlossen']);
const EINGECHECKT = new Set(['aktiv', 'durchgeführt']);

type Zeile = { leseraumId: string; von: Date; bis: Date; status: string; stornoGrund: string | null };

describe.each(testDrivers())('the reading-room utilisation joined by hour and by day on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  let planId: string;
  const zeilen: Zeile[] = [];

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await fixtureMandant(server.database, {
      ...BIBLIOTHEK_MANDANT,
      grundrisse: { lesesaal: lesesaal(4) },
    });
    mandantId = ms.id;
    planId = ms.grundrisse.lesesaal.id;
    const r = zufall(275);
    for (const platz of ms.grundrisse.lesesaal.plaetze) {
      for (const woche of [0, 7]) {
        // bookings of one place do not overlap (the exclusion constraint): consecutive random stretches
        let t = berlinInstant(TAGE[woche]!, '00:00').getTime() - 3 * 3_600_000;
        const ende = berlinInstant(TAGE[woche + 6]!, '23:59').getTime();
        while (t < ende) {
          const von = t + Math.floor(r() * 16) * 900_000;
          const bis = von + (1 + Math.floor(r() * 48)) * 900_000; // up to 12 h: some over midnight
          const status = STATUS[Math.floor(r() * STATUS.length)]!;
          const stornoGrund = status === 'storniert' ? (r() < 0.5 ? 'nicht_eingecheckt' : 'storniert') : null;
          zeilen.push({ leseraumId: platz.id, von: new Date(von), bis: new Date(bis), status, stornoGrund });
          t = bis;
        }
      }
    }
    await server.database.withTenant(mandantId, (tx) =>
      tx.insert(leseraumBuchung).values(
        zeilen.map((z) => ({
          mandantId,
          leseraumId: z.leseraumId,
          von: z.von,
          bis: z.bis,
          status: z.status,
          stornoGrund: z.stornoGrund,
          systembenutzer1Mail: 'leser@bibliothek.example',
        })),
      ),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const gebucht = (z: Zeile) => GEBUCHT.has(z.status) || z.stornoGrund === 'nicht_eingecheckt';
  const ueberlappung = (a: { von: Date; bis: Date }, b: { von: Date; bis: Date }) =>
    Math.max(0, Math.min(a.bis.getTime(), b.bis.getTime()) - Math.max(a.von.getTime(), b.von.getTime())) /
    60_000;

  it('sums the minutes of each piece as the plain overlaps do', async () => {
    const r = zufall(2751);
    const stuecke: PlanStueck[] = TAGE.flatMap((tag) =>
      Array.from({ length: 8 }, () => {
        // inside one hour, across several, starting off the full hour; in the night of the changes too
        const von =
          berlinInstant(tag, '00:00').getTime() +
          Math.floor(r() * 96) * 900_000 +
          Math.floor(r() * 5) * 60_000;
        const bis = von + (1 + Math.floor(r() * 12)) * 600_000;
        return { grundrissId: planId, von: new Date(von), bis: new Date(bis) };
      }),
    );
    const ist = summiert(
      await server.database.withTenant(mandantId, (tx) => minutenJeStueckUndArt(tx, { stuecke })),
      (z) => z.i,
    );
    let mitMinuten = 0;
    stuecke.forEach((s, i) => {
      const belegt = zeilen.filter(gebucht).reduce((n, z) => n + ueberlappung(z, s), 0);
      const eingecheckt = zeilen
        .filter((z) => EINGECHECKT.has(z.status))
        .reduce((n, z) => n + ueberlappung(z, s), 0);
      if (belegt > 0) mitMinuten += 1;
      expect(ist.get(i)?.belegt ?? 0, `piece ${i}`).toBeCloseTo(belegt, 6);
      expect(ist.get(i)?.eingecheckt ?? 0, `piece ${i}`).toBeCloseTo(eingecheckt, 6);
    });
    expect(mitMinuten).toBeGreaterThan(stuecke.length / 2); // not trivially empty
  });

  it('counts the places booked on each open day as the plain overlaps do', async () => {
    const r = zufall(2752);
    const tage: PlanTag[] = TAGE.map((tag) => {
      const von = 6 + Math.floor(r() * 6);
      const bis = von + 2 + Math.floor(r() * (24 - von - 2));
      const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
      return {
        grundrissId: planId,
        tag,
        von: berlinInstant(tag, hh(von)),
        bis: bis === 24 ? berlinInstant(addCalendarDays(tag, 1), '00:00') : berlinInstant(tag, hh(bis)),
      };
    });
    const ist = summiert(
      await server.database.withTenant(mandantId, (tx) => plaetzeJeTagUndArt(tx, { tage })),
      (z) => z.tag,
    );
    for (const t of tage) {
      const belegt = new Set(
        zeilen.filter((z) => gebucht(z) && ueberlappung(z, t) > 0).map((z) => z.leseraumId),
      );
      const eingecheckt = new Set(
        zeilen.filter((z) => EINGECHECKT.has(z.status) && ueberlappung(z, t) > 0).map((z) => z.leseraumId),
      );
      expect(ist.get(t.tag)?.belegt ?? 0, t.tag).toBe(belegt.size);
      expect(ist.get(t.tag)?.eingecheckt ?? 0, t.tag).toBe(eingecheckt.size);
    }
  });
});
