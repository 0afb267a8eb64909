/**
 * The reading rooms' rollup per plan-day (decision 276): the booked and checked-in minutes of each hour piece of a
 * plan's open day and the places booked that day, per kind, read from `leseraum_tag_minuten` where it holds the day
 * for the same window and the same places and is not marked stale; the other days are computed from the raw rows
 * (`minutenJeStueckUndArt`, `plaetzeJeTagUndArt`) and stored, unless a write marked the day again since it was read
 * (`stand`), so the figures are always the raw ones.
 */
import { gedeckelterTag, inStunden } from '@stellwerk/domain/verwaltung/auslastung/buchbare-zeit';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import {
  type Art,
  type BuchungsZaehlung,
  leereZaehlung,
  minutenJeStueckUndArt,
  type PlanTag,
  plaetzeJeTagUndArt,
  ZAEHLUNG_FELDER,
  zaehlungJeTagUndArt,
} from './auslastung.leseraum.repository.ts';
import { floatArray, intArray, tageSpanne, textArray, tsArray, uuidArray } from './auslastung.repository.ts';

/** A plan-day asked of the rollup: an open day with its window, or a closed one (only its bookings are counted). */
export type PlanTagAnfrage = PlanTag | { grundrissId: string; tag: string; von: null; bis: null };

/**
 * A plan-day's figures per kind: minutes per hour piece of its window (uncapped; booked, checked in, and the
 * preview's holds and reservations), places booked that day.
 */
export type PlanTagZahlen = {
  belegt: Record<Art, number[]>;
  eingecheckt: Record<Art, number[]>;
  vorschau: Record<Art, number[]>;
  plaetze: Record<Art, number>;
  plaetzeEingecheckt: Record<Art, number>;
  /** The bookings starting that day, counted by what became of them. */
  zaehlung: Record<Art, BuchungsZaehlung>;
};

const leer = (stuecke: number): PlanTagZahlen => ({
  belegt: { platz: Array(stuecke).fill(0), gruppenraum: Array(stuecke).fill(0) },
  eingecheckt: { platz: Array(stuecke).fill(0), gruppenraum: Array(stuecke).fill(0) },
  vorschau: { platz: Array(stuecke).fill(0), gruppenraum: Array(stuecke).fill(0) },
  plaetze: { platz: 0, gruppenraum: 0 },
  plaetzeEingecheckt: { platz: 0, gruppenraum: 0 },
  zaehlung: { platz: leereZaehlung(), gruppenraum: leereZaehlung() },
});

/** The hour pieces of a plan-day's window, as `inStunden` cuts it (the rows' arrays follow this order). */
const stueckeDes = (t: PlanTagAnfrage) => (t.von ? inStunden([{ tag: t.tag, von: t.von, bis: t.bis }]) : []);

const alsZaehlung = (xs: readonly number[]): BuchungsZaehlung =>
  Object.fromEntries(ZAEHLUNG_FELDER.map((k, i) => [k, xs[i] ?? 0])) as BuchungsZaehlung;

/**
 * The rollup's rows of the plans (a `uuid[]` literal) and days (the bench explains this statement). The arrays come as
 * comma-separated text: the driver's parser of `float8[]` took a third of a year's answer (decision 276).
 */
