/**
 * The rollup of booked and driven minutes per vehicle-day (decision 256); the sums per vehicle read through it and
 * its monthly level are in `auslastung.summen.ts` (decisions 270, 274). The rollup tables are the utilisation's own;
 * everything else here only reads the booking modules' tables, inside the tenant's transaction (row-level
 * security).
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugBuchungImZeitraum } from './auslastung.fahrzeuge.repository.ts';
import {
  floatArray,
  intArray,
  tageSpanne,
  textArray,
  tsArray,
  uuidArray,
  zeitSpanne,
} from './auslastung.repository.ts';

/** One open day of a vehicle's window. */
export type FahrzeugTag = { fahrzeugId: string; tag: string; von: Date; bis: Date };

type Minuten = { i: number; gebucht: number; gefahren: number };

/** The rollup's rows of the vehicles (a `uuid[]` literal) and days (the bench explains this statement). */
export const gespeicherteMinuten = ({
  ids,
  vonTag,
  bisTag,
}: {
  ids: string;
  vonTag: string;
  bisTag: string;
}) =>
  sql`select r.fahrzeug_id as "fahrzeugId", to_char(r.tag, 'YYYY-MM-DD') as tag,
      r.stand, r.gueltig, (extract(epoch from r.von) * 1000)::float8 as von, (extract(epoch from r.bis) * 1000)::float8 as bis,
      r.gebucht, r.gefahren
    from fahrzeug_tag_minuten r
    where r.fahrzeug_id = any(${ids}::uuid[]) and r.tag between ${vonTag}::date and ${bisTag}::date`;

/**
 * Booked and driven minutes inside each open day of each vehicle (`i` = the day's index), as
 * `minutenJeFahrzeugTagRoh` computes them, read from the rollup `fahrzeug_tag_minuten` where it holds the day for
 * the same window and is not marked stale (decision 256); the other days are computed from the raw rows and stored,
 * unless a write marked the day again since it was read (`stand`), so the figures are always the raw ones.
 */
export const minutenJeFahrzeugTag = async (
  tx: Tx,
  { tage }: { tage: readonly FahrzeugTag[] },
): Promise<Minuten[]> => {
  if (tage.length === 0) return [];
  const ids = uuidArray([...new Set(tage.map((t) => t.fahrzeugId))]);
  const { vonTag, bisTag } = tageSpanne(tage);
  const gespeichert = await tx.execute(gespeicherteMinuten({ ids, vonTag, bisTag }));
  type Gespeichert = {
    fahrzeugId: string;
    tag: string;
    stand: number;
    gueltig: boolean;
    von: number | null;
    bis: number | null;
    gebucht: number | null;
    gefahren: number | null;
  };
  const zeilen = new Map(
    (gespeichert.rows as Gespeichert[]).map((r) => [`${r.fahrzeugId}|${r.tag}`, r] as const),
  );
  const ergebnis: Minuten[] = [];
  const fehlend: { i: number; tag: FahrzeugTag; stand: number }[] = [];
  tage.forEach((t, i) => {
    const r = zeilen.get(`${t.fahrzeugId}|${t.tag}`);
    if (r?.gueltig && Number(r.von) === t.von.getTime() && Number(r.bis) === t.bis.getTime()) {
      const gebucht = Number(r.gebucht);
      const gefahren = Number(r.gefahren);
      if (gebucht !== 0 || gefahren !== 0) ergebnis.push({ i, gebucht, gefahren });
    } else fehlend.push({ i, tag: t, stand: r ? Number(r.stand) : 0 });
  });
  if (fehlend.length === 0) return ergebnis;
  const roh = await fuelleTage(tx, fehlend);
  fehlend.forEach((f, j) => {
    const m = roh[j]!;
    if (m.gebucht !== 0 || m.gefahren !== 0)
      ergebnis.push({ i: f.i, gebucht: m.gebucht, gefahren: m.gefahren });
  });
  return ergebnis;
};

/**
 * Computes the vehicle-days the rollup does not hold from the raw rows and stores them (one answer per day, in the
 * order asked); a day a write marked after it was read keeps its marker (its `stand` changed), so older figures
 * never overwrite a newer marker.
 */
