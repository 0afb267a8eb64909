/**
 * The sums per vehicle of a period, read through the rollup: whole months from its monthly level, the other days
 * from its daily level, and what neither holds from the raw rows (decisions 256, 270, 274). Every figure is the raw
 * computation's: a rollup row is used only when no write has touched its days since it was computed and it was
 * computed for the same windows.
 */
import { createHash } from 'node:crypto';
import { addCalendarDays } from '@stellwerk/domain/time';
import type { Fenster } from '@stellwerk/domain/verwaltung/auslastung/buchbare-zeit';
import { monatsStuecke } from '@stellwerk/domain/verwaltung/auslastung/zeitraum';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { floatArray, intArray, textArray, tsArray, uuidArray } from './auslastung.repository.ts';
import { type FahrzeugTag, fuelleTage } from './auslastung.rollup.ts';

/** A group of vehicles with the same bookable days (the same booking window and the same state's holidays). */
export type FahrzeugGruppe = readonly Fenster[];

/** A vehicle of a period: its group and its validity (null = unbounded). */
export type FahrzeugImZeitraum = {
  id: string;
  gruppe: number;
  gueltigVon: string | null;
  gueltigBis: string | null;
};

/** A vehicle's figures of a period, in minutes and days. */
export type FahrzeugSummen = {
  /** Booked minutes inside the bookable time, at most the day's bookable minutes per day. */
  gebucht: number;
  /** Driven minutes (logbook) inside the bookable time, the same bound. */
  gefahren: number;
  /** Bookable minutes. */
  buchbar: number;
  /** Bookable days. */
  tage: number;
  /** Bookable days without a booked minute. */
  standtage: number;
};

const leer = (): FahrzeugSummen => ({ gebucht: 0, gefahren: 0, buchbar: 0, tage: 0, standtage: 0 });

const addiere = (s: FahrzeugSummen, z: FahrzeugSummen) => {
  s.gebucht += z.gebucht;
  s.gefahren += z.gefahren;
  s.buchbar += z.buchbar;
  s.tage += z.tage;
  s.standtage += z.standtage;
};

/** One vehicle's days `[vonTag, bisTag]` inside one month (`monat`, its first day), summed as one. */
type Abschnitt = { fahrzeugId: string; gruppe: number; monat: string; vonTag: string; bisTag: string };

/** The fingerprint of a month's open days: the windows a month's sums were computed for. */
const fingerabdruck = (tage: readonly Fenster[]): string =>
  createHash('sha1')
    .update(tage.map((t) => `${t.tag} ${t.von.getTime()} ${t.bis.getTime()}`).join('\n'))
    .digest('base64url');

/**
 * The figures of each vehicle over its bookable days in `zeitraum`: the open days of its group (computed once per
 * group, not per vehicle) inside its validity.
 *
 * A whole month of a vehicle that is valid all month is read from the monthly level when that row is valid and was
 * computed for the month's windows (its fingerprint); otherwise it is summed from the days and stored again, with
 * the `stand` the read saw, so a write that marked the month meanwhile is never overwritten (decision 274). The
 * other days (the period's ends, a vehicle valid part of a month) are summed from the daily level in one statement
 * with the months to store: it uses a day's row only when it is valid and was computed for the same window, and
 * names the days it could not answer; those are computed from the raw rows and stored (decisions 256, 270).
 */
