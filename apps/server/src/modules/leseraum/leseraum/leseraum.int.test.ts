import type {
  TGrundrissAdmin,
  TPlatzAdmin,
  TPlatzGespeichert,
} from '@stellwerk/domain/leseraum/admin-raeume.api';
import type { TBelegung, TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type {
  TAusstattung,
  TStornierungBestaetigen,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
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
import { auditLog } from '../../plattform/audit/audit.public.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { leseraumBuchung } from '../leseraum-buchung/leseraum-buchung.public.ts';

const json = async <T>(response: Response): Promise<T> => {
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};
const upload = (
  server: TestServer,
  path: string,
  cookie: string,
  data: string | Buffer,
  filename: string,
) => {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), filename);
  return fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { cookie }, body: form });
};

const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" onload="alert(1)"><script>alert(2)</script>' +
  '<image href="https://evil.example/x.png"/><rect width="800" height="500" fill="#eee"/></svg>';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** Monday 23.11.2026, 07:00 in Berlin. */
const NOW = new Date('2026-11-23T07:00:00+01:00');

/**
 * The library (German) with its room care, opening-hours keeper (who may not keep rooms), a reader and the
 * administrator; the equipment items Steckdose and Beamer; the reading room with eight places, open Monday to Friday
 * 08:00–18:00 (its drawing is uploaded through the API in `beforeAll`).
 */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    ...BIBLIOTHEK_MANDANT,
    rollen: BIBLIOTHEK_ROLLEN,
    benutzer: {
      fuhrpark: BIBLIOTHEK_LEUTE.fuhrpark,
      fuehrerschein: BIBLIOTHEK_LEUTE.fuehrerschein,
      mitarbeiter: BIBLIOTHEK_LEUTE.mitarbeiter,
      admin: BIBLIOTHEK_LEUTE.admin,
    },
    ausstattung: ['Steckdose', 'Beamer'],
    grundrisse: { lesesaal: lesesaal(8) },
  });

/** Another tenant with its administrator. */
const musterstadt = (server: TestServer) => fixtureMandant(server.database, FREMDER_MANDANT);

