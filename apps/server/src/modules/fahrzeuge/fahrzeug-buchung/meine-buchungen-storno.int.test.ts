/**
 * Decisions 135 and 149, on both databases: a trip the system or another person cancelled stays in the user's own
 * list ("Meine Buchungen") as 'storniert' with its reason until 14 days after its end; a fleet manager's own block is a block on
 * the vehicle's pages, not their own trip.
 */
import type {
  TFahrzeugBelegung,
  TFahrzeugBuchung,
  TFahrzeugDetail,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { isInMeinenBuchungen, STORNO_GRUND } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

const heute = berlinDateKey(new Date());
const at = (days: number, hhmm: string): Date => berlinInstant(addCalendarDays(heute, days), hhmm);

/**
 * The booker and the fleet manager (licensed), and three cars with the demo's booking times (Monday to Friday
 * 07:00–19:00).
 */
const musterstadt = (server: TestServer) => {
  const wagen = (kennzeichen: string) => ({
    standort: 'nord' as const,
    kennzeichen,
    buchungszeiten: { von: '07:00', bis: '19:00', wochentage: [1, 2, 3, 4, 5] },
  });
  return fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true },
    einstellungen: { Sprache: 'de' },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: [
        'fahrzeug_pflege',
        'fahrzeug_fremdbuchung',
        'fahrzeug_buchen',
        'fahrzeug_logbuch_report',
        'auslastung_sehen',
        'auswertung_sehen',
      ],
    },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      fuhrpark: { vorname: 'Thomas', nachname: 'Becker', rollen: ['Fuhrparkleitung'], fuehrerschein: true },
    },
    fahrzeuge: {
      'MS-SW 101': wagen('MS-SW 101'),
      'MS-SW 102': wagen('MS-SW 102'),
      'MS-SW 104': wagen('MS-SW 104'),
    },
  });
};

