import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { openEventStream } from '../../../../test/event-stream.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { mailOutbox } from '../../plattform/mail/mail.public.ts';
import { feature, mandantFeature } from '../../verwaltung/customizing/customizing.public.ts';
import { fahrzeugBuchung } from '../fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { sonderfreigabe } from './sonderfreigabe.table.ts';

/** A Berlin wall-clock time `days` days from today, as ISO 8601. */
const at = (days: number, hhmm: string): string =>
  berlinInstant(addCalendarDays(berlinDateKey(new Date()), days), hhmm).toISOString();

/**
 * The tenant: special trips allowed, the transporter that may be booked outside the booking times, a booker with a
 * licence, an approver and the administrator (who holds every right, so may be chosen as an approver too).
 */
const musterstadt = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Stadtwerke Musterstadt',
    domain: 'musterstadt.example',
    einstellungen: { FahrzeugBuchungAusserhalbBuchungszeiten: 'true' },
    standorte: { nord: { name: 'Betriebshof Nord', bundesland: 'NW' } },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
      Administration: PERMISSION_NAMES,
    },
    benutzer: {
      mitarbeiter: { vorname: 'Lena', nachname: 'Hoffmann', rollen: ['Mitarbeiter'], fuehrerschein: true },
      freigabe: { vorname: 'Sabine', nachname: 'Krüger', rollen: ['Freigabe'] },
      admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] },
    },
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

/** A tenant without vehicle booking whose administrator holds every right. */
const beispielhausen = (server: TestServer) =>
  fixtureMandant(server.database, {
    name: 'Bibliothek Beispielhausen',
    domain: 'beispielhausen.example',
    features: { FahrzeugBuchung: false },
    rollen: { Administration: PERMISSION_NAMES },
    benutzer: { admin: { vorname: 'Andreas', nachname: 'Schwarz', rollen: ['Administration'] } },
  });

