import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { verifyPassword } from 'better-auth/crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fahrzeug, fahrzeugOeffnungszeit } from '../modules/fahrzeuge/fahrzeug/fahrzeug.table.ts';
import { fuehrerschein } from '../modules/fahrzeuge/fuehrerschein/fuehrerschein.table.ts';
import { account, user } from '../modules/identitaet/auth/auth.table.ts';
import { benutzer } from '../modules/identitaet/benutzer/benutzer.table.ts';
import { permission, rolle, rollePermission } from '../modules/identitaet/rolle/rolle.table.ts';
import {
  grundrissLeseraum,
  leseraum,
  leseraumAusstattung,
} from '../modules/leseraum/leseraum/leseraum.table.ts';
import {
  abweichendeOeffnungszeit,
  oeffnungszeit,
} from '../modules/leseraum/oeffnungszeit/oeffnungszeit.table.ts';
import { checkUpload } from '../modules/plattform/storage/storage.content.ts';
import { datei } from '../modules/plattform/storage/storage.table.ts';
import { customizing, feature, mandantFeature } from '../modules/verwaltung/customizing/customizing.table.ts';
import { mandant, mandantDomain } from '../modules/verwaltung/mandant/mandant.table.ts';
import { abstellplatz } from '../modules/verwaltung/standort/standort.table.ts';
import { DEMO_PASSWORD } from './seed.demo-daten.ts';
import { seedDemo } from './seed.ts';
import { openTestDatabase, type TestDatabase, testDrivers } from './test-database.ts';

const NOW = new Date('2026-11-21T10:00:00Z');

