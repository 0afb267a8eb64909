import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { FUHRPARK_LEUTE, FUHRPARK_ROLLEN } from '../../../../test/fixtures/fuhrpark.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { fahrzeugBuchung } from './fahrzeug-buchung.table.ts';

const at = (days: number, hhmm: string): string =>
  berlinInstant(addCalendarDays(berlinDateKey(new Date()), days), hhmm).toISOString();

/**
 * R196: an administrator or fleet manager cancels someone else's trip with a reason; the booker is
 * told by mail with the reason and who cancelled, unless they switched cancellation mails off (decision 116).
 */
/**
 * The booker, the fleet manager (who maintains the fleet) and a colleague who approves special trips but does not
 * maintain the fleet, each with a current licence; the transporter MS-SW 103, bookable at any time.
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: FUHRPARK_ROLLEN,
    benutzer: FUHRPARK_LEUTE,
    fahrzeuge: {
      transporter: {
        standort: 'nord',
        kennzeichen: 'MS-SW 103',
        marke: 'Volkswagen',
        modell: 'Transporter T6.1 Kombi',
        spalten: { buchungAusserhalbMoeglich: true },
      },
    },
  });

describe.each(testDrivers())("cancelling someone else's trip on %s", (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let fuhrpark: string;
  let freigabe: string;
  let auto = '';

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const stornoMails = () =>
    asAll((tx) =>
      tx
        .select()
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.to, 'mitarbeiter@musterstadt.example'),
            eq(mailOutbox.subject, 'Fahrzeugbuchung storniert: MS-SW 103'),
          ),
        ),
    );
  const buche = async (tag: number) => {
    const r = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: auto,
      von: at(tag, '09:00'),
      bis: at(tag, '10:00'),
      informationstext: 'Kundentermin',
    });
    expect(r.status).toBe(201);
    return (await r.json()) as TFahrzeugBuchung;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    [mitarbeiter, fuhrpark, freigabe] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.freigabe),
    ]);
    auto = ms.fahrzeuge.transporter;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the fleet manager sees the trip as cancellable and cancels it with a reason the booker is mailed', async () => {
    const buchung = await buche(8);
    const alle = (await (
      await call(server, fuhrpark, 'GET', '/api/fahrzeug-buchungen?eigene=false')
    ).json()) as TFahrzeugBuchung[];
    expect(alle.find((b) => b.id === buchung.id)?.aktionen.kannStornieren).toBe(true);
    // a colleague without a maintaining right does not see it
    expect(
      (await call(server, freigabe, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/storno`, {})).status,
    ).toBe(404);
    const vorher = (await stornoMails()).length;
    const storno = await call(server, fuhrpark, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/storno`, {
      grund: 'Fahrzeug wird für den Winterdienst gebraucht.',
    });
    expect(storno.status).toBe(200);
    expect(await storno.json()).toMatchObject({
      status: 'storniert',
      informationstext: 'Fahrzeug wird für den Winterdienst gebraucht.',
    });
    const mails = await stornoMails();
    expect(mails).toHaveLength(vorher + 1);
    const text = mails.at(-1)!.text;
    expect(text).toContain('Grund: Fahrzeug wird für den Winterdienst gebraucht.');
    expect(text).toMatch(/storniert \(durch [^)]+\)/);
  });

  it("someone else's trip needs a reason; the booker cancels without one and the information text stays; a booker who switched cancellation mails off gets none", async () => {
    const ohneGrund = await buche(9);
    // staff must say why (decision 149): refused, and the trip stays as it was
    for (const body of [undefined, {}, { grund: '' }, { grund: '   ' }]) {
      const r = await call(server, fuhrpark, 'POST', `/api/fahrzeug-buchungen/${ohneGrund.id}/storno`, body);
      expect(r.status).toBe(400);
      expect((await errorOf(r)).code).toBe('fahrzeug_buchung.grund_fehlt');
    }
    const [unveraendert] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, ohneGrund.id)),
    );
    expect(unveraendert).toMatchObject({
      status: 'reserviert',
      informationstext: 'Kundentermin',
      storniertVon: null,
    });
    const r = await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${ohneGrund.id}/storno`);
    expect(r.status).toBe(200);
    const [zeile] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, ohneGrund.id)),
    );
    expect(zeile!.informationstext).toBe('Kundentermin');

    const aus = await call(
      server,
      mitarbeiter,
      'PUT',
      '/api/customizing/benutzer/BenachrichtigungStornierung',
      {
        value: false,
      },
    );
    expect(aus.status).toBe(200);
    const still = await buche(10);
    const vorher = (await stornoMails()).length;
    const storno = await call(server, fuhrpark, 'POST', `/api/fahrzeug-buchungen/${still.id}/storno`, {
      grund: 'Werkstatttermin',
    });
    expect(storno.status).toBe(200);
    expect(await stornoMails()).toHaveLength(vorher);
    await call(server, mitarbeiter, 'PUT', '/api/customizing/benutzer/BenachrichtigungStornierung', {
      value: null,
    });
  });

  it('refuses a reason with control characters or over 1000 characters', async () => {
    const buchung = await buche(11);
    for (const grund of ['a\u0007b', 'x'.repeat(1001)]) {
      const r = await call(server, fuhrpark, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/storno`, {
        grund,
      });
      expect(r.status).toBe(400);
    }
  });
});