describe.each(testDrivers())('special-trip approvals on %s', (driver) => {
  let server: TestServer;
  let mitarbeiter: string;
  let freigabe: string;
  let admin: string;
  let adminBH: string;
  const ids = new Map<string, string>();
  let transporter: string;
  let beispielhausenId: string;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));
  const outboxTo = async (email: string) =>
    asAll((tx) => tx.select().from(mailOutbox).where(eq(mailOutbox.to, email)));

  /** A special trip of Lena Hoffmann on the transporter (the car allowing outside booking). */
  const sonderfahrt = async (day: number, freigeber: string[]): Promise<TFahrzeugBuchung> => {
    const response = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: transporter,
      von: at(day, '18:00'),
      bis: at(day, '20:00'),
      anlass: 'Abendtermin Stadtrat',
      freigeberIds: freigeber.map((k) => ids.get(k)),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as TFahrzeugBuchung;
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    const ms = await musterstadt(server);
    const bh = await beispielhausen(server);
    beispielhausenId = bh.id;
    [mitarbeiter, freigabe, admin, adminBH] = await Promise.all([
      signInAs(server, ms.benutzer.mitarbeiter),
      signInAs(server, ms.benutzer.freigabe),
      signInAs(server, ms.benutzer.admin),
      signInAs(server, bh.benutzer.admin),
    ]);
    for (const [login, u] of Object.entries(ms.benutzer)) ids.set(login, u.id);
    transporter = ms.fahrzeuge.transporter;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks each chosen approver by mail with a link to the approvals page, also when a change makes a special trip', async () => {
    const buchung = await sonderfahrt(10, ['freigabe', 'admin']);
    for (const email of ['freigabe@musterstadt.example', 'admin@musterstadt.example']) {
      const mails = (await outboxTo(email)).filter((m) => m.subject.startsWith('Sonderfreigabe erbeten'));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Lena Hoffmann bittet Sie um die Freigabe einer Sonderfahrt');
      expect(mails[0]!.text).toContain('MS-SW 103');
      expect(mails[0]!.text).toContain('Anlass: Abendtermin Stadtrat');
      expect(mails[0]!.text).toContain('/fahrzeuge/freigaben');
    }
    // a trip inside the booking times asks nobody; changed into a special trip, the approvers are asked
    const innen = await call(server, mitarbeiter, 'POST', '/api/fahrzeug-buchungen', {
      fahrzeugId: transporter,
      von: at(12, '10:00'),
      bis: at(12, '12:00'),
    });
    expect(innen.status).toBe(201);
    const innenBuchung = (await innen.json()) as TFahrzeugBuchung;
    const vorher = (await outboxTo('freigabe@musterstadt.example')).length;
    const geaendert = await call(server, mitarbeiter, 'PUT', `/api/fahrzeug-buchungen/${innenBuchung.id}`, {
      fahrzeugId: transporter,
      von: at(12, '18:00'),
      bis: at(12, '20:00'),
      freigeberIds: [ids.get('freigabe')],
    });
    expect(geaendert.status).toBe(200);
    const neu = (await outboxTo('freigabe@musterstadt.example')).slice(vorher);
    expect(neu.map((m) => m.subject)).toEqual(['Sonderfreigabe erbeten: MS-SW 103']);
    // clean up so the next tests count only their own trips
    for (const id of [buchung.id, innenBuchung.id])
      expect((await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${id}/storno`)).status).toBe(
        200,
      );
  });

  it('refuses without a session (401, the spec message for decisions), without the right (403) and unknown ids (404)', async () => {
    const buchung = await sonderfahrt(14, ['freigabe']);
    expect((await call(server, null, 'GET', '/api/sonderfreigaben')).status).toBe(401);
    expect((await call(server, null, 'GET', '/api/sonderfreigaben/anzahl')).status).toBe(401);
    for (const aktion of ['freigeben', 'ablehnen']) {
      const ohne = await call(server, null, 'POST', `/api/sonderfreigaben/${buchung.id}/${aktion}`, {
        begruendung: 'x',
      });
      expect(ohne.status).toBe(401);
      const error = await errorOf(ohne);
      expect(error.code).toBe('sonderfreigabe.user_not_found');
      expect(error.message).toBe('User not found! Kein update der Sonderfreigabe möglich.');
      const verboten = await call(
        server,
        mitarbeiter,
        'POST',
        `/api/sonderfreigaben/${buchung.id}/${aktion}`,
        {
          begruendung: 'x',
        },
      );
      expect(verboten.status).toBe(403);
      expect((await errorOf(verboten)).code).toBe('guard.no_sonderfahrten_freigabe');
    }
    for (const path of ['/api/sonderfreigaben', '/api/sonderfreigaben/anzahl'])
      expect((await call(server, mitarbeiter, 'GET', path)).status).toBe(403);
    const unbekannt = await call(
      server,
      freigabe,
      'POST',
      '/api/sonderfreigaben/6f1c2b7e-0d2a-4b8e-9c41-1f5a7d3e9b20/freigeben',
    );
    expect(unbekannt.status).toBe(404);
    // an approver who was not chosen may not decide
    const nichtGewaehlt = await call(server, admin, 'POST', `/api/sonderfreigaben/${buchung.id}/freigeben`);
    expect(nichtGewaehlt.status).toBe(403);
    expect((await errorOf(nichtGewaehlt)).code).toBe('sonderfreigabe.nicht_freigeber');

    // another tenant (vehicle booking switched on for the test) sees nothing and gets 404
    const bh = { id: beispielhausenId };
    const [fb] = await asAll((tx) =>
      tx.select({ id: feature.id }).from(feature).where(eq(feature.name, 'FahrzeugBuchung')),
    );
    const schalte = (aktiv: boolean) =>
      asAll((tx) =>
        tx
          .update(mandantFeature)
          .set({ aktiv })
          .where(and(eq(mandantFeature.mandantId, bh!.id), eq(mandantFeature.featureId, fb!.id))),
      );
    expect((await call(server, adminBH, 'GET', '/api/sonderfreigaben')).status).toBe(404);
    await schalte(true);
    try {
      expect(await (await call(server, adminBH, 'GET', '/api/sonderfreigaben')).json()).toEqual([]);
      const fremd = await call(server, adminBH, 'POST', `/api/sonderfreigaben/${buchung.id}/freigeben`);
      expect(fremd.status).toBe(404);
      const fremdAb = await call(server, adminBH, 'POST', `/api/sonderfreigaben/${buchung.id}/ablehnen`, {
        begruendung: 'nein',
      });
      expect(fremdAb.status).toBe(404);
    } finally {
      await schalte(false);
    }
    expect(
      (await call(server, mitarbeiter, 'POST', `/api/fahrzeug-buchungen/${buchung.id}/storno`)).status,
    ).toBe(200);
  });

  it('lists what awaits the approver with a count; an approval releases the trip, mails the booker and tells open pages', async () => {
    const leer = await call(server, freigabe, 'GET', '/api/sonderfreigaben');
    expect(leer.status).toBe(200);
    expect(await leer.json()).toEqual([]);
    const buchung = await sonderfahrt(16, ['freigabe', 'admin']);
    const liste = (await (
      await call(server, freigabe, 'GET', '/api/sonderfreigaben')
    ).json()) as TFahrzeugBuchung[];
    expect(liste.map((b) => b.id)).toEqual([buchung.id]);
    expect(liste[0]!.aktionen).toMatchObject({
      kannFreigeben: true,
      kannAblehnen: true,
      wartetAufFreigabe: true,
    });
    expect(await (await call(server, freigabe, 'GET', '/api/sonderfreigaben/anzahl')).json()).toEqual({
      anzahl: 1,
    });
    expect(await (await call(server, admin, 'GET', '/api/sonderfreigaben/anzahl')).json()).toEqual({
      anzahl: 1,
    });

    const stream = await openEventStream(`${server.baseUrl}/api/events`, mitarbeiter);
    try {
      const ok = await call(server, freigabe, 'POST', `/api/sonderfreigaben/${buchung.id}/freigeben`);
      expect(ok.status).toBe(200);
      const freigegeben = (await ok.json()) as TFahrzeugBuchung;
      expect(freigegeben.status).toBe('reserviert');
      expect(freigegeben.aktionen).toMatchObject({ freigegeben: true, wartetAufFreigabe: false });
      expect(freigegeben.freigeber.find((f) => f.id === ids.get('freigabe'))).toMatchObject({
        isFreigegeben: true,
      });
      await stream.waitFor(
        (e) =>
          (e as { type?: string; id?: string }).type === 'fahrzeug_buchung' &&
          (e as { id: string }).id === buchung.id,
        3000,
      );
    } finally {
      stream.close();
    }
    // the booker sees the released trip
    const eigene = (await (
      await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=true')
    ).json()) as TFahrzeugBuchung[];
    expect(eigene.find((b) => b.id === buchung.id)?.aktionen.freigegeben).toBe(true);
    const mails = (await outboxTo('mitarbeiter@musterstadt.example')).filter((m) =>
      m.subject.startsWith('Sonderfahrt freigegeben'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('(durch Sabine Krüger)');
    // nothing awaits anyone any more; a second decision is refused
    expect(await (await call(server, freigabe, 'GET', '/api/sonderfreigaben')).json()).toEqual([]);
    expect(await (await call(server, admin, 'GET', '/api/sonderfreigaben/anzahl')).json()).toEqual({
      anzahl: 0,
    });
    const nochmal = await call(server, freigabe, 'POST', `/api/sonderfreigaben/${buchung.id}/freigeben`);
    expect(nochmal.status).toBe(409);
    expect((await errorOf(nochmal)).code).toBe('sonderfreigabe.bereits_entschieden');
    const zuSpaet = await call(server, admin, 'POST', `/api/sonderfreigaben/${buchung.id}/ablehnen`, {
      begruendung: 'Zu spät',
    });
    expect(zuSpaet.status).toBe(409);
    expect((await errorOf(zuSpaet)).code).toBe('sonderfreigabe.nicht_offen');
  });

  it('a rejection needs a reason, cancels the trip with it and mails the booker', async () => {
    const buchung = await sonderfahrt(18, ['freigabe']);
    const ohneGrund = await call(server, freigabe, 'POST', `/api/sonderfreigaben/${buchung.id}/ablehnen`, {
      begruendung: '  ',
    });
    expect(ohneGrund.status).toBe(400);
    const abgelehnt = await call(server, freigabe, 'POST', `/api/sonderfreigaben/${buchung.id}/ablehnen`, {
      begruendung: 'Kein Anlass für eine Abendfahrt.',
    });
    expect(abgelehnt.status).toBe(200);
    const text =
      'Storno, weil die Sonderfreigabe abgelehnt wurde. Begründung: Kein Anlass für eine Abendfahrt.';
    expect(await abgelehnt.json()).toMatchObject({ status: 'storniert', informationstext: text });
    const [row] = await asAll((tx) =>
      tx.select().from(fahrzeugBuchung).where(eq(fahrzeugBuchung.id, buchung.id)),
    );
    expect(row).toMatchObject({ status: 'storniert', informationstext: text });
    const [entscheidung] = await asAll((tx) =>
      tx.select().from(sonderfreigabe).where(eq(sonderfreigabe.fahrzeugBuchungId, buchung.id)),
    );
    expect(entscheidung).toMatchObject({ isFreigegeben: false });
    expect(entscheidung!.freigegebenAt).toBeInstanceOf(Date);
    const storno = (await outboxTo('mitarbeiter@musterstadt.example')).filter(
      (m) => m.subject === 'Fahrzeugbuchung storniert: MS-SW 103' && m.text.includes(text),
    );
    expect(storno).toHaveLength(1);
    expect(storno[0]!.text).toContain('(durch Sabine Krüger)');
    // the booker still sees it in "Meine Buchungen", with who rejected it (decision 149)
    const meine = (await (
      await call(server, mitarbeiter, 'GET', '/api/fahrzeug-buchungen?eigene=true')
    ).json()) as TFahrzeugBuchung[];
    expect(meine.find((b) => b.id === buchung.id)).toMatchObject({
      status: 'storniert',
      informationstext: text,
      storniertVon: { id: ids.get('freigabe'), name: 'Sabine Krüger' },
    });
    // the slot is free again
    expect(await (await call(server, freigabe, 'GET', '/api/sonderfreigaben')).json()).toEqual([]);
  });

  it('lists every operation in the OpenAPI document', async () => {
    const doc = (await (await call(server, null, 'GET', '/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operationIds = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    for (const id of [
      'listSonderfreigaben',
      'countSonderfreigaben',
      'approveSonderfreigabe',
      'rejectSonderfreigabe',
    ])
      expect(operationIds).toContain(id);
  });
});
