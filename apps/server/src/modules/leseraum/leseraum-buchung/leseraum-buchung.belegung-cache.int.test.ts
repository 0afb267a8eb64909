/**
 * The seat map's cache (decision 263), on both databases: each change of what the map shows is seen by the next
 * read at once, on a map that was read (and kept) just before — bookings made, cancelled, confirmed, checked in and
 * released by the scheduler, a place deactivated, a special closing day, an equipment renamed; what is the user's
 * own stays theirs on the one kept map; another tenant never gets the map. On PostgreSQL a second instance drops its
 * map when the event of a booking made on the first reaches it, before its pages hear it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TPlatzAdmin } from '@stellwerk/domain/leseraum/admin-raeume.api';
import type {
  TBelegung,
  TGrundrissKurz,
  TLeseraumBuchung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { openEventStream } from '../../../../test/event-stream.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import {
  BIBLIOTHEK_LEUTE,
  BIBLIOTHEK_MANDANT,
  BIBLIOTHEK_ROLLEN,
  lesesaal,
} from '../../../../test/fixtures/leseraum.ts';
import { FREMDER_MANDANT } from '../../../../test/fixtures/fremder-mandant.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { openDatabase } from '../../../db/client.ts';
import { releaseLapsedBuchungen } from './leseraum-buchung.verfall.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 07:00 in Berlin; the tests move this clock. */
const MONDAY_7 = new Date('2026-11-23T07:00:00+01:00');
const at = (day: string, time: string) => new Date(`${day}T${time}:00+01:00`);

/**
 * The library: its reader, booking staff, room care and administrator, and the reading room (open Monday to Friday
 * 08:00–18:00, so a whole day is 08:00 to 18:00) with the ten places the tests book, Platz 01 holding a monitor.
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: {
      mitarbeiter: BIBLIOTHEK_LEUTE.mitarbeiter,
      freigabe: BIBLIOTHEK_LEUTE.freigabe,
      fuhrpark: BIBLIOTHEK_LEUTE.fuhrpark,
      admin: BIBLIOTHEK_LEUTE.admin,
    },
    ausstattung: ['Monitor'],
    grundrisse: { lesesaal: lesesaal(10, { 1: { Monitor: 1 } }) },
  });

/** Another tenant with its administrator. */
const musterstadt = (server: TestServer) => fixtureMandant(server.database, FREMDER_MANDANT);

describe.each(testDrivers())('the kept seat map follows every change on %s', (driver) => {
  let server: TestServer;
  let clock = MONDAY_7;
  let booker: string;
  let other: string;
  let raumpflege: string;
  let fremd: string;
  let admin: string;
  let plan: TGrundrissKurz;
  let mandantId: string;

  const karte = async (cookie: string, tag: string, extra = '') =>
    json<TBelegung>(
      await call(server, cookie, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=${tag}${extra}`),
    );
  const platz = (b: TBelegung, n: number) =>
    b.plaetze.find((p) => p.bezeichnung === `Platz ${String(n).padStart(2, '0')}`)!;
  const buche = async (cookie: string, body: Record<string, unknown>) =>
    json<TLeseraumBuchung>(await call(server, cookie, 'POST', '/api/leseraum-buchungen', body));

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const bh = await beispielhausen(server);
    const ms = await musterstadt(server);
    [booker, other, raumpflege, fremd, admin] = await Promise.all([
      signInAs(server, bh.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.freigabe),
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, ms.benutzer.admin),
      signInAs(server, bh.benutzer.admin),
    ]);
    const plans = await json<TGrundrissKurz[]>(
      await call(server, booker, 'GET', '/api/grundrisse?bereich=leseraum'),
    );
    plan = plans[0]!;
    mandantId = (await json<{ user: { mandantId: string } }>(await call(server, booker, 'GET', '/api/me')))
      .user.mandantId;
  });
  beforeEach(() => {
    clock = MONDAY_7;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a booking made, confirmed, checked in and cancelled shows at once, as each user’s own or as taken', async () => {
    const tag = '2026-11-24';
    const vorher = await karte(booker, tag);
    await karte(other, tag);
    expect(platz(vorher, 3).zustand).toBe('frei');
    const buchung = await buche(booker, { modus: 'ganztags', leseraumId: platz(vorher, 3).id, tag });
    // one kept map, two users: the booker's own hold, held to the other
    expect(platz(await karte(booker, tag), 3).zustand).toBe('eigene_vormerkung');
    expect(platz(await karte(other, tag), 3).zustand).toBe('vorgemerkt');
    expect(platz(await karte(other, tag), 3).zeiten).toEqual([
      { von: at(tag, '08:00').toISOString(), bis: at(tag, '18:00').toISOString(), status: 'vorgemerkt' },
    ]);
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${buchung.id}/bestaetigen`));
    expect(platz(await karte(booker, tag), 3).zustand).toBe('eigene_reservierung');
    expect(platz(await karte(other, tag), 3)).toMatchObject({ zustand: 'belegt' });
    expect(platz(await karte(other, tag), 3).zeiten[0]!.status).toBe('reserviert');
    clock = at(tag, '07:50');
    await json(await call(server, booker, 'POST', `/api/leseraum-buchungen/${buchung.id}/check-in`));
    expect(platz(await karte(other, tag), 3).zeiten[0]!.status).toBe('durchgeführt');

    const zweite = await buche(other, {
      modus: 'ganztags',
      leseraumId: platz(vorher, 4).id,
      tag: '2026-11-25',
    });
    expect(platz(await karte(booker, '2026-11-25'), 4).zustand).toBe('vorgemerkt');
    await json(await call(server, other, 'POST', `/api/leseraum-buchungen/${zweite.id}/storno`));
    expect(platz(await karte(booker, '2026-11-25'), 4)).toMatchObject({ zustand: 'frei', zeiten: [] });
  });

  it('a hold released by the scheduler at its start is free again at once', async () => {
    const tag = '2026-11-26';
    const vorher = await karte(other, tag);
    await buche(booker, { modus: 'ganztags', leseraumId: platz(vorher, 6).id, tag });
    clock = at(tag, '08:10');
    expect(platz(await karte(other, tag), 6).zustand).toBe('vorgemerkt');
    const freigegeben = await server.database.withTenant(mandantId, (tx) =>
      releaseLapsedBuchungen(tx, { publicUrl: server.baseUrl }, { mandantId, now: clock }),
    );
    expect(freigegeben).toBeGreaterThanOrEqual(1);
    expect(platz(await karte(other, tag), 6)).toMatchObject({ zustand: 'frei', zeiten: [] });
  });

  it('a place deactivated, an equipment renamed and a special closing day show at once', async () => {
    const tag = '2026-11-27';
    const vorher = await karte(booker, tag);
    const plaetze = await json<TPlatzAdmin[]>(
      await call(server, raumpflege, 'GET', `/api/admin/raeume/grundrisse/${plan.id}/plaetze`),
    );
    const acht = plaetze.find((p) => p.bezeichnung === 'Platz 08')!;
    await json(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/plaetze/${acht.id}`, {
        bezeichnung: acht.bezeichnung,
        aktiv: false,
        confirmCancel: true,
      }),
    );
    expect(platz(await karte(booker, tag), 8).zustand).toBe('geschlossen');

    const monitor = platz(vorher, 1).ausstattung.find((a) => a.name === 'Monitor')!;
    await json(
      await call(server, raumpflege, 'PUT', `/api/admin/ausstattung/${monitor.id}`, { name: 'Bildschirm' }),
    );
    expect(platz(await karte(booker, tag), 1).ausstattung.map((a) => a.name)).toContain('Bildschirm');

    const geschlossen = await call(
      server,
      admin,
      'POST',
      `/api/admin/grundrisse/${plan.id}/sonderoeffnungszeiten`,
      {
        gueltigVon: tag,
        gueltigBis: tag,
        status: 'geschlossen',
      },
    );
    expect(geschlossen.status, await geschlossen.clone().text()).toBe(201);
    const zu = await karte(booker, tag);
    expect(zu.oeffnung).toBeNull();
    expect(zu.plaetze.every((p) => p.zustand === 'geschlossen')).toBe(true);
  });

  it('another tenant never gets the kept map', async () => {
    await karte(booker, '2026-11-24');
    const response = await call(server, fremd, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=2026-11-24`);
    expect(response.status).toBe(404);
  });
});