export const summenJeFahrzeug = async (
  tx: Tx,
  {
    zeitraum,
    gruppen,
    fahrzeuge,
  }: {
    zeitraum: { vonTag: string; bisTag: string };
    gruppen: readonly FahrzeugGruppe[];
    fahrzeuge: readonly FahrzeugImZeitraum[];
  },
): Promise<Map<string, FahrzeugSummen>> => {
  const summen = new Map(fahrzeuge.map((f) => [f.id, leer()]));
  if (fahrzeuge.length === 0) return summen;
  const stuecke = monatsStuecke(zeitraum);
  const tageJeMonat = gruppen.map((g) => {
    const m = new Map<string, Fenster[]>();
    for (const f of g) {
      const monat = `${f.tag.slice(0, 7)}-01`;
      const liste = m.get(monat);
      if (liste) liste.push(f);
      else m.set(monat, [f]);
    }
    return m;
  });
  const abdruecke = new Map<string, string>();
  const abdruck = (gruppe: number, monat: string) => {
    const schluessel = `${gruppe}|${monat}`;
    let a = abdruecke.get(schluessel);
    if (a === undefined) {
      a = fingerabdruck(tageJeMonat[gruppe]?.get(monat) ?? []);
      abdruecke.set(schluessel, a);
    }
    return a;
  };
  const ganzerMonat = (f: FahrzeugImZeitraum, s: (typeof stuecke)[number]) =>
    s.voll && (!f.gueltigVon || f.gueltigVon <= s.vonTag) && (!f.gueltigBis || f.gueltigBis >= s.bisTag);
  const monate = stuecke.filter((s) => s.voll).map((s) => s.monat);
  const gelesen =
    monate.length > 0 ? await monatsZeilen(tx, fahrzeuge, monate) : new Map<string, MonatsZeile>();

  const abschnitte: Abschnitt[] = [];
  /** The whole months summed from the days, to store with the `stand` read (by the index of their piece). */
  const zuSpeichern = new Map<number, number>();
  for (const f of fahrzeuge) {
    for (const s of stuecke) {
      const vonTag = f.gueltigVon && f.gueltigVon > s.vonTag ? f.gueltigVon : s.vonTag;
      const bisTag = f.gueltigBis && f.gueltigBis < s.bisTag ? f.gueltigBis : s.bisTag;
      if (vonTag > bisTag) continue;
      if (ganzerMonat(f, s)) {
        const r = gelesen.get(`${f.id}|${s.monat}`);
        if (r?.gueltig && r.fenster === abdruck(f.gruppe, s.monat)) {
          addiere(summen.get(f.id)!, r);
          continue;
        }
        zuSpeichern.set(abschnitte.length, r?.stand ?? 0);
      }
      abschnitte.push({ fahrzeugId: f.id, gruppe: f.gruppe, monat: s.monat, vonTag, bisTag });
    }
  }
  if (abschnitte.length === 0) return summen;
  const jeAbschnitt = await summenJeAbschnitt(tx, { gruppen, abschnitte });
  jeAbschnitt.forEach((z, i) => {
    addiere(summen.get(abschnitte[i]!.fahrzeugId)!, z);
  });
  if (zuSpeichern.size > 0)
    await speichereMonate(
      tx,
      [...zuSpeichern].map(([i, stand]) => {
        const a = abschnitte[i]!;
        return { ...a, stand, fenster: abdruck(a.gruppe, a.monat), summen: jeAbschnitt[i]! };
      }),
    );
  return summen;
};

type MonatsZeile = FahrzeugSummen & { stand: number; gueltig: boolean; fenster: string | null };

/** The monthly level's rows of the vehicles and months, keyed `vehicle|month`. */
const monatsZeilen = async (
  tx: Tx,
  fahrzeuge: readonly FahrzeugImZeitraum[],
  monate: readonly string[],
): Promise<Map<string, MonatsZeile>> => {
  const result =
    await tx.execute(sql`select r.fahrzeug_id as "fahrzeugId", to_char(r.monat, 'YYYY-MM-DD') as monat,
      r.stand, r.gueltig, r.fenster, coalesce(r.tage, 0) as tage, coalesce(r.buchbar, 0)::float8 as buchbar,
      coalesce(r.gebucht, 0)::float8 as gebucht, coalesce(r.gefahren, 0)::float8 as gefahren,
      coalesce(r.standtage, 0) as standtage
    from fahrzeug_monat_minuten r
    where r.fahrzeug_id = any(${uuidArray(fahrzeuge.map((f) => f.id))}::uuid[])
      and r.monat = any(${textArray(monate)}::date[])`);
  type Zeile = { fahrzeugId: string; monat: string } & { [k in keyof MonatsZeile]: unknown };
  return new Map(
    (result.rows as Zeile[]).map((r) => [
      `${r.fahrzeugId}|${r.monat}`,
      {
        stand: Number(r.stand),
        gueltig: r.gueltig === true,
        fenster: r.fenster as string | null,
        tage: Number(r.tage),
        buchbar: Number(r.buchbar),
        gebucht: Number(r.gebucht),
        gefahren: Number(r.gefahren),
        standtage: Number(r.standtage),
      },
    ]),
  );
};

