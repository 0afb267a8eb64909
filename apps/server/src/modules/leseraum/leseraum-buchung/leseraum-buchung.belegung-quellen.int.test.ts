/**
 * Every writer of what the seat map answers drops the kept map in its own transaction (decision 273), on both
 * databases: for each, the map is read (and kept), the write is made through the API or by the job as the app runs
 * it, and the map read again at once shows the change — no wait for the 30 s age. The booking steps themselves
 * (made, confirmed, checked in, cancelled), a place deactivated and equipment renamed are in
 * `leseraum-buchung.belegung-cache.int.test.ts`. Decision 273 lists every writer and its event.
 */
import type { TBelegung, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import type { FixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { createJobRunner } from '../../../jobs/scheduler.ts';
import { leseraumBuchungJobs } from './leseraum-buchung.jobs.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin; the tests move this clock. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);
/** The day most tests look at: Tuesday 24.11.2026. */
const TAG = '2026-11-24';

const PLAN_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 600"><rect width="1000" height="600" fill="#fff"/></svg>';

const PLAETZE = Array.from({ length: 8 }, (_, i) => `Platz ${String(i + 1).padStart(2, '0')}`);

/**
 * The library: one reading room of eight places, open Monday to Friday 08–18, past bookings anonymised after
 * seven days, the first place's holds confirmed by staff; two readers, helpers (whose flags the test sets through
 * the administration), a person with an own place, a person to be erased and the administrator.
 */
const bibliothek = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Sitzplanhausen',
    domain: 'sitzplanhausen.example',
    einstellungen: { DatenschutzAnonymisierungTage: '7' },
    standorte: { haus: { name: 'Zentralbibliothek' } },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: {
      leser: { vorname: 'Anna', nachname: 'Schulz' },
      nachbar: { vorname: 'Jonas', nachname: 'Weber' },
      helferin: { vorname: 'Petra', nachname: 'Lange' },
      eigner: { vorname: 'Karl', nachname: 'Busch' },
      geloescht: { vorname: 'Eva', nachname: 'Roth' },
      ersthelferin: { vorname: 'Maria', nachname: 'Koch' },
      admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] },
    },
    grundrisse: {
      lesesaal: {
        standort: 'haus',
        bezeichnung: 'Lesesaal',
        // the first place's holds wait for booking staff (decision 044)
        plaetze: PLAETZE.map((bezeichnung, i) =>
          i === 0 ? { bezeichnung, bestaetigungDurchPersonal: true } : bezeichnung,
        ),
      },
    },
  });

/** A small tenant the platform administrator deletes, with a plan and a reader. */
const zweigstelle = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Zweigstelle Sitzplandorf',
    domain: 'sitzplandorf.example',
    standorte: { dorf: { name: 'Dorfbücherei' } },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: {
      leser: { vorname: 'Lina', nachname: 'Berg' },
      admin: { vorname: 'Ole', nachname: 'Brandt', rollen: ['Administration'] },
    },
    grundrisse: { stube: { standort: 'dorf', bezeichnung: 'Lesestube', plaetze: ['Platz 01', 'Platz 02'] } },
  });