describe.each(testDrivers())('system cancellations in Meine Buchungen, blocks as blocks on %s', (driver) => {
  let server: TestServer;
  let clock = new Date();
  let mitarbeiter: string;
  let fuhrpark: string;
  const autos = new Map<string, string>();

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const buche = async (cookie: string, kennzeichen: string, von: Date, bis: Date) => {
    const r = await call(server, cookie, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: autos.get(kennzeichen),
      von: von.toISOString(),
      bis: bis.toISOString(),
    });
    expect(r.status).toBe(201);
    return (await r.json()) as TFahrzeugBuchung;
  };
  const meine = async () =>
    (await (
      await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=true')
    ).json()) as TFahrzeugBuchung[];

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const ms = await musterstadt(server);
    [mitarbeiter, fuhrpark] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
    ]);
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps a trip the system cancelled, with its reason, until 14 days after its end; one the user cancelled goes', async () => {
    clock = new Date();
    const system = await buche(mitarbeiter, 'MS-SW 101', at(2, '09:00'), at(2, '10:00'));
    const selbst = await buche(mitarbeiter, 'MS-SW 102', at(3, '09:00'), at(3, '10:00'));
    // the system cancels the first (as a block, a driving ban or auto-release do: status and reason)
    await asAll((tx) =>
      tx
        .update(fahrzeugBuchung)
        .set({ status: 'storniert', informationstext: STORNO_GRUND.WARTUNG })
        .where(eq(fahrzeugBuchung.id, system.id)),
    );
    // the user cancels the second themself
    expect(
      (await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${selbst.id}/storno`)).status,
    ).toBe(200);
    const jetzt = await meine();
    expect(jetzt.find((b) => b.id === system.id)).toMatchObject({
      status: 'storniert',
      informationstext: 'Storno wegen Wartung des Fahrzeugs.',
    });

    // after its end it stays 14 days
    clock = at(15, '09:00');
    expect((await meine()).find((b) => b.id === system.id)).toMatchObject({ status: 'storniert' });
    expect((await meine()).map((b) => b.id)).not.toContain(selbst.id);
    clock = at(17, '10:01');
    expect((await meine()).map((b) => b.id)).not.toContain(system.id);
    clock = new Date();
  });

  it("keeps a trip a fleet manager cancelled, with who did it and their reason, as long; a cancel with a reason of the booker's own goes (decision 149)", async () => {
    clock = new Date();
    const fremd = await buche(mitarbeiter, 'MS-SW 101', at(4, '09:00'), at(4, '10:00'));
    const selbst = await buche(mitarbeiter, 'MS-SW 102', at(5, '09:00'), at(5, '10:00'));
    const storno = await call(server, fuhrpark, 'POST', `/api/fahrzeug-buchungen/${fremd.id}/storno`, {
      grund: 'Das Fahrzeug wird für den Winterdienst gebraucht.',
    });
    expect(storno.status).toBe(200);
    expect(
      (
        await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${selbst.id}/storno`, {
          grund: 'Termin fällt aus',
        })
      ).status,
    ).toBe(200);
    const [row] = await asAll((tx) =>
      tx
        .select({ storniertVon: fahrzeugBuchung.storniertVon, benutzerId: fahrzeugBuchung.benutzerId })
        .from(fahrzeugBuchung)
        .where(eq(fahrzeugBuchung.id, selbst.id)),
    );
    // the booker's own cancellation is recorded as theirs
    expect(row!.storniertVon).toBe(row!.benutzerId);
    const jetzt = await meine();
    const gezeigt = jetzt.find((b) => b.id === fremd.id);
    expect(gezeigt).toMatchObject({
      status: 'storniert',
      informationstext: 'Das Fahrzeug wird für den Winterdienst gebraucht.',
      storniertVon: { name: expect.stringMatching(/\S/) },
    });
    expect(gezeigt!.storniertVon!.id).not.toBe(gezeigt!.buchender.id);
    // the list answers trips not yet ended whatever their status; the page shows what the domain rule keeps
    const sichtbar = (liste: TFahrzeugBuchung[]) =>
      liste
        .filter((b) =>
          isInMeinenBuchungen({
            buchung: {
              ...b,
              bis: new Date(b.bis),
              benutzerId: b.buchender.id,
              storniertVon: b.storniertVon?.id ?? null,
            },
            now: clock,
          }),
        )
        .map((b) => b.id);
    expect(sichtbar(jetzt)).toContain(fremd.id);
    expect(sichtbar(jetzt)).not.toContain(selbst.id);
    // 14 days after its end as a system cancellation, then gone
    clock = at(18, '09:59');
    expect((await meine()).find((b) => b.id === fremd.id)).toMatchObject({ status: 'storniert' });
    clock = at(18, '10:01');
    expect((await meine()).map((b) => b.id)).not.toContain(fremd.id);
    clock = new Date();
  });

  it("labels a fleet manager's own block as a block, not as their own trip", async () => {
    clock = new Date();
    const fahrzeugId = autos.get('MS-SW 104')!;
    const sperre = await call(server, fuhrpark, 'POST', '/api/fahrzeug-sperren', {
      fahrzeugId,
      typ: 'WARTUNG',
      von: at(20, '08:00').toISOString(),
      bis: at(20, '12:00').toISOString(),
    });
    expect(sperre.status).toBe(201);
    const eigeneFahrt = await buche(fuhrpark, 'MS-SW 104', at(21, '09:00'), at(21, '10:00'));
    const detail = (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${fahrzeugId}`)
    ).json()) as TFahrzeugDetail;
    expect(detail.termine.find((t) => t.typ === 'WARTUNG')).toMatchObject({ eigene: false });
    expect(detail.termine.find((t) => t.id === eigeneFahrt.id)).toMatchObject({ eigene: true });
    const von = at(20, '00:00').toISOString();
    const bis = at(22, '00:00').toISOString();
    const belegung = (await (
      await call(
        server,
        fuhrpark,
        'GET',
        `/api/fahrzeuge/belegung?von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}`,
      )
    ).json()) as TFahrzeugBelegung;
    const termine = belegung.fahrzeuge.find((f) => f.id === fahrzeugId)!.termine;
    expect(termine.find((t) => t.typ === 'WARTUNG')).toMatchObject({ eigene: false });
    expect(termine.find((t) => t.id === eigeneFahrt.id)).toMatchObject({ eigene: true });
  });
});
