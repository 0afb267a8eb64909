/**
 * Deleting a tenant meets the protected logbook (decision 091: 10 years under § 147 AO; decision 127): a tenant
 * whose logbook still holds versions within the retention period is not deleted (409 with the catalogue message,
 * nothing removed); a tenant whose versions are all past the period is deleted with them. Both databases.
 */
import { createHash, randomUUID } from 'node:crypto';
import { verketten } from '@stellwerk/domain/fahrten/fahrtenbuch/kette';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf } from '../../../../test/api-call.ts';
import { signInAs } from '../../../../test/fixtures/anmelden.ts';
import { fixtureMandant } from '../../../../test/fixtures/mandant.ts';
import { startTestServer, type TestServer, testDrivers } from '../../../../test/harness.ts';
import type { Tx } from '../../../db/client.ts';
import { fahrtenbuchEintrag } from '../../fahrten/fahrt/fahrt.public.ts';
import { fahrzeug } from '../../fahrzeuge/fahrzeug/fahrzeug.public.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { standort } from '../standort/standort.public.ts';
import { mandant } from './mandant.table.ts';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe.each(testDrivers())('deleting a tenant with a logbook on %s', (driver) => {
  let server: TestServer;
  let platform: string;
  let bhId: string;

  const asAll = <T>(fn: (tx: Tx) => PromiseLike<T>): Promise<T> =>
    server.database.withAllTenants(async (tx) => fn(tx));

  /** One vehicle of the tenant with one logbook version whose trip ended at `ende`. */
  const logbuchVon = async (mandantId: string, ende: Date) => {
    let [ort] = await asAll((tx) =>
      tx.select({ id: standort.id }).from(standort).where(eq(standort.mandantId, mandantId)).limit(1),
    );
    if (!ort)
      [ort] = await server.database.withTenant(mandantId, (tx) =>
        tx.insert(standort).values({ mandantId, name: 'Rathaus' }).returning({ id: standort.id }),
      );
    const [person] = await asAll((tx) =>
      tx.select({ id: benutzer.id }).from(benutzer).where(eq(benutzer.mandantId, mandantId)).limit(1),
    );
    const fahrzeugId = randomUUID();
    await server.database.withTenant(mandantId, async (tx) => {
      await tx.insert(fahrzeug).values({
        id: fahrzeugId,
        mandantId,
        standortId: ort!.id,
        marke: 'VW',
        modell: 'Golf',
        kennzeichen: 'BH-X 1',
      });
      const e = verketten({
        inhalt: {
          id: randomUUID(),
          fahrzeugId,
          kennzeichen: 'BH-X 1',
          fahrzeugBuchungId: null,
          quelle: 'hand',
          korrigiertId: null,
          grund: 'Test',
          art: 'privat',
          beginn: new Date(ende.getTime() - 3600_000),
          ende,
          kmBeginn: 1000,
          kmEnde: 1050,
          fahrerId: person!.id,
          fahrerName: 'Test',
          ziel: null,
          zweck: null,
          partner: null,
          umweg: null,
          notiz: null,
          erfasstAm: ende,
          erfasstVonId: person!.id,
          erfasstVonName: 'Test',
        },
        letzterHash: null,
        hash: sha256,
      });
      await tx.insert(fahrtenbuchEintrag).values({ ...e, mandantId, laufnummer: 1 });
    });
  };

  beforeAll(async () => {
    server = await startTestServer({ driver, seed: false });
    // the platform administrator (a person of another tenant), and the tenant to delete with a location and a person
    const ms = await fixtureMandant(server.database, {
      name: 'Stadtwerke Musterstadt',
      domain: 'musterstadt.example',
      benutzer: { plattform: { vorname: 'Petra', nachname: 'Brandt', plattformAdmin: true } },
    });
    const bh = await fixtureMandant(server.database, {
      name: 'Bibliothek Beispielhausen',
      domain: 'beispielhausen.example',
      standorte: { bibliothek: { name: 'Zentralbibliothek', bundesland: 'BY' } },
      benutzer: { mitarbeiter: { vorname: 'Anna', nachname: 'Schulz' } },
    });
    platform = await signInAs(server, ms.benutzer.plattform);
    bhId = bh.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses to delete a tenant whose logbook is within the retention period (409, nothing deleted)', async () => {
    await logbuchVon(bhId, new Date());
    const response = await call(server, platform, 'DELETE', `/api/admin/mandanten/${bhId}`, {
      confirmName: 'Bibliothek Beispielhausen',
    });
    const body = await response.clone().text();
    expect(response.status, body).toBe(409);
    const error = await errorOf(response);
    expect(error.code).toBe('mandant.fahrtenbuch_aufbewahrung');
    const rows = await asAll((tx) =>
      tx.select().from(fahrtenbuchEintrag).where(eq(fahrtenbuchEintrag.mandantId, bhId)),
    );
    expect(rows).toHaveLength(1);
    const [still] = await asAll((tx) => tx.select().from(mandant).where(eq(mandant.id, bhId)));
    expect(still).toBeDefined();
    expect(error.message).toBe(
      `Der Mandant Bibliothek Beispielhausen kann nicht gelöscht werden: Sein Fahrtenbuch enthält 1 Einträge, die nach § 147 AO bis Ende ${
        new Date().getFullYear() + 10
      } aufbewahrt werden müssen. Schalten Sie die Fahrzeugbuchung ab; löschen können Sie den Mandanten, sobald die Aufbewahrungsfrist abgelaufen ist und die Einträge entfernt sind.`,
    );
  });

  it('deletes a tenant whose logbook versions are all past the period, with them', async () => {
    const created = await call(server, platform, 'POST', '/api/admin/mandanten', {
      name: 'Gemeinde Altdorf',
      domains: ['altdorf.example'],
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const admin = await call(server, platform, 'POST', `/api/admin/mandanten/${id}/administratoren`, {
      vorname: 'Alt',
      nachname: 'Dorf',
      email: 'admin@altdorf.example',
    });
    expect(admin.status, await admin.clone().text()).toBe(201);
    // 11 calendar years ago: past the 10 years of § 147 AO
    await logbuchVon(id, new Date(Date.UTC(new Date().getUTCFullYear() - 11, 5, 1, 10)));
    const response = await call(server, platform, 'DELETE', `/api/admin/mandanten/${id}`, {
      confirmName: 'Gemeinde Altdorf',
    });
    expect(response.status, await response.clone().text()).toBe(204);
    const rows = await asAll((tx) =>
      tx.select().from(fahrtenbuchEintrag).where(eq(fahrtenbuchEintrag.mandantId, id)),
    );
    expect(rows).toEqual([]);
    expect(await asAll((tx) => tx.select().from(mandant).where(eq(mandant.id, id)))).toEqual([]);
  });
});
