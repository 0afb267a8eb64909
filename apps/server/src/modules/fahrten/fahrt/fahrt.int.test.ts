import type {
  TFahrtenbuch,
  TFahrtenbuchFassung,
  TKettenPruefung,
} from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { FAHRTEN_MANDANT } from '../../../../test/fixtures/fahrten.ts';
import { FUHRPARK_LEUTE, FUHRPARK_ROLLEN, fuhrparkWagen } from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { ADMIN, ADMINISTRATION, ANDERER_MANDANT } from '../../../../test/fixtures/verwaltung.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { fahrtenbuchEintrag } from './fahrt.table.ts';
import { fahrzeugHistorie } from './fahrzeug-historie.table.ts';

const tag = addCalendarDays(berlinDateKey(new Date()), 2);
const um = (hhmm: string) => berlinInstant(tag, hhmm);
const ablesung = { tankfuellung: 80, sauberkeitAussen: 'sauber', sauberkeitInnen: 'sauber', schaeden: [] };

/**
 * The booker Lena Hoffmann who drives the transporter MS-SW 103 (no reading yet, the only logbook of the database),
 * the fleet manager Thomas Becker who reads the logbook and records trips by hand, the approver Sabine Krüger (another
 * employee), the administrator Claudia Wagner (every right), and the administrator of another tenant.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    ...FAHRTEN_MANDANT,
    rollen: { ...FUHRPARK_ROLLEN, ...ADMINISTRATION },
    benutzer: {
      ...FUHRPARK_LEUTE,
      admin: ADMIN,
    },
    fahrzeuge: { transporter: fuhrparkWagen('MS-SW 103') },
  }),
  bh: await fixtureMandant(server.database, ANDERER_MANDANT),
});

describe.each(testDrivers())('trips and the logbook on %s', (driver) => {
  let server: TestServer;
  let clock = new Date();
  let mitarbeiter: string;
  let fuhrpark: string;
  let freigabe: string;
  let adminBH: string;
  let admin: string;
  let fuhrparkId: string;
  let auto: string;
  let buchung: TFahrzeugBuchung;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const { ms, bh } = await mandanten(server);
    [mitarbeiter, fuhrpark, freigabe, admin, adminBH] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.freigabe),
      signInAs(server, ms.benutzer.admin),
      signInAs(server, bh.benutzer.admin),
    ]);
    fuhrparkId = ms.benutzer.fuhrpark.id;
    auto = ms.fahrzeuge.transporter;
    const created = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: auto,
      von: um('09:00').toISOString(),
      bis: um('12:00').toISOString(),
      anlass: 'Wartung Pumpwerk Nord',
      zielAdresse: 'Am Pumpwerk 3, Musterstadt',
    });
    expect(created.status).toBe(201);
    buchung = (await created.json()) as TFahrzeugBuchung;
  });
  afterAll(async () => {
    await server?.close();
  });

  const checkIn = (cookie: string | null, body: unknown) =>
    call(server, cookie, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/check-in`, body);
  const checkOut = (cookie: string | null, body: unknown) =>
    call(server, cookie, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/check-out`, body);

  it('check-in opens 15 minutes before the start, for the driver only, with the spec’s reading messages', async () => {
    clock = um('08:30');
    const zuFrueh = await checkIn(mitarbeiter, { ...ablesung, kilometerstand: 12_000 });
    expect(zuFrueh.status).toBe(409);
    expect((await errorOf(zuFrueh)).message).toBe('Ein Check-in ist erst ab 08:45 Uhr möglich.');

    clock = um('08:50');
    expect((await checkIn(null, { ...ablesung, kilometerstand: 12_000 })).status).toBe(401);
    // the fleet manager sees the trip but does not drive it
    expect((await checkIn(fuhrpark, { ...ablesung, kilometerstand: 12_000 })).status).toBe(403);
    // another employee does not even see it
    expect((await checkIn(freigabe, { ...ablesung, kilometerstand: 12_000 })).status).toBe(404);

    // decision 142 (R208): no check-out before a check-in
    const ohneCheckIn = await checkOut(mitarbeiter, {
      ...ablesung,
      kilometerstand: 12_010,
      fahrt: { art: 'dienstlich' },
    });
    expect(ohneCheckIn.status).toBe(409);
    expect(await errorOf(ohneCheckIn)).toMatchObject({
      code: 'fahrzeug_buchung.nicht_eingecheckt',
      message: 'Ein Check-out ist erst nach dem Check-in möglich.',
    });

    const tank = await checkIn(mitarbeiter, { ...ablesung, tankfuellung: 120, kilometerstand: 12_000 });
    expect(tank.status).toBe(400);
    expect((await errorOf(tank)).message).toBe('Tankfüllung muss zwischen 0 und 100 sein!');
    const sauber = await checkIn(mitarbeiter, {
      ...ablesung,
      sauberkeitInnen: 'glänzend',
      kilometerstand: 12_000,
    });
    expect((await errorOf(sauber)).message).toBe(
      'Reinigungszustand Innen glänzend kann nicht gespeichert werden, muss innerhalb der erlaubten Werte liegen! [sauber, leicht verschmutzt, verschmutzt, stark verschmutzt]',
    );
    expect(
      await asAll((tx) =>
        tx.select().from(fahrzeugHistorie).where(eq(fahrzeugHistorie.fahrzeugBuchungId, buchung.id)),
      ),
    ).toEqual([]);

    const ok = await checkIn(mitarbeiter, { ...ablesung, kilometerstand: 12_000 });
    expect(ok.status).toBe(200);
    const danach = (await ok.json()) as TFahrzeugBuchung;
    expect(danach.aktionen.kannAuschecken).toBe(true);
    expect(danach.aktionen.kannStornieren).toBe(false);
    expect((await errorOf(await checkIn(mitarbeiter, { ...ablesung, kilometerstand: 12_000 }))).code).toBe(
      'fahrzeug_buchung.bereits_eingecheckt',
    );
  });

  it('check-out refuses a lower reading and writes the logbook entry from the booking’s details', async () => {
    clock = um('11:40');
    const niedriger = await checkOut(mitarbeiter, {
      ...ablesung,
      kilometerstand: 11_990,
      fahrt: { art: 'dienstlich' },
    });
    expect(niedriger.status).toBe(400);
    // not below the check-in's 12000; 12000 itself is a trip of 0 km (decision 092)
    expect((await errorOf(niedriger)).message).toBe('Kilometerstand muss mindestens 12000 sein.');

    const ok = await checkOut(mitarbeiter, {
      ...ablesung,
      kilometerstand: 12_085,
      abstellplatz: 'P3',
      fahrt: { art: 'dienstlich' },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as TFahrzeugBuchung).status).toBe('durchgeführt');
    // decision 142 (R208): a trip is checked out once and not checked in again
    const zweiterCheckOut = await checkOut(mitarbeiter, {
      ...ablesung,
      kilometerstand: 12_090,
      fahrt: { art: 'dienstlich' },
    });
    expect(zweiterCheckOut.status).toBe(409);
    expect((await errorOf(zweiterCheckOut)).code).toBe('fahrzeug_buchung.bereits_ausgecheckt');
    expect((await errorOf(await checkIn(mitarbeiter, { ...ablesung, kilometerstand: 12_090 }))).code).toBe(
      'fahrzeug_buchung.bereits_ausgecheckt',
    );

    expect((await call(server, mitarbeiter, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch`)).status).toBe(403);
    const buch = (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch`)
    ).json()) as TFahrtenbuch;
    expect(buch.eintraege).toHaveLength(1);
    const [e] = buch.eintraege;
    expect(e!.aktuell).toMatchObject({
      quelle: 'fahrt',
      art: 'dienstlich',
      kmBeginn: 12_000,
      kmEnde: 12_085,
      strecke: 85,
      fahrer: { name: 'Lena Hoffmann' },
      ziel: 'Am Pumpwerk 3, Musterstadt',
      zweck: 'Wartung Pumpwerk Nord',
      partner: null,
      beginn: um('08:50').toISOString(),
      ende: um('11:40').toISOString(),
    });
    expect(e!.fehlend).toEqual(['partner']);
    expect(e!.ergaenzbarBis).toBe(berlinInstant(addCalendarDays(tag, 8), '00:00').toISOString());
    expect(buch.summeKm).toBe(85);
  });

  it('a later version completes or corrects the entry; the earlier version stays, the chain verifies', async () => {
    const [erste] = await asAll((tx) =>
      tx.select().from(fahrtenbuchEintrag).where(eq(fahrtenbuchEintrag.fahrzeugId, auto)),
    );
    const fassung = (cookie: string, id: string, body: unknown) =>
      call(server, cookie, 'POST', `/api/fahrtenbuch/${id}/fassungen`, body);
    const basis = { art: 'dienstlich', ziel: 'Am Pumpwerk 3, Musterstadt', zweck: 'Wartung Pumpwerk Nord' };

    expect((await fassung(freigabe, erste!.id, { ...basis, partner: 'Pumpen GmbH' })).status).toBe(404);
    const ohneGrund = await fassung(mitarbeiter, erste!.id, {
      ...basis,
      zweck: 'Inspektion',
      partner: 'Pumpen GmbH',
    });
    expect((await errorOf(ohneGrund)).message).toBe('Bitte geben Sie an, warum der Eintrag korrigiert wird.');

    clock = um('13:00');
    const ergaenzt = await fassung(mitarbeiter, erste!.id, { ...basis, partner: 'Pumpen GmbH' });
    expect(ergaenzt.status).toBe(201);
    const zweite = (await ergaenzt.json()) as TFahrtenbuchFassung;
    expect(zweite).toMatchObject({
      korrigiertId: erste!.id,
      partner: 'Pumpen GmbH',
      laufnummer: 2,
      grund: null,
    });
    expect(zweite.erfasstVon.name).toBe('Lena Hoffmann');
    // only the current version can be replaced
    expect((await fassung(mitarbeiter, erste!.id, { ...basis, partner: 'Andere' })).status).toBe(409);

    const buch = (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch`)
    ).json()) as TFahrtenbuch;
    expect(buch.eintraege).toHaveLength(1);
    expect(buch.eintraege[0]!.fehlend).toEqual([]);
    expect(buch.eintraege[0]!.fruehere.map((f) => f.id)).toEqual([erste!.id]);

    const pruefung = (await (
      await call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/fahrtenbuch/pruefung`)
    ).json()) as TKettenPruefung;
    expect(pruefung).toEqual({
      ok: true,
      anzahl: 2,
      letzterHash: zweite.hash,
      fehler: null,
      anker: null,
      kopf: { laufnummer: 2, hash: zweite.hash },
    });

    // after the seventh day the entry is locked
    clock = berlinInstant(addCalendarDays(tag, 8), '00:00');
    const gesperrt = await fassung(mitarbeiter, zweite.id, {
      ...basis,
      partner: 'Pumpen GmbH',
      umweg: 'über Werk 2',
    });
    expect(gesperrt.status).toBe(409);
    expect((await errorOf(gesperrt)).code).toBe('fahrtenbuch.gesperrt');
  });

  it('the database refuses to change or delete a logbook row, also for the table owner', async () => {
    /** The database's own message, under the query wrapper's. */
    const fehler = async (p: Promise<unknown>): Promise<string> => {
      try {
        await p;
        return 'no error';
      } catch (e) {
        return String((e as { cause?: Error }).cause?.message ?? (e as Error).message);
      }
    };
    const [row] = await asAll((tx) => tx.select().from(fahrtenbuchEintrag));
    // the application role has no UPDATE or DELETE right on the table
    expect(
      await fehler(
        server.database.withTenant(row!.mandantId, (tx) =>
          tx.execute(sql`update fahrtenbuch_eintrag set zweck = 'privat'`),
        ),
      ),
    ).toMatch(/permission denied/);
    // nor has the platform role since decision 091 (fahrtenbuch-schutz.int.test.ts tries every setting)
    expect(
      await fehler(asAll((tx) => tx.execute(sql`update fahrtenbuch_eintrag set zweck = 'privat'`))),
    ).toMatch(/permission denied/);
    expect(await fehler(asAll((tx) => tx.execute(sql`delete from fahrtenbuch_eintrag`)))).toMatch(
      /permission denied/,
    );
    // and the table owner is stopped by the trigger
    expect(
      await fehler(server.database.db.execute(sql`update fahrtenbuch_eintrag set zweck = 'privat'`)),
    ).toMatch(/unveränderlich/);
    expect(await fehler(server.database.db.execute(sql`delete from fahrtenbuch_eintrag`))).toMatch(
      /unveränderlich/,
    );
    expect(await asAll((tx) => tx.select().from(fahrtenbuchEintrag))).toHaveLength(2);
  });

  it('a trip recorded by hand fits the mileage chain; a private trip shows its details only to its driver', async () => {
    clock = um('18:00');
    const hand = (body: Record<string, unknown>) =>
      call(server, fuhrpark, 'POST', `/api/fahrzeuge/${auto}/fahrtenbuch`, {
        art: 'privat',
        beginn: um('14:00').toISOString(),
        ende: um('15:00').toISOString(),
        kmBeginn: 12_085,
        kmEnde: 12_120,
        fahrerId: fuhrparkId,
        grund: 'Privatfahrt nachgetragen',
        ziel: 'Baumarkt',
        ...body,
      });
    expect((await call(server, mitarbeiter, 'POST', `/api/fahrzeuge/${auto}/fahrtenbuch`, {})).status).toBe(
      403,
    );
    // the check-in's rule (decision 092): greater than the last reading 12085, named itself; equal refused
    const ueberlappt = await hand({ beginn: um('11:00').toISOString(), kmBeginn: 12_050 });
    expect(ueberlappt.status).toBe(400);
    expect((await errorOf(ueberlappt)).message).toBe('Kilometerstand muss größer als 12085 sein.');
    const gleich = await hand({ kmBeginn: 12_085 });
    expect(gleich.status).toBe(400);
    expect((await errorOf(gleich)).message).toBe('Kilometerstand muss größer als 12085 sein.');
    const ok = await hand({ kmBeginn: 12_086, kmEnde: 12_121 });
    expect(ok.status).toBe(201);
    expect(((await ok.json()) as TFahrtenbuchFassung).quelle).toBe('hand');

    const fremd = (await (
      await call(server, fuhrpark, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch`)
    ).json()) as TFahrtenbuch;
    expect(fremd.eintraege.map((e) => e.aktuell.ziel)).toEqual(['Am Pumpwerk 3, Musterstadt', 'Baumarkt']);
    expect(fremd.summeKm).toBe(120);
    const gesehen = (await (
      await call(server, admin, 'GET', `/api/fahrzeuge/${auto}/fahrtenbuch`)
    ).json()) as TFahrtenbuch;
    expect(gesehen.eintraege[1]!.aktuell).toMatchObject({ art: 'privat', ziel: null, strecke: 35 });
  });

  it('another tenant sees nothing of the logbook (404)', async () => {
    for (const [method, path] of [
      ['GET', `/api/fahrzeuge/${auto}/fahrtenbuch`],
      ['POST', `/api/fahrzeuge/${auto}/fahrtenbuch/pruefung`],
    ] as const)
      expect((await call(server, adminBH, method, path)).status).toBe(404);
  });
});