export const fuelleTage = async (
  tx: Tx,
  fehlend: readonly { tag: FahrzeugTag; stand: number }[],
): Promise<{ gebucht: number; gefahren: number }[]> => {
  const roh = new Map(
    (await minutenJeFahrzeugTagRoh(tx, { tage: fehlend.map((f) => f.tag) })).map((m) => [m.i, m]),
  );
  const ergebnis = fehlend.map((_, j) => ({
    gebucht: roh.get(j)?.gebucht ?? 0,
    gefahren: roh.get(j)?.gefahren ?? 0,
  }));
  await tx.execute(sql`insert into fahrzeug_tag_minuten as r
      (mandant_id, fahrzeug_id, tag, stand, gueltig, von, bis, gebucht, gefahren)
    select nullif(current_setting('app.mandant_id', true), '')::uuid, u.fahrzeug_id, u.tag, u.stand, true, u.von,
      u.bis, u.gebucht, u.gefahren
    from unnest(${uuidArray(fehlend.map((f) => f.tag.fahrzeugId))}::uuid[],
      ${textArray(fehlend.map((f) => f.tag.tag))}::date[], ${intArray(fehlend.map((f) => f.stand))}::int[],
      ${tsArray(fehlend.map((f) => f.tag.von))}::timestamptz[], ${tsArray(fehlend.map((f) => f.tag.bis))}::timestamptz[],
      ${floatArray(ergebnis.map((e) => e.gebucht))}::float8[], ${floatArray(ergebnis.map((e) => e.gefahren))}::float8[])
      as u(fahrzeug_id, tag, stand, von, bis, gebucht, gefahren)
    where nullif(current_setting('app.mandant_id', true), '') is not null
      and exists (select 1 from fahrzeug f where f.id = u.fahrzeug_id)
    on conflict (mandant_id, fahrzeug_id, tag) do update
      set gueltig = true, von = excluded.von, bis = excluded.bis, gebucht = excluded.gebucht, gefahren = excluded.gefahren
      where r.stand = excluded.stand`);
  return ergebnis;
};

/**
 * Booked minutes (bookings, not cancelled, not blocks) and driven minutes (current logbook versions) inside each
 * open day of each vehicle (`i` = the day's index), computed from the raw rows.
 */
export const minutenJeFahrzeugTagRoh = async (
  tx: Tx,
  { tage }: { tage: readonly FahrzeugTag[] },
): Promise<Minuten[]> => {
  if (tage.length === 0) return [];
  const { start, ende } = zeitSpanne(tage);
  // each booking and trip joins the vehicle-days of the Berlin days it touches (an open window lies inside its
  // day), so a vehicle's bookings are not compared with all its days: linear in days + bookings (decision 247);
  // materialized, so the join hashes vehicle and day together (inline, the day came from the lateral series after
  // a join on the vehicle alone: 31 million rows removed by its filter for a year of 200 vehicles)
  const ids = uuidArray([...new Set(tage.map((t) => t.fahrzeugId))]);
  const result = await tx.execute(sql`with t as (
      select * from unnest(${uuidArray(tage.map((t) => t.fahrzeugId))}::uuid[],
        ${tsArray(tage.map((t) => t.von))}::timestamptz[], ${tsArray(tage.map((t) => t.bis))}::timestamptz[],
        ${intArray(tage.map((_, i) => i))}::int[], ${textArray(tage.map((t) => t.tag))}::date[])
        as t(fahrzeug_id, von, bis, i, tag)
    ), b as materialized (
      select b.fahrzeug_id, b.von, b.bis, d::date as tag
      from fahrzeug_buchung b
      cross join lateral generate_series((b.von at time zone 'Europe/Berlin')::date,
        ((b.bis - interval '1 microsecond') at time zone 'Europe/Berlin')::date, interval '1 day') as d
      where b.fahrzeug_id = any(${ids}::uuid[]) and b.typ = 'BUCHUNG' and b.status <> 'storniert'
        and ${fahrzeugBuchungImZeitraum(start, ende)}
    ), e as materialized (
      select e.fahrzeug_id, e.beginn, e.ende, d::date as tag
      from fahrtenbuch_eintrag e
      cross join lateral generate_series((e.beginn at time zone 'Europe/Berlin')::date,
        ((e.ende - interval '1 microsecond') at time zone 'Europe/Berlin')::date, interval '1 day') as d
      where e.fahrzeug_id = any(${ids}::uuid[]) and e.ende > e.beginn
        and not exists (select 1 from fahrtenbuch_eintrag n where n.korrigiert_id = e.id)
        and e.beginn < ${ende.toISOString()}::timestamptz and e.ende > ${start.toISOString()}::timestamptz
    ), gebucht as (
      select t.i, sum(extract(epoch from least(b.bis, t.bis) - greatest(b.von, t.von))) / 60 as minuten
      from t join b on b.fahrzeug_id = t.fahrzeug_id and b.tag = t.tag and b.von < t.bis and b.bis > t.von
      group by t.i
    ), gefahren as (
      select t.i, sum(extract(epoch from least(e.ende, t.bis) - greatest(e.beginn, t.von))) / 60 as minuten
      from t join e on e.fahrzeug_id = t.fahrzeug_id and e.tag = t.tag and e.beginn < t.bis and e.ende > t.von
      group by t.i
    )
    select coalesce(g.i, d.i) as i, coalesce(g.minuten, 0)::float8 as gebucht, coalesce(d.minuten, 0)::float8 as gefahren
    from gebucht g full join gefahren d on d.i = g.i`);
  return (result.rows as { i: number; gebucht: number; gefahren: number }[]).map((r) => ({
    i: Number(r.i),
    gebucht: Number(r.gebucht),
    gefahren: Number(r.gefahren),
  }));
};
