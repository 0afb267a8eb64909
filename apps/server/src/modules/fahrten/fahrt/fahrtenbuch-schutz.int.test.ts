/**
 * The logbook can be neither shortened nor rewritten (decision 091), on both databases: every role the
 * application uses (the login connection, `stellwerk_app` of migration 0002, `stellwerk_platform` of migration
 * 0005) with every setting the code knows (`app.mandant_id`, `app.bypass_rls`, the purge's
 * `stellwerk.aufbewahrung` and `stellwerk.aufbewahrung_stichtag` of migration 0018, and the superuser's
 * `session_replication_role`) fails to delete, change or truncate a logbook row of this year, its recorded
 * heads or the purge's anchors; the purge deletes only what the fixed period allows from the row's own date;
 * and a tail removed past the database's guard is reported by number.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TKettenPruefung } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { FahrtenbuchEintrag } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { kettenHash, verketten } from '@stellwerk/domain/fahrten/fahrtenbuch/kette';
import { berlinInstant } from '@stellwerk/domain/time';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  FUHRPARK_LEUTE,
  FUHRPARK_MANDANT,
  FUHRPARK_ROLLEN,
  fuhrparkWagen,
} from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { mandant } from '../../verwaltung/mandant/mandant.public.ts';
import { fahrtenbuchAnker, fahrtenbuchEintrag, fahrtenbuchKopf } from './fahrt.table.ts';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const jahr = Number(new Date().toISOString().slice(0, 4));

/**
 * The fleet manager who checks and exports the logbooks (German: the warning is asserted in German) and two cars
 * without a logbook yet.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    rollen: { Fuhrparkleitung: FUHRPARK_ROLLEN.Fuhrparkleitung },
    benutzer: { fuhrpark: FUHRPARK_LEUTE.fuhrpark },
    fahrzeuge: { auto: fuhrparkWagen('MS-SW 101'), altesAuto: fuhrparkWagen('MS-SW 102') },
  });

describe.each(testDrivers())('the logbook cannot be shortened or rewritten on %s', (driver) => {
  let server: TestServer;
  let fuhrpark: string;
  let mandantId: string;
  let person: string;
  /** A vehicle with three versions of this year; one with versions of 11 and 10 years ago. */
  let auto: string;
  let altesAuto: string;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  /** Appends versions to a vehicle's chain as the application does (role stellwerk_app). */
  const anhaengen = async (fahrzeugId: string, fahrten: { beginn: Date; erfasstAm?: Date }[]) => {
    await server.database.withTenant(mandantId, async (tx) => {
      let [letzte] = await tx
        .select({ laufnummer: fahrtenbuchEintrag.laufnummer, hash: fahrtenbuchEintrag.hash })
        .from(fahrtenbuchEintrag)
        .where(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId))
        .orderBy(sql`laufnummer desc`)
        .limit(1);
      for (const [i, f] of fahrten.entries()) {
        const ende = new Date(f.beginn.getTime() + 2 * 3600_000);
        const e = verketten({
          inhalt: {
            id: randomUUID(),
            fahrzeugId,
            kennzeichen: 'MS-SW 103',
            fahrzeugBuchungId: null,
            quelle: 'hand',
            korrigiertId: null,
            grund: 'Test',
            art: 'privat',
            beginn: f.beginn,
            ende,
            kmBeginn: 1000 + (letzte?.laufnummer ?? 0) * 100 + i * 100,
            kmEnde: 1050 + (letzte?.laufnummer ?? 0) * 100 + i * 100,
            fahrerId: person,
            fahrerName: 'Fuhrpark',
            ziel: null,
            zweck: null,
            partner: null,
            umweg: null,
            notiz: null,
            erfasstAm: f.erfasstAm ?? ende,
            erfasstVonId: person,
            erfasstVonName: 'Fuhrpark',
          },
          letzterHash: letzte?.hash ?? null,
          hash: sha256,
        });
        const laufnummer = (letzte?.laufnummer ?? 0) + 1;
        await tx.insert(fahrtenbuchEintrag).values({ ...e, mandantId, laufnummer });
        letzte = { laufnummer, hash: e.hash };
      }
    });
  };

  const anzahl = async (fahrzeugId: string) =>
    (
      await asAll((tx) =>
        tx.select().from(fahrtenbuchEintrag).where(eq(fahrtenbuchEintrag.fahrzeugId, fahrzeugId)),
      )
    ).length;

  /** The database's message of a refused statement (drizzle wraps it as the cause), or 'ok'. */
  const ergebnis = async (versuch: Promise<unknown>): Promise<string> => {
    try {
      await versuch;
      return 'ok';
    } catch (e) {
      return String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
    }
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    fuhrpark = await signInAs(server, ms.benutzer.fuhrpark);
    person = ms.benutzer.fuhrpark.id;
    mandantId = ms.id;
    auto = ms.fahrzeuge.auto;
    altesAuto = ms.fahrzeuge.altesAuto;
    await anhaengen(auto, [
      { beginn: berlinInstant(`${jahr}-01-05`, '08:00') },
      { beginn: berlinInstant(`${jahr}-01-06`, '08:00') },
      { beginn: berlinInstant(`${jahr}-01-07`, '08:00') },
    ]);
    await anhaengen(altesAuto, [
      // 11 years ago: past the period (§ 147 AO: 10 years after the end of the year it was made)
      { beginn: berlinInstant(`${jahr - 11}-06-01`, '08:00') },
      // a trip of 11 years ago recorded only in the following year: its period runs from that year
      {
        beginn: berlinInstant(`${jahr - 11}-12-30`, '08:00'),
        erfasstAm: berlinInstant(`${jahr - 10}-01-03`, '09:00'),
      },
      { beginn: berlinInstant(`${jahr - 10}-06-01`, '08:00') },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  /**
   * The ways the application reaches the database: the login connection itself, the tenant role, the platform
   * role with the bypass; each with the purge's settings set by hand to a cut-off in 2030, and the login also
   * with triggers for replication switched off and a temporary `mandant` table shadowing the tenants.
   */
  const wege: Array<{ name: string; vorbereiten: string[] }> = [
    { name: 'login connection', vorbereiten: [] },
    {
      name: 'login connection with its tenant, the purge settings and replica mode',
      vorbereiten: [
        `select set_config('app.mandant_id', '{mandant}', true), set_config('stellwerk.aufbewahrung', 'on', true), set_config('stellwerk.aufbewahrung_stichtag', '2030-01-01', true)`,
        `set local session_replication_role = replica`,
      ],
    },
    {
      name: 'login connection with an empty temporary mandant table first on the search path',
      vorbereiten: [
        `create temporary table mandant (id uuid) on commit drop`,
        `set local search_path = pg_temp, public`,
        `select set_config('stellwerk.aufbewahrung', 'on', true), set_config('stellwerk.aufbewahrung_stichtag', '2030-01-01', true)`,
      ],
    },
    {
      name: 'stellwerk_app with its tenant and the purge settings',
      vorbereiten: [
        `select set_config('role', 'stellwerk_app', true), set_config('app.mandant_id', '{mandant}', true), set_config('stellwerk.aufbewahrung', 'on', true), set_config('stellwerk.aufbewahrung_stichtag', '2030-01-01', true)`,
      ],
    },
    {
      name: 'stellwerk_platform with the bypass and the purge settings',
      vorbereiten: [
        `select set_config('role', 'stellwerk_platform', true), set_config('app.mandant_id', '', true), set_config('app.bypass_rls', 'on', true), set_config('stellwerk.aufbewahrung', 'on', true), set_config('stellwerk.aufbewahrung_stichtag', '2030-01-01', true)`,
      ],
    },
    {
      name: 'stellwerk_platform with the bypass, its tenant and the purge settings',
      vorbereiten: [
        `select set_config('role', 'stellwerk_platform', true), set_config('app.mandant_id', '{mandant}', true), set_config('app.bypass_rls', 'on', true), set_config('stellwerk.aufbewahrung', 'on', true), set_config('stellwerk.aufbewahrung_stichtag', '2030-01-01', true)`,
      ],
    },
  ];

  const versuche = (fahrzeugId: string) => [
    `delete from fahrtenbuch_eintrag where fahrzeug_id = '${fahrzeugId}' and laufnummer = 3`,
    `delete from fahrtenbuch_eintrag where fahrzeug_id = '${fahrzeugId}'`,
    `update fahrtenbuch_eintrag set notiz = 'geändert' where fahrzeug_id = '${fahrzeugId}' and laufnummer = 2`,
    `truncate fahrtenbuch_eintrag cascade`,
    `delete from fahrtenbuch_kopf where fahrzeug_id = '${fahrzeugId}' and laufnummer = 3`,
    `update fahrtenbuch_kopf set laufnummer = laufnummer + 10 where fahrzeug_id = '${fahrzeugId}'`,
    `truncate fahrtenbuch_kopf`,
    `insert into fahrtenbuch_anker (mandant_id, fahrzeug_id, bis_laufnummer, hash, anzahl, bis_ende, stichtag, geloescht_am, lauf_id)
       values ('{mandant}', '${fahrzeugId}', 3, '${'0'.repeat(64)}', 3, now(), now(), now(), gen_random_uuid())`,
    `truncate fahrtenbuch_anker`,
    `select fahrtenbuch_aufbewahrung_loeschen('${fahrzeugId}'::uuid, 3, '2030-01-01'::timestamptz, gen_random_uuid(), now())`,
  ];

  it.each(wege)(
    '$name: no delete, update or truncate of this year’s logbook, heads or anchors',
    async (weg) => {
      for (const statement of versuche(auto)) {
        const antwort = await ergebnis(
          server.database.db.transaction(async (tx) => {
            for (const v of weg.vorbereiten) await tx.execute(sql.raw(v.replaceAll('{mandant}', mandantId)));
            await tx.execute(sql.raw(statement.replaceAll('{mandant}', mandantId)));
          }),
        );
        expect(antwort, `${weg.name}: ${statement}`).toMatch(
          /unveränderlich|permission denied|Stichtag|kein Mandant|violates row-level security/,
        );
      }
      expect(await anzahl(auto)).toBe(3);
      const koepfe = await asAll((tx) =>
        tx.select().from(fahrtenbuchKopf).where(eq(fahrtenbuchKopf.fahrzeugId, auto)),
      );
      expect(koepfe.map((k) => k.laufnummer).sort()).toEqual([1, 2, 3]);
    },
  );

  it('deleting the whole tenant as the platform role does not take this year’s logbook with it (decision 127)', async () => {
    const antwort = await ergebnis(
      server.database.db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(
            `select set_config('role', 'stellwerk_platform', true), set_config('app.mandant_id', '', true), set_config('app.bypass_rls', 'on', true)`,
          ),
        );
        await tx.execute(sql.raw(`delete from mandant where id = '${mandantId}'`));
      }),
    );
    expect(antwort).toMatch(/unveränderlich/);
    expect(await anzahl(auto)).toBe(3);
    expect(await asAll((tx) => tx.select().from(mandant).where(eq(mandant.id, mandantId)))).toHaveLength(1);
  });

  it('the purge through its function, called with a cut-off it may use, still deletes nothing of this year', async () => {
    const stichtag = berlinInstant(`${jahr - 10}-01-01`, '00:00').toISOString();
    expect(
      await ergebnis(
        server.database.withTenant(mandantId, (tx) =>
          tx.execute(
            sql`select fahrtenbuch_aufbewahrung_loeschen(${auto}::uuid, 3, ${stichtag}::timestamptz, gen_random_uuid(), now())`,
          ),
        ),
      ),
    ).toMatch(/unveränderlich/);
    expect(await anzahl(auto)).toBe(3);
    // the platform role may not call it at all
    expect(
      await ergebnis(
        asAll((tx) =>
          tx.execute(
            sql`select fahrtenbuch_aufbewahrung_loeschen(${auto}::uuid, 3, ${stichtag}::timestamptz, gen_random_uuid(), now())`,
          ),
        ),
      ),
    ).toMatch(/permission denied/);
  });

  it('the database decides from the row’s own date: a trip of 11 years ago goes, one recorded 10 years ago stays', async () => {
    const stichtag = berlinInstant(`${jahr - 10}-01-01`, '00:00').toISOString();
    const loeschen = (bis: number) =>
      ergebnis(
        server.database.withTenant(mandantId, (tx) =>
          tx.execute(
            sql`select fahrtenbuch_aufbewahrung_loeschen(${altesAuto}::uuid, ${bis}::integer, ${stichtag}::timestamptz, gen_random_uuid(), now())`,
          ),
        ),
      );
    // the second version's trip ended 11 years ago, but it was recorded in the following year
    expect(await loeschen(2)).toMatch(/unveränderlich/);
    expect(await anzahl(altesAuto)).toBe(3);
    // even the login connection with the purge's settings and a late cut-off cannot delete it
    expect(
      await ergebnis(
        server.database.db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('stellwerk.aufbewahrung', 'on', true), set_config('stellwerk.aufbewahrung_stichtag', '2030-01-01', true)`,
          );
          await tx.execute(
            sql`delete from fahrtenbuch_eintrag where fahrzeug_id = ${altesAuto} and laufnummer = 2`,
          );
        }),
      ),
    ).toMatch(/unveränderlich/);
    expect(await loeschen(1)).toBe('ok');
    expect(await anzahl(altesAuto)).toBe(2);
    const pruefung = (await (
      await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${altesAuto}/fahrtenbuch/pruefung`)
    ).json()) as TKettenPruefung;
    expect(pruefung).toMatchObject({ ok: true, anzahl: 2, fehler: null, kopf: { laufnummer: 3 } });
    expect(pruefung.anker).toMatchObject({ bisLaufnummer: 1, anzahl: 1 });
  });

  it('the check reports the head the database recorded; a tail removed past the guard is reported by number', async () => {
    const pruefen = async (fahrzeugId: string) =>
      (await (
        await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${fahrzeugId}/fahrtenbuch/pruefung`)
      ).json()) as TKettenPruefung;
    const [kopf] = await asAll((tx) =>
      tx
        .select({ hash: fahrtenbuchEintrag.hash })
        .from(fahrtenbuchEintrag)
        .where(and(eq(fahrtenbuchEintrag.fahrzeugId, auto), eq(fahrtenbuchEintrag.laufnummer, 3))),
    );
    expect(await pruefen(auto)).toEqual({
      ok: true,
      anzahl: 3,
      letzterHash: kopf!.hash,
      fehler: null,
      anker: null,
      kopf: { laufnummer: 3, hash: kopf!.hash },
    });

    // Only a superuser switching the guard off (DDL, outside every role the application uses) can remove rows;
    // the chain that is left is valid, and the recorded head still finds the tail missing.
    await server.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`alter table fahrtenbuch_eintrag disable trigger fahrtenbuch_eintrag_unveraenderlich`,
      );
      await tx.execute(sql`delete from fahrtenbuch_eintrag where fahrzeug_id = ${auto} and laufnummer = 3`);
      await tx.execute(
        sql`alter table fahrtenbuch_eintrag enable always trigger fahrtenbuch_eintrag_unveraenderlich`,
      );
    });
    expect(await pruefen(auto)).toMatchObject({
      ok: false,
      anzahl: 2,
      letzterHash: null,
      fehler: { grund: 'fehlt', laufnummer: 3, bisLaufnummer: 3, id: null },
      kopf: { laufnummer: 3, hash: kopf!.hash },
    });

    // both exports run the check and print the warning naming the missing entry
    const warnung = `ACHTUNG – Kette verletzt: Eintrag Nr. 3 fehlt (gelöscht oder entfernt). Erster betroffener Eintrag: Nr. 3; aufgezeichneter Kopf Nr. 3, Hash ${kopf!.hash}.`;
    const zeitraum = `von=${encodeURIComponent(berlinInstant(`${jahr}-01-01`, '00:00').toISOString())}&bis=${encodeURIComponent(berlinInstant(`${jahr + 1}-01-01`, '00:00').toISOString())}`;
    const pdf = await call(
      server,
      fuhrpark,
      'GET',
      `/api/fahrzeuge/${auto}/fahrtenbuch/export.pdf?${zeitraum}`,
    );
    expect(pdf.status).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'fahrtenbuch-schutz-'));
    writeFileSync(join(dir, 'f.pdf'), Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'f.pdf'), '-'], { encoding: 'utf8' });
    rmSync(dir, { recursive: true });
    expect(text.split('\f')[0]!.replace(/\s+/g, ' ')).toContain(warnung);
    const xlsx = await call(
      server,
      fuhrpark,
      'GET',
      `/api/fahrzeuge/${auto}/fahrtenbuch/export.xlsx?${zeitraum}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await xlsx.arrayBuffer());
    const zeilen: string[] = [];
    wb.getWorksheet('Fahrtenbuch')!.eachRow((r) =>
      zeilen.push((r.values as unknown[]).filter((v) => v !== undefined).join(' | ')),
    );
    expect(zeilen.some((z) => z.startsWith(`Kettenprüfung | ${warnung}`))).toBe(true);

    // a version rewritten with a recomputed hash (the chain alone would verify) is found by its recorded head
    await server.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`alter table fahrtenbuch_eintrag disable trigger fahrtenbuch_eintrag_unveraenderlich`,
      );
      const [zwei] = await tx
        .select()
        .from(fahrtenbuchEintrag)
        .where(and(eq(fahrtenbuchEintrag.fahrzeugId, auto), eq(fahrtenbuchEintrag.laufnummer, 2)));
      const { mandantId: _m, laufnummer: _l, hash: _h, hashVorher, ...inhalt } = zwei!;
      const neu = { ...(inhalt as Omit<FahrtenbuchEintrag, 'hash' | 'hashVorher'>), notiz: 'umgeschrieben' };
      await tx
        .update(fahrtenbuchEintrag)
        .set({ notiz: 'umgeschrieben', hash: kettenHash({ inhalt: neu, hashVorher, hash: sha256 }) })
        .where(eq(fahrtenbuchEintrag.id, zwei!.id));
      await tx.execute(
        sql`alter table fahrtenbuch_eintrag enable always trigger fahrtenbuch_eintrag_unveraenderlich`,
      );
    });
    expect((await pruefen(auto)).fehler).toMatchObject({ grund: 'kopf', laufnummer: 2 });
  });

  it('the anchors stay readable for the application but cannot be removed', async () => {
    expect(
      await server.database.withTenant(mandantId, (tx) =>
        tx.select({ n: fahrtenbuchAnker.bisLaufnummer }).from(fahrtenbuchAnker),
      ),
    ).toEqual([{ n: 1 }]);
    expect(
      await ergebnis(server.database.db.execute(sql`delete from fahrtenbuch_anker where bis_laufnummer = 1`)),
    ).toMatch(/unveränderlich/);
  });
});
