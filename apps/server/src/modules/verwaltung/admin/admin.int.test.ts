import type { TAdminUebersicht } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { sonderfreigabe } from '../../fahrzeuge/sonderfreigabe/sonderfreigabe.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';

type ErrorBody = { error: { code: string; message: string; params: Record<string, unknown> } };
const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;

const get = (server: TestServer, cookie: string | null) =>
  fetch(`${server.baseUrl}/api/admin/uebersicht`, { headers: cookie ? { cookie } : {} });

describe.each(testDrivers())('GET /api/admin/uebersicht on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => {
    await server?.close();
  });

  const uebersicht = async (email: string) => {
    const response = await get(server, await signIn(server.baseUrl, email));
    expect(response.status).toBe(200);
    return (await response.json()) as TAdminUebersicht;
  };

  it('refuses without a session (401) and without admin rights (403 guard.no_admin)', async () => {
    const anonymous = await get(server, null);
    expect(anonymous.status).toBe(401);
    // one code for "not signed in" on every route (decision 126)
    expect((await errorOf(anonymous)).message).toBe('Bitte melden Sie sich an.');
    const booker = await get(server, await signIn(server.baseUrl, 'mitarbeiter@musterstadt.example'));
    expect(booker.status).toBe(403);
    expect((await errorOf(booker)).code).toBe('guard.no_admin');
  });

  it('the tenant administrator sees every count of the own tenant, licences due within the lead days', async () => {
    const counts = await uebersicht('admin@musterstadt.example');
    // the demo's workspace plan brings a third location and a second plan; the users of the two-factor and the password-change journeys a ninth and a tenth
    expect(counts).toEqual({
      benutzer: 10,
      gruppen: 1,
      rollen: 6,
      standorte: 3,
      fahrzeuge: 4,
      grundrisse: 2,
      offeneFreigaben: 0,
      // the vehicle caretaker's check is due in ten days, inside the default lead of 14 days; the demo driver
      // Uwe Krause's check lapsed a month ago (decision 050: no record, overdue and due soon count)
      faelligeFuehrerscheine: 2,
    });
  });

  it('shows only the areas the rights open: room care sees locations and floor plans, not users', async () => {
    const counts = await uebersicht('fuhrpark@beispielhausen.example');
    expect(counts).toMatchObject({
      benutzer: null,
      gruppen: null,
      rollen: null,
      standorte: 2,
      grundrisse: 2,
      offeneFreigaben: null,
      faelligeFuehrerscheine: null,
    });
    const fleet = await uebersicht('fuhrpark@musterstadt.example');
    expect(fleet).toMatchObject({ benutzer: null, standorte: null, fahrzeuge: 4, grundrisse: null });
  });

  it('counts future, undecided special approvals of the approver until someone approves', async () => {
    const [approver] = await server.database.db
      .select({ id: benutzer.id, mandantId: benutzer.mandantId })
      .from(benutzer)
      .where(eq(benutzer.email, 'admin@musterstadt.example'));
    const [booker] = await server.database.db
      .select({ id: benutzer.id })
      .from(benutzer)
      .where(eq(benutzer.email, 'mitarbeiter@musterstadt.example'));
    const [car] = await server.database.db
      .select({ id: fahrzeug.id })
      .from(fahrzeug)
      .where(eq(fahrzeug.mandantId, approver!.mandantId))
      .limit(1);
    const day = Date.now() + 7 * 86_400_000;
    const bookings = await server.database.db
      .insert(fahrzeugBuchung)
      .values(
        [0, 1, 2].map((i) => ({
          mandantId: approver!.mandantId,
          fahrzeugId: car!.id,
          benutzerId: booker!.id,
          von: new Date(day + i * 3 * 3_600_000),
          bis: new Date(day + (i * 3 + 2) * 3_600_000),
          status: i === 2 ? 'storniert' : 'reserviert',
        })),
      )
      .returning({ id: fahrzeugBuchung.id });
    await server.database.db.insert(sonderfreigabe).values(
      bookings.map((b) => ({
        mandantId: approver!.mandantId,
        fahrzeugBuchungId: b.id,
        benutzerId: approver!.id,
      })),
    );
    expect((await uebersicht('admin@musterstadt.example')).offeneFreigaben).toBe(2);
    await server.database.db
      .update(sonderfreigabe)
      .set({ isFreigegeben: true, freigegebenAt: new Date() })
      .where(eq(sonderfreigabe.fahrzeugBuchungId, bookings[0]!.id));
    expect((await uebersicht('admin@musterstadt.example')).offeneFreigaben).toBe(1);
  });

  it('follows the feature switches: with vehicle booking off there is no vehicle, approval or licence count', async () => {
    const counts = await uebersicht('admin@beispielhausen.example');
    // six sign-ins and the security-page journey's user
    expect(counts).toMatchObject({
      benutzer: 7,
      standorte: 2,
      grundrisse: 2,
      fahrzeuge: null,
      offeneFreigaben: null,
      faelligeFuehrerscheine: null,
    });
  });

  it('the platform administrator without tenant rights opens /admin but sees no tenant area', async () => {
    const counts = await uebersicht('plattform@stellwerk.example');
    expect(Object.values(counts).every((v) => v === null)).toBe(true);
  });
});
