import type { TGrundrissKurz, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { type FixtureMandant, fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { mailOutbox } from './mail.table.ts';

/** Monday 23.11.2026, 07:00 in Berlin. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/**
 * A library with a reading room (open on weekdays) of single places and its reader, and a fleet tenant with one
 * vehicle (no booking window of its own), its administrator and a booker with a current licence.
 */
const mandanten = async (server: TestServer) => ({
  beispielhausen: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
    benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
    grundrisse: {
      lesesaal: {
        standort: 'bibliothek',
        bezeichnung: 'Lesesaal Erdgeschoss',
        plaetze: ['Platz 01', 'Platz 02'],
      },
    },
  }),
  musterstadt: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
    },
    fahrzeuge: { id3: { standort: 'nord', kennzeichen: 'MS-SW 101' } },
  }),
});

/** Decision 116: the tenant's mail switches and each user's notification switches stop the mails they name. */
describe.each(testDrivers())('mail switches on %s', (driver) => {
  let server: TestServer;
  let beispielhausen: FixtureMandant<string, string, string, 'mitarbeiter'>;
  let musterstadt: FixtureMandant<string, string, string, 'mitarbeiter' | 'admin'>;
  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => MONDAY_7, seed: false });
    ({ beispielhausen, musterstadt } = await mandanten(server));
  });
  afterAll(async () => {
    await server?.close();
  });
  const mailsTo = (to: string, template: string) =>
    server.database.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, template)));
  const setze = async (cookie: string, ebene: 'benutzer' | 'mandant', name: string, value: boolean | null) =>
    json(await call(server, cookie, 'PUT', `/api/customizing/${ebene}/${name}`, { value }));

  it('a reading-room booker who switched off booking confirmations gets no hold mail, and their cancellation mail only while that switch is on', async () => {
    const mail = 'mitarbeiter@beispielhausen.example';
    const booker = await signInAs(server, beispielhausen.benutzer.mitarbeiter);
    const [plan] = await json<TGrundrissKurz[]>(
      await call(server, booker, 'GET', '/api/grundrisse?bereich=leseraum'),
    );
    const belegung = await json<{ plaetze: { id: string; kapazitaet: number }[] }>(
      await call(server, booker, 'GET', `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-24`),
    );
    const platz = belegung.plaetze.find((p) => p.kapazitaet === 1)!;
    const book = (von: string, bis: string) =>
      call(server, booker, 'POST', '/api/leseraum-buchungen', {
        modus: 'stuendlich',
        leseraumId: platz.id,
        von: at('2026-11-24', von).toISOString(),
        bis: at('2026-11-24', bis).toISOString(),
      });

    await setze(booker, 'benutzer', 'BenachrichtigungBuchungsbestaetigung', false);
    const first = await json<TLeseraumBuchung>(await book('10:00', '11:00'));
    expect(await mailsTo(mail, 'leseraum_buchung')).toEqual([]);
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${first.id}/storno`));
    expect(await mailsTo(mail, 'leseraum_buchung')).toHaveLength(1); // the cancellation: its switch is on

    await setze(booker, 'benutzer', 'BenachrichtigungStornierung', false);
    await setze(booker, 'benutzer', 'BenachrichtigungBuchungsbestaetigung', null); // back to the default: on
    const second = await json<TLeseraumBuchung>(await book('12:00', '13:00'));
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${second.id}/storno`));
    const subjects = (await mailsTo(mail, 'leseraum_buchung')).map((m) => m.subject);
    expect(subjects).toHaveLength(2); // + the hold, no second cancellation
    await setze(booker, 'benutzer', 'BenachrichtigungStornierung', null);
  });

  it("the tenant's vehicle booking switch stops the booking mail; the change mail still goes while its switch is on", async () => {
    const admin = await signInAs(server, musterstadt.benutzer.admin);
    const mail = 'mitarbeiter@musterstadt.example';
    const booker = await signInAs(server, musterstadt.benutzer.mitarbeiter);
    const von = at('2026-11-26', '09:00').toISOString();
    const bis = at('2026-11-26', '11:00').toISOString();
    const [fahrzeug] = await json<{ id: string }[]>(
      await call(
        server,
        booker,
        'GET',
        `/api/fahrzeuge?von=${encodeURIComponent(von)}&bis=${encodeURIComponent(bis)}&nurFrei=true`,
      ),
    );
    await setze(admin, 'mandant', 'FahrzeugMailBuchungSenden', false);
    try {
      const buchung = await json<{ id: string }>(
        await call(server, booker, 'POST', '/api/fahrzeug-buchungen', { fahrzeugId: fahrzeug!.id, von, bis }),
      );
      expect(await mailsTo(mail, 'fahrzeug_buchung')).toEqual([]);
      await json(
        await call(server, booker, 'PUT', `/api/fahrzeug-buchungen/${buchung.id}`, {
          fahrzeugId: fahrzeug!.id,
          von,
          bis: at('2026-11-26', '12:00').toISOString(),
        }),
      );
      expect(await mailsTo(mail, 'fahrzeug_buchung')).toHaveLength(1);
    } finally {
      await setze(admin, 'mandant', 'FahrzeugMailBuchungSenden', null);
    }
  });
});
