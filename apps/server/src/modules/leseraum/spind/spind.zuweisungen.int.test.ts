import type { TGrundrissKurz } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type {
  TMeinSpind,
  TSpindbank,
  TSpindbankAufPlan,
  TSpindZuweisungEintrag,
} from '@stellwerk/domain/leseraum/spind/api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { importiereSpinde, legeSpindbankAn } from './spind.banken.ts';
import { weiseSpindZu } from './spind.buchen.ts';
import { raeumeSpind, zuRaeumendeSpinde } from './spind.mein.ts';
import { aendereSpind, aendereSpindbank } from './spind.pflege.ts';
import { spindBuchung } from './spind.table.ts';
import { beendeSpindZuweisung, listeZuweisungen } from './spind.zuweisungen.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

/** Monday 23.11.2026, 09:00 in Berlin; the tests move this clock. */
const START = new Date('2026-11-23T09:00:00+01:00');

/**
 * The fleet tenant (lockers off until the platform administrator switches them on) with one location and its
 * reading room, its administrator, an employee and the platform administrator; the library's administrator.
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
    grundrisse: {
      lernraum: { standort: 'rathaus', bezeichnung: 'Lernraum Verwaltung', plaetze: ['Platz 1', 'Platz 2'] },
    },
  }),
  bh: await fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false, Leseraum: true },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  }),
});

describe.each(testDrivers())('permanent locker assignments on %s', (driver) => {
  let server: TestServer;
  let clock = START;
  let admin: string;
  let mitarbeiter: string;
  let fremd: string;
  let mandantId: string;
  let mitarbeiterId: string;
  let standortId: string;
  let foyer: TSpindbank;
  let keller: TSpindbank;

  const zuweisungen = (cookie: string, query = '') =>
    call(server, cookie, 'GET', `/api/spind-zuweisungen${query}`);
  const audit = async (id: string) =>
    (await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map((a) => a.action);

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => clock, seed: false });
    const { ms, bh } = await mandanten(server);
    const platform = await signInAs(server, ms.benutzer.plattform);
    [admin, mitarbeiter, fremd] = await Promise.all([
      signInAs(server, ms.benutzer.admin),
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, bh.benutzer.admin),
    ]);
    mandantId = ms.id;
    mitarbeiterId = ms.benutzer.mitarbeiter.id;
    standortId = ms.standorte.rathaus;
    expect(
      (
        await call(server, platform, 'PUT', `/api/admin/mandanten/${mandantId}/features`, {
          FahrzeugBuchung: true,
          Leseraum: true,
          Arbeitswelt: false,
          Officelocker: true,
          Chatbot: false,
        })
      ).status,
    ).toBe(200);
    const bank = async (name: string) =>
      json<TSpindbank>(
        await call(server, admin, 'POST', '/api/spindbanken', { standortId, name, anzahl: 3, groesse: 'M' }),
      );
    foyer = await bank('Foyer');
    keller = await bank('Keller');
  });
  afterAll(async () => server?.close());

  it('lists current and coming assignments by bank and location, audited when set; a user gets 403', async () => {
    const zugewiesen = await json<{ id: string }>(
      await call(server, admin, 'POST', '/api/spind-zuweisungen', {
        spindId: foyer.spinde[0]!.id,
        benutzerId: mitarbeiterId,
        bis: '2027-01-31T17:00:00+01:00',
      }),
    );
    expect(await audit(zugewiesen.id)).toEqual(['create']);
    const alle = await json<TSpindZuweisungEintrag[]>(await zuweisungen(admin));
    expect(alle).toEqual([
      expect.objectContaining({
        id: zugewiesen.id,
        nummer: '1',
        bank: 'Foyer',
        bankId: foyer.id,
        standortId,
        benutzerId: mitarbeiterId,
        stand: 'laufend',
        bis: new Date('2027-01-31T17:00:00+01:00').toISOString(),
      }),
    ]);
    expect(alle[0]!.benutzer).not.toBe('');
    expect(await json(await zuweisungen(admin, `?bankId=${foyer.id}`))).toHaveLength(1);
    expect(await json(await zuweisungen(admin, `?bankId=${keller.id}`))).toEqual([]);
    expect(await json(await zuweisungen(admin, `?standortId=${standortId}`))).toHaveLength(1);
    expect((await zuweisungen(admin, '?bankId=kein-uuid')).status).toBe(400);
    expect((await zuweisungen(mitarbeiter)).status).toBe(403);
    expect(
      (await call(server, mitarbeiter, 'DELETE', `/api/spind-zuweisungen/${zugewiesen.id}`)).status,
    ).toBe(403);
    // another tenant (switch off there) sees nothing of this one
    expect((await zuweisungen(fremd)).status).toBe(404);
  });

  it('ends a running assignment now: gone from the list, on the facility list until cleared, audited; twice is 409', async () => {
    const [eintrag] = await json<TSpindZuweisungEintrag[]>(await zuweisungen(admin));
    clock = new Date('2026-11-24T10:00:00+01:00');
    const r = await call(server, admin, 'DELETE', `/api/spind-zuweisungen/${eintrag!.id}`);
    expect(r.status).toBe(204);
    const [zeile] = await server.database.db
      .select()
      .from(spindBuchung)
      .where(eq(spindBuchung.id, eintrag!.id));
    expect(zeile).toMatchObject({ status: 'gebucht', leerung: 'offen' });
    expect(zeile!.bis.toISOString()).toBe(clock.toISOString());
    expect(await json(await zuweisungen(admin))).toEqual([]);
    // the normal emptying rule: held until emptied, on the facility list after its end
    clock = new Date('2026-11-24T10:01:00+01:00');
    const zuRaeumen = await json<TMeinSpind[]>(await call(server, admin, 'GET', '/api/spinde-zu-raeumen'));
    expect(zuRaeumen.map((z) => z.buchungId)).toContain(eintrag!.id);
    const frei = await json<{ spindId: string }[]>(
      await call(server, mitarbeiter, 'GET', `/api/spinde-frei?tag=2026-11-25&standortId=${standortId}`),
    );
    expect(frei.map((f) => f.spindId)).not.toContain(eintrag!.spindId);
    expect(await audit(eintrag!.id)).toEqual(expect.arrayContaining(['create', 'update']));
    const nochmal = await call(server, admin, 'DELETE', `/api/spind-zuweisungen/${eintrag!.id}`);
    expect(nochmal.status).toBe(409);
    expect((await errorOf(nochmal)).code).toBe('spind.zuweisung_vorbei');
    expect(
      (await call(server, admin, 'DELETE', '/api/spind-zuweisungen/00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);
  });

  it('cancels an assignment that has not begun: free at once, audited as cancelled', async () => {
    const [kommend] = await server.database.db
      .insert(spindBuchung)
      .values({
        mandantId,
        spindId: keller.spinde[1]!.id,
        benutzerId: mitarbeiterId,
        art: 'dauer',
        von: new Date('2026-12-01T08:00:00+01:00'),
        bis: new Date('2027-03-01T08:00:00+01:00'),
      })
      .returning();
    const liste = await json<TSpindZuweisungEintrag[]>(await zuweisungen(admin, `?bankId=${keller.id}`));
    expect(liste).toEqual([expect.objectContaining({ id: kommend!.id, stand: 'kommend' })]);
    expect((await call(server, admin, 'DELETE', `/api/spind-zuweisungen/${kommend!.id}`)).status).toBe(204);
    const [zeile] = await server.database.db
      .select()
      .from(spindBuchung)
      .where(eq(spindBuchung.id, kommend!.id));
    expect(zeile!.status).toBe('storniert');
    const frei = await json<{ spindId: string }[]>(
      await call(server, mitarbeiter, 'GET', `/api/spinde-frei?tag=2026-12-02&standortId=${standortId}`),
    );
    expect(frei.map((f) => f.spindId)).toContain(keller.spinde[1]!.id);
    expect(await audit(kommend!.id)).toEqual(['cancel']);
  });

  it('a day locker is not an assignment: 404', async () => {
    const tag = await json<{ id: string }>(
      await call(server, mitarbeiter, 'POST', '/api/spind-buchungen', {
        tag: '2026-11-26',
        standortId,
        groesse: 'M',
      }),
    );
    expect((await call(server, admin, 'DELETE', `/api/spind-zuweisungen/${tag.id}`)).status).toBe(404);
    const [zeile] = await server.database.db
      .select()
      .from(spindBuchung)
      .where(and(eq(spindBuchung.id, tag.id), eq(spindBuchung.status, 'gebucht')));
    expect(zeile).toBeDefined();
  });

  it('every administrative locker operation checks the right itself, not only its route', async () => {
    const ohneRecht: SessionUser = {
      benutzerId: mitarbeiterId,
      mandantId,
      email: 'mitarbeiter@musterstadt.example',
      language: 'de',
      isPlatformAdmin: false,
      permissions: new Set(),
      standortGrenzen: {},
      authUserId: 'x',
      sessionId: 'x',
      zweiFaktor: { mussEinrichten: false } as SessionUser['zweiFaktor'],
    };
    const deps = { database: server.database, now: () => clock };
    const id = foyer.spinde[2]!.id;
    const versuche: (() => Promise<unknown>)[] = [
      () => listeZuweisungen(deps, ohneRecht, {}),
      () => beendeSpindZuweisung(deps, ohneRecht, id),
      () =>
        weiseSpindZu(deps, ohneRecht, {
          spindId: id,
          benutzerId: mitarbeiterId,
          bis: new Date('2027-01-01'),
        }),
      () => legeSpindbankAn(deps, ohneRecht, { standortId, name: 'Heimlich', ort: null, anzahl: 1 }),
      () =>
        importiereSpinde(
          deps,
          ohneRecht,
          foyer.id,
          'nummer;groesse;barrierefrei;ausser_betrieb\n9;M;nein;nein',
        ),
      () => aendereSpindbank(deps, ohneRecht, foyer.id, { name: 'Umbenannt' }),
      () => aendereSpind(deps, ohneRecht, id, { ausserBetrieb: true }),
      () => zuRaeumendeSpinde(deps, ohneRecht),
      () => raeumeSpind(deps, ohneRecht, id),
    ];
    for (const versuch of versuche)
      await expect((async () => versuch())()).rejects.toMatchObject({ code: 'auth.forbidden' });
    const banken = await json<TSpindbank[]>(await call(server, admin, 'GET', '/api/spindbanken'));
    expect(banken.map((b) => b.name).sort()).toEqual(['Foyer', 'Keller']);
  });

  it('the seat map gets the banks drawn on its plan with their free, held and out-of-service counts', async () => {
    const plan = (
      await json<TGrundrissKurz[]>(await call(server, mitarbeiter, 'GET', '/api/grundrisse?bereich=leseraum'))
    )[0]!;
    await json(
      await call(server, admin, 'PATCH', `/api/spindbanken/${keller.id}`, {
        ort: { grundrissId: plan.id, x: 40, y: 60 },
      }),
    );
    await json(
      await call(server, admin, 'PATCH', `/api/spinde/${keller.spinde[2]!.id}`, { ausserBetrieb: true }),
    );
    const aufPlan = async (tag: string) =>
      json<TSpindbankAufPlan[]>(
        await call(server, mitarbeiter, 'GET', `/api/grundrisse/${plan.id}/spindbanken?tag=${tag}`),
      );
    const vorher = await aufPlan('2026-12-10');
    expect(vorher).toEqual([
      { id: keller.id, name: 'Keller', x: 40, y: 60, frei: 2, belegt: 0, ausserBetrieb: 1 },
    ]);
    expect(
      (
        await call(server, mitarbeiter, 'POST', '/api/spind-buchungen', {
          tag: '2026-12-10',
          standortId,
          groesse: 'M',
          spindId: keller.spinde[0]!.id,
        })
      ).status,
    ).toBe(201);
    expect(await aufPlan('2026-12-10')).toEqual([
      expect.objectContaining({ frei: 1, belegt: 1, ausserBetrieb: 1 }),
    ]);
    expect(await aufPlan('2026-12-11')).toEqual([expect.objectContaining({ frei: 1, belegt: 1 })]);
    expect(
      await json(
        await call(
          server,
          mitarbeiter,
          'GET',
          '/api/grundrisse/00000000-0000-4000-8000-000000000000/spindbanken?tag=2026-12-10',
        ),
      ),
    ).toEqual([]);
    expect(
      (await call(server, mitarbeiter, 'GET', `/api/grundrisse/${plan.id}/spindbanken?tag=morgen`)).status,
    ).toBe(400);
    // another tenant without the switch: 404
    expect(
      (await call(server, fremd, 'GET', `/api/grundrisse/${plan.id}/spindbanken?tag=2026-12-10`)).status,
    ).toBe(404);
  });
});
