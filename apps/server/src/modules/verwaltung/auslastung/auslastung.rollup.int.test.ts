/**
 * The rollup of booked and driven minutes per vehicle-day (decision 256): on random bookings, blocks,
 * cancellations and trips, some across midnight and over the change to summer time, the answers read through the
 * rollup equal the raw computation: when it is filled, when it is read back, after writes of every kind (made in
 * the tenant's transaction as the application makes them) and for other windows.
 */
import { berlinInstant } from '@stellwerk/domain/time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { baueZufallsflotte, HASH, rohSummen, TAGE, zufall } from '../../../../test/zufallsflotte.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { type FahrzeugTag, minutenJeFahrzeugTag, minutenJeFahrzeugTagRoh } from './auslastung.rollup.ts';
import { type FahrzeugGruppe, type FahrzeugImZeitraum, summenJeFahrzeug } from './auslastung.summen.ts';

describe.each(testDrivers())('the rollup of minutes per vehicle-day on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  let personId: string;
  let wagen: string[];

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    ({ mandantId, personId, wagen } = await baueZufallsflotte(server));
  });
  afterAll(async () => {
    await server?.close();
  });

  const fenster = (seed: number): FahrzeugTag[] => {
    const r = zufall(seed);
    return wagen.flatMap((fahrzeugId) =>
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
  };
  const alsListe = (zeilen: { i: number; gebucht: number; gefahren: number }[]) =>
    zeilen
      .filter((z) => z.gebucht !== 0 || z.gefahren !== 0)
      .map((z) => [z.i, z.gebucht, z.gefahren])
      .sort((a, b) => a[0]! - b[0]!);
  const vergleichen = async (tage: FahrzeugTag[]) => {
    const [roh, gerollt] = await server.database.withTenant(mandantId, async (tx) => [
      await minutenJeFahrzeugTagRoh(tx, { tage }),
      await minutenJeFahrzeugTag(tx, { tage }),
    ]);
    expect(alsListe(gerollt)).toEqual(alsListe(roh));
    return alsListe(roh);
  };
  const rollup = async () =>
    (
      await server.database.db.execute(sql`select count(*) filter (where gueltig)::int as gueltig,
        count(*) filter (where not gueltig)::int as veraltet from fahrzeug_tag_minuten where mandant_id = ${mandantId}`)
    ).rows[0] as { gueltig: number; veraltet: number };

  it('answers the raw figures when it fills, when it is read back, after writes and for other windows', async () => {
    const tage = fenster(7);
    const erste = await vergleichen(tage);
    expect(erste.length).toBeGreaterThan(tage.length / 2); // not trivially empty
    // every asked vehicle-day is now stored; the second read answers from the rollup alone
    expect((await rollup()).gueltig).toBeGreaterThanOrEqual(tage.length);
    expect(await vergleichen(tage)).toEqual(erste);
    // and the read back comes from the rollup: a figure changed behind its back (no write, no marker) is answered
    const probe = tage[erste[0]![0]!]!;
    const probeLesen = () =>
      server.database.withTenant(mandantId, (tx) => minutenJeFahrzeugTag(tx, { tage: [probe] }));
    await server.database.db.execute(sql`update fahrzeug_tag_minuten set gebucht = 4242
      where mandant_id = ${mandantId} and fahrzeug_id = ${probe.fahrzeugId} and tag = ${probe.tag}::date`);
    expect((await probeLesen())[0]?.gebucht).toBe(4242);
    await server.database.db.execute(sql`update fahrzeug_tag_minuten set gebucht = ${erste[0]![1]!}
      where mandant_id = ${mandantId} and fahrzeug_id = ${probe.fahrzeugId} and tag = ${probe.tag}::date`);
    expect(await vergleichen(tage)).toEqual(erste);

    // writes of every kind, in the tenant's transaction as the application writes
    const wagen0 = wagen[0]!;
    await server.database.withTenant(mandantId, async (tx) => {
      // cancel some bookings, turn one into a block, move one across midnight, delete one
      await tx.execute(sql`update fahrzeug_buchung set status = 'storniert'
        where id in (select id from fahrzeug_buchung where typ = 'BUCHUNG' and status <> 'storniert' order by von limit 5)`);
      await tx.execute(sql`update fahrzeug_buchung set typ = 'WARTUNG'
        where id = (select id from fahrzeug_buchung where typ = 'BUCHUNG' and status <> 'storniert' order by von desc limit 1)`);
      await tx.execute(sql`update fahrzeug_buchung set bis = bis + interval '3 hours'
        where id = (select id from fahrzeug_buchung b where typ = 'BUCHUNG' and status <> 'storniert'
          and fahrzeug_id = ${wagen0} and not exists (select 1 from fahrzeug_buchung n where n.fahrzeug_id = b.fahrzeug_id
            and n.von >= b.bis and n.von < b.bis + interval '3 hours') order by von limit 1 offset 10)`);
      await tx.execute(sql`delete from fahrzeug_buchung
        where id = (select id from fahrzeug_buchung where typ = 'BUCHUNG' and status <> 'storniert' order by von limit 1 offset 20)`);
      // a cancelled booking back to reserved
      await tx.execute(sql`update fahrzeug_buchung set status = 'reserviert'
        where id = (select id from fahrzeug_buchung where status = 'storniert' order by von desc limit 1)`);
    });
    expect((await rollup()).veraltet).toBeGreaterThan(0);
    // a new booking over the night into the change to summer time, and a trip with its correction
    await server.database.db.execute(sql`delete from fahrzeug_buchung where fahrzeug_id = ${wagen[1]!}
      and von < '2026-03-29T10:00:00Z' and bis > '2026-03-28T18:00:00Z'`);
    await server.database.db.insert(fahrzeugBuchung).values({
      mandantId,
      benutzerId: personId,
      fahrzeugId: wagen[1]!,
      von: berlinInstant('2026-03-28', '20:00'),
      bis: berlinInstant('2026-03-29', '11:00'),
      typ: 'BUCHUNG',
      status: 'reserviert',
    });
    const [alt] = await server.database.db
      .select({ id: fahrtenbuchEintrag.id, beginn: fahrtenbuchEintrag.beginn })
      .from(fahrtenbuchEintrag)
      .where(eq(fahrtenbuchEintrag.fahrzeugId, wagen[2]!))
      .limit(1);
    const fahrt = (laufnummer: number, beginn: Date, ende: Date, korrigiertId?: string) => ({
      mandantId,
      fahrzeugId: wagen[2]!,
      laufnummer,
      korrigiertId,
      kennzeichen: 'Z-R',
      quelle: 'hand',
      art: 'dienstlich',
      beginn,
      ende,
      kmBeginn: 100_000 + laufnummer,
      kmEnde: 100_010 + laufnummer,
      fahrerId: personId,
      fahrerName: 'Fahrer',
      erfasstAm: ende,
      erfasstVonId: personId,
      erfasstVonName: 'Fahrer',
      hashVorher: HASH,
      hash: HASH,
    });
    await server.database.db
      .insert(fahrtenbuchEintrag)
      .values([
        fahrt(90_001, berlinInstant('2026-03-28', '22:30'), berlinInstant('2026-03-29', '04:00')),
        fahrt(
          90_002,
          new Date(alt!.beginn.getTime() + 86_400_000),
          new Date(alt!.beginn.getTime() + 90_000_000),
          alt!.id,
        ),
      ]);
    const nachher = await vergleichen(tage);
    expect(nachher).not.toEqual(erste); // the writes changed the figures, and the rollup followed
    expect(await vergleichen(tage)).toEqual(nachher);
    // no asked vehicle-day is left marked (days nobody asked for keep their markers)
    const gefragt = new Set(tage.map((t) => `${t.fahrzeugId}|${t.tag}`));
    const markiert = (
      await server.database.db.execute(sql`select fahrzeug_id as "fahrzeugId", to_char(tag, 'YYYY-MM-DD') as tag
        from fahrzeug_tag_minuten where mandant_id = ${mandantId} and not gueltig`)
    ).rows as { fahrzeugId: string; tag: string }[];
    expect(markiert.filter((m) => gefragt.has(`${m.fahrzeugId}|${m.tag}`))).toEqual([]);

    // other windows of the same days (another booking window): computed again, never taken from the rollup
    await vergleichen(fenster(8));
    await vergleichen(tage);
  });

  it('sums each vehicle as the raw minutes of its days do: cold, warm, after writes, with validity (decision 270)', async () => {
    // three vehicles in two groups of random windows; the third valid only from the fourth day to the ninth
    const gruppe = (seed: number): FahrzeugGruppe =>
      fenster(seed)
        .filter((t) => t.fahrzeugId === wagen[0])
        .map(({ tag, von, bis }) => ({ tag, von, bis }));
    const gruppen = [gruppe(11), gruppe(12)];
    const zeitraum = { vonTag: TAGE[0]!, bisTag: TAGE[TAGE.length - 1]! };
    const fahrzeuge: FahrzeugImZeitraum[] = [
      { id: wagen[0]!, gruppe: 0, gueltigVon: null, gueltigBis: null },
      { id: wagen[1]!, gruppe: 1, gueltigVon: null, gueltigBis: null },
      { id: wagen[2]!, gruppe: 0, gueltigVon: TAGE[3]!, gueltigBis: TAGE[8]! },
    ];
    const erwartet = () => rohSummen(server, mandantId, gruppen, fahrzeuge);
    const vergleichenSummen = async () => {
      const soll = await erwartet();
      const ist = await server.database.withTenant(mandantId, (tx) =>
        summenJeFahrzeug(tx, { zeitraum, gruppen, fahrzeuge }),
      );
      expect([...ist.keys()].sort()).toEqual([...soll.keys()].sort());
      for (const [id, s] of soll) {
        const i = ist.get(id)!;
        expect(i.tage).toBe(s.tage);
        expect(i.standtage).toBe(s.standtage);
        expect(i.buchbar).toBeCloseTo(s.buchbar, 6);
        expect(i.gebucht).toBeCloseTo(s.gebucht, 6);
        expect(i.gefahren).toBeCloseTo(s.gefahren, 6);
      }
      return soll;
    };
    await server.database.db.execute(sql`delete from fahrzeug_tag_minuten where mandant_id = ${mandantId}`);
    const kalt = await vergleichenSummen();
    expect([...kalt.values()].every((s) => s.tage > 0 && s.gebucht > 0)).toBe(true); // not trivially empty
    expect(kalt.get(wagen[2]!)!.tage).toBeLessThanOrEqual(6); // only the days of its validity
    expect((await rollup()).gueltig).toBeGreaterThan(0);
    // warm: answered from the rollup; a figure changed behind its back shows it was read from there
    await vergleichenSummen();
    await server.database.db.execute(sql`update fahrzeug_tag_minuten set gebucht = 0
      where mandant_id = ${mandantId} and fahrzeug_id = ${wagen[1]!} and gueltig`);
    const gelesen = (
      await server.database.withTenant(mandantId, (tx) =>
        summenJeFahrzeug(tx, { zeitraum, gruppen, fahrzeuge: [fahrzeuge[1]!] }),
      )
    ).get(wagen[1]!)!;
    expect(gelesen.gebucht).toBe(0);
    expect(gelesen.standtage).toBe(gelesen.tage);
    await server.database.db.execute(sql`update fahrzeug_tag_minuten set gueltig = false, stand = stand + 1
      where mandant_id = ${mandantId} and fahrzeug_id = ${wagen[1]!}`);
    // a write marks days stale: the sums follow it
    await server.database.withTenant(mandantId, async (tx) => {
      await tx.execute(sql`update fahrzeug_buchung set status = 'storniert'
        where id in (select id from fahrzeug_buchung where typ = 'BUCHUNG' and status <> 'storniert'
          and fahrzeug_id = ${wagen[0]!} order by von limit 3)`);
    });
    const nachher = await vergleichenSummen();
    expect(nachher.get(wagen[0]!)!.gebucht).toBeLessThan(kalt.get(wagen[0]!)!.gebucht);
    await vergleichenSummen();
  });

  it('keeps a marker a write set after the read, so older figures are not stored over it', async () => {
    const tage = fenster(9);
    const mitBuchung = (await vergleichen(tage)).find(([, gebucht]) => gebucht! > 0);
    const t = tage[mitBuchung![0]!];
    await server.database.withTenant(mandantId, async (tx) => {
      // the read saw the day valid; a write marks it; a store with the old stand changes nothing
      const stand = (
        await tx.execute(
          sql`select stand from fahrzeug_tag_minuten where fahrzeug_id = ${t!.fahrzeugId} and tag = ${t!.tag}::date`,
        )
      ).rows[0] as { stand: number };
      await tx.execute(sql`update fahrzeug_buchung set status = 'storniert' where fahrzeug_id = ${t!.fahrzeugId}
        and typ = 'BUCHUNG' and status <> 'storniert' and von < ${t!.bis.toISOString()}::timestamptz
        and bis > ${t!.von.toISOString()}::timestamptz`);
      await tx.execute(sql`insert into fahrzeug_tag_minuten as r (mandant_id, fahrzeug_id, tag, stand, gueltig, von, bis, gebucht, gefahren)
        values (${mandantId}, ${t!.fahrzeugId}, ${t!.tag}::date, ${stand.stand}, true, ${t!.von.toISOString()}::timestamptz,
          ${t!.bis.toISOString()}::timestamptz, 12345, 0)
        on conflict (mandant_id, fahrzeug_id, tag) do update set gueltig = true, gebucht = excluded.gebucht
        where r.stand = excluded.stand`);
    });
    await vergleichen(tage);
  });
});
