/**
 * The rollup's monthly level (decision 274): on random bookings, blocks, cancellations and trips from late February
 * to early April (a whole March with the change to summer time inside), the sums per vehicle read through the
 * monthly level equal the sums of the raw minutes of each vehicle-day: cold, warm, after writes of every kind made in
 * the tenant's transaction, for other windows of the same days, and for a vehicle valid only part of the month.
 */
import { addCalendarDays, berlinInstant } from '@stellwerk/domain/time';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { baueZufallsflotte, HASH, rohSummen, zufall } from '../../../../test/zufallsflotte.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { type FahrzeugGruppe, type FahrzeugImZeitraum, summenJeFahrzeug } from './auslastung.summen.ts';

/** 25.02.–03.04.2026: the end of February, the whole of March (summer time from the 29th), the start of April. */
const TAGE = Array.from({ length: 38 }, (_, i) => addCalendarDays('2026-02-25', i));
const ZEITRAUM = { vonTag: TAGE[0]!, bisTag: TAGE[TAGE.length - 1]! };

describe.each(testDrivers())('the monthly level of the rollup on %s', (driver) => {
  let server: TestServer;
  let mandantId: string;
  let personId: string;
  let wagen: string[];

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    ({ mandantId, personId, wagen } = await baueZufallsflotte(server, TAGE));
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Random open windows of one group: some days closed, some open until 23:59. */
  const gruppe = (seed: number): FahrzeugGruppe => {
    const r = zufall(seed);
    const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
    return TAGE.flatMap((tag) => {
      if (r() < 0.15) return [];
      const von = Math.floor(r() * 12);
      const bis = von + 1 + Math.floor(r() * (24 - von - 1));
      return [
        { tag, von: berlinInstant(tag, hh(von)), bis: berlinInstant(tag, bis === 24 ? '23:59' : hh(bis)) },
      ];
    });
  };

  const erwartet = (gruppen: readonly FahrzeugGruppe[], fahrzeuge: readonly FahrzeugImZeitraum[]) =>
    rohSummen(server, mandantId, gruppen, fahrzeuge);

  const gelesen = (gruppen: readonly FahrzeugGruppe[], fahrzeuge: readonly FahrzeugImZeitraum[]) =>
    server.database.withTenant(mandantId, (tx) =>
      summenJeFahrzeug(tx, { zeitraum: ZEITRAUM, gruppen, fahrzeuge }),
    );

  const vergleichen = async (
    gruppen: readonly FahrzeugGruppe[],
    fahrzeuge: readonly FahrzeugImZeitraum[],
  ) => {
    const soll = await erwartet(gruppen, fahrzeuge);
    const ist = await gelesen(gruppen, fahrzeuge);
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

  /** The monthly rows of March, keyed by vehicle. */
  const maerz = async () =>
    new Map(
      (
        (
          await server.database.db.execute(sql`select fahrzeug_id::text as id, gueltig, stand, gebucht
            from fahrzeug_monat_minuten where mandant_id = ${mandantId} and monat = '2026-03-01'`)
        ).rows as { id: string; gueltig: boolean; stand: number; gebucht: number }[]
      ).map((r) => [r.id, r]),
    );

  it('sums whole months from the monthly level and the ends from the days, equal to the raw minutes', async () => {
    const gruppen = [gruppe(31), gruppe(32)];
    const fahrzeuge: FahrzeugImZeitraum[] = [
      { id: wagen[0]!, gruppe: 0, gueltigVon: null, gueltigBis: null },
      { id: wagen[1]!, gruppe: 1, gueltigVon: '2026-02-01', gueltigBis: '2026-03-31' },
      // valid only from the 10th of March: its March is summed by the day, never stored as a month
      { id: wagen[2]!, gruppe: 0, gueltigVon: '2026-03-10', gueltigBis: null },
    ];
    await server.database.db.execute(sql`delete from fahrzeug_tag_minuten where mandant_id = ${mandantId}`);
    await server.database.db.execute(sql`delete from fahrzeug_monat_minuten where mandant_id = ${mandantId}`);
    const kalt = await vergleichen(gruppen, fahrzeuge);
    expect([...kalt.values()].every((s) => s.tage > 10 && s.gebucht > 0 && s.gefahren > 0)).toBe(true);
    const gespeichert = await maerz();
    expect(gespeichert.get(wagen[0]!)?.gueltig).toBe(true);
    expect(gespeichert.get(wagen[1]!)?.gueltig).toBe(true);
    expect(gespeichert.has(wagen[2]!)).toBe(false);
    // only whole months are stored: February and April are cut by the period
    const monate = await server.database.db.execute(
      sql`select distinct to_char(monat, 'YYYY-MM-DD') as monat from fahrzeug_monat_minuten where mandant_id = ${mandantId} and gueltig`,
    );
    expect((monate.rows as { monat: string }[]).map((r) => r.monat)).toEqual(['2026-03-01']);

    // warm: equal again; a figure changed behind the monthly level's back shows March was read from there
    await vergleichen(gruppen, fahrzeuge);
    await server.database.db.execute(sql`update fahrzeug_monat_minuten set gebucht = gebucht + 600
      where mandant_id = ${mandantId} and fahrzeug_id = ${wagen[0]!} and monat = '2026-03-01'`);
    expect((await gelesen(gruppen, fahrzeuge)).get(wagen[0]!)!.gebucht).toBeCloseTo(
      kalt.get(wagen[0]!)!.gebucht + 600,
      6,
    );
    // other windows for the same days: not the stored month's fingerprint, so summed from the days again
    const andere = [gruppe(41), gruppe(42)];
    await vergleichen(andere, fahrzeuge);
    expect((await maerz()).get(wagen[0]!)?.gueltig).toBe(true);
    // and back: the month was stored for the other windows, so the first windows are summed again (no tampering left)
    await vergleichen(gruppen, fahrzeuge);
  });

  it('a write of every kind marks the months it touches, in its transaction, and the sums follow it', async () => {
    const gruppen = [gruppe(51)];
    const fahrzeuge: FahrzeugImZeitraum[] = [
      { id: wagen[0]!, gruppe: 0, gueltigVon: null, gueltigBis: null },
      { id: wagen[1]!, gruppe: 0, gueltigVon: null, gueltigBis: null },
    ];
    await vergleichen(gruppen, fahrzeuge);
    const vorher = await maerz();
    expect(vorher.get(wagen[0]!)?.gueltig).toBe(true);
    const schritte: [string, () => Promise<unknown>][] = [
      [
        'three bookings cancelled',
        () =>
          server.database.withTenant(mandantId, (tx) =>
            tx.execute(sql`update fahrzeug_buchung set status = 'storniert'
              where id in (select id from fahrzeug_buchung where typ = 'BUCHUNG' and status <> 'storniert'
                and fahrzeug_id = ${wagen[0]!} and von >= '2026-03-05' order by von limit 3)`),
          ),
      ],
      [
        'a booking on the day of the change to summer time shortened by a quarter of an hour',
        () =>
          server.database.withTenant(mandantId, (tx) =>
            tx.execute(sql`update fahrzeug_buchung set bis = bis - interval '15 minutes'
              where id = (select id from fahrzeug_buchung where typ = 'BUCHUNG' and status <> 'storniert'
                and fahrzeug_id = ${wagen[0]!} and bis - von > interval '1 hour'
                and von >= '2026-03-28T23:00:00Z' and bis <= '2026-03-31T22:00:00Z' order by von limit 1)`),
          ),
      ],
      [
        'a new booking over the end of February into March, on a free stretch of another vehicle',
        () =>
          server.database.withTenant(mandantId, async (tx) => {
            await tx.execute(sql`delete from fahrzeug_buchung where fahrzeug_id = ${wagen[2]!}
              and von < '2026-03-01T06:00:00Z' and bis > '2026-02-28T18:00:00Z'`);
            await tx.insert(fahrzeugBuchung).values({
              mandantId,
              fahrzeugId: wagen[2]!,
              benutzerId: personId,
              von: new Date('2026-02-28T18:00:00Z'),
              bis: new Date('2026-03-01T06:00:00Z'),
              typ: 'BUCHUNG',
              status: 'reserviert',
            });
          }),
      ],
      [
        'a trip in March',
        () =>
          server.database.withTenant(mandantId, (tx) =>
            tx.insert(fahrtenbuchEintrag).values({
              mandantId,
              fahrzeugId: wagen[1]!,
              laufnummer: 9001,
              kennzeichen: 'Z-R',
              quelle: 'hand',
              art: 'dienstlich',
              beginn: new Date('2026-03-12T03:00:00Z'),
              ende: new Date('2026-03-12T04:30:00Z'),
              kmBeginn: 90_000,
              kmEnde: 90_010,
              fahrerId: personId,
              fahrerName: 'Fahrer',
              erfasstAm: new Date('2026-03-12T05:00:00Z'),
              erfasstVonId: personId,
              erfasstVonName: 'Fahrer',
              hashVorher: HASH,
              hash: HASH,
            }),
          ),
      ],
    ];
    const mitDrittem = [...fahrzeuge, { id: wagen[2]!, gruppe: 0, gueltigVon: null, gueltigBis: null }];
    for (const [was, schreiben] of schritte) {
      await vergleichen(gruppen, mitDrittem); // every month stored valid
      const davor = await maerz();
      await schreiben();
      const danach = await maerz();
      const markiert = [...danach].filter(([id, r]) => !r.gueltig && r.stand > (davor.get(id)?.stand ?? -1));
      expect(markiert.length, was).toBe(1);
      await vergleichen(gruppen, mitDrittem);
      expect(
        [...(await maerz()).values()].every((r) => r.gueltig),
        was,
      ).toBe(true);
    }
    // the booking over the turn of the month marked February too (a month the period cuts, so never stored valid)
    const februar = await server.database.db.execute(sql`select gueltig from fahrzeug_monat_minuten
      where mandant_id = ${mandantId} and fahrzeug_id = ${wagen[2]!} and monat = '2026-02-01'`);
    expect(februar.rows).toEqual([{ gueltig: false }]);
  });

  it('a store with the stand it read does not overwrite a marker a write set meanwhile', async () => {
    const gruppen = [gruppe(61)];
    const fahrzeuge: FahrzeugImZeitraum[] = [
      { id: wagen[0]!, gruppe: 0, gueltigVon: null, gueltigBis: null },
    ];
    await vergleichen(gruppen, fahrzeuge);
    await server.database.withTenant(mandantId, async (tx) => {
      const { stand } = (
        await tx.execute(sql`select stand from fahrzeug_monat_minuten where fahrzeug_id = ${wagen[0]!}
          and monat = '2026-03-01'`)
      ).rows[0] as { stand: number };
      await tx.execute(sql`update fahrzeug_buchung set status = 'storniert'
        where id = (select id from fahrzeug_buchung where typ = 'BUCHUNG' and status <> 'storniert'
          and fahrzeug_id = ${wagen[0]!} and von >= '2026-03-15' order by von limit 1)`);
      // what a read that saw `stand` before the write would store
      await tx.execute(sql`insert into fahrzeug_monat_minuten as r (mandant_id, fahrzeug_id, monat, stand, gueltig,
          fenster, tage, buchbar, gebucht, gefahren, standtage)
        values (${mandantId}, ${wagen[0]!}, '2026-03-01', ${stand}, true, 'alt', 1, 1, 12345, 0, 0)
        on conflict (mandant_id, fahrzeug_id, monat) do update set gueltig = true, gebucht = excluded.gebucht
        where r.stand = excluded.stand`);
    });
    expect((await maerz()).get(wagen[0]!)?.gueltig).toBe(false);
    await vergleichen(gruppen, fahrzeuge);
  });
});
