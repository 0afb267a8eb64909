/**
 * Bench part `export` (decision 065): a logbook of BENCH_EXPORT_FAHRTEN trips (default 10,000) for one
 * vehicle, every 20th with a correction, hash-chained in JS exactly as the service chains them, written in
 * batches; then the XLSX and PDF exports through the API, timed, with the server process's peak RSS sampled
 * every few milliseconds while each export runs (the server runs in this process). The body is read and
 * dropped as it arrives, so the client side holds no file.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FahrtenbuchEintrag } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { verketten } from '@stellwerk/domain/fahrten/fahrtenbuch/kette';
import { berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { eq } from 'drizzle-orm';
import { fahrtenbuchEintrag } from '../src/modules/fahrten/fahrt/fahrt.table';
import { fahrzeug } from '../src/modules/fahrzeuge/fahrzeug/fahrzeug.table';
import { benutzer } from '../src/modules/identitaet/benutzer/benutzer.table';
import { mandant } from '../src/modules/verwaltung/mandant/mandant.table';
import { signIn } from '../test/harness';
import type { BenchZiel } from './server';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export type ExportMessung = {
  format: 'xlsx' | 'pdf';
  fahrten: number;
  ms: number;
  bytes: number;
  rssVorherMb: number;
  rssSpitzeMb: number;
  budgetMs: number;
};

/** Writes the trips into the vehicle MS-SW 101 of Musterstadt; returns its id and the period they fill. */
const baueFahrtenbuch = async (server: BenchZiel, fahrten: number) => {
  const [ziel] = await server.database.withAllTenants((tx) =>
    tx
      .select({ mandantId: fahrzeug.mandantId, id: fahrzeug.id, kennzeichen: fahrzeug.kennzeichen })
      .from(fahrzeug)
      .innerJoin(mandant, eq(mandant.id, fahrzeug.mandantId))
      .where(eq(fahrzeug.kennzeichen, 'MS-SW 101')),
  );
  if (!ziel) throw new Error('bench export: vehicle MS-SW 101 not found');
  const [fahrer] = await server.database.withAllTenants((tx) =>
    tx
      .select({ id: benutzer.id })
      .from(benutzer)
      .where(eq(benutzer.email, 'mitarbeiter@musterstadt.example')),
  );
  const jahr = Number(berlinDateKey(new Date()).slice(0, 4)) - 1;
  const von = berlinInstant(`${jahr}-01-01`, '00:00');
  const bis = berlinInstant(`${jahr + 1}-01-01`, '00:00');
  const schritt = Math.floor((bis.getTime() - von.getTime()) / (fahrten + 1));
  const dauer = Math.min(schritt - 60_000, 45 * 60_000);
  let letzterHash: string | null = null;
  let laufnummer = 0;
  let km = 10_000;
  let stapel: Array<FahrtenbuchEintrag & { mandantId: string; laufnummer: number }> = [];
  const schreibe = async () => {
    const rows = stapel;
    stapel = [];
    if (rows.length > 0)
      await server.database.withTenant(ziel.mandantId, (tx) => tx.insert(fahrtenbuchEintrag).values(rows));
  };
  const haenge = async (inhalt: Omit<FahrtenbuchEintrag, 'hash' | 'hashVorher'>) => {
    const e = verketten({ inhalt, letzterHash, hash: sha256 });
    letzterHash = e.hash;
    laufnummer += 1;
    stapel.push({ ...e, mandantId: ziel.mandantId, laufnummer });
    if (stapel.length >= 1000) await schreibe();
    return e;
  };
  for (let i = 0; i < fahrten; i += 1) {
    const beginn = new Date(von.getTime() + (i + 1) * schritt);
    const ende = new Date(beginn.getTime() + dauer);
    const strecke = 5 + (i % 60);
    // every 50th trip leaves a gap of 12 km before it
    const kmBeginn = km + (i % 50 === 49 ? 12 : 0);
    const privat = i % 7 === 3;
    const erste = await haenge({
      id: randomUUID(),
      fahrzeugId: ziel.id,
      kennzeichen: ziel.kennzeichen,
      fahrzeugBuchungId: null,
      quelle: 'hand',
      korrigiertId: null,
      grund: 'Bench',
      art: privat ? 'privat' : 'dienstlich',
      beginn,
      ende,
      kmBeginn,
      kmEnde: kmBeginn + strecke,
      fahrerId: fahrer!.id,
      fahrerName: 'Lena Hoffmann',
      ziel: privat ? null : `Kundenstraße ${i % 300}, 12345 Musterstadt`,
      zweck: privat ? null : `Kundentermin Nr. ${i} – Wartung Pumpwerk Süd`,
      partner: privat ? null : `Müller & Söhne GmbH ${i % 40}`,
      umweg: null,
      notiz: null,
      erfasstAm: ende,
      erfasstVonId: fahrer!.id,
      erfasstVonName: 'Lena Hoffmann',
    });
    km = kmBeginn + strecke;
    if (i % 20 === 0 && !privat)
      await haenge({
        ...erste,
        id: randomUUID(),
        korrigiertId: erste.id,
        grund: 'Zweck präzisiert',
        zweck: `Abnahme Nr. ${i} – Pumpwerk Süd`,
        erfasstAm: new Date(ende.getTime() + 3_600_000),
      });
  }
  await schreibe();
  return { fahrzeugId: ziel.id, von, bis, versionen: laufnummer };
};

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Fetches `path`, reading and dropping the body; the peak RSS sampled every 5 ms meanwhile. */
const messe = async (server: BenchZiel, path: string, cookie: string) => {
  global.gc?.();
  const vorher = process.memoryUsage().rss;
  let spitze = vorher;
  const timer = setInterval(() => {
    spitze = Math.max(spitze, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, origin: server.baseUrl } });
    if (!response.ok) throw new Error(`bench export: ${path} answered ${response.status}`);
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      spitze = Math.max(spitze, process.memoryUsage().rss);
    }
  } finally {
    clearInterval(timer);
  }
  return { ms: performance.now() - started, bytes, rssVorherMb: mb(vorher), rssSpitzeMb: mb(spitze) };
};

export const benchExport = async (server: BenchZiel): Promise<ExportMessung[]> => {
  const fahrten = Number(process.env.BENCH_EXPORT_FAHRTEN ?? 10_000);
  const started = performance.now();
  const { fahrzeugId, von, bis, versionen } = await baueFahrtenbuch(server, fahrten);
  console.log(
    `${server.driver}: logbook of ${fahrten} trips (${versionen} versions with corrections) built in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const cookie = await signIn(server.baseUrl, 'fuhrpark@musterstadt.example');
  const query = `von=${encodeURIComponent(von.toISOString())}&bis=${encodeURIComponent(bis.toISOString())}`;
  const ergebnisse: ExportMessung[] = [];
  for (const [format, budgetMs] of [
    ['xlsx', 2000],
    ['pdf', 5000],
  ] as const) {
    const m = await messe(
      server,
      `/api/fahrzeuge/${fahrzeugId}/fahrtenbuch/export.${format}?${query}`,
      cookie,
    );
    ergebnisse.push({ format, fahrten, budgetMs, ...m });
  }
  return ergebnisse;
};