describe.each(testDrivers())('/api/admin/raeume on %s', (driver) => {
  let server: TestServer;
  let raumpflege: string;
  let oeffnungszeiten: string;
  let booker: string;
  let fremdAdmin: string;
  let seedPlan: TGrundrissAdmin;
  let ausstattung: TAusstattung[];
  let bh: Awaited<ReturnType<typeof beispielhausen>>;

  beforeAll(async () => {
    server = await startTestServer({ driver, now: () => NOW, seed: false });
    bh = await beispielhausen(server);
    const ms = await musterstadt(server);
    [raumpflege, oeffnungszeiten, booker, fremdAdmin] = await Promise.all([
      signInAs(server, bh.benutzer.fuhrpark),
      signInAs(server, bh.benutzer.fuehrerschein),
      signInAs(server, bh.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.admin),
    ]);
    // the reading room's drawing, as the room care uploads it
    const drawing = await upload(
      server,
      `/api/admin/raeume/grundrisse/${bh.grundrisse.lesesaal.id}/plan`,
      raumpflege,
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500"/></svg>',
      'lesesaal.svg',
    );
    expect(drawing.status).toBe(200);
    const plans = await json<TGrundrissAdmin[]>(
      await call(server, raumpflege, 'GET', '/api/admin/raeume/grundrisse'),
    );
    seedPlan = plans[0]!;
    ausstattung = await json<TAusstattung[]>(await call(server, raumpflege, 'GET', '/api/admin/ausstattung'));
  });
  afterAll(async () => {
    await server?.close();
  });

  const newPlan = async (bezeichnung: string) =>
    json<TGrundrissAdmin>(
      await call(server, raumpflege, 'POST', '/api/admin/raeume/grundrisse', {
        bezeichnung,
        bereich: 'leseraum',
      }),
    );
  const newPlatz = async (grundrissId: string, body: Record<string, unknown>) =>
    json<TPlatzAdmin>(
      await call(server, raumpflege, 'POST', `/api/admin/raeume/grundrisse/${grundrissId}/plaetze`, body),
    );
  const book = async (leseraumId: string, tag: string) =>
    json<TLeseraumBuchung>(
      await call(server, booker, 'POST', '/api/leseraum-buchungen', { modus: 'ganztags', leseraumId, tag }),
    );
  const platzInput = (p: TPlatzAdmin, change: Record<string, unknown>) => ({
    bezeichnung: p.bezeichnung,
    kapazitaet: p.kapazitaet,
    beschreibung: p.beschreibung,
    bedingungen: p.bedingungen,
    aktiv: p.aktiv,
    brandschutzhelfer: p.brandschutzhelfer,
    ersthelfer: p.ersthelfer,
    ausstattung: p.ausstattung.map((a) => ({ ausstattungId: a.id, anzahl: a.anzahl })),
    ...change,
  });

  it('refuses without a session (401) and without ausstattungs_pflege (403 guard.no_ausstattung)', async () => {
    expect((await call(server, null, 'GET', '/api/admin/raeume/grundrisse')).status).toBe(401);
    for (const [method, path, body] of [
      ['GET', '/api/admin/raeume/grundrisse', undefined],
      ['POST', '/api/admin/raeume/grundrisse', { bezeichnung: 'X' }],
      ['GET', `/api/admin/raeume/grundrisse/${seedPlan.id}/plaetze`, undefined],
      ['GET', `/api/admin/raeume/grundrisse/${seedPlan.id}/deaktivierung`, undefined],
    ] as const) {
      const response = await call(server, oeffnungszeiten, method, path, body);
      expect(response.status, path).toBe(403);
      expect((await errorOf(response)).code).toBe('guard.no_ausstattung');
    }
    const svg = await upload(
      server,
      `/api/admin/raeume/grundrisse/${seedPlan.id}/plan`,
      booker,
      EVIL_SVG,
      'p.svg',
    );
    expect(svg.status).toBe(403);
  });

  it('lists the plans with their location and place counts in creation order', async () => {
    const plans = await json<TGrundrissAdmin[]>(
      await call(server, raumpflege, 'GET', '/api/admin/raeume/grundrisse'),
    );
    expect(plans[0]).toMatchObject({
      bezeichnung: 'Lesesaal Erdgeschoss',
      aktiv: true,
      bereich: 'leseraum',
      plaetze: bh.grundrisse.lesesaal.plaetze.length,
      aktivePlaetze: bh.grundrisse.lesesaal.plaetze.length,
    });
    expect(plans[0]!.standort?.name).toBeTruthy();
    expect(plans[0]!.planUrl).toMatch(/^\/api\/dateien\//);
    const standorte = await json<{ id: string; name: string }[]>(
      await call(server, raumpflege, 'GET', '/api/admin/raeume/standorte'),
    );
    expect(standorte.map((s) => s.id)).toContain(plans[0]!.standort!.id);
  });

  it('another tenant’s plans and places answer 404 and are not listed', async () => {
    const theirs = await json<TGrundrissAdmin[]>(
      await call(server, fremdAdmin, 'GET', '/api/admin/raeume/grundrisse'),
    );
    expect(theirs.map((p) => p.id)).not.toContain(seedPlan.id);
    const platz = (
      await json<TPlatzAdmin[]>(
        await call(server, raumpflege, 'GET', `/api/admin/raeume/grundrisse/${seedPlan.id}/plaetze`),
      )
    )[0]!;
    for (const [method, path, body] of [
      ['PUT', `/api/admin/raeume/grundrisse/${seedPlan.id}`, { bezeichnung: 'Gekapert' }],
      ['DELETE', `/api/admin/raeume/grundrisse/${seedPlan.id}`, undefined],
      ['GET', `/api/admin/raeume/grundrisse/${seedPlan.id}/plaetze`, undefined],
      ['POST', `/api/admin/raeume/grundrisse/${seedPlan.id}/plaetze`, { bezeichnung: 'X' }],
      ['GET', `/api/admin/raeume/grundrisse/${seedPlan.id}/deaktivierung`, undefined],
      ['PUT', `/api/admin/raeume/plaetze/${platz.id}`, { bezeichnung: 'X' }],
      ['PUT', `/api/admin/raeume/plaetze/${platz.id}/position`, { position: { x: 1, y: 1 } }],
      ['GET', `/api/admin/raeume/plaetze/${platz.id}/deaktivierung`, undefined],
      ['DELETE', `/api/admin/raeume/plaetze/${platz.id}`, undefined],
    ] as const) {
      const response = await call(server, fremdAdmin, method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const svg = await upload(
      server,
      `/api/admin/raeume/grundrisse/${seedPlan.id}/plan`,
      fremdAdmin,
      EVIL_SVG,
      'p.svg',
    );
    expect(svg.status).toBe(404);
    const after = await json<TPlatzAdmin[]>(
      await call(server, raumpflege, 'GET', `/api/admin/raeume/grundrisse/${seedPlan.id}/plaetze`),
    );
    expect(after.find((p) => p.id === platz.id)).toEqual(platz);
  });

  it('creates a plan and stores its SVG sanitised (no script, no event handler, no external reference)', async () => {
    const plan = await newPlan('Lesesaal Obergeschoss');
    expect(plan).toMatchObject({ aktiv: true, planUrl: null, plaetze: 0, standort: null });
    const png = await upload(
      server,
      `/api/admin/raeume/grundrisse/${plan.id}/plan`,
      raumpflege,
      PNG,
      'p.png',
    );
    expect(png.status).toBe(415);
    const uploaded = await upload(
      server,
      `/api/admin/raeume/grundrisse/${plan.id}/plan`,
      raumpflege,
      EVIL_SVG,
      'og.svg',
    );
    expect(uploaded.status).toBe(200);
    const withPlan = (await uploaded.json()) as TGrundrissAdmin;
    expect(withPlan.planUrl).toMatch(/^\/api\/dateien\//);
    const file = await call(server, booker, 'GET', withPlan.planUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-security-policy')).toContain('sandbox');
    const svg = await file.text();
    expect(svg).toContain('<rect');
    expect(svg).not.toMatch(/script|onload|evil\.example/i);

    // A second upload replaces the first: the old file is gone.
    const again = await json<TGrundrissAdmin>(
      await upload(server, `/api/admin/raeume/grundrisse/${plan.id}/plan`, raumpflege, EVIL_SVG, 'og2.svg'),
    );
    expect(again.planUrl).not.toBe(withPlan.planUrl);
    expect((await call(server, booker, 'GET', withPlan.planUrl!)).status).toBe(404);
  });

  it('validates plans at the field: name, link, unknown location', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ bezeichnung: '' }, 'validation.failed'],
      [{ bezeichnung: 'X', link: 'javascript:alert(1)' }, 'validation.failed'],
      [{ bezeichnung: 'X', bereich: 'keller' }, 'validation.failed'],
      [
        { bezeichnung: 'X', standortId: '00000000-0000-4000-8000-000000000000' },
        'leseraum.standort_unbekannt',
      ],
    ];
    for (const [body, code] of cases) {
      const response = await call(server, raumpflege, 'POST', '/api/admin/raeume/grundrisse', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).code).toBe(code);
    }
  });

  it('adds a place with equipment and markers, moves it, and the booking map shows it at the new position', async () => {
    const plan = await newPlan('Gruppenräume');
    const steckdose = ausstattung.find((a) => a.name === 'Steckdose')!;
    const beamer = ausstattung.find((a) => a.name === 'Beamer')!;
    const raum = await newPlatz(plan.id, {
      bezeichnung: 'Raum 1',
      kapazitaet: 6,
      position: { x: 100, y: 120 },
      bedingungen: 'Nur für Gruppen',
      ersthelfer: true,
      ausstattung: [
        { ausstattungId: steckdose.id, anzahl: 4 },
        { ausstattungId: beamer.id, anzahl: 1 },
      ],
    });
    expect(raum).toMatchObject({
      kapazitaet: 6,
      position: { x: 100, y: 120 },
      bedingungen: 'Nur für Gruppen',
      ersthelfer: true,
      brandschutzhelfer: false,
      aktiv: true,
    });
    expect(raum.ausstattung.map((a) => [a.name, a.anzahl])).toEqual([
      ['Beamer', 1],
      ['Steckdose', 4],
    ]);

    const moved = await json<TPlatzAdmin>(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/plaetze/${raum.id}/position`, {
        position: { x: 340.5, y: 210 },
      }),
    );
    expect(moved.position).toEqual({ x: 340.5, y: 210 });

    // Saving the form replaces the equipment rows; without position the place stays where it is.
    const saved = await json<TPlatzGespeichert>(
      await call(
        server,
        raumpflege,
        'PUT',
        `/api/admin/raeume/plaetze/${raum.id}`,
        platzInput(moved, { ausstattung: [{ ausstattungId: steckdose.id, anzahl: 2 }], position: undefined }),
      ),
    );
    expect(saved.platz.position).toEqual({ x: 340.5, y: 210 });
    expect(saved.platz.ausstattung.map((a) => [a.name, a.anzahl])).toEqual([['Steckdose', 2]]);
    expect(saved.storniert).toEqual([]);

    const belegung = await json<TBelegung>(
      await call(server, booker, 'GET', `/api/grundrisse/${plan.id}/belegung?tag=2026-11-24`),
    );
    expect(belegung.plaetze.find((p) => p.id === raum.id)).toMatchObject({
      position: { x: 340.5, y: 210 },
      kapazitaet: 6,
      marker: ['ersthelfer'],
    });

    const bad = await call(server, raumpflege, 'PUT', `/api/admin/raeume/plaetze/${raum.id}/position`, {
      position: { x: -1, y: 5 },
    });
    expect(bad.status).toBe(400);
    const unknown = await call(
      server,
      raumpflege,
      'PUT',
      `/api/admin/raeume/plaetze/${raum.id}`,
      platzInput(moved, {
        ausstattung: [{ ausstattungId: '00000000-0000-4000-8000-000000000000', anzahl: 1 }],
      }),
    );
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).code).toBe('leseraum.ausstattung_unbekannt');
    const audit = await server.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'leseraum'), eq(auditLog.entityId, raum.id)))
      .orderBy(auditLog.at);
    expect(audit.map((a) => a.action)).toEqual(['create', 'move', 'update']);
  });

  it('deactivating a booked place lists its future bookings (409), then cancels them with the mail in the booker’s language', async () => {
    const plaetze = await json<TPlatzAdmin[]>(
      await call(server, raumpflege, 'GET', `/api/admin/raeume/grundrisse/${seedPlan.id}/plaetze`),
    );
    const platz = plaetze.find((p) => p.bezeichnung === 'Platz 07')!;
    // The booker reads English.
    expect(
      (await call(server, booker, 'PUT', '/api/customizing/benutzer/Sprache', { value: 'en' })).status,
    ).toBe(200);
    const buchung = await book(platz.id, '2026-11-24');

    const preview = await json<{ buchungen: { id: string; buchender: string }[] }>(
      await call(server, raumpflege, 'GET', `/api/admin/raeume/plaetze/${platz.id}/deaktivierung`),
    );
    expect(preview.buchungen).toEqual([
      expect.objectContaining({
        id: buchung.id,
        buchender: 'mitarbeiter@beispielhausen.example',
        leseraum: 'Platz 07',
      }),
    ]);

    const asked = await call(
      server,
      raumpflege,
      'PUT',
      `/api/admin/raeume/plaetze/${platz.id}`,
      platzInput(platz, { aktiv: false }),
    );
    expect(asked.status).toBe(409);
    const body = (await asked.json()) as TStornierungBestaetigen;
    expect(body.error.message).toBe(
      'Für Platz 07 gibt es 1 künftige Buchung. Bitte bestätigen Sie, dass sie storniert wird.',
    );
    expect(body.buchungen.map((b) => b.id)).toEqual([buchung.id]);
    const [still] = await server.database.db
      .select({ status: leseraumBuchung.status })
      .from(leseraumBuchung)
      .where(eq(leseraumBuchung.id, buchung.id));
    expect(still!.status).toBe('vorgemerkt');

    const done = await json<TPlatzGespeichert>(
      await call(
        server,
        raumpflege,
        'PUT',
        `/api/admin/raeume/plaetze/${platz.id}`,
        platzInput(platz, { aktiv: false, confirmCancel: true }),
      ),
    );
    expect(done.platz.aktiv).toBe(false);
    expect(done.storniert).toEqual([expect.objectContaining({ id: buchung.id, status: 'storniert' })]);
    const [row] = await server.database.db
      .select({ status: leseraumBuchung.status })
      .from(leseraumBuchung)
      .where(eq(leseraumBuchung.id, buchung.id));
    expect(row!.status).toBe('storniert');
    const mails = await server.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, 'mitarbeiter@beispielhausen.example'),
          eq(mailOutbox.template, 'leseraum_buchung'),
        ),
      );
    const deactivation = mails.find((m) => m.text.includes('no longer available'));
    expect(deactivation?.subject).toBe('Cancelled: Platz 07 on 24.11.2026');

    // The place is closed on the map now, and cannot be booked.
    const belegung = await json<TBelegung>(
      await call(server, booker, 'GET', `/api/grundrisse/${seedPlan.id}/belegung?tag=2026-11-24`),
    );
    expect(belegung.plaetze.find((p) => p.id === platz.id)!.zustand).toBe('geschlossen');
    // Saving the inactive place again asks nothing.
    expect(
      (
        await call(
          server,
          raumpflege,
          'PUT',
          `/api/admin/raeume/plaetze/${platz.id}`,
          platzInput(done.platz, {}),
        )
      ).status,
    ).toBe(200);
    await call(server, booker, 'PUT', '/api/customizing/benutzer/Sprache', { value: null });
  });

  it('deactivating a plan cancels the bookings of its places; reactivating keeps the places', async () => {
    const plan = await newPlan('Nebenraum');
    const platz = await newPlatz(plan.id, { bezeichnung: 'N1', position: { x: 50, y: 50 } });
    // A new plan is closed until it has opening hours: give it the seed plan's week.
    const admin = await signInAs(server, bh.benutzer.admin);
    const seedWeek = await json<{
      tage: { wochentag: number; von: string; bis: string; geoeffnet: boolean }[];
    }>(await call(server, admin, 'GET', `/api/admin/grundrisse/${seedPlan.id}/oeffnungszeiten`));
    expect(
      (
        await call(server, admin, 'PUT', `/api/admin/grundrisse/${plan.id}/oeffnungszeiten`, {
          tage: seedWeek.tage,
        })
      ).status,
    ).toBe(200);
    const buchung = await book(platz.id, '2026-11-25');

    const preview = await json<{ buchungen: { id: string }[] }>(
      await call(server, raumpflege, 'GET', `/api/admin/raeume/grundrisse/${plan.id}/deaktivierung`),
    );
    expect(preview.buchungen.map((b) => b.id)).toEqual([buchung.id]);
    const input = { bezeichnung: plan.bezeichnung, bereich: 'leseraum', aktiv: false };
    expect(
      (await call(server, raumpflege, 'PUT', `/api/admin/raeume/grundrisse/${plan.id}`, input)).status,
    ).toBe(409);
    const saved = await json<{ grundriss: TGrundrissAdmin; storniert: { id: string }[] }>(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/grundrisse/${plan.id}`, {
        ...input,
        confirmCancel: true,
      }),
    );
    expect(saved.grundriss.aktiv).toBe(false);
    expect(saved.storniert.map((b) => b.id)).toEqual([buchung.id]);
    const reactivated = await json<{ grundriss: TGrundrissAdmin }>(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/grundrisse/${plan.id}`, {
        ...input,
        aktiv: true,
      }),
    );
    expect(reactivated.grundriss).toMatchObject({ aktiv: true, aktivePlaetze: 1 });

    // Booked once: neither the place nor the plan can be deleted, only deactivated.
    const delPlatz = await call(server, raumpflege, 'DELETE', `/api/admin/raeume/plaetze/${platz.id}`);
    expect(delPlatz.status).toBe(409);
    expect((await errorOf(delPlatz)).code).toBe('leseraum.in_verwendung');
    const delPlan = await call(server, raumpflege, 'DELETE', `/api/admin/raeume/grundrisse/${plan.id}`);
    expect(delPlan.status).toBe(409);
    expect((await errorOf(delPlan)).message).toBe(
      'Der Grundriss Nebenraum hat bereits 1 Buchung und kann nicht gelöscht werden. Bitte deaktivieren Sie ihn stattdessen.',
    );
  });

  it('a PUT of a plan or a place keeps what it was not given, and a given null, false or [] replaces it (decision 125)', async () => {
    const plan = await json<TGrundrissAdmin>(
      await call(server, raumpflege, 'POST', '/api/admin/raeume/grundrisse', {
        bezeichnung: 'Arbeitswelt Ost',
        beschreibung: 'Dritter Stock',
        link: '/hilfe',
        bereich: 'arbeitswelt',
        aktiv: false,
      }),
    );
    const planKept = await json<{ grundriss: TGrundrissAdmin }>(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/grundrisse/${plan.id}`, {
        bezeichnung: 'Arbeitswelt Ost 2',
      }),
    );
    expect(planKept.grundriss).toEqual({ ...plan, bezeichnung: 'Arbeitswelt Ost 2' });
    const planCleared = await json<{ grundriss: TGrundrissAdmin }>(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/grundrisse/${plan.id}`, {
        bezeichnung: 'Arbeitswelt Ost 2',
        beschreibung: null,
        link: '',
        aktiv: true,
      }),
    );
    expect(planCleared.grundriss).toMatchObject({
      beschreibung: null,
      link: null,
      aktiv: true,
      bereich: 'arbeitswelt',
    });
    const noName = await call(server, raumpflege, 'PUT', `/api/admin/raeume/grundrisse/${plan.id}`, {});
    expect(noName.status).toBe(400);
    expect(Object.keys((await errorOf(noName)).params)).toEqual(['body.bezeichnung']);

    const beamer = ausstattung.find((a) => a.name === 'Beamer')!;
    const raum = await newPlatz(plan.id, {
      bezeichnung: 'Raum Ost',
      kapazitaet: 8,
      position: { x: 10, y: 20 },
      beschreibung: 'Mit Fenster',
      bedingungen: 'Nur Teams',
      aktiv: true,
      brandschutzhelfer: true,
      ersthelfer: true,
      bestaetigungDurchPersonal: true,
      ausstattung: [{ ausstattungId: beamer.id, anzahl: 2 }],
    });
    const kept = await json<TPlatzGespeichert>(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/plaetze/${raum.id}`, {
        bezeichnung: 'Raum Ost 1',
      }),
    );
    expect(kept.platz).toEqual({ ...raum, bezeichnung: 'Raum Ost 1' });
    const replaced = await json<TPlatzGespeichert>(
      await call(server, raumpflege, 'PUT', `/api/admin/raeume/plaetze/${raum.id}`, {
        bezeichnung: 'Raum Ost 1',
        beschreibung: null,
        ersthelfer: false,
        ausstattung: [],
      }),
    );
    expect(replaced.platz).toEqual({
      ...raum,
      bezeichnung: 'Raum Ost 1',
      beschreibung: null,
      ersthelfer: false,
      ausstattung: [],
    });
  });

  it('deletes an unused place and an unused plan with its SVG', async () => {
    const plan = await newPlan('Provisorium');
    const withPlan = await json<TGrundrissAdmin>(
      await upload(server, `/api/admin/raeume/grundrisse/${plan.id}/plan`, raumpflege, EVIL_SVG, 'p.svg'),
    );
    const platz = await newPlatz(plan.id, { bezeichnung: 'P1' });
    expect((await call(server, raumpflege, 'DELETE', `/api/admin/raeume/plaetze/${platz.id}`)).status).toBe(
      204,
    );
    await newPlatz(plan.id, { bezeichnung: 'P2' });
    expect((await call(server, raumpflege, 'DELETE', `/api/admin/raeume/grundrisse/${plan.id}`)).status).toBe(
      204,
    );
    expect(
      (await call(server, raumpflege, 'GET', `/api/admin/raeume/grundrisse/${plan.id}/plaetze`)).status,
    ).toBe(404);
    expect((await call(server, raumpflege, 'GET', withPlan.planUrl!)).status).toBe(404);
  });
});
