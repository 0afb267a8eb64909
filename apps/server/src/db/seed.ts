import { berlinInstant } from '@stellwerk/domain/time';
import type { Bundesland } from '@stellwerk/domain/verwaltung/feiertage';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { fahrzeug, fahrzeugOeffnungszeit } from '../modules/fahrzeuge/fahrzeug/fahrzeug.table.ts';
import { fuehrerschein } from '../modules/fahrzeuge/fuehrerschein/fuehrerschein.table.ts';
import { benutzerGruppe, benutzerRolle } from '../modules/identitaet/benutzer/benutzer.table.ts';
import { gruppe, gruppeRolle } from '../modules/identitaet/gruppe/gruppe.table.ts';
import { rolle, rollePermission } from '../modules/identitaet/rolle/rolle.table.ts';
import { oeffnungszeit } from '../modules/leseraum/oeffnungszeit/oeffnungszeit.table.ts';
import { customizing, feature, mandantFeature } from '../modules/verwaltung/customizing/customizing.table.ts';
import { mandant, mandantDomain } from '../modules/verwaltung/mandant/mandant.table.ts';
import { abstellplatz, standort } from '../modules/verwaltung/standort/standort.table.ts';
import { syncCatalogues } from './catalogue.ts';
import type { Database } from './client.ts';
import {
  DEMO_LAPSED_DRIVER,
  DEMO_PASSWORD,
  DEMO_PLATFORM_ADMIN,
  DEMO_TENANTS,
  type DemoTenant,
  type UserKey,
} from './seed.demo-daten.ts';
import { berlinDate, createPerson, type SeedContext, shiftDate, storeFile } from './seed.kontext.ts';
import { seedReadingRoom, seedWorkspace } from './seed.leseraum.ts';
import { drawCarPng, drawLogoPng, writePrivacyPdf } from './seed-images.ts';

const SEED_LOCK_KEY = 7_363_201_002;

const seedFleet = async (
  ctx: SeedContext,
  fleet: NonNullable<DemoTenant['fuhrpark']>,
  mandantId: string,
  bundesland: Bundesland,
): Promise<void> => {
  const { tx } = ctx;
  const [hof] = await tx.insert(standort).values({ mandantId, name: fleet.standort, bundesland }).returning();
  await tx
    .insert(abstellplatz)
    .values(
      [1, 2, 3, 4, 5, 6].map((n) => ({ mandantId, standortId: hof!.id, name: `P${n}`, sortierung: n })),
    );
  for (const v of fleet.vehicles) {
    const bildId = await storeFile(ctx, {
      mandantId,
      bucket: 'fahrzeuge',
      ext: 'png',
      data: drawCarPng({ farbe: v.farbcode, form: v.form }),
      originalName: `${v.marke} ${v.modell}.png`,
    });
    const [row] = await tx
      .insert(fahrzeug)
      .values({
        mandantId,
        gueltigVon: '2024-01-01',
        standortId: hof!.id,
        kategorie: v.kategorie,
        marke: v.marke,
        modell: v.modell,
        kennzeichen: v.kennzeichen,
        kraftstoff: v.kraftstoff,
        leistung: v.leistung,
        getriebe: v.getriebe,
        kofferraum: v.kofferraum,
        sitze: v.sitze,
        tueren: v.tueren,
        farbe: v.farbe,
        fuehrerscheinklasse: 'B',
        klimaanlage: true,
        navigation: v.kategorie !== 'Kleinwagen',
        tempomat: true,
        sitzheizung: v.kraftstoff === 'Elektro',
        bildId,
        buchungszeitraumVon: '07:00',
        buchungszeitraumBis: '19:00',
        buchungszeitraumWochentage: [1, 2, 3, 4, 5],
        buchungAusserhalbMoeglich: v.buchungAusserhalbMoeglich,
      })
      .returning({ id: fahrzeug.id });
    const fahrzeugId = row!.id;
    const [zeiten] = await tx
      .insert(fahrzeugOeffnungszeit)
      .values({
        mandantId,
        fahrzeugId,
        gueltigVon: '2024-01-01',
        isBuchungAusserhalbMoeglich: v.buchungAusserhalbMoeglich,
      })
      .returning({ id: fahrzeugOeffnungszeit.id });
    const fahrzeugOeffnungszeitId = zeiten!.id;
    await tx.insert(oeffnungszeit).values([
      ...[1, 2, 3, 4, 5].map((wochentag) => ({
        mandantId,
        fahrzeugOeffnungszeitId,
        wochentag,
        von: '07:00',
        bis: '19:00',
      })),
      { mandantId, fahrzeugOeffnungszeitId, wochentag: 6, von: '08:00', bis: '14:00', geoeffnet: false },
      { mandantId, fahrzeugOeffnungszeitId, wochentag: 0, von: '08:00', bis: '14:00', geoeffnet: false },
    ]);
    await tx.update(fahrzeug).set({ fahrzeugOeffnungszeitId }).where(eq(fahrzeug.id, fahrzeugId));
  }
};