export const gespeichertePlanTage = ({
  ids,
  vonTag,
  bisTag,
}: {
  ids: string;
  vonTag: string;
  bisTag: string;
}) =>
  sql`select r.grundriss_id as "grundrissId", to_char(r.tag, 'YYYY-MM-DD') as tag, r.stand, r.gueltig, r.orte,
      (extract(epoch from r.von) * 1000)::float8 as von, (extract(epoch from r.bis) * 1000)::float8 as bis,
      array_to_string(r.belegt_platz, ',') as "belegtPlatz", array_to_string(r.eingecheckt_platz, ',') as "eingechecktPlatz", array_to_string(r.belegt_gruppe, ',') as "belegtGruppe",
      array_to_string(r.eingecheckt_gruppe, ',') as "eingechecktGruppe", array_to_string(r.vorschau_platz, ',') as "vorschauPlatz",
      array_to_string(r.vorschau_gruppe, ',') as "vorschauGruppe", array_to_string(r.zaehlung_platz, ',') as "zaehlungPlatz", array_to_string(r.zaehlung_gruppe, ',') as "zaehlungGruppe",
      r.plaetze_platz as "plaetzePlatz",
      r.plaetze_platz_eingecheckt as "plaetzePlatzEingecheckt", r.plaetze_gruppe as "plaetzeGruppe",
      r.plaetze_gruppe_eingecheckt as "plaetzeGruppeEingecheckt"
    from leseraum_tag_minuten r
    where r.grundriss_id = any(${ids}::uuid[]) and r.tag between ${vonTag}::date and ${bisTag}::date`;

type Gespeichert = {
  grundrissId: string;
  tag: string;
  stand: number;
  gueltig: boolean;
  orte: string | null;
  von: number | null;
  bis: number | null;
  belegtPlatz: number[] | string | null;
  eingechecktPlatz: number[] | string | null;
  belegtGruppe: number[] | string | null;
  eingechecktGruppe: number[] | string | null;
  vorschauPlatz: number[] | string | null;
  vorschauGruppe: number[] | string | null;
  zaehlungPlatz: number[] | string | null;
  zaehlungGruppe: number[] | string | null;
  plaetzePlatz: number | null;
  plaetzePlatzEingecheckt: number | null;
  plaetzeGruppe: number | null;
  plaetzeGruppeEingecheckt: number | null;
};

/** An array as the rows hand it: comma-separated text (`array_to_string`), or an array. */
const zahlen = (v: number[] | string | null): number[] =>
  v === null || v === '' ? [] : Array.isArray(v) ? v.map(Number) : v.split(',').map(Number);

/**
 * The figures of each plan-day (in the order asked) with the plans' place fingerprints (`orte`, from `findPlaene`):
 * from the rollup where it holds the day for the same window and places, else from the raw rows (and stored).
 */
export const planTagZahlen = async (
  tx: Tx,
  { tage, orte }: { tage: readonly PlanTagAnfrage[]; orte: ReadonlyMap<string, string> },
): Promise<PlanTagZahlen[]> => {
  if (tage.length === 0) return [];
  const ids = uuidArray([...new Set(tage.map((t) => t.grundrissId))]);
  const { vonTag, bisTag } = tageSpanne(tage);
  const gespeichert = await tx.execute(gespeichertePlanTage({ ids, vonTag, bisTag }));
  const zeilen = new Map(
    (gespeichert.rows as Gespeichert[]).map((r) => [`${r.grundrissId}|${r.tag}`, r] as const),
  );
  const ergebnis: PlanTagZahlen[] = Array(tage.length);
  const fehlend: { j: number; tag: PlanTagAnfrage; stand: number }[] = [];
  tage.forEach((t, j) => {
    const r = zeilen.get(`${t.grundrissId}|${t.tag}`);
    if (
      r?.gueltig &&
      r.orte === orte.get(t.grundrissId) &&
      (r.von === null ? null : Number(r.von)) === (t.von?.getTime() ?? null) &&
      (r.bis === null ? null : Number(r.bis)) === (t.bis?.getTime() ?? null) &&
      r.zaehlungPlatz !== null
    )
      ergebnis[j] = {
        belegt: { platz: zahlen(r.belegtPlatz), gruppenraum: zahlen(r.belegtGruppe) },
        eingecheckt: { platz: zahlen(r.eingechecktPlatz), gruppenraum: zahlen(r.eingechecktGruppe) },
        vorschau: { platz: zahlen(r.vorschauPlatz), gruppenraum: zahlen(r.vorschauGruppe) },
        zaehlung: {
          platz: alsZaehlung(zahlen(r.zaehlungPlatz)),
          gruppenraum: alsZaehlung(zahlen(r.zaehlungGruppe)),
        },
        plaetze: { platz: Number(r.plaetzePlatz ?? 0), gruppenraum: Number(r.plaetzeGruppe ?? 0) },
        plaetzeEingecheckt: {
          platz: Number(r.plaetzePlatzEingecheckt ?? 0),
          gruppenraum: Number(r.plaetzeGruppeEingecheckt ?? 0),
        },
      };
    else fehlend.push({ j, tag: t, stand: r ? Number(r.stand) : 0 });
  });
  if (fehlend.length === 0) return ergebnis;
  const roh = await fuellePlanTage(tx, { fehlend, orte });
  fehlend.forEach((f, n) => {
    ergebnis[f.j] = roh[n]!;
  });
  return ergebnis;
};

