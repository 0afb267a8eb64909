/**
 * Random vehicle bookings, blocks, cancellations and trips over the change to summer time, some across midnight, in a
 * fixture tenant of their own (a location without a federal state, three vehicles, the person who books and drives
 * them; decision 269): the data of the tests that compare the
 * utilisation's minutes per vehicle-day with the plain overlap sum (`auslastung.fahrzeugtage.int.test.ts`,
 * `auslastung.rollup.int.test.ts`). Seeded, so a failure can be replayed.
 */
import { berlinInstant } from '@stellwerk/domain/time';
import { fahrtenbuchEintrag } from '../src/modules/fahrten/fahrt/fahrt.public.ts';
import { fahrzeugBuchung } from '../src/modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { minutenJeFahrzeugTagRoh } from '../src/modules/verwaltung/auslastung/auslastung.rollup.ts';
import type {
  FahrzeugGruppe,
  FahrzeugImZeitraum,
  FahrzeugSummen,
} from '../src/modules/verwaltung/auslastung/auslastung.summen.ts';
import { fixtureMandant } from './fixtures/mandant.ts';
import type { TestServer } from './harness.ts';

/** A small seeded generator (mulberry32). */
export const zufall = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** Twelve days over the change to summer time. */
export const TAGE = Array.from({ length: 12 }, (_, i) => `2026-03-${String(20 + i).padStart(2, '0')}`);
export const HASH = 'a'.repeat(64);

export type Zufallsflotte = {
  mandantId: string;
  /** The person who booked and drove every trip. */
  personId: string;
  wagen: string[];
  buchungen: { fahrzeugId: string; von: Date; bis: Date; typ: string; status: string }[];
  fahrten: { fahrzeugId: string; von: Date; bis: Date }[];
};

/** Writes three vehicles with random bookings and trips on `tage` (default `TAGE`) and returns what it wrote. */
export const baueZufallsflotte = async (
  server: TestServer,
  tage: readonly string[] = TAGE,
): Promise<Zufallsflotte> => {
  const buchungen: Zufallsflotte['buchungen'] = [];
  const fahrten: Zufallsflotte['fahrten'] = [];
  const db = server.database.db;
  const flotte = await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    standorte: { hof: { name: 'Zufallshof', bundesland: null } },
    benutzer: { fuhrpark: { vorname: 'Thomas', nachname: 'Becker' } },
    fahrzeuge: {
      z0: { standort: 'hof', kennzeichen: 'Z-R 0', marke: 'Z', modell: 'Z' },
      z1: { standort: 'hof', kennzeichen: 'Z-R 1', marke: 'Z', modell: 'Z' },
      z2: { standort: 'hof', kennzeichen: 'Z-R 2', marke: 'Z', modell: 'Z' },
    },
  });
  const mandantId = flotte.id;
  const person = flotte.benutzer.fuhrpark;
  const wagen = [flotte.fahrzeuge.z0, flotte.fahrzeuge.z1, flotte.fahrzeuge.z2];
  const r = zufall(22);
  const start = berlinInstant(tage[0]!, '00:00').getTime();
  const spanne = berlinInstant(tage[tage.length - 1]!, '23:59').getTime() - start;
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
  await db.insert(fahrzeugBuchung).values(buchungen.map((b) => ({ mandantId, benutzerId: person.id, ...b })));
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
      fahrerId: person.id,
      fahrerName: 'Fahrer',
      erfasstAm: f.bis,
      erfasstVonId: person.id,
      erfasstVonName: 'Fahrer',
      hashVorher: HASH,
      hash: HASH,
    })),
  );
  return { mandantId, personId: person.id, wagen, buchungen, fahrten };
};

/**
 * What the rollup's sums per vehicle must equal: the raw minutes of every open day of each vehicle's group inside its
 * validity, each day capped at its bookable minutes.
 */
export const rohSummen = async (
  server: TestServer,
  mandantId: string,
  gruppen: readonly FahrzeugGruppe[],
  fahrzeuge: readonly FahrzeugImZeitraum[],
): Promise<Map<string, FahrzeugSummen>> => {
  const tage = fahrzeuge.flatMap((f) =>
    gruppen[f.gruppe]!.filter(
      (w) => (!f.gueltigVon || w.tag >= f.gueltigVon) && (!f.gueltigBis || w.tag <= f.gueltigBis),
    ).map((w) => ({ fahrzeugId: f.id, ...w })),
  );
  const roh = new Map(
    (await server.database.withTenant(mandantId, (tx) => minutenJeFahrzeugTagRoh(tx, { tage }))).map((m) => [
      m.i,
      m,
    ]),
  );
  const summen = new Map<string, FahrzeugSummen>(
    fahrzeuge.map((f) => [f.id, { gebucht: 0, gefahren: 0, buchbar: 0, tage: 0, standtage: 0 }]),
  );
  tage.forEach((t, i) => {
    const s = summen.get(t.fahrzeugId)!;
    const buchbar = (t.bis.getTime() - t.von.getTime()) / 60_000;
    const m = roh.get(i);
    s.gebucht += Math.min(m?.gebucht ?? 0, buchbar);
    s.gefahren += Math.min(m?.gefahren ?? 0, buchbar);
    s.buchbar += buchbar;
    s.tage += 1;
    if (!m || m.gebucht <= 0) s.standtage += 1;
  });
  return summen;
};