const LICENCE_NUMBERS: Record<UserKey, string> = {
  mitarbeiter: 'B072RRE2I55',
  fuhrpark: 'B13X8K4MT21',
  freigabe: 'J2204LP7Q90',
  fuehrerschein: 'K8830ZW1E64',
  fahrzeugpflege: 'N5517AB9C08',
  admin: 'F4021HT6R37',
  zweifaktor: 'Z3308QM5K72',
  passwort: 'P6614WT3N19',
  faktor: 'F9127KS4A52',
};

const seedTenant = async (ctx: SeedContext, t: DemoTenant): Promise<string> => {
  const { tx } = ctx;
  const [m] = await tx
    .insert(mandant)
    .values({ name: t.name, kundenname: t.kundenname })
    .returning({ id: mandant.id });
  const mandantId = m!.id;
  await tx.insert(mandantDomain).values({ mandantId, domain: t.domain });
  // spec §7: the default logo and privacy statement of an empty bucket (replaced or removed on /admin/einstellungen)
  await storeFile(ctx, {
    mandantId,
    bucket: 'logos',
    ext: 'png',
    data: drawLogoPng({ farbe: t.logoFarbe }),
    originalName: `logo-${t.slug}.png`,
  });
  await storeFile(ctx, {
    mandantId,
    bucket: 'datenschutz',
    ext: 'pdf',
    data: writePrivacyPdf({
      mandantName: t.name,
      zeilen: [
        'Dies ist die Beispiel-Datenschutzerkl\u00e4rung der Demodaten.',
        'Administratoren ersetzen sie unter Administration > Einstellungen.',
      ],
    }),
    originalName: `datenschutz-${t.slug}.pdf`,
  });
  await tx.insert(mandantFeature).values(
    (['FahrzeugBuchung', 'Leseraum', 'Arbeitswelt', 'Officelocker', 'Chatbot'] as const).map((name) => ({
      mandantId,
      featureId: ctx.featureIdOf.get(name)!,
      aktiv: name === 'FahrzeugBuchung' || name === 'Leseraum' ? t.features[name] : false,
    })),
  );
  await tx.insert(customizing).values({ mandantId, customizingOptionName: 'Sprache', wert: 'de' });

  const rollen = await tx
    .insert(rolle)
    .values(Object.keys(t.rollen).map((name) => ({ mandantId, name })))
    .returning({ id: rolle.id, name: rolle.name });
  const rolleId = (name: string) => rollen.find((r) => r.name === name)!.id;
  const grants = Object.entries(t.rollen).flatMap(([name, perms]) =>
    perms.map((permissionName) => ({ mandantId, rolleId: rolleId(name), permissionName })),
  );
  if (grants.length > 0) await tx.insert(rollePermission).values(grants);
  const [alle] = await tx
    .insert(gruppe)
    .values({ mandantId, name: 'Alle Mitarbeitenden' })
    .returning({ id: gruppe.id });
  await tx.insert(gruppeRolle).values({ mandantId, gruppeId: alle!.id, rolleId: rolleId('Mitarbeiter') });

  const ids = new Map<UserKey, string>();
  for (const [i, u] of t.users.entries()) {
    const id = await createPerson(ctx, {
      mandantId,
      email: `${u.key}@${t.domain}`,
      username: `${u.key}.${t.slug}`,
      vorname: u.vorname,
      nachname: u.nachname,
      employeeId: `${t.employeePrefix}-${1001 + i}`,
    });
    ids.set(u.key, id);
    await tx.insert(benutzerRolle).values({ mandantId, benutzerId: id, rolleId: rolleId(u.rolle) });
    await tx.insert(benutzerGruppe).values({ mandantId, benutzerId: id, gruppeId: alle!.id });
  }

  await seedReadingRoom(ctx, t, mandantId);
  await seedWorkspace(ctx, mandantId, t.bundesland);

  if (t.fuhrpark) {
    await seedFleet(ctx, t.fuhrpark, mandantId, t.bundesland);
    // Licences: checked two months ago every six months, so the next check is four months ahead; the vehicle
    // caretaker's check is due in ten days to fill the licence checker's list.
    const pruefer = ids.get('fuehrerschein')!;
    await tx.insert(fuehrerschein).values(
      t.users.map((u, i) => {
        const letztePruefung =
          u.key === 'fahrzeugpflege'
            ? shiftDate(ctx.today, { days: 10, months: -6 })
            : shiftDate(ctx.today, { months: -2 });
        return {
          mandantId,
          benutzerId: ids.get(u.key)!,
          fuehrerscheinnummer: LICENCE_NUMBERS[u.key],
          ausstellungsdatum: shiftDate('2004-03-15', { years: i * 2, months: i * 3 }),
          letztePruefung,
          naechstePruefung: shiftDate(letztePruefung, { months: 6 }),
          prueferId: pruefer,
          zusatzinfo: u.key === 'fuhrpark' ? 'Sehhilfe erforderlich (Schlüsselzahl 01)' : null,
          am: true,
          l: true,
          b: true,
          be: u.key === 'fuhrpark' || u.key === 'fahrzeugpflege',
          c1: u.key === 'fahrzeugpflege',
          c1e: u.key === 'fahrzeugpflege',
          pruefmethode: 'original_persoenlich',
          originalGesehen: true,
          geprueftAm: berlinInstant(letztePruefung, '10:00'),
        };
      }),
    );
    if (t.slug === 'musterstadt') {
      const fahrerId = await createPerson(ctx, { mandantId, ...DEMO_LAPSED_DRIVER });
      await tx.insert(benutzerGruppe).values({ mandantId, benutzerId: fahrerId, gruppeId: alle!.id });
      const letztePruefung = shiftDate(ctx.today, { months: -7 });
      await tx.insert(fuehrerschein).values({
        mandantId,
        benutzerId: fahrerId,
        fuehrerscheinnummer: 'M7712UK3P40',
        ausstellungsdatum: '1998-06-02',
        letztePruefung,
        naechstePruefung: shiftDate(letztePruefung, { months: 6 }),
        prueferId: pruefer,
        pruefmethode: 'original_persoenlich',
        originalGesehen: true,
        geprueftAm: berlinInstant(letztePruefung, '10:00'),
        am: true,
        l: true,
        b: true,
      });
    }
  }
  return mandantId;
};

/**
 * Seeds the demo (two tenants, six sign-ins each plus the platform administrator, a location with
 * vehicles and photos, floor plans with seats and group rooms, opening hours) into an empty database.
 * Runs in one owner transaction and only when no tenant exists: returns false otherwise. Files go to
 * `${dataDir}/storage/{bucket}/{mandantId}/{uuid}.{ext}`.
 */
export async function seedDemo(
  database: Database,
  { dataDir, now = new Date() }: { dataDir: string; now?: Date },
): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return database.withAllTenants(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: mandant.id }).from(mandant).limit(1);
    if (existing.length > 0) return false;
    await syncCatalogues(tx);
    const features = await tx.select({ id: feature.id, name: feature.name }).from(feature);
    const ctx: SeedContext = {
      tx,
      dataDir,
      passwordHash,
      today: berlinDate(now),
      featureIdOf: new Map(features.map((f) => [f.name, f.id])),
    };
    const mandantIds: string[] = [];
    for (const t of DEMO_TENANTS) mandantIds.push(await seedTenant(ctx, t));
    await createPerson(ctx, { mandantId: mandantIds[0]!, ...DEMO_PLATFORM_ADMIN, plattformAdmin: true });
    return true;
  });
}