/** The figures of plan-days from the raw rows, in the order asked (no rollup read or written). */
export const planTagZahlenRoh = async (tx: Tx, tage: readonly PlanTagAnfrage[]): Promise<PlanTagZahlen[]> => {
  const stueckeJeTag = tage.map(stueckeDes);
  const ergebnis = stueckeJeTag.map((s) => leer(s.length));
  const stuecke = stueckeJeTag.flatMap((s, j) =>
    s.map((stueck, p) => ({ grundrissId: tage[j]!.grundrissId, von: stueck.von, bis: stueck.bis, j, p })),
  );
  for (const m of await minutenJeStueckUndArt(tx, { stuecke })) {
    const s = stuecke[m.i]!;
    ergebnis[s.j]!.belegt[m.art][s.p] = m.belegt;
    ergebnis[s.j]!.eingecheckt[m.art][s.p] = m.eingecheckt;
    ergebnis[s.j]!.vorschau[m.art][s.p] = m.vorschau;
  }
  const index = new Map(tage.map((t, j) => [`${t.grundrissId}|${t.tag}`, j]));
  const offen = tage.filter((t): t is PlanTag => t.von !== null);
  for (const p of await plaetzeJeTagUndArt(tx, { tage: offen })) {
    const z = ergebnis[index.get(`${p.grundrissId}|${p.tag}`)!]!;
    z.plaetze[p.art] = p.belegt;
    z.plaetzeEingecheckt[p.art] = p.eingecheckt;
  }
  for (const { grundrissId, tag, art, ...zaehlung } of await zaehlungJeTagUndArt(tx, { tage }))
    ergebnis[index.get(`${grundrissId}|${tag}`)!]!.zaehlung[art] = zaehlung;
  return ergebnis;
};

/**
 * Computes the plan-days the rollup does not hold from the raw rows and stores them (one answer per day, in the
 * order asked); a day a write marked after it was read keeps its marker (its `stand` changed), so older figures
 * never overwrite a newer marker.
 */
