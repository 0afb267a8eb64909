/**
 * The reading rooms' rollup per plan-day (decision 276): on random bookings of every status of places and a group
 * room over both changes of the clock in 2026, some over midnight, and random open windows, the figures read through
 * the rollup equal those computed from the raw rows when it fills, when it is read back, after writes of every kind,
 * after a place is switched off, for other windows, and a figure computed before a write never lands over its marker.
 */
import { addCalendarDays, berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIBLIOTHEK_MANDANT, lesesaal } from '../../../../test/fixtures/leseraum.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { zufall } from '../../../../test/zufallsflotte.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';
import { planZahlen } from './auslastung.kontext.ts';
import { findPlaene, type PlanTag } from './auslastung.leseraum.repository.ts';
import {
  type PlanTagAnfrage,
  planSummen,
  planTagZahlen,
  planTagZahlenRoh,
} from './auslastung.leseraum-tage.ts';

/** A week over the change to summer time and a week over the change back. */
const TAGE = [
  ...Array.from({ length: 7 }, (_, i) => addCalendarDays('2026-03-25', i)),
  ...Array.from({ length: 7 }, (_, i) => addCalendarDays('2026-10-21', i)),
];
const STATUS = ['vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen'] as const;

describe.each(testDrivers())("the reading rooms' rollup per plan-day on %s", (driver) => {
  let server: TestServer;
  let mandantId: string;
  let planId: string;
  let plaetze: string[];

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const saal = lesesaal(3);
    const ms = await fixtureMandant(server.database, {
      ...BIBLIOTHEK_MANDANT,
      grundrisse: {
        lesesaal: {
          ...saal,
          plaetze: [
            ...saal.plaetze,
            { bezeichnung: 'Gruppenraum 1', kapazitaet: 6, position: { x: 700, y: 100 } },
          ],
        },
      },
    });
    mandantId = ms.id;
    planId = ms.grundrisse.lesesaal.id;
    plaetze = ms.grundrisse.lesesaal.plaetze.map((p) => p.id);
    const r = zufall(276);
    const zeilen: (typeof leseraumBuchung.$inferInsert)[] = [];
    for (const platz of plaetze)
      for (const woche of [0, 7]) {
        // bookings of one place do not overlap (the exclusion constraint): consecutive random stretches
        let t = berlinInstant(TAGE[woche]!, '00:00').getTime() - 3 * 3_600_000;
        const ende = berlinInstant(TAGE[woche + 6]!, '23:59').getTime();
        while (t < ende) {
          const von = t + Math.floor(r() * 16) * 900_000;
          const bis = von + (1 + Math.floor(r() * 48)) * 900_000; // up to 12 h: some over midnight
          const status = STATUS[Math.floor(r() * STATUS.length)]!;
          const stornoGrund = status === 'storniert' ? (r() < 0.5 ? 'nicht_eingecheckt' : 'storniert') : null;
          zeilen.push({
            mandantId,
            leseraumId: platz,
            von: new Date(von),
            bis: new Date(bis),
            status,
            stornoGrund,
            systembenutzer1Mail: 'leser@bibliothek.example',
          });
          t = bis;
        }
      }
    await server.database.withTenant(mandantId, (tx) => tx.insert(leseraumBuchung).values(zeilen));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** An open window on each day of `TAGE` (random, seeded): from 06–11 h to some later hour, up to midnight. */
  const fenster = (seed: number): PlanTagAnfrage[] => {
    const r = zufall(seed);
    // the days before and after both weeks are closed: only the bookings starting on them are counted
    const geschlossen = ['2026-03-24', '2026-04-01', '2026-10-20', '2026-10-28'].map((tag) => ({
      grundrissId: planId,
      tag,
      von: null,
      bis: null,
    }));
    return [
      ...geschlossen,
      ...TAGE.map((tag): PlanTag => {
        const von = 6 + Math.floor(r() * 6);
        const bis = von + 2 + Math.floor(r() * (24 - von - 2));
        const hh = (h: number) => `${String(h).padStart(2, '0')}:${r() < 0.3 ? '30' : '00'}`;
        return {
          grundrissId: planId,
          tag,
          von: berlinInstant(tag, hh(von)),
          bis: bis === 24 ? berlinInstant(addCalendarDays(tag, 1), '00:00') : berlinInstant(tag, hh(bis)),
        };
      }),
    ];
  };
  const orte = () =>
    server.database.withTenant(
      mandantId,
      async (tx) => new Map((await findPlaene(tx, {})).map((p) => [p.id, p.orte])),
    );
  /** The figures through the rollup, compared with the raw ones (rounded: sums of a float8 in another order). */
  const vergleichen = async (tage: PlanTagAnfrage[]) => {
    const o = await orte();
    const ueber = await server.database.withTenant(mandantId, (tx) => planTagZahlen(tx, { tage, orte: o }));
    const roh = await server.database.withTenant(mandantId, (tx) => planTagZahlenRoh(tx, tage));
    const runden = (z: typeof ueber) =>
      JSON.parse(JSON.stringify(z, (_, v) => (typeof v === 'number' ? Math.round(v * 1e6) / 1e6 : v)));
    expect(runden(ueber)).toEqual(runden(roh));
    return runden(ueber) as typeof ueber;
  };
  const rollup = async () =>
    (
      await server.database.db.execute(sql`select count(*) filter (where gueltig)::int as gueltig,
        count(*) filter (where not gueltig)::int as veraltet from leseraum_tag_minuten where mandant_id = ${mandantId}`)
    ).rows[0] as { gueltig: number; veraltet: number };

  it('answers the raw figures when it fills, when it is read back, after writes, a place switched off and other windows', async () => {
    const tage = fenster(2761);
    const erste = await vergleichen(tage);
    // not trivially empty: minutes of places and of the group room, places booked and checked in
    expect(erste.flatMap((z) => z.belegt.platz).filter((m) => m > 0).length).toBeGreaterThan(20);
    expect(erste.flatMap((z) => z.belegt.gruppenraum).filter((m) => m > 0).length).toBeGreaterThan(5);
    expect(erste.filter((z) => z.plaetzeEingecheckt.platz > 0).length).toBeGreaterThan(3);
    // and the preview's minutes (holds among them), which differ from the booked ones
    expect(erste.flatMap((z) => z.vorschau.platz).filter((m) => m > 0).length).toBeGreaterThan(20);
    expect(erste.map((z) => z.vorschau)).not.toEqual(erste.map((z) => z.belegt));
    // and the counts of the bookings starting each day, on the closed days too
    expect(erste.slice(0, 4).some((z) => z.zaehlung.platz.gebucht > 0)).toBe(true);
    expect(
      erste.filter((z) => z.zaehlung.platz.storniert > 0 && z.zaehlung.gruppenraum.gebucht > 0).length,
    ).toBeGreaterThan(3);
    expect((await rollup()).gueltig).toBe(tage.length);
    expect(await vergleichen(tage)).toEqual(erste);
    // the read back comes from the rollup: a figure changed behind its back (no write, no marker) is answered
    const probe = tage.find((_, j) => erste[j]!.plaetze.platz > 0)! as PlanTag;
    const lesen = async () => {
      const o = await orte(); // outside the transaction: the embedded database has one connection
      return (
        await server.database.withTenant(mandantId, (tx) => planTagZahlen(tx, { tage: [probe], orte: o }))
      )[0]!;
    };
    await server.database.db.execute(sql`update leseraum_tag_minuten set plaetze_platz = 42
      where mandant_id = ${mandantId} and grundriss_id = ${planId} and tag = ${probe.tag}::date`);
    expect((await lesen()).plaetze.platz).toBe(42);
    await server.database.db.execute(sql`update leseraum_tag_minuten set gueltig = false, stand = stand + 1
      where mandant_id = ${mandantId} and grundriss_id = ${planId} and tag = ${probe.tag}::date`);
    expect(await vergleichen(tage)).toEqual(erste);

    // writes of every kind, in the tenant's transaction as the application writes
    await server.database.withTenant(mandantId, async (tx) => {
      await tx.execute(sql`update leseraum_buchung set status = 'storniert', storno_grund = 'storniert'
        where id in (select id from leseraum_buchung where status = 'durchgeführt' order by von limit 4)`);
      await tx.execute(sql`update leseraum_buchung set status = 'storniert', storno_grund = 'nicht_eingecheckt'
        where id in (select id from leseraum_buchung where status = 'reserviert' order by von desc limit 2)`);
      await tx.execute(sql`update leseraum_buchung set status = 'aktiv'
        where id in (select id from leseraum_buchung where status = 'reserviert' order by von limit 2)`);
      await tx.execute(sql`delete from leseraum_buchung
        where id = (select id from leseraum_buchung where status <> 'storniert' order by von limit 1 offset 7)`);
      // one moved by two hours to the later end, where its place is free
      await tx.execute(sql`update leseraum_buchung set von = von + interval '2 hours', bis = bis + interval '2 hours'
        where id = (select id from leseraum_buchung b where status <> 'storniert' and not exists (
          select 1 from leseraum_buchung n where n.leseraum_id = b.leseraum_id and n.id <> b.id and n.status <> 'storniert'
            and n.von < b.bis + interval '2 hours' and n.bis > b.von + interval '2 hours') order by von limit 1 offset 3)`);
    });
    expect((await rollup()).veraltet).toBeGreaterThan(0);
    // a new booking over the night into the change to summer time
    await server.database.db.execute(sql`delete from leseraum_buchung where leseraum_id = ${plaetze[0]!}
      and von < '2026-03-29T10:00:00Z' and bis > '2026-03-28T18:00:00Z'`);
    await server.database.withTenant(mandantId, (tx) =>
      tx.insert(leseraumBuchung).values({
        mandantId,
        leseraumId: plaetze[0]!,
        von: berlinInstant('2026-03-28', '20:00'),
        bis: berlinInstant('2026-03-29', '11:00'),
        status: 'durchgeführt',
        systembenutzer1Mail: 'leser@bibliothek.example',
      }),
    );
    const nachher = await vergleichen(tage);
    expect(nachher).not.toEqual(erste); // the writes changed the figures, and the rollup followed
    // no asked plan-day is left marked (days nobody asked for keep their markers)
    const markiert = (
      await server.database.db.execute(sql`select to_char(tag, 'YYYY-MM-DD') as tag from leseraum_tag_minuten
        where mandant_id = ${mandantId} and not gueltig`)
    ).rows as { tag: string }[];
    expect(markiert.filter((m) => TAGE.includes(m.tag))).toEqual([]);

    // a place switched off: its bookings no longer count; no trigger marks the days, the fingerprint does
    await server.database.withTenant(mandantId, (tx) =>
      tx.execute(sql`update leseraum set aktiv = false where id = ${plaetze[1]!}`),
    );
    const ohne = await vergleichen(tage);
    expect(ohne).not.toEqual(nachher);
    await server.database.withTenant(mandantId, (tx) =>
      tx.execute(sql`update leseraum set aktiv = true where id = ${plaetze[1]!}`),
    );
    expect(await vergleichen(tage)).toEqual(nachher);

    // other windows of the same days (other opening hours): computed again, never taken from the rollup
    await vergleichen(fenster(2762));
    expect(await vergleichen(tage)).toEqual(nachher);
  });

  it('keeps a marker a write set after the read, so older figures are not stored over it', async () => {
    const tage = fenster(2763);
    const erste = await vergleichen(tage);
    const t = tage.find((_, j) => erste[j]!.plaetze.platz > 0)! as PlanTag;
    await server.database.withTenant(mandantId, async (tx) => {
      // the read saw the day valid; a write marks it; a store with the old stand changes nothing
      const stand = (
        await tx.execute(
          sql`select stand from leseraum_tag_minuten where grundriss_id = ${planId} and tag = ${t.tag}::date`,
        )
      ).rows[0] as { stand: number };
      await tx.execute(sql`update leseraum_buchung set status = 'storniert', storno_grund = 'storniert'
        where leseraum_id = any(${`{${plaetze.join(',')}}`}::uuid[]) and status <> 'storniert'
          and von < ${t.bis.toISOString()}::timestamptz and bis > ${t.von.toISOString()}::timestamptz`);
      await tx.execute(sql`insert into leseraum_tag_minuten as r (mandant_id, grundriss_id, tag, stand, gueltig, von, bis,
          orte, plaetze_platz)
        values (${mandantId}, ${planId}, ${t.tag}::date, ${stand.stand}, true, ${t.von.toISOString()}::timestamptz,
          ${t.bis.toISOString()}::timestamptz, 'alt', 12345)
        on conflict (mandant_id, grundriss_id, tag) do update set gueltig = true, plaetze_platz = excluded.plaetze_platz
        where r.stand = excluded.stand`);
    });
    const nachher = await vergleichen(tage);
    expect(nachher[tage.indexOf(t)]!.plaetze.platz).not.toBe(12345);
  });

  it('sums the booked time per plan in the database as planZahlen sums it, cold and warm, capped (decision 276)', async () => {
    // two released bookings of the group room over a whole day: their minutes exceed what the room can hold, so the
    // cap binds in every piece of that day
    const freigegeben = {
      mandantId,
      leseraumId: plaetze[3]!,
      von: berlinInstant('2026-03-26', '00:00'),
      bis: berlinInstant('2026-03-26', '23:00'),
      status: 'storniert',
      stornoGrund: 'nicht_eingecheckt',
      systembenutzer1Mail: 'leser@bibliothek.example',
    };
    await server.database.withTenant(mandantId, (tx) =>
      tx.insert(leseraumBuchung).values([freigegeben, freigegeben]),
    );
    const offen = fenster(2764).filter((t): t is PlanTag => t.von !== null);
    const zeitraum = { vonTag: TAGE[0]!, bisTag: TAGE.at(-1)! };
    for (const raumart of [undefined, 'platz', 'gruppenraum'] as const)
      for (const modus of ['stuendlich', 'ganztags'] as const)
        for (const runde of ['kalt', 'warm'] as const) {
          if (runde === 'kalt')
            await server.database.db.execute(
              sql`delete from leseraum_tag_minuten where mandant_id = ${mandantId}`,
            );
          const [summen, zahlen] = await server.database.withTenant(mandantId, async (tx) => {
            const plaene = await findPlaene(tx, { raumart });
            const summen = await planSummen(tx, {
              tage: offen,
              orte: new Map(plaene.map((p) => [p.id, p.orte])),
              plaetze: new Map(plaene.map((p) => [p.id, p.plaetze])),
              arten: raumart ? [raumart] : ['platz', 'gruppenraum'],
              modus,
            });
            const zahlen = await planZahlen(tx, {
              plaene,
              zeitraum,
              fenster: new Map([[planId, offen.map(({ tag, von, bis }) => ({ tag, von, bis }))]]),
              modus,
              raumart,
            });
            return [summen, zahlen] as const;
          });
          const erwartet = zahlen.jePlan.get(planId)!;
          expect(summen.get(planId), `${raumart} ${modus} ${runde}`).toEqual({
            belegt: erwartet.belegt,
            buchbar: erwartet.buchbar,
          });
          expect(erwartet.belegt).toBeGreaterThan(0);
        }
  });
});