/**
 * Stores whole months summed from the days, each only if its `stand` is still the one read (a write that marked the
 * month after the read bumped it, or inserted its marker, which this insert then meets).
 */
const speichereMonate = async (
  tx: Tx,
  zeilen: readonly (Abschnitt & { stand: number; fenster: string; summen: FahrzeugSummen })[],
) => {
  await tx.execute(sql`insert into fahrzeug_monat_minuten as r
      (mandant_id, fahrzeug_id, monat, stand, gueltig, fenster, tage, buchbar, gebucht, gefahren, standtage)
    select nullif(current_setting('app.mandant_id', true), '')::uuid, u.fahrzeug_id, u.monat, u.stand, true,
      u.fenster, u.tage, u.buchbar, u.gebucht, u.gefahren, u.standtage
    from unnest(${uuidArray(zeilen.map((z) => z.fahrzeugId))}::uuid[], ${textArray(zeilen.map((z) => z.monat))}::date[],
      ${intArray(zeilen.map((z) => z.stand))}::int[], ${textArray(zeilen.map((z) => z.fenster))}::text[],
      ${intArray(zeilen.map((z) => z.summen.tage))}::int[], ${floatArray(zeilen.map((z) => z.summen.buchbar))}::float8[],
      ${floatArray(zeilen.map((z) => z.summen.gebucht))}::float8[], ${floatArray(zeilen.map((z) => z.summen.gefahren))}::float8[],
      ${intArray(zeilen.map((z) => z.summen.standtage))}::int[])
      as u(fahrzeug_id, monat, stand, fenster, tage, buchbar, gebucht, gefahren, standtage)
    where nullif(current_setting('app.mandant_id', true), '') is not null
      and exists (select 1 from fahrzeug f where f.id = u.fahrzeug_id)
    on conflict (mandant_id, fahrzeug_id, monat) do update
      set gueltig = true, fenster = excluded.fenster, tage = excluded.tage, buchbar = excluded.buchbar,
        gebucht = excluded.gebucht, gefahren = excluded.gefahren, standtage = excluded.standtage
      where r.stand = excluded.stand`);
};

/**
 * The figures of each piece (in the order given) over the open days of its vehicle's group inside it, from the
 * daily level: one statement sums the rollup's rows per piece, using a row only when it is valid and was computed for
 * the same window, and names the days it could not answer; those are computed from the raw rows and stored (as
 * `minutenJeFahrzeugTag` does), and added here (decision 270).
 */