const fuellePlanTage = async (
  tx: Tx,
  {
    fehlend,
    orte,
  }: { fehlend: readonly { tag: PlanTagAnfrage; stand: number }[]; orte: ReadonlyMap<string, string> },
): Promise<PlanTagZahlen[]> => {
  const tage = fehlend.map((f) => f.tag);
  const ergebnis = await planTagZahlenRoh(tx, tage);
  // arrays of arrays would need one length; each day's pieces go as one text literal of a float8[]
  const feld = (xs: readonly number[][]) => textArray(xs.map(floatArray));
  await tx.execute(sql`insert into leseraum_tag_minuten as r
      (mandant_id, grundriss_id, tag, stand, gueltig, von, bis, orte, belegt_platz, eingecheckt_platz, belegt_gruppe,
       eingecheckt_gruppe, vorschau_platz, vorschau_gruppe, zaehlung_platz, zaehlung_gruppe, plaetze_platz,
       plaetze_platz_eingecheckt, plaetze_gruppe, plaetze_gruppe_eingecheckt)
    select nullif(current_setting('app.mandant_id', true), '')::uuid, u.grundriss_id, u.tag, u.stand, true, u.von,
      u.bis, u.orte, u.bp::float8[], u.ep::float8[], u.bg::float8[], u.eg::float8[], u.vp::float8[], u.vg::float8[],
      u.zp::int[], u.zg::int[], u.pp, u.pe, u.gp, u.ge
    from unnest(${uuidArray(tage.map((t) => t.grundrissId))}::uuid[], ${textArray(tage.map((t) => t.tag))}::date[],
      ${intArray(fehlend.map((f) => f.stand))}::int[], ${tsArray(tage.map((t) => t.von))}::timestamptz[],
      ${tsArray(tage.map((t) => t.bis))}::timestamptz[], ${textArray(tage.map((t) => orte.get(t.grundrissId) ?? ''))}::text[],
      ${feld(ergebnis.map((e) => e.belegt.platz))}::text[], ${feld(ergebnis.map((e) => e.eingecheckt.platz))}::text[],
      ${feld(ergebnis.map((e) => e.belegt.gruppenraum))}::text[],
      ${feld(ergebnis.map((e) => e.eingecheckt.gruppenraum))}::text[],
      ${feld(ergebnis.map((e) => e.vorschau.platz))}::text[], ${feld(ergebnis.map((e) => e.vorschau.gruppenraum))}::text[],
      ${feld(ergebnis.map((e) => ZAEHLUNG_FELDER.map((k) => e.zaehlung.platz[k])))}::text[],
      ${feld(ergebnis.map((e) => ZAEHLUNG_FELDER.map((k) => e.zaehlung.gruppenraum[k])))}::text[],
      ${intArray(ergebnis.map((e) => e.plaetze.platz))}::int[],
      ${intArray(ergebnis.map((e) => e.plaetzeEingecheckt.platz))}::int[],
      ${intArray(ergebnis.map((e) => e.plaetze.gruppenraum))}::int[],
      ${intArray(ergebnis.map((e) => e.plaetzeEingecheckt.gruppenraum))}::int[])
      as u(grundriss_id, tag, stand, von, bis, orte, bp, ep, bg, eg, vp, vg, zp, zg, pp, pe, gp, ge)
    where nullif(current_setting('app.mandant_id', true), '') is not null
      and exists (select 1 from grundriss_leseraum g where g.id = u.grundriss_id)
    on conflict (mandant_id, grundriss_id, tag) do update
      set gueltig = true, von = excluded.von, bis = excluded.bis, orte = excluded.orte,
        belegt_platz = excluded.belegt_platz, eingecheckt_platz = excluded.eingecheckt_platz,
        belegt_gruppe = excluded.belegt_gruppe, eingecheckt_gruppe = excluded.eingecheckt_gruppe,
        vorschau_platz = excluded.vorschau_platz, vorschau_gruppe = excluded.vorschau_gruppe,
        zaehlung_platz = excluded.zaehlung_platz, zaehlung_gruppe = excluded.zaehlung_gruppe,
        plaetze_platz = excluded.plaetze_platz, plaetze_platz_eingecheckt = excluded.plaetze_platz_eingecheckt,
        plaetze_gruppe = excluded.plaetze_gruppe, plaetze_gruppe_eingecheckt = excluded.plaetze_gruppe_eingecheckt
      where r.stand = excluded.stand`);
  return ergebnis;
};

/**
 * The booked and bookable time of each plan over its open days (`tage`, with each plan's places `plaetze` of the room
 * type and the kinds `arten` it counts), capped per hour piece, or per day in the full-day mode, as `planZahlen`
 * caps it, and summed per day in the database from the rollup (decision 276): for a period shown only as its total
 * (the previous period), so its arrays are not read into the server. The pieces are the ones `inStunden` cuts (UTC
 * hours, as the raw statements cut them too). A day the rollup does not hold for that window and those places is
 * computed (and stored) through `planTagZahlen` and capped here.
 */