/**
 * Two instances on one PostgreSQL (decision 243): B keeps the map, a booking is made on A; B drops its map when the
 * event reaches it, before it tells its pages, so the page's reading after the event sees the booking.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the kept seat map of a second instance', () => {
  let a: TestServer;
  let b: TestServer;
  let dataDirB: string;
  let bh: Awaited<ReturnType<typeof beispielhausen>>;

  beforeAll(async () => {
    const now = () => MONDAY_7;
    a = await startTestServer({ driver: 'pg', now, seed: false });
    bh = await beispielhausen(a);
    dataDirB = mkdtempSync(path.join(tmpdir(), 'stellwerk-instanz-b-'));
    const databaseB = await openDatabase({ databaseUrl: a.databaseUrl, dataDir: dataDirB });
    b = await startTestServer({
      driver: 'pg',
      now,
      database: {
        database: databaseB,
        dataDir: dataDirB,
        databaseUrl: a.databaseUrl,
        close: () => databaseB.close(),
      },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    if (dataDirB) rmSync(dataDirB, { recursive: true, force: true });
  });

  it('a booking on A reaches B’s kept map with its event', async () => {
    const booker = await signInAs(a, bh.benutzer.mitarbeiter);
    const other = await signInAs(b, bh.benutzer.freigabe);
    const [plan] = await json<TGrundrissKurz[]>(
      await call(b, other, 'GET', '/api/grundrisse?bereich=leseraum'),
    );
    const pfad = `/api/grundrisse/${plan!.id}/belegung?tag=2026-11-24`;
    const vorher = await json<TBelegung>(await call(b, other, 'GET', pfad));
    const zehn = vorher.plaetze.find((p) => p.bezeichnung === 'Platz 10')!;
    expect(zehn.zustand).toBe('frei');
    const seite = await openEventStream(`${b.baseUrl}/api/events`, other);
    try {
      expect(seite.status).toBe(200);
      const buchung = await json<TLeseraumBuchung>(
        await call(a, booker, 'POST', '/api/leseraum-buchungen', {
          modus: 'ganztags',
          leseraumId: zehn.id,
          tag: '2026-11-24',
        }),
      );
      // the booker reads on A at once; the other's page on B reads when it hears the event
      const aufA = await json<TBelegung>(await call(a, booker, 'GET', pfad));
      expect(aufA.plaetze.find((p) => p.id === zehn.id)!.zustand).toBe('eigene_vormerkung');
      await seite.waitFor((e) => {
        const ev = e as { type?: string; id?: string };
        return (
          (ev.type === 'leseraum_buchung' && ev.id === buchung.id) ||
          (ev.type === 'leseraum_belegung' && ev.id === plan!.id)
        );
      });
      const aufB = await json<TBelegung>(await call(b, other, 'GET', pfad));
      expect(aufB.plaetze.find((p) => p.id === zehn.id)!.zustand).toBe('vorgemerkt');
    } finally {
      seite.close();
    }
  });
});