const summenJeAbschnitt = async (
  tx: Tx,
  { gruppen, abschnitte }: { gruppen: readonly FahrzeugGruppe[]; abschnitte: readonly Abschnitt[] },
): Promise<FahrzeugSummen[]> => {
  const summen = abschnitte.map(leer);
  const tage = gruppen.flatMap((g, gruppe) => g.map((f) => ({ gruppe, ...f })));
  if (tage.length === 0) return summen;
  // the rollup's rows of exactly the pieces' days (the 90 days of the recommendation are two whole months between
  // two pieces: their range would read the whole months' rows too)
  const tageDerAbschnitte = new Set<string>();
  for (const a of abschnitte)
    for (let tag = a.vonTag; tag <= a.bisTag; tag = addCalendarDays(tag, 1)) tageDerAbschnitte.add(tag);
  // The planner estimates one row behind the row-level-security predicate and probes the rollup's key once per
  // vehicle-day (73,000 probes for a year of 200 vehicles: 137 ms of 218); a hash join over the period's rows of
  // the rollup takes a fraction of it, and the grouping sorts in memory (decision 270). For this statement only.
  await tx.execute(
    sql`select set_config('enable_nestloop', 'off', true), set_config('work_mem', '16MB', true)`,
  );
  // each piece lies inside one month: its days are found by the group and the month (a hash join), then its range
  const result = await tx.execute(sql`with w as (
      select * from unnest(${intArray(tage.map((t) => t.gruppe))}::int[], ${textArray(tage.map((t) => t.tag))}::date[],
        ${tsArray(tage.map((t) => t.von))}::timestamptz[], ${tsArray(tage.map((t) => t.bis))}::timestamptz[],
        ${textArray(tage.map((t) => `${t.tag.slice(0, 7)}-01`))}::date[])
        as w(gruppe, tag, von, bis, monat)
    ), v as (
      select * from unnest(${intArray(abschnitte.map((_, i) => i))}::int[],
        ${uuidArray(abschnitte.map((a) => a.fahrzeugId))}::uuid[], ${intArray(abschnitte.map((a) => a.gruppe))}::int[],
        ${textArray(abschnitte.map((a) => a.monat))}::date[], ${textArray(abschnitte.map((a) => a.vonTag))}::date[],
        ${textArray(abschnitte.map((a) => a.bisTag))}::date[])
        as v(k, fahrzeug_id, gruppe, monat, von_tag, bis_tag)
    ), t as (
      select v.k, v.fahrzeug_id, w.tag, w.von, w.bis, (extract(epoch from w.bis - w.von) / 60)::float8 as buchbar
      from v join w on w.gruppe = v.gruppe and w.monat = v.monat
      where w.tag between v.von_tag and v.bis_tag
    ), j as (
      select t.*, coalesce(r.gueltig and r.von = t.von and r.bis = t.bis, false) as ok, r.gebucht, r.gefahren, r.stand
      from t left join fahrzeug_tag_minuten r on r.fahrzeug_id = t.fahrzeug_id and r.tag = t.tag
        and r.tag = any(${textArray([...tageDerAbschnitte])}::date[])
    )
    select k, count(*)::int as tage, sum(buchbar)::float8 as buchbar,
      coalesce(sum(least(gebucht, buchbar)) filter (where ok), 0)::float8 as gebucht,
      coalesce(sum(least(gefahren, buchbar)) filter (where ok), 0)::float8 as gefahren,
      (count(*) filter (where ok and gebucht <= 0))::int as standtage,
      coalesce(json_agg(json_build_array(to_char(tag, 'YYYY-MM-DD'), coalesce(stand, 0))) filter (where not ok), '[]'::json)
        as fehlend
    from j group by k`);
  await tx.execute(sql`select set_config('enable_nestloop', 'on', true)`);
  type Zeile = {
    k: number;
    tage: number;
    buchbar: number;
    gebucht: number;
    gefahren: number;
    standtage: number;
    fehlend: [string, number][] | string;
  };
  const fensterJeGruppe = gruppen.map((g) => new Map(g.map((f) => [f.tag, f])));
  const fehlend: { k: number; tag: FahrzeugTag; stand: number }[] = [];
  for (const z of result.rows as Zeile[]) {
    const k = Number(z.k);
    const a = abschnitte[k]!;
    addiere(summen[k]!, {
      tage: Number(z.tage),
      buchbar: Number(z.buchbar),
      gebucht: Number(z.gebucht),
      gefahren: Number(z.gefahren),
      standtage: Number(z.standtage),
    });
    const liste = typeof z.fehlend === 'string' ? (JSON.parse(z.fehlend) as [string, number][]) : z.fehlend;
    for (const [tag, stand] of liste) {
      const f = fensterJeGruppe[a.gruppe]!.get(tag)!;
      fehlend.push({
        k,
        tag: { fahrzeugId: a.fahrzeugId, tag, von: f.von, bis: f.bis },
        stand: Number(stand),
      });
    }
  }
  if (fehlend.length === 0) return summen;
  const roh = await fuelleTage(tx, fehlend);
  fehlend.forEach(({ k, tag }, j) => {
    const s = summen[k]!;
    const buchbar = (tag.bis.getTime() - tag.von.getTime()) / 60_000;
    s.gebucht += Math.min(roh[j]!.gebucht, buchbar);
    s.gefahren += Math.min(roh[j]!.gefahren, buchbar);
    if (roh[j]!.gebucht <= 0) s.standtage += 1;
  });
  return summen;
};
