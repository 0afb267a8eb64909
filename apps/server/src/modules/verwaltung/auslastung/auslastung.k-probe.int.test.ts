/**
 * Where the sample that proves the k threshold (decision 276) meets the threshold's merging (decision 164): a sample
 * of a vehicle's first bookings shows at least k people and so proves that its cell is shown, but when a small cell
 * must pull the smallest shown cell into "Sonstige", the shown cells' sizes are compared, and a sample's size is not
 * the cell's. Then the exact lists decide (`zellenFuerKSchwelle` → `genau`).
 *
 * The data, k = 3, in the week of 2 March 2026 (ten-minute bookings from 09:00, Berlin winter time):
 * - vehicle A: its first 40 bookings (the sample's size) by P1–P3, then ten more by Q1–Q10: 13 people, sampled 3;
 * - vehicle B: four bookings by R1–R4: 4 people, sampled 4;
 * - vehicle C: one booking by S1: 1 person.
 *
 * C is below k, so "Sonstige" takes the smallest shown cell: B (4 people) by the exact lists, which leaves A shown and
 * "Sonstige" of B and C with 5 people. By the samples A (3) would look smaller than B and be the one merged.
 */
import { randomUUID } from 'node:crypto';
import { PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { TFahrzeugAuslastung } from '@stellwerk/domain/verwaltung/auslastung/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';

/** Local 09:00 + `n` × 10 min on a March day of 2026 (CET) as an instant. */
const slot = (tag: number, n: number) =>
  new Date(Date.parse(`2026-03-0${tag}T09:00:00+01:00`) + n * 10 * 60_000);

describe.each(testDrivers())('the k sample meets the merging of cells on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let ids: { a: string; b: string; c: string };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false, now: () => new Date('2026-04-20T10:00:00Z') });
    const ms = await fixtureMandant(server.database, {
      name: 'Probe GmbH',
      domain: 'probe.example',
      standorte: { haupt: { name: 'Hauptsitz', bundesland: 'BE' } },
      rollen: { Administration: PERMISSION_NAMES },
      benutzer: { admin: { vorname: 'Claudia', nachname: 'Wagner', rollen: ['Administration'] } },
      fahrzeuge: {
        a: { standort: 'haupt', kennzeichen: 'P-A 1', modell: 'Kombi' },
        b: { standort: 'haupt', kennzeichen: 'P-B 2', modell: 'Kombi' },
        c: { standort: 'haupt', kennzeichen: 'P-C 3', modell: 'Kombi' },
      },
    });
    ids = ms.fahrzeuge;
    const P = Array.from({ length: 3 }, () => randomUUID());
    const Q = Array.from({ length: 10 }, () => randomUUID());
    const R = Array.from({ length: 4 }, () => randomUUID());
    const S = randomUUID();
    // [vehicle, person, day, slot]
    const buchungen: [string, string, number, number][] = [
      ...Array.from({ length: 40 }, (_, i): [string, string, number, number] => [ids.a, P[i % 3]!, 2, i]),
      ...Q.map((q, i): [string, string, number, number] => [ids.a, q, 2, 40 + i]),
      ...R.map((r, i): [string, string, number, number] => [ids.b, r, 3, i]),
      [ids.c, S, 4, 0],
    ];
    await server.database.db.insert(fahrzeugBuchung).values(
      buchungen.map(([fahrzeugId, person, tag, n]) => ({
        mandantId: ms.id,
        fahrzeugId,
        benutzerId: null,
        anonymPerson: person,
        anonymisiertAm: slot(tag, 60),
        von: slot(tag, n),
        bis: slot(tag, n + 1),
        status: 'durchgeführt',
      })),
    );
    admin = await signInAs(server, ms.benutzer.admin);
    const put = await call(server, admin, 'PUT', '/api/customizing/mandant/AuslastungMindestPersonen', {
      value: 3,
    });
    expect(put.status).toBeLessThan(300);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('merges the cell that is smallest by its exact people, not by its sample', async () => {
    const response = await call(server, admin, 'GET', '/api/auslastung/fahrzeuge?art=woche&tag=2026-03-04');
    expect(response.status).toBe(200);
    const f = (await response.json()) as TFahrzeugAuslastung;
    expect(f.verborgen).toBe(false);
    const { zellen, sonstige, verborgen } = f.fahrzeugeAufgeschluesselt;
    expect(zellen.map((z) => z.schluessel)).toEqual([ids.a]);
    expect(sonstige?.anzahlZellen).toBe(2);
    expect(verborgen).toBe(0);
    // A's 50 bookings of ten minutes, B's 4 and C's 1 over the same bookable time: B and C (two vehicles) together a twentieth of A
    expect(zellen[0]!.quote).toBeGreaterThan(0);
    expect(sonstige!.quote! * 20).toBeCloseTo(zellen[0]!.quote!, 12);
  });
});