describe.each(testDrivers())('demo seed on %s', (driver) => {
  let t: TestDatabase;
  let first: boolean;
  let musterstadt: string;
  let beispielhausen: string;
  beforeAll(async () => {
    t = await openTestDatabase(driver);
    first = await seedDemo(t.database, { dataDir: t.dataDir, now: NOW });
    const tenants = await t.database.db.select().from(mandant);
    musterstadt = tenants.find((m) => m.name === 'Stadtwerke Musterstadt')!.id;
    beispielhausen = tenants.find((m) => m.name === 'Bibliothek Beispielhausen')!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates the two demo tenants with their domains and feature switches', async () => {
    expect(first).toBe(true);
    const domains = await t.database.db.select().from(mandantDomain);
    expect(domains.map((d) => [d.domain, d.mandantId]).sort()).toEqual(
      [
        ['beispielhausen.example', beispielhausen],
        ['musterstadt.example', musterstadt],
      ].sort(),
    );
    const switches = await t.database.db
      .select({ mandantId: mandantFeature.mandantId, name: feature.name, aktiv: mandantFeature.aktiv })
      .from(mandantFeature)
      .innerJoin(feature, eq(feature.id, mandantFeature.featureId))
      .where(eq(mandantFeature.aktiv, true));
    expect(
      switches
        .filter((s) => s.mandantId === musterstadt)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['FahrzeugBuchung', 'Leseraum']);
    expect(switches.filter((s) => s.mandantId === beispielhausen).map((s) => s.name)).toEqual(['Leseraum']);
  });

  it('is idempotent: a second call changes nothing and returns false', async () => {
    const before = await t.database.db.select().from(benutzer);
    expect(await seedDemo(t.database, { dataDir: t.dataDir, now: NOW })).toBe(false);
    expect(await t.database.db.select().from(benutzer)).toHaveLength(before.length);
    expect(await t.database.db.select().from(mandant)).toHaveLength(2);
  });

  it('writes the permission and feature catalogues', async () => {
    expect(await t.database.db.select().from(permission)).toHaveLength(15); // the 13 of spec §6, auslastung_sehen (decision 165) and auswertung_sehen (decision 246)
    const names = (await t.database.db.select().from(feature)).map((f) => f.name).sort();
    expect(names).toEqual(
      [
        'Arbeitswelt',
        'Chatbot',
        'Einstellungen',
        'FahrzeugBuchung',
        'Leseraum',
        'Officelocker',
        'Systemeinstellungen',
      ].sort(),
    );
  });

  it('creates six sign-ins per tenant, the lapsed demo driver, the users of three journeys (two-factor, password change, security page) and the platform administrator, all with the demo password and employee numbers of their own', async () => {
    const users = await t.database.db.select().from(benutzer);
    expect(users).toHaveLength(17);
    for (const email of [
      'zweifaktor@musterstadt.example',
      'passwort@musterstadt.example',
      'faktor@beispielhausen.example',
    ])
      expect(users.some((u) => u.email === email)).toBe(true);
    // one employee number per person of a tenant (the lapsed driver once shared MS-1007 with a journey's user)
    const numbers = users.map((u) => `${u.mandantId} ${u.employeeId}`);
    expect(new Set(numbers).size).toBe(numbers.length);
    const platform = users.filter((u) => u.plattformAdmin);
    expect(platform.map((u) => [u.email, u.mandantId])).toEqual([
      ['plattform@stellwerk.example', musterstadt],
    ]);
    const admin = users.find((u) => u.email === 'admin@musterstadt.example')!;
    expect(admin).toMatchObject({ username: 'admin.musterstadt', status: 'aktiv', authUserId: admin.id });
    expect(users.every((u) => u.authUserId === u.id && u.employeeId)).toBe(true);
    const [authUser] = await t.database.db.select().from(user).where(eq(user.id, admin.id));
    expect(authUser).toMatchObject({ email: 'admin@musterstadt.example', username: 'admin.musterstadt' });
    const [credential] = await t.database.db.select().from(account).where(eq(account.userId, admin.id));
    expect(credential).toMatchObject({ providerId: 'credential', accountId: admin.id });
    expect(await verifyPassword({ hash: credential!.password!, password: DEMO_PASSWORD })).toBe(true);
    expect(await verifyPassword({ hash: credential!.password!, password: 'falsch' })).toBe(false);
  });

  it('grants the Administration role all 15 permissions (spec §6, auslastung_sehen and auswertung_sehen, decisions 165 and 246) and the Mitarbeiter role fahrzeug_buchen', async () => {
    const grants = await t.database.db
      .select({ rolle: rolle.name, permission: rollePermission.permissionName })
      .from(rollePermission)
      .innerJoin(rolle, eq(rolle.id, rollePermission.rolleId))
      .where(eq(rolle.mandantId, musterstadt));
    expect(grants.filter((g) => g.rolle === 'Administration')).toHaveLength(15);
    // the evaluation's own right (decision 246): the fleet manager holds it, the room keepers' utilisation role not
    expect(grants.filter((g) => g.rolle === 'Fuhrparkleitung').map((g) => g.permission)).toContain(
      'auswertung_sehen',
    );
    expect(grants.filter((g) => g.rolle === 'Mitarbeiter').map((g) => g.permission)).toEqual([
      'fahrzeug_buchen',
    ]);
  });

  it('gives Musterstadt a depot with six parking spots and four vehicles with photos on disk', async () => {
    const vehicles = await t.database.withTenant(musterstadt, (tx) => tx.select().from(fahrzeug));
    expect(vehicles.map((v) => v.kennzeichen).sort()).toEqual([
      'MS-SW 101',
      'MS-SW 102',
      'MS-SW 103',
      'MS-SW 104',
    ]);
    expect(await t.database.withTenant(musterstadt, (tx) => tx.select().from(abstellplatz))).toHaveLength(6);
    for (const v of vehicles) {
      expect(v.fahrzeugOeffnungszeitId).not.toBeNull();
      const [bild] = await t.database.db.select().from(datei).where(eq(datei.id, v.bildId!));
      expect(bild).toMatchObject({ bucket: 'fahrzeuge', mime: 'image/png', mandantId: musterstadt });
      const bytes = readFileSync(path.join(t.dataDir, 'storage', 'fahrzeuge', bild!.pfad));
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(bytes.length).toBe(bild!.size);
    }
    expect(
      await t.database.withTenant(musterstadt, (tx) => tx.select().from(fahrzeugOeffnungszeit)),
    ).toHaveLength(4);
    expect(await t.database.withTenant(beispielhausen, (tx) => tx.select().from(fahrzeug))).toEqual([]);
  });

  it('gives the Musterstadt users driving licences whose next check lies in the future, the demo driver a lapsed one', async () => {
    const licences = await t.database.withTenant(musterstadt, (tx) => tx.select().from(fuehrerschein));
    expect(licences).toHaveLength(9);
    // the seed's today, not the real one: it dates the checks from NOW, and the vehicle caretaker's next check,
    // ten days after it, would lie in the past of a run after 1 December 2026
    const today = NOW.toISOString().slice(0, 10);
    const [lapsed, ...current] = licences.sort((a, b) =>
      a.naechstePruefung!.localeCompare(b.naechstePruefung!),
    );
    expect(lapsed!.naechstePruefung! < today).toBe(true);
    expect(current.every((l) => l.b && l.naechstePruefung! > today)).toBe(true);
    expect(licences.every((l) => l.originalGesehen && l.pruefmethode === 'original_persoenlich')).toBe(true);
  });

  it('gives both tenants a default logo (PNG) and privacy statement (PDF) that an upload would accept', async () => {
    for (const mandantId of [musterstadt, beispielhausen]) {
      const files = await t.database.db.select().from(datei).where(eq(datei.mandantId, mandantId));
      for (const [bucket, mime] of [
        ['logos', 'image/png'],
        ['datenschutz', 'application/pdf'],
      ] as const) {
        const [row, ...more] = files.filter((f) => f.bucket === bucket);
        expect(more).toHaveLength(0);
        expect(row!.mime).toBe(mime);
        const data = readFileSync(path.join(t.dataDir, 'storage', bucket, row!.pfad));
        expect(data.length).toBe(row!.size);
        expect((await checkUpload(bucket, data)).mime).toBe(mime);
      }
    }
  });

  it('gives both tenants a floor plan with 20 seats and two group rooms placed inside the plan', async () => {
    for (const mandantId of [musterstadt, beispielhausen]) {
      const [plan] = await t.database.withTenant(mandantId, (tx) =>
        tx.select().from(grundrissLeseraum).where(eq(grundrissLeseraum.bereich, 'leseraum')),
      );
      const [svgFile] = await t.database.db.select().from(datei).where(eq(datei.id, plan!.dateiId!));
      const svg = readFileSync(path.join(t.dataDir, 'storage', 'grundrisse', svgFile!.pfad), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      const rooms = await t.database.withTenant(mandantId, (tx) =>
        tx.select().from(leseraum).where(eq(leseraum.grundrissId, plan!.id)),
      );
      expect(rooms.filter((r) => r.kapazitaet === 1)).toHaveLength(20);
      expect(
        rooms
          .filter((r) => r.kapazitaet > 1)
          .map((r) => r.kapazitaet)
          .sort(),
      ).toEqual([6, 8]);
      expect(svg).toContain('viewBox="0 0 1200 800"');
      for (const r of rooms) {
        expect(r.position!.x).toBeGreaterThan(0);
        expect(r.position!.x).toBeLessThan(1200);
        expect(r.position!.y).toBeGreaterThan(0);
        expect(r.position!.y).toBeLessThan(800);
      }
      expect(new Set(rooms.map((r) => `${r.position!.x},${r.position!.y}`)).size).toBe(rooms.length);
      expect(rooms.filter((r) => r.ersthelfer)).toHaveLength(1);
      expect(rooms.filter((r) => r.brandschutzhelfer)).toHaveLength(1);
      const equipment = await t.database.withTenant(mandantId, (tx) => tx.select().from(leseraumAusstattung));
      expect(equipment.length).toBeGreaterThanOrEqual(40);
      const hours = await t.database.withTenant(mandantId, (tx) =>
        tx.select().from(oeffnungszeit).where(eq(oeffnungszeit.grundrissId, plan!.id)),
      );
      expect(hours.map((h) => [h.wochentag, h.von, h.bis, h.geoeffnet]).sort()).toEqual(
        [
          [0, '08:00', '18:00', false],
          [1, '08:00', '18:00', true],
          [2, '08:00', '18:00', true],
          [3, '08:00', '18:00', true],
          [4, '08:00', '18:00', true],
          [5, '08:00', '18:00', true],
          [6, '10:00', '14:00', true],
        ].sort(),
      );
      const special = await t.database.withTenant(mandantId, (tx) =>
        tx.select().from(abweichendeOeffnungszeit),
      );
      expect(special).toMatchObject([
        { gueltigVon: '2026-12-25', gueltigBis: '2026-12-26', status: 'geschlossen' },
      ]);
    }
  });

  it('sets the tenant-level language to German', async () => {
    const rows = await t.database.db
      .select()
      .from(customizing)
      .where(and(isNull(customizing.benutzerId), isNull(customizing.gruppeId)));
    expect(rows.map((r) => [r.mandantId, r.customizingOptionName, r.wert]).sort()).toEqual(
      [
        [beispielhausen, 'Sprache', 'de'],
        [musterstadt, 'Sprache', 'de'],
      ].sort(),
    );
    expect(existsSync(path.join(t.dataDir, 'storage'))).toBe(true);
  });
});
