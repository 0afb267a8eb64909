/**
 * Decision 134, on both databases: one driver cannot hold two cars for the same time unless the tenant
 * allows it; a minimum gap of minutes between two bookings of a vehicle; weekday names of the weekly window read
 * or refused in German.
 */
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
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
import { customizing } from '../../verwaltung/customizing/customizing.public.ts';

const at = (days: number, hhmm: string): string =>
  berlinInstant(addCalendarDays(berlinDateKey(new Date()), days), hhmm).toISOString();

/**
 * The administrator, the booker Lena Hoffmann, the fleet manager (who books for others) and a colleague, each
 * licensed; four cars with the demo's booking times (Monday to Friday 07:00–19:00, the transporter MS-SW 103 also
 * outside them).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...FUHRPARK_MANDANT,
    rollen: { ...FUHRPARK_ROLLEN, Administration: PERMISSION_NAMES },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'], fuehrerschein: true },
      ...FUHRPARK_LEUTE,
    },
    fahrzeuge: {
      'MS-SW 101': fuhrparkWagen('MS-SW 101'),
      'MS-SW 102': fuhrparkWagen('MS-SW 102'),
      'MS-SW 103': fuhrparkWagen('MS-SW 103'),
      'MS-SW 104': fuhrparkWagen('MS-SW 104'),
    },
  });

describe.each(testDrivers())('one driver, one car; the gap in minutes; weekday names on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let mitarbeiter: string;
  let fuhrpark: string;
  let freigabe: string;
  const autos = new Map<string, string>();
  const ids = new Map<string, string>();

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const book = (cookie: string, body: Record<string, unknown>) =>
    call(server, cookie, 'POST', '/api/fahrzeug-buchungen', body);
  const setze = (name: string, value: unknown) =>
    call(server, admin, 'PUT', `/api/customizing/mandant/${name}`, { value });

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    [admin, mitarbeiter, fuhrpark, freigabe] = await Promise.all([
      signInAs(server, ms.benutzer.admin),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.freigabe),
    ]);
    for (const [kennzeichen, id] of Object.entries(ms.fahrzeuge)) autos.set(kennzeichen, id);
    for (const u of Object.values(ms.benutzer)) ids.set(u.email, u.id);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(async () => {
    for (const name of ['FahrzeugMehrereFahrzeugeGleichzeitig', 'FahrzeugMindestabstandMinuten'])
      await asAll((tx) =>
        tx
          .delete(customizing)
          .where(
            and(
              eq(customizing.customizingOptionName, name),
              isNull(customizing.benutzerId),
              isNull(customizing.gruppeId),
            ),
          ),
      );
  });

  it('refuses a second car for the same driver at the same time, also when booked for them; the tenant may allow it', async () => {
    const erste = await book(mitarbeiter, {
      fahrzeugId: autos.get('MS-SW 101')!,
      von: at(3, '09:00'),
      bis: at(3, '11:00'),
    });
    expect(erste.status).toBe(201);
    const zweite = await book(mitarbeiter, {
      fahrzeugId: autos.get('MS-SW 102')!,
      von: at(3, '10:00'),
      bis: at(3, '12:00'),
    });
    expect(zweite.status).toBe(409);
    const fehler = await errorOf(zweite);
    expect(fehler.code).toBe('fahrzeug_buchung.fahrer_doppelt');
    expect(fehler.message).toMatch(
      /^Lena Hoffmann hat in dieser Zeit schon ein Fahrzeug gebucht \(MS-SW 101, .+\)\. Eine Person kann nicht zwei Fahrzeuge gleichzeitig fahren\.$/,
    );
    // booked for them by someone who may book for others: the driver counts
    const fuerIhn = await book(fuhrpark, {
      fahrzeugId: autos.get('MS-SW 103')!,
      von: at(3, '10:30'),
      bis: at(3, '11:30'),
      fahrerId: ids.get('mitarbeiter@musterstadt.example'),
    });
    expect((await errorOf(fuerIhn)).code).toBe('fahrzeug_buchung.fahrer_doppelt');
    // back to back is fine
    expect(
      (
        await book(mitarbeiter, {
          fahrzeugId: autos.get('MS-SW 102')!,
          von: at(3, '11:00'),
          bis: at(3, '12:00'),
        })
      ).status,
    ).toBe(201);
    // the tenant allows several cars at once
    expect((await setze('FahrzeugMehrereFahrzeugeGleichzeitig', true)).status).toBe(200);
    expect(
      (
        await book(mitarbeiter, {
          fahrzeugId: autos.get('MS-SW 104')!,
          von: at(3, '09:30'),
          bis: at(3, '10:30'),
        })
      ).status,
    ).toBe(201);
  });

  it('keeps a 30-minute buffer between two bookings of a vehicle', async () => {
    expect((await setze('FahrzeugMindestabstandMinuten', 30)).status).toBe(200);
    const fahrzeugId = autos.get('MS-SW 104')!;
    expect((await book(fuhrpark, { fahrzeugId, von: at(5, '09:00'), bis: at(5, '10:00') })).status).toBe(201);
    const zuNah = await book(freigabe, { fahrzeugId, von: at(5, '10:15'), bis: at(5, '11:00') });
    expect(zuNah.status).toBe(409);
    expect(await errorOf(zuNah)).toMatchObject({
      code: 'fahrzeug_buchung.mindestabstand_minuten',
      message: 'Zwischen zwei Buchungen des Fahrzeugs müssen mindestens 30 Minuten liegen.',
    });
    expect((await book(freigabe, { fahrzeugId, von: at(5, '10:30'), bis: at(5, '11:00') })).status).toBe(201);
    // the list says the same
    const zeitraum = `von=${encodeURIComponent(at(5, '10:15'))}&bis=${encodeURIComponent(at(5, '10:30'))}`;
    const liste = (await (await call(server, mitarbeiter, 'GET', `/api/fahrzeuge?${zeitraum}`)).json()) as {
      id: string;
      grund: string | null;
    }[];
    expect(liste.find((f) => f.id === fahrzeugId)?.grund).toBe('fahrzeug_buchung.mindestabstand_minuten');
  });

  it('reads Montag and monday as montags in the weekly window setting and refuses an unknown name in German', async () => {
    const gespeichert = async () =>
      (
        await asAll((tx) =>
          tx
            .select({ wert: customizing.wert })
            .from(customizing)
            .where(
              and(
                eq(customizing.customizingOptionName, 'FahrzeugBuchungsfensterWochentag'),
                isNull(customizing.benutzerId),
                isNull(customizing.gruppeId),
              ),
            ),
        )
      ).map((r) => r.wert);
    try {
      expect((await setze('FahrzeugBuchungsfensterWochentag', 'Montag')).status).toBe(200);
      expect(await gespeichert()).toContain('montags');
      expect((await setze('FahrzeugBuchungsfensterWochentag', 'friday')).status).toBe(200);
      expect(await gespeichert()).toContain('freitags');
      const falsch = await setze('FahrzeugBuchungsfensterWochentag', 'Mondtag');
      expect(falsch.status).toBe(400);
      expect(await errorOf(falsch)).toMatchObject({
        code: 'customizing.wochentag_unbekannt',
        message:
          'Der Wochentag Mondtag ist für FahrzeugBuchungsfensterWochentag unbekannt. Erlaubt sind: sonntags, montags, dienstags, mittwochs, donnerstags, freitags, samstags (auch Montag, Mo oder monday).',
      });
    } finally {
      expect((await setze('FahrzeugBuchungsfensterWochentag', '')).status).toBe(200);
    }
  });
});
