import type { TMeinSpind, TSpindbank } from '@stellwerk/domain/leseraum/spind/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};
const TAG_MS = 86_400_000;
const morgen = addCalendarDays(berlinDateKey(new Date()), 1);

/**
 * The fleet tenant (lockers off until the platform administrator switches them on) with one location, its
 * administrator (who keeps the lockers), an employee and the platform administrator; the library (lockers off)
 * with a reader.
 */
const mandanten = async (server: TestServer) => ({
  ms: await fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    features: { FahrzeugBuchung: true, Leseraum: true, Officelocker: false },
    einstellungen: { Sprache: 'de' },
    standorte: { rathaus: { name: 'Verwaltung Rathausplatz', bundesland: 'NW' } },
    rollen: { Mitarbeiter: ['fahrzeug_buchen'], Administration: PERMISSION_NAMES },
    benutzer: {
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'] },
      plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true, Officelocker: false },
    benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
  }),
});

describe.each(testDrivers())('office lockers on %s', (driver) => {
  let server: TestServer;
  let versatz = 0;
  let raum: string;
  let mitarbeiter: string;
  let fremd: string;
  let mandantId: string;
  let standortId: string;
  let bank: TSpindbank;

  let platform: string;
  let personId: string;
  const schalte = async (aktiv: boolean) => {
    const r = await call(server, platform, 'PUT', `/api/admin/mandanten/${mandantId}/features`, {
      FahrzeugBuchung: true,
      Leseraum: true,
      Arbeitswelt: false,
      Officelocker: aktiv,
      Chatbot: false,
    });
    expect(r.status).toBe(200);
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => new Date(Date.now() + versatz), seed: false });
    const { ms, bh } = await mandanten(server);
    platform = await signInAs(server, ms.benutzer.plattform);
    [raum, mitarbeiter, fremd] = await Promise.all([
      signInAs(server, ms.benutzer.admin),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.mitarbeiter),
    ]);
    mandantId = ms.id;
    standortId = ms.standorte.rathaus;
    personId = ms.benutzer.mitarbeiter.id;
  });
  afterAll(async () => server?.close());

  it('answers 404 on every locker operation while the switch is off', async () => {
    await schalte(false);
    expect((await call(server, mitarbeiter, 'GET', '/api/mein-spind')).status).toBe(404);
    await schalte(true);
  });

  it('lets only the place keepers create a bank; a user gets 403', async () => {
    const verboten = await call(server, mitarbeiter, 'POST', '/api/spindbanken', { standortId, name: 'X' });
    expect(verboten.status).toBe(403);
    const r = await call(server, raum, 'POST', '/api/spindbanken', {
      standortId,
      name: 'Foyer',
      anzahl: 1,
      groesse: 'M',
    });
    expect(r.status).toBe(201);
    bank = (await r.json()) as TSpindbank;
    expect(bank.spinde.map((s) => s.nummer)).toEqual(['1']);
  });

  it('imports a CSV all or nothing and names every bad line', async () => {
    const schlecht = await call(server, raum, 'POST', `/api/spindbanken/${bank.id}/import`, {
      csv: 'nummer;groesse;barrierefrei;ausser_betrieb\n2;M;ja;nein\n1;M;nein;nein\n3;XL;nein;nein',
    });
    expect(schlecht.status).toBe(400);
    const fehler = await errorOf(schlecht);
    expect(fehler.code).toBe('spind.csv_fehler');
    expect(fehler.message).toContain('Zeile 3: Nummer 1 kommt doppelt vor.');
    expect(fehler.message).toContain('Zeile 4: Größe muss S, M oder L sein.');
    const banken = await json<TSpindbank[]>(await call(server, raum, 'GET', '/api/spindbanken'));
    expect(banken.find((b) => b.id === bank.id)?.spinde).toHaveLength(1);
    const gut = await call(server, raum, 'POST', `/api/spindbanken/${bank.id}/import`, {
      csv: 'nummer;groesse;barrierefrei;ausser_betrieb\n2;L;ja;nein\n3;S;nein;ja',
    });
    expect(await json(gut)).toEqual({ angelegt: 2 });
  });

  it('another tenant (switch off there) gets 404, not the banks of this tenant', async () => {
    await expect(json<TSpindbank[]>(await call(server, fremd, 'GET', '/api/spindbanken'))).rejects.toThrow(
      /404/,
    );
  });

  it('books exactly one locker under 20 parallel requests for the only free M-or-larger lockers', async () => {
    // the PIN lock adapter (decision 223); the default is the number only
    expect(
      (await call(server, raum, 'PUT', '/api/customizing/mandant/SpindSchloss', { value: 'pin' })).status,
    ).toBe(200);
    const antworten = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(server, mitarbeiter, 'POST', '/api/spind-buchungen', { tag: morgen, standortId, groesse: 'L' }),
      ),
    );
    const status = antworten.map((r) => r.status).sort();
    expect(status.filter((s) => s === 201)).toHaveLength(1);
    expect(status.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
  });

  it('shows the PIN only to its owner and only on its day, never in the facility list or the outbox', async () => {
    const meine = await json<TMeinSpind[]>(await call(server, mitarbeiter, 'GET', '/api/mein-spind'));
    expect(meine).toHaveLength(1);
    expect(meine[0]!.nummer).toBe('2');
    expect(meine[0]!.pin).toBeNull(); // tomorrow's booking: not yet
    versatz = new Date(meine[0]!.von).getTime() - Date.now() + 60_000;
    const heute = await json<TMeinSpind[]>(await call(server, mitarbeiter, 'GET', '/api/mein-spind'));
    expect(heute[0]!.pin).toMatch(/^[0-9]{6}$/);
    const pin = heute[0]!.pin!;
    expect(await json<TMeinSpind[]>(await call(server, raum, 'GET', '/api/mein-spind'))).toEqual([]);
    // after the day: on the facility list, without its PIN, and not free until cleared
    versatz = new Date(meine[0]!.bis).getTime() - Date.now() + TAG_MS / 2;
    const liste = await json<TMeinSpind[]>(await call(server, raum, 'GET', '/api/spinde-zu-raeumen'));
    expect(liste.map((l) => l.nummer)).toEqual(['2']);
    expect(JSON.stringify(liste)).not.toContain(pin);
    const mails = await server.database.db.select().from(mailOutbox);
    expect(JSON.stringify(mails)).not.toContain(pin);
    expect((await call(server, mitarbeiter, 'GET', '/api/spinde-zu-raeumen')).status).toBe(403);
    expect((await call(server, raum, 'POST', `/api/spinde-zu-raeumen/${liste[0]!.buchungId}`)).status).toBe(
      204,
    );
    expect(await json<TMeinSpind[]>(await call(server, raum, 'GET', '/api/spinde-zu-raeumen'))).toEqual([]);
    versatz = 0;
  });

  it('gives back an own day locker: free at once before it begins, ended and on the facility list after; not a locker of someone else or an assignment', async () => {
    const tag = addCalendarDays(morgen, 1);
    const buche = () =>
      call(server, mitarbeiter, 'POST', '/api/spind-buchungen', { tag, standortId, groesse: 'L' });
    const erste = await json<{ id: string }>(await buche());
    expect((await call(server, raum, 'DELETE', `/api/mein-spind/${erste.id}`)).status).toBe(404);
    expect((await call(server, mitarbeiter, 'DELETE', `/api/mein-spind/${erste.id}`)).status).toBe(204);
    const meine = await json<TMeinSpind[]>(await call(server, mitarbeiter, 'GET', '/api/mein-spind'));
    expect(meine.map((m) => m.buchungId)).not.toContain(erste.id);
    // free at once: the same day can be booked again
    const zweite = await json<{ id: string; von: string }>(await buche());
    // begun: it ends now and waits to be emptied
    versatz = new Date(zweite.von).getTime() - Date.now() + 60_000;
    expect((await call(server, mitarbeiter, 'DELETE', `/api/mein-spind/${zweite.id}`)).status).toBe(204);
    versatz += 60_000;
    const liste = await json<TMeinSpind[]>(await call(server, raum, 'GET', '/api/spinde-zu-raeumen'));
    expect(liste.map((l) => l.buchungId)).toContain(zweite.id);
    expect((await call(server, raum, 'POST', `/api/spinde-zu-raeumen/${zweite.id}`)).status).toBe(204);
    versatz = 0;
    // a permanent assignment is ended by the administration, not given back
    const zuweisung = await call(server, raum, 'POST', '/api/spind-zuweisungen', {
      spindId: bank.spinde[0]!.id,
      benutzerId: personId,
      bis: new Date(Date.now() + 30 * TAG_MS).toISOString(),
    });
    expect(zuweisung.status).toBe(201);
    const { id } = (await zuweisung.json()) as { id: string };
    const abgelehnt = await call(server, mitarbeiter, 'DELETE', `/api/mein-spind/${id}`);
    expect(abgelehnt.status).toBe(409);
    expect((await errorOf(abgelehnt)).code).toBe('spind.storno_nur_tagesspind');
  });
});
