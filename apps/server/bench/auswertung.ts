/**
 * The utilisation and evaluation part of `npm run bench` (decision 247): on the vehicle bench data of
 * `fahrzeug.ts` (200 vehicles in 5 locations, 1,000 bookings each over two years), the bookings are spread over the
 * tenant's demo users (so a selection counts at least k people and the figures are computed, not hidden) and a
 * year of unmet-demand counts is added (5 locations × 365 days × 10 hours). Then a year's and a month's vehicle
 * utilisation and evaluation are timed, and the hot statements are explained.
 */
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import type { BenchZiel } from './server';
import type { Tx } from '../src/db/client';
import {
  nachfrageSummen,
  personenAnzahl,
  personenJeFahrzeug,
} from '../src/modules/verwaltung/auslastung/auslastung.repository';
import {
  gespeicherteMinuten,
  minutenJeFahrzeugTagRoh,
  summenJeFahrzeug,
} from '../src/modules/verwaltung/auslastung/auslastung.rollup';
import type { FahrzeugBenchData } from './fahrzeug';

export const buildAuswertungBenchData = async (server: BenchZiel, data: FahrzeugBenchData) => {
  const heute = berlinDateKey(new Date());
  await server.database.withAllTenants(async (tx) => {
    // the bench bookings belong to one user; spread them over the tenant's users (the demo's: not the drivers the
    // vehicle part made for its POSTs, so the data is the same whether that part ran or not)
    await tx.execute(sql`
      with leute as (select array_agg(id order by email) as ids from benutzer
        where mandant_id = ${data.mandantId} and email not like 'fahrer-%')
      update fahrzeug_buchung b set benutzer_id = leute.ids[1 + (abs(hashtext(b.id::text)) % array_length(leute.ids, 1))]
      from leute where b.mandant_id = ${data.mandantId}`);
    await tx.execute(sql`
      insert into fahrzeug_nachfrage_ungedeckt (mandant_id, standort_id, kategorie, tag, stunde, anzahl)
      select ${data.mandantId}, s.id, 'Kompaktklasse', ${heute}::date - d, h, 1 + (d + h) % 4
      from standort s cross join generate_series(0, 364) as d cross join generate_series(8, 17) as h
      where s.mandant_id = ${data.mandantId} and s.name like 'Bench-Standort %'
      on conflict do nothing`);
    await tx.execute(sql`analyze fahrzeug_buchung`);
    await tx.execute(sql`analyze fahrzeug_nachfrage_ungedeckt`);
  });
  return { heute };
};

/** The paths measured: a year and a month of the vehicle utilisation and of the evaluation, all locations. */
export const auswertungPfade = (heute: string) => ({
  'GET auslastung Jahr': `/api/auslastung/fahrzeuge?art=jahr&tag=${heute}`,
  'GET auslastung Monat': `/api/auslastung/fahrzeuge?art=monat&tag=${heute}`,
  'GET auswertung Jahr': `/api/auswertung?art=jahr&tag=${heute}`,
  'GET auswertung Monat': `/api/auswertung?art=monat&tag=${heute}`,
});

/**
 * The plans of the hot statements, run as the repository runs them: a transaction whose `execute` prefixes
 * `explain (analyze, buffers)` and keeps the plan (the repository's mapping of the plan rows is thrown away).
 */
export const explainAuswertung = async (server: BenchZiel, data: FahrzeugBenchData, heute: string) => {
  const plaene: string[] = [];
  const jahrVon = `${heute.slice(0, 4)}-01-01`;
  const jahrBis = `${heute.slice(0, 4)}-12-31`;
  await server.database.withTenant(data.mandantId, async (tx) => {
    const erklaerend = {
      execute: async (q: ReturnType<typeof sql>) => {
        // a setting the statement needs (work_mem for the people per vehicle) is run, not explained
        const text = (q as unknown as { queryChunks: { value?: string[] }[] }).queryChunks
          .flatMap((c) => c.value ?? [])
          .join('');
        if (text.includes('set_config(')) return tx.execute(q);
        const r = await tx.execute(sql`explain (analyze, buffers) ${q}`);
        plaene.push((r.rows as Record<string, string>[]).map((z) => Object.values(z)[0]).join('\n'));
        return { rows: [] };
      },
    } as unknown as Tx;
    // a year of open days (09–18) of the 200 vehicles: what the year's utilisation hands the database
    const tage = data.fahrzeugIds.flatMap((fahrzeugId) =>
      Array.from({ length: 365 }, (_, i) => {
        const tag = addCalendarDays(jahrVon, i);
        return { fahrzeugId, tag, von: berlinInstant(tag, '09:00'), bis: berlinInstant(tag, '18:00') };
      }),
    );
    // the rollup's rows of the year (decision 256), and the raw statement for the days it does not hold
    await erklaerend.execute(
      gespeicherteMinuten({ ids: `{${data.fahrzeugIds.join(',')}}`, vonTag: jahrVon, bisTag: jahrBis }),
    );
    await minutenJeFahrzeugTagRoh(erklaerend, { tage });
    // the sums per vehicle through the rollup (decision 270): one group of open days, every vehicle in it
    await summenJeFahrzeug(erklaerend, {
      gruppen: [
        tage
          .filter((t) => t.fahrzeugId === data.fahrzeugIds[0])
          .map(({ tag, von, bis }) => ({ tag, von, bis })),
      ],
      fahrzeuge: data.fahrzeugIds.map((id) => ({ id, gruppe: 0, gueltigVon: null, gueltigBis: null })),
    });
    await personenJeFahrzeug(erklaerend, {
      fahrzeugIds: data.fahrzeugIds,
      start: berlinInstant(jahrVon, '00:00'),
      ende: berlinInstant(addCalendarDays(jahrBis, 1), '00:00'),
    });
    await personenAnzahl(erklaerend, {
      fahrzeugIds: data.fahrzeugIds,
      start: berlinInstant(jahrVon, '00:00'),
      ende: berlinInstant(addCalendarDays(jahrBis, 1), '00:00'),
    });
    await nachfrageSummen(erklaerend, { vonTag: jahrVon, bisTag: jahrBis });
  });
  return [
    `the rollup's rows of a year (${data.fahrzeugIds.length * 365} vehicle-days)`,
    `booked minutes per vehicle-day from the raw rows, a year (${data.fahrzeugIds.length * 365} vehicle-days)`,
    `the sums per vehicle through the rollup, a year (${data.fahrzeugIds.length} vehicles in one group)`,
    'people per vehicle, a year',
    "the vehicles' people, a year (the previous period's k check)",
    'unmet demand summed per location, category, day and hour, a year',
  ].map((titel, i) => `${titel}\n${plaene[i] ?? ''}`);
};