export const planSummen = async (
  tx: Tx,
  {
    tage,
    orte,
    plaetze,
    arten,
    modus,
  }: {
    tage: readonly PlanTag[];
    orte: ReadonlyMap<string, string>;
    plaetze: ReadonlyMap<string, number>;
    arten: readonly Art[];
    modus: 'ganztags' | 'stuendlich';
  },
): Promise<Map<string, { belegt: number; buchbar: number }>> => {
  const summen = new Map<string, { belegt: number; buchbar: number }>();
  if (tage.length === 0) return summen;
  const p = arten.includes('platz') ? 1 : 0;
  const g = arten.includes('gruppenraum') ? 1 : 0;
  const gilt = sql`coalesce(r.gueltig and r.orte = u.orte and r.von = u.von and r.bis = u.bis
    and r.zaehlung_platz is not null, false)`;
  const result = await tx.execute(sql`select u.j, ${gilt} as gilt,
      case when ${gilt} then (
        select coalesce(sum(least(coalesce(r.belegt_platz[s.i], 0) * ${p} + coalesce(r.belegt_gruppe[s.i], 0) * ${g},
          (extract(epoch from least(r.bis, s.h + interval '1 hour') - greatest(r.von, s.h)) / 60) * u.plaetze)), 0)
        from generate_series(date_trunc('hour', r.von, 'UTC'), r.bis - interval '1 microsecond', interval '1 hour')
          with ordinality as s(h, i))::float8 end as belegt,
      least(coalesce(r.plaetze_platz, 0) * ${p} + coalesce(r.plaetze_gruppe, 0) * ${g}, u.plaetze) as tagbelegt
    from unnest(${uuidArray(tage.map((t) => t.grundrissId))}::uuid[], ${textArray(tage.map((t) => t.tag))}::date[],
      ${tsArray(tage.map((t) => t.von))}::timestamptz[], ${tsArray(tage.map((t) => t.bis))}::timestamptz[],
      ${textArray(tage.map((t) => orte.get(t.grundrissId) ?? ''))}::text[],
      ${intArray(tage.map((t) => plaetze.get(t.grundrissId) ?? 0))}::int[])
      with ordinality as u(grundriss_id, tag, von, bis, orte, plaetze, j)
    left join leseraum_tag_minuten r on r.grundriss_id = u.grundriss_id and r.tag = u.tag
    order by u.j`);
  const zeilen = result.rows as {
    j: number;
    gilt: boolean;
    belegt: number | null;
    tagbelegt: number | null;
  }[];
  const fehlend = tage.filter((_, j) => !zeilen[j]?.gilt);
  const nachgerechnet = fehlend.length > 0 ? await planTagZahlen(tx, { tage: fehlend, orte }) : [];
  let k = 0;
  tage.forEach((t, j) => {
    const s = summen.get(t.grundrissId) ?? { belegt: 0, buchbar: 0 };
    const z = zeilen[j]!;
    const anzahl = plaetze.get(t.grundrissId) ?? 0;
    if (z.gilt) {
      // capped in the statement above as gedeckelterTag caps
      s.belegt += Number(modus === 'ganztags' ? z.tagbelegt : z.belegt);
      s.buchbar +=
        modus === 'ganztags' ? anzahl : stueckeDes(t).reduce((x, stueck) => x + stueck.minuten * anzahl, 0);
    } else {
      const n = nachgerechnet[k++]!;
      const stuecke = stueckeDes(t);
      const tag = gedeckelterTag({
        stuecke,
        plaetze: anzahl,
        belegt: stuecke.map((_, i) => arten.reduce((x, art) => x + (n.belegt[art][i] ?? 0), 0)),
        eingecheckt: [],
        tag: { belegt: arten.reduce((x, art) => x + n.plaetze[art], 0), eingecheckt: 0 },
        modus,
      });
      s.belegt += tag.belegt;
      s.buchbar += tag.buchbar;
    }
    summen.set(t.grundrissId, s);
  });
  return summen;
};