describe.each(testDrivers())('every writer of the seat map drops the kept map at once on %s', (driver) => {
  let server: TestServer;
  let clock = MONDAY_7;
  let bh: FixtureMandant;
  let zw: FixtureMandant;
  let leser: string;
  let nachbar: string;
  let admin: string;
  let plattform: string;

  const planId = () => bh.grundrisse.lesesaal!.id;
  const karte = async (cookie: string, tag = TAG, id = planId()) =>
    json<TBelegung>(await call(server, cookie, 'GET', `/api/grundrisse/${id}/belegung?tag=${tag}`));
  const platz = (b: TBelegung, name: string) => b.plaetze.find((p) => p.bezeichnung === name)!;
  const platzId = (name: string) => bh.grundrisse.lesesaal!.plaetze.find((p) => p.bezeichnung === name)!.id;
  const buche = async (cookie: string, name: string, tag = TAG) =>
    json<TLeseraumBuchung>(
      await call(server, cookie, 'POST', '/api/leseraum-buchungen', {
        modus: 'ganztags',
        leseraumId: platzId(name),
        tag,
      }),
    );
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response;
  };
  const alsHelfer = (benutzerId: string, flags: { ersthelfer?: boolean; brandschutzhelfer?: boolean }) =>
    call(server, admin, 'PUT', `/api/admin/benutzer/${benutzerId}/leseraum`, {
      ersthelfer: flags.ersthelfer ?? false,
      brandschutzhelfer: flags.brandschutzhelfer ?? false,
      eigenerPlatzId: null,
    });
  const jobs = (name: string) =>
    leseraumBuchungJobs({ publicUrl: server.baseUrl }).filter((j) => j.name === `leseraum_buchung.${name}`);
  /** The job once for every tenant, as the scheduler runs it (its own transaction per tenant). */
  const lauf = async (name: string) => {
    const [outcome] = await createJobRunner({ database: server.database }).runAll(jobs(name), clock);
    for (const t of outcome!.tenants ?? []) expect(t.error).toBeUndefined();
    return outcome!.tenants!.find((t) => t.mandantId === bh.id)!.result;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => clock });
    bh = await bibliothek(server);
    zw = await zweigstelle(server);
    const pf = await fixtureMandant(server.database, {
      name: 'Plattformbetrieb',
      domain: 'plattform-sitzplan.example',
      benutzer: { plattform: { vorname: 'Rita', nachname: 'Vogel', plattformAdmin: true } },
    });
    [leser, nachbar, admin, plattform] = await Promise.all([
      signInAs(server, bh.benutzer.leser!),
      signInAs(server, bh.benutzer.nachbar!),
      signInAs(server, bh.benutzer.admin!),
      signInAs(server, pf.benutzer.plattform!),
    ]);
  });
  beforeEach(() => {
    clock = MONDAY_7;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the location’s name, the plan’s name, description and drawing show at once', async () => {
    const vorher = await karte(leser);
    expect(vorher.grundriss.standort?.name).toBe('Zentralbibliothek');
    expect(vorher.grundriss.planUrl).toBeNull();

    await ok(
      await call(server, admin, 'PUT', `/api/admin/standorte/${bh.standorte.haus}`, {
        name: 'Stadtbibliothek am Markt',
      }),
    );
    expect((await karte(leser)).grundriss.standort).toEqual({
      id: bh.standorte.haus,
      name: 'Stadtbibliothek am Markt',
    });

    await ok(
      await call(server, admin, 'PUT', `/api/admin/raeume/grundrisse/${planId()}`, {
        bezeichnung: 'Großer Lesesaal',
        beschreibung: 'Ruhezone',
      }),
    );
    expect((await karte(leser)).grundriss).toMatchObject({
      bezeichnung: 'Großer Lesesaal',
      beschreibung: 'Ruhezone',
    });

    const form = new FormData();
    form.append('file', new Blob([PLAN_SVG], { type: 'image/svg+xml' }), 'lesesaal.svg');
    await ok(
      await fetch(`${server.baseUrl}/api/admin/raeume/grundrisse/${planId()}/plan`, {
        method: 'POST',
        headers: { origin: server.baseUrl, cookie: admin },
        body: form,
      }),
    );
    expect((await karte(leser)).grundriss.planUrl).toMatch(/^\/api\/dateien\//);
  });

  it('a place created, changed, moved and removed, and its equipment, show at once', async () => {
    await karte(leser);
    const neu = await json<{ id: string }>(
      await ok(
        await call(server, admin, 'POST', `/api/admin/raeume/grundrisse/${planId()}/plaetze`, {
          bezeichnung: 'Platz 09',
          position: { x: 10, y: 20 },
        }),
        201,
      ),
    );
    expect(platz(await karte(leser), 'Platz 09')).toMatchObject({ id: neu.id, position: { x: 10, y: 20 } });

    await ok(
      await call(server, admin, 'PUT', `/api/admin/raeume/plaetze/${neu.id}/position`, {
        position: { x: 300, y: 40 },
      }),
    );
    expect(platz(await karte(leser), 'Platz 09').position).toEqual({ x: 300, y: 40 });

    const lampe = await json<{ id: string }>(
      await ok(await call(server, admin, 'POST', '/api/admin/ausstattung', { name: 'Leselampe' }), 201),
    );
    await ok(
      await call(server, admin, 'PUT', `/api/admin/raeume/plaetze/${neu.id}`, {
        bezeichnung: 'Platz 09 am Fenster',
        kapazitaet: 2,
        beschreibung: 'Mit Blick auf den Markt',
        bedingungen: 'Nur leise Gespräche',
        brandschutzhelfer: true,
        ausstattung: [{ ausstattungId: lampe.id, anzahl: 2 }],
      }),
    );
    expect(platz(await karte(leser), 'Platz 09 am Fenster')).toMatchObject({
      kapazitaet: 2,
      beschreibung: 'Mit Blick auf den Markt',
      bedingungen: 'Nur leise Gespräche',
      marker: ['brandschutzhelfer'],
      ausstattung: [{ id: lampe.id, name: 'Leselampe', anzahl: 2 }],
    });

    await ok(await call(server, admin, 'DELETE', `/api/admin/raeume/plaetze/${neu.id}`), 204);
    expect((await karte(leser)).plaetze.map((p) => p.id)).not.toContain(neu.id);
  });

  it('the weekly opening hours and a special opening time show at once', async () => {
    expect((await karte(leser)).oeffnung).toEqual({ von: '08:00', bis: '18:00' });
    await ok(
      await call(server, admin, 'PUT', `/api/admin/grundrisse/${planId()}/oeffnungszeiten`, {
        tage: [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({
          wochentag,
          geoeffnet: wochentag >= 1 && wochentag <= 5,
          von: wochentag === 2 ? '09:00' : '08:00',
          bis: wochentag === 2 ? '17:00' : '18:00',
        })),
      }),
    );
    expect((await karte(leser)).oeffnung).toEqual({ von: '09:00', bis: '17:00' });

    const sonder = await json<{ sonderoeffnungszeit: { id: string } }>(
      await ok(
        await call(server, admin, 'POST', `/api/admin/grundrisse/${planId()}/sonderoeffnungszeiten`, {
          gueltigVon: TAG,
          gueltigBis: TAG,
          status: 'offen',
          von: '10:00',
          bis: '12:00',
        }),
        201,
      ),
    );
    expect((await karte(leser)).oeffnung).toEqual({ von: '10:00', bis: '12:00' });
    await ok(
      await call(
        server,
        admin,
        'DELETE',
        `/api/admin/grundrisse/${planId()}/sonderoeffnungszeiten/${sonder.sonderoeffnungszeit.id}`,
      ),
      204,
    );
    expect((await karte(leser)).oeffnung).toEqual({ von: '09:00', bis: '17:00' });
  });

  it('a booking moved to another part of the day shows at once', async () => {
    const tag = '2026-11-25';
    const buchung = await buche(nachbar, 'Platz 08', tag);
    expect(platz(await karte(leser, tag), 'Platz 08').zeiten).toEqual([
      { von: at(tag, '08:00').toISOString(), bis: at(tag, '18:00').toISOString(), status: 'vorgemerkt' },
    ]);
    await ok(
      await call(server, nachbar, 'PUT', `/api/leseraum-buchungen/${buchung.id}`, {
        modus: 'ganztags',
        tag,
        tageszeit: 'nachmittags',
      }),
    );
    // the afternoon begins at noon (rules.ts MITTAG)
    expect(platz(await karte(leser, tag), 'Platz 08').zeiten).toEqual([
      { von: at(tag, '12:00').toISOString(), bis: at(tag, '18:00').toISOString(), status: 'vorgemerkt' },
    ]);
  });

  it('a hold declined by booking staff is free at once', async () => {
    const tag = '2026-11-25';
    const buchung = await buche(nachbar, 'Platz 01', tag);
    expect(buchung.status).toBe('vorgemerkt');
    expect(platz(await karte(leser, tag), 'Platz 01').zustand).toBe('vorgemerkt');
    await ok(
      await call(server, admin, 'POST', `/api/leseraum-buchungen/${buchung.id}/ablehnen`, {
        grund: 'Der Platz wird an diesem Tag gereinigt.',
      }),
    );
    expect(platz(await karte(leser, tag), 'Platz 01')).toMatchObject({ zustand: 'frei', zeiten: [] });
  });

  it('a helper’s flags, their own place and their changed address show at once', async () => {
    const helferin = bh.benutzer.helferin!;
    await buche(await signInAs(server, helferin), 'Platz 02');
    expect(platz(await karte(leser), 'Platz 02').marker).toEqual([]);

    await ok(await alsHelfer(helferin.id, { ersthelfer: true }));
    expect(platz(await karte(leser), 'Platz 02').marker).toEqual(['ersthelfer']);

    await ok(
      await call(server, admin, 'PUT', `/api/admin/benutzer/${helferin.id}/leseraum`, {
        ersthelfer: true,
        brandschutzhelfer: false,
        eigenerPlatzId: platzId('Platz 03'),
      }),
    );
    const mitEigenem = await karte(leser);
    expect(platz(mitEigenem, 'Platz 03')).toMatchObject({ zustand: 'belegt', marker: ['ersthelfer'] });

    // her booking keeps the old address, so it no longer names a helper; her own place still does
    await ok(
      await call(server, admin, 'PUT', `/api/admin/benutzer/${helferin.id}`, {
        vorname: helferin.vorname,
        nachname: helferin.nachname,
        email: 'petra.lange@sitzplanhausen.example',
      }),
    );
    const neu = await karte(leser);
    expect(platz(neu, 'Platz 02').marker).toEqual([]);
    expect(platz(neu, 'Platz 03').marker).toEqual(['ersthelfer']);
  });

  it('a person deleted frees their own place at once', async () => {
    const eigner = bh.benutzer.eigner!;
    await ok(
      await call(server, admin, 'PUT', `/api/admin/benutzer/${eigner.id}/leseraum`, {
        ersthelfer: false,
        brandschutzhelfer: false,
        eigenerPlatzId: platzId('Platz 04'),
      }),
    );
    expect(platz(await karte(leser), 'Platz 04').zustand).toBe('belegt');
    await ok(await call(server, admin, 'DELETE', `/api/admin/benutzer/${eigner.id}`), 204);
    expect(platz(await karte(leser), 'Platz 04').zustand).toBe('frei');
  });

  it('a person erased (GDPR) loses their booking and their helper’s marker at once', async () => {
    const person = bh.benutzer.geloescht!;
    await ok(await alsHelfer(person.id, { brandschutzhelfer: true }));
    await buche(await signInAs(server, person), 'Platz 05');
    expect(platz(await karte(leser), 'Platz 05')).toMatchObject({
      zustand: 'vorgemerkt',
      marker: ['brandschutzhelfer'],
    });
    await ok(await call(server, admin, 'POST', `/api/benutzer/${person.id}/loeschung`));
    expect(platz(await karte(leser), 'Platz 05')).toMatchObject({ zustand: 'frei', marker: [], zeiten: [] });
  });

  it('a hold released by the job as the scheduler runs it is free at once', async () => {
    const tag = '2026-11-26';
    await buche(nachbar, 'Platz 07', tag);
    clock = at(tag, '08:10');
    expect(platz(await karte(leser, tag), 'Platz 07').zustand).toBe('vorgemerkt');
    expect(await lauf('verfall')).toBeGreaterThanOrEqual(1);
    expect(platz(await karte(leser, tag), 'Platz 07')).toMatchObject({ zustand: 'frei', zeiten: [] });
  });

  it('the anonymisation job takes a helper’s marker off a past day at once', async () => {
    const ersthelferin = bh.benutzer.ersthelferin!;
    await ok(await alsHelfer(ersthelferin.id, { ersthelfer: true }));
    const tag = '2026-11-03';
    clock = at('2026-11-02', '07:00');
    await buche(await signInAs(server, ersthelferin), 'Platz 06', tag);
    clock = MONDAY_7;
    expect(platz(await karte(leser, tag), 'Platz 06')).toMatchObject({ marker: ['ersthelfer'] });
    expect(await lauf('anonymisierung')).toMatchObject({ anzahl: 1 });
    const nachher = platz(await karte(leser, tag), 'Platz 06');
    expect(nachher.marker).toEqual([]);
    expect(nachher.zeiten).toHaveLength(1);
  });

  it('a tenant setting the map reads (the days bookable ahead) shows at once', async () => {
    const tag = '2026-11-30';
    // fourteen days by default, today the first of them
    expect(await karte(leser, tag)).toMatchObject({ sperrgrund: null, letzterTag: '2026-12-06' });
    await ok(
      await call(server, admin, 'PUT', '/api/customizing/mandant/LeseraumVorausbuchbareTage', { value: 3 }),
    );
    try {
      const nachher = await karte(leser, tag);
      expect(nachher).toMatchObject({ sperrgrund: 'horizont', letzterTag: '2026-11-25' });
      expect(nachher.plaetze.every((p) => p.zustand === 'geschlossen')).toBe(true);
    } finally {
      await ok(
        await call(server, admin, 'PUT', '/api/customizing/mandant/LeseraumVorausbuchbareTage', {
          value: null,
        }),
      );
    }
    expect(await karte(leser, tag)).toMatchObject({ sperrgrund: null });
  });

  it('the reading room switched off answers 404 at once, and the map again when switched on', async () => {
    await karte(leser);
    const mandanten = await json<{ id: string; features: Record<string, boolean> }[]>(
      await call(server, plattform, 'GET', '/api/admin/mandanten'),
    );
    const features = mandanten.find((m) => m.id === bh.id)!.features;
    expect(features.Leseraum).toBe(true);
    await ok(
      await call(server, plattform, 'PUT', `/api/admin/mandanten/${bh.id}/features`, {
        ...features,
        Leseraum: false,
      }),
    );
    try {
      const aus = await call(server, leser, 'GET', `/api/grundrisse/${planId()}/belegung?tag=${TAG}`);
      expect(aus.status).toBe(404);
    } finally {
      await ok(await call(server, plattform, 'PUT', `/api/admin/mandanten/${bh.id}/features`, features));
    }
    expect((await karte(leser)).plaetze).toHaveLength(PLAETZE.length);
  });

  it('a plan deactivated and then its tenant deleted show at once', async () => {
    const stube = zw.grundrisse.stube!.id;
    const dorfLeser = await signInAs(server, zw.benutzer.leser!);
    const dorfAdmin = await signInAs(server, zw.benutzer.admin!);
    expect((await karte(dorfLeser, TAG, stube)).plaetze.map((p) => p.zustand)).toEqual(['frei', 'frei']);
    await ok(
      await call(server, dorfAdmin, 'PUT', `/api/admin/raeume/grundrisse/${stube}`, {
        bezeichnung: 'Lesestube',
        aktiv: false,
      }),
    );
    expect((await karte(dorfLeser, TAG, stube)).plaetze.map((p) => p.zustand)).toEqual([
      'geschlossen',
      'geschlossen',
    ]);

    await ok(
      await call(server, plattform, 'DELETE', `/api/admin/mandanten/${zw.id}`, { confirmName: zw.name }),
      204,
    );
    // the reader's session may still be known for a moment; the map of a tenant that is gone is not
    const danach = await call(server, dorfLeser, 'GET', `/api/grundrisse/${stube}/belegung?tag=${TAG}`);
    expect([401, 404]).toContain(danach.status);
  });
});
