import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PERMISSION_NAMES, type PermissionName } from '@stellwerk/domain/permissions';
import { berlinInstant } from '@stellwerk/domain/time';
import type { Bundesland } from '@stellwerk/domain/verwaltung/feiertage';
import { hashPassword } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { fahrzeug, fahrzeugOeffnungszeit } from '../modules/fahrzeuge/fahrzeug/fahrzeug.table.ts';
import { fuehrerschein } from '../modules/fahrzeuge/fuehrerschein/fuehrerschein.table.ts';
import { account, user } from '../modules/identitaet/auth/auth.table.ts';
import { benutzer, benutzerGruppe, benutzerRolle } from '../modules/identitaet/benutzer/benutzer.table.ts';
import { gruppe, gruppeRolle } from '../modules/identitaet/gruppe/gruppe.table.ts';
import { rolle, rollePermission } from '../modules/identitaet/rolle/rolle.table.ts';
import { ausstattung } from '../modules/leseraum/ausstattung/ausstattung.table.ts';
import {
  grundrissLeseraum,
  leseraum,
  leseraumAusstattung,
} from '../modules/leseraum/leseraum/leseraum.table.ts';
import {
  abweichendeOeffnungszeit,
  oeffnungszeit,
} from '../modules/leseraum/oeffnungszeit/oeffnungszeit.table.ts';
import { datei } from '../modules/plattform/storage/storage.table.ts';
import { customizing, feature, mandantFeature } from '../modules/verwaltung/customizing/customizing.table.ts';
import { mandant, mandantDomain } from '../modules/verwaltung/mandant/mandant.table.ts';
import { abstellplatz, standort } from '../modules/verwaltung/standort/standort.table.ts';
import { syncCatalogues } from './catalogue.ts';
import type { Database, Tx } from './client.ts';
import {
  type CarForm,
  DESK_PLAN_DESKS,
  drawCarPng,
  drawDeskPlanSvg,
  drawFloorPlanSvg,
  drawLogoPng,
  FLOOR_PLAN_GROUP_ROOMS,
  FLOOR_PLAN_SEATS,
  writePrivacyPdf,
} from './seed-images.ts';

/** Password of every demo user (README). */
export const DEMO_PASSWORD = 'stellwerk-demo';

/** The platform administrator (a benutzer of Stadtwerke Musterstadt without tenant roles). */
export const DEMO_PLATFORM_ADMIN = {
  email: 'plattform@stellwerk.example',
  username: 'plattform',
  vorname: 'Petra',
  nachname: 'Brandt',
  employeeId: 'SW-0001',
} as const;

type UserKey =
  | 'mitarbeiter'
  | 'fuhrpark'
  | 'freigabe'
  | 'fuehrerschein'
  | 'fahrzeugpflege'
  | 'admin'
  | 'zweifaktor'
  | 'passwort'
  | 'faktor';
/**
 * A booker of Stadtwerke Musterstadt whose licence check lapsed a month ago: the licence checkers'
 * list shows an overdue check, and booking is refused with the message. The licence-check journey
 * (e2e/tests/fuehrerschein.spec.ts) records the check; no other journey signs in with this user.
 */
export const DEMO_LAPSED_DRIVER = {
  email: 'fahrer@musterstadt.example',
  username: 'fahrer.musterstadt',
  vorname: 'Uwe',
  nachname: 'Krause',
  // after the numbers of the tenant's sign-ins (MS-1001 to MS-1008), which are counted from 1001
  employeeId: 'MS-1099',
} as const;

type DemoUser = { key: UserKey; vorname: string; nachname: string; rolle: string };

type DemoVehicle = {
  marke: string;
  modell: string;
  kennzeichen: string;
  kategorie: string;
  kraftstoff: string;
  leistung: number;
  getriebe: string;
  kofferraum: number;
  sitze: number;
  tueren: number;
  farbe: string;
  farbcode: string;
  form: CarForm;
  buchungAusserhalbMoeglich: boolean;
};

type DemoTenant = {
  name: string;
  slug: string;
  /** Colour of the generated demo logo. */
  logoFarbe: string;
  /** The legacy customer name (spec §3). */
  kundenname: string;
  domain: string;
  employeePrefix: string;
  features: { FahrzeugBuchung: boolean; Leseraum: boolean };
  rollen: Record<string, readonly PermissionName[]>;
  users: readonly DemoUser[];
  leseraumStandort: string;
  /** The federal state of the demo's locations (their public holidays, decision 163). */
  bundesland: Bundesland;
  grundriss: string;
  fuhrpark?: { standort: string; vehicles: readonly DemoVehicle[] };
};

const ALL_PERMISSIONS: readonly PermissionName[] = PERMISSION_NAMES;

/** The two demo tenants (README "Demo logins"). Each has the same six sign-ins at its own domain. */
export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    name: 'Stadtwerke Musterstadt',
    slug: 'musterstadt',
    logoFarbe: '#3b5bdb',
    kundenname: 'SWM Musterstadt GmbH',
    domain: 'musterstadt.example',
    employeePrefix: 'MS',
    features: { FahrzeugBuchung: true, Leseraum: true },
    rollen: {
      Mitarbeiter: ['fahrzeug_buchen'],
      Fuhrparkleitung: [
        'fahrzeug_pflege',
        'fahrzeug_fremdbuchung',
        'fahrzeug_buchen',
        'fahrzeug_logbuch_report',
        'auslastung_sehen',
      ],
      Freigabe: ['fahrzeug_freigabe_von_sonderfahrten', 'fahrzeug_buchen'],
      Führerscheinprüfung: ['fahrzeug_fuehrerscheinpruefung'],
      Fahrzeugpflege: ['fahrzeug_pflege'],
      Administration: ALL_PERMISSIONS,
    },
    users: [
      { key: 'mitarbeiter', vorname: 'Lena', nachname: 'Hoffmann', rolle: 'Mitarbeiter' },
      { key: 'fuhrpark', vorname: 'Thomas', nachname: 'Becker', rolle: 'Fuhrparkleitung' },
      { key: 'freigabe', vorname: 'Sabine', nachname: 'Krüger', rolle: 'Freigabe' },
      { key: 'fuehrerschein', vorname: 'Markus', nachname: 'Weber', rolle: 'Führerscheinprüfung' },
      { key: 'fahrzeugpflege', vorname: 'Jonas', nachname: 'Schneider', rolle: 'Fahrzeugpflege' },
      { key: 'admin', vorname: 'Claudia', nachname: 'Wagner', rolle: 'Administration' },
      // the two-factor journey (e2e zwei-faktor.spec.ts) enrols an authenticator app for this booker
      { key: 'zweifaktor', vorname: 'Zoe', nachname: 'Zweig', rolle: 'Mitarbeiter' },
      // the password-change journey (e2e password-change.spec.ts) changes this booker's password for good
      { key: 'passwort', vorname: 'Paul', nachname: 'Wortmann', rolle: 'Mitarbeiter' },
    ],
    leseraumStandort: 'Verwaltung Rathausplatz',
    bundesland: 'NW',
    grundriss: 'Lernraum Verwaltung',
    fuhrpark: {
      standort: 'Betriebshof Nord',
      vehicles: [
        {
          marke: 'Volkswagen',
          modell: 'ID.3 Pro',
          kennzeichen: 'MS-SW 101',
          kategorie: 'Kompaktklasse',
          kraftstoff: 'Elektro',
          leistung: 150,
          getriebe: 'Automatik',
          kofferraum: 3,
          sitze: 5,
          tueren: 5,
          farbe: 'Blau',
          farbcode: '#1f4e8c',
          form: 'kompakt',
          buchungAusserhalbMoeglich: false,
        },
        {
          marke: 'Škoda',
          modell: 'Octavia Combi 2.0 TDI',
          kennzeichen: 'MS-SW 102',
          kategorie: 'Kombi',
          kraftstoff: 'Diesel',
          leistung: 110,
          getriebe: 'Automatik',
          kofferraum: 5,
          sitze: 5,
          tueren: 5,
          farbe: 'Silber',
          farbcode: '#aab0b8',
          form: 'kombi',
          buchungAusserhalbMoeglich: false,
        },
        {
          marke: 'Volkswagen',
          modell: 'Transporter T6.1 Kombi',
          kennzeichen: 'MS-SW 103',
          kategorie: 'Transporter',
          kraftstoff: 'Diesel',
          leistung: 110,
          getriebe: 'Schaltgetriebe',
          kofferraum: 8,
          sitze: 9,
          tueren: 4,
          farbe: 'Weiß',
          farbcode: '#f2f2f2',
          form: 'transporter',
          buchungAusserhalbMoeglich: true,
        },
        {
          marke: 'Opel',
          modell: 'Corsa Electric',
          kennzeichen: 'MS-SW 104',
          kategorie: 'Kleinwagen',
          kraftstoff: 'Elektro',
          leistung: 100,
          getriebe: 'Automatik',
          kofferraum: 2,
          sitze: 5,
          tueren: 5,
          farbe: 'Rot',
          farbcode: '#b22222',
          form: 'kompakt',
          buchungAusserhalbMoeglich: false,
        },
      ],
    },
  },
  {
    name: 'Bibliothek Beispielhausen',
    slug: 'beispielhausen',
    logoFarbe: '#2b8a3e',
    kundenname: 'Gemeinde Beispielhausen',
    domain: 'beispielhausen.example',
    employeePrefix: 'BH',
    features: { FahrzeugBuchung: false, Leseraum: true },
    // Reading-room roles; the sign-ins keep the names of the vehicle tenant so both tenants are alike.
    rollen: {
      Mitarbeiter: [],
      Raumpflege: ['objekt_pflege', 'ausstattungs_pflege', 'auslastung_sehen'],
      Buchungsverwaltung: ['buchung_pflege'],
      Öffnungszeitenpflege: ['oeffnungszeiten_pflege'],
      Benutzerverwaltung: ['benutzer_pflegen', 'berechtigungs_pflege'],
      Administration: ALL_PERMISSIONS,
    },
    users: [
      { key: 'mitarbeiter', vorname: 'Anna', nachname: 'Schulz', rolle: 'Mitarbeiter' },
      { key: 'fuhrpark', vorname: 'Michael', nachname: 'Fischer', rolle: 'Raumpflege' },
      { key: 'freigabe', vorname: 'Julia', nachname: 'Meyer', rolle: 'Buchungsverwaltung' },
      { key: 'fuehrerschein', vorname: 'Stefan', nachname: 'Wolf', rolle: 'Öffnungszeitenpflege' },
      { key: 'fahrzeugpflege', vorname: 'Katrin', nachname: 'Neumann', rolle: 'Benutzerverwaltung' },
      { key: 'admin', vorname: 'Andreas', nachname: 'Schwarz', rolle: 'Administration' },
      // the journey of the security page (e2e faktor-schutz.spec.ts) switches this reader's language, ends their
      // sessions and has a passkey of theirs revoked
      { key: 'faktor', vorname: 'Frieda', nachname: 'Kaiser', rolle: 'Mitarbeiter' },
    ],
    leseraumStandort: 'Zentralbibliothek',
    bundesland: 'BY',
    grundriss: 'Lesesaal Erdgeschoss',
  },
];

const SEED_LOCK_KEY = 7_363_201_002;

// --- calendar dates (Europe/Berlin) ------------------------------------------------------------------

const berlinDate = (now: Date): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);

const shiftDate = (date: string, { days = 0, months = 0, years = 0 }) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years, d.getUTCMonth() + months, d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Christmas (25 and 26 December) of this year, or of next year once it has passed. */
const nextChristmas = (today: string) => {
  const year = Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-26` ? 1 : 0);
  return { von: `${year}-12-25`, bis: `${year}-12-26` };
};

// --- building blocks ---------------------------------------------------------------------------------

type SeedContext = {
  tx: Tx;
  dataDir: string;
  passwordHash: string;
  today: string;
  featureIdOf: Map<string, string>;
};

const storeFile = async (
  ctx: SeedContext,
  f: {
    mandantId: string;
    bucket: 'fahrzeuge' | 'grundrisse' | 'logos' | 'datenschutz';
    ext: 'png' | 'svg' | 'pdf';
    data: Buffer;
    originalName: string;
  },
): Promise<string> => {
  const id = randomUUID();
  const pfad = `${f.mandantId}/${id}.${f.ext}`;
  const target = path.join(ctx.dataDir, 'storage', f.bucket, f.mandantId, `${id}.${f.ext}`);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, f.data);
  await ctx.tx.insert(datei).values({
    id,
    mandantId: f.mandantId,
    bucket: f.bucket,
    pfad,
    originalName: f.originalName,
    mime: f.ext === 'png' ? 'image/png' : f.ext === 'pdf' ? 'application/pdf' : 'image/svg+xml',
    size: f.data.length,
  });
  return id;
};

/** A better-auth user with a credential account and the benutzer linked to it (same id). */
const createPerson = async (
  ctx: SeedContext,
  p: {
    mandantId: string;
    email: string;
    username: string;
    vorname: string;
    nachname: string;
    employeeId: string;
    plattformAdmin?: boolean;
  },
): Promise<string> => {
  const id = randomUUID();
  await ctx.tx.insert(user).values({
    id,
    name: `${p.vorname} ${p.nachname}`,
    email: p.email,
    emailVerified: true,
    username: p.username,
    displayUsername: p.username,
  });
  await ctx.tx.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: 'credential',
    userId: id,
    password: ctx.passwordHash,
  });
  await ctx.tx.insert(benutzer).values({
    id,
    mandantId: p.mandantId,
    employeeId: p.employeeId,
    vorname: p.vorname,
    nachname: p.nachname,
    email: p.email,
    username: p.username,
    plattformAdmin: p.plattformAdmin ?? false,
    authUserId: id,
  });
  return id;
};

const seedReadingRoom = async (ctx: SeedContext, t: DemoTenant, mandantId: string) => {
  const { tx } = ctx;
  const [ort] = await tx
    .insert(standort)
    .values({ mandantId, name: t.leseraumStandort, bundesland: t.bundesland })
    .returning();
  const dateiId = await storeFile(ctx, {
    mandantId,
    bucket: 'grundrisse',
    ext: 'svg',
    data: Buffer.from(drawFloorPlanSvg({ titel: `${t.grundriss} – ${t.leseraumStandort}` }), 'utf8'),
    originalName: `${t.grundriss}.svg`,
  });
  const [plan] = await tx
    .insert(grundrissLeseraum)
    .values({
      mandantId,
      bezeichnung: t.grundriss,
      beschreibung: '20 Einzelplätze an fünf Tischen und zwei Gruppenräume.',
      dateiId,
      standortId: ort!.id,
    })
    .returning();
  const grundrissId = plan!.id;

  const seats = await tx
    .insert(leseraum)
    .values(
      FLOOR_PLAN_SEATS.map((s, i) => ({
        mandantId,
        grundrissId,
        bezeichnung: s.bezeichnung,
        position: s.position,
        kapazitaet: 1,
        ersthelfer: i === 0,
        brandschutzhelfer: i === 4,
        beschreibung: i < 8 ? 'Einzelplatz mit Monitor' : 'Einzelplatz',
        bedingungen: 'Bitte den Platz nach der Nutzung aufgeräumt verlassen.',
      })),
    )
    .returning({ id: leseraum.id });
  const groupRooms = await tx
    .insert(leseraum)
    .values(
      FLOOR_PLAN_GROUP_ROOMS.map((r, i) => ({
        mandantId,
        grundrissId,
        bezeichnung: r.bezeichnung,
        position: r.position,
        kapazitaet: i === 0 ? 6 : 8,
        beschreibung: i === 0 ? 'Gruppenraum für bis zu 6 Personen' : 'Gruppenraum für bis zu 8 Personen',
        bedingungen: 'Buchung für Gruppen; bitte Whiteboard nach der Nutzung reinigen.',
      })),
    )
    .returning({ id: leseraum.id });

  const kinds = await tx
    .insert(ausstattung)
    .values(
      ['Steckdose', 'Monitor', 'Leselampe', 'Whiteboard', 'Beamer'].map((name) => ({ mandantId, name })),
    )
    .returning({ id: ausstattung.id, name: ausstattung.name });
  const kind = (name: string) => kinds.find((k) => k.name === name)!.id;
  const equipment: { leseraumId: string; ausstattungId: string; anzahl: number }[] = [];
  seats.forEach((s, i) => {
    equipment.push({ leseraumId: s.id, ausstattungId: kind('Steckdose'), anzahl: 1 });
    equipment.push({ leseraumId: s.id, ausstattungId: kind('Leselampe'), anzahl: 1 });
    if (i < 8) equipment.push({ leseraumId: s.id, ausstattungId: kind('Monitor'), anzahl: 1 });
  });
  const [g1, g2] = groupRooms;
  equipment.push(
    { leseraumId: g1!.id, ausstattungId: kind('Steckdose'), anzahl: 4 },
    { leseraumId: g1!.id, ausstattungId: kind('Whiteboard'), anzahl: 1 },
    { leseraumId: g1!.id, ausstattungId: kind('Monitor'), anzahl: 1 },
    { leseraumId: g2!.id, ausstattungId: kind('Steckdose'), anzahl: 6 },
    { leseraumId: g2!.id, ausstattungId: kind('Whiteboard'), anzahl: 1 },
    { leseraumId: g2!.id, ausstattungId: kind('Beamer'), anzahl: 1 },
  );
  await tx.insert(leseraumAusstattung).values(equipment.map((e) => ({ mandantId, ...e })));

  // Mon-Fri 08:00-18:00, Sat 10:00-14:00, Sun closed (0 = Sunday).
  await tx.insert(oeffnungszeit).values([
    ...[1, 2, 3, 4, 5].map((wochentag) => ({
      mandantId,
      grundrissId,
      wochentag,
      von: '08:00',
      bis: '18:00',
    })),
    { mandantId, grundrissId, wochentag: 6, von: '10:00', bis: '14:00' },
    { mandantId, grundrissId, wochentag: 0, von: '08:00', bis: '18:00', geoeffnet: false },
  ]);
  const weihnachten = nextChristmas(ctx.today);
  await tx.insert(abweichendeOeffnungszeit).values({
    mandantId,
    grundrissId,
    beschreibung: '1. und 2. Weihnachtsfeiertag',
    gueltigVon: weihnachten.von,
    gueltigBis: weihnachten.bis,
    status: 'geschlossen',
  });
};

/**
 * The workspace demo (Arbeitswelt, the same seat-planning engine): one open-plan office with twelve desks,
 * open Monday to Friday 08:00–18:00 (ten hours: a full-day booking stays within the default maximum duration of 600
 * minutes). Created a second after the reading room's plan so lists ordered by
 * creation show the reading room first.
 */
const seedWorkspace = async (ctx: SeedContext, mandantId: string, bundesland: Bundesland) => {
  const { tx } = ctx;
  const [ort] = await tx
    .insert(standort)
    .values({ mandantId, name: 'Verwaltungsgebäude', bundesland })
    .returning();
  const dateiId = await storeFile(ctx, {
    mandantId,
    bucket: 'grundrisse',
    ext: 'svg',
    data: Buffer.from(drawDeskPlanSvg({ titel: 'Großraumbüro 2. OG – Verwaltungsgebäude' }), 'utf8'),
    originalName: 'Großraumbüro 2. OG.svg',
  });
  const [plan] = await tx
    .insert(grundrissLeseraum)
    .values({
      mandantId,
      bezeichnung: 'Großraumbüro 2. OG',
      beschreibung: 'Zwölf Schreibtische mit Monitor für mobiles Arbeiten.',
      bereich: 'arbeitswelt',
      dateiId,
      standortId: ort!.id,
      createdAt: sql`now() + interval '1 second'`,
    })
    .returning();
  await tx.insert(leseraum).values(
    DESK_PLAN_DESKS.map((d, i) => ({
      mandantId,
      grundrissId: plan!.id,
      bezeichnung: d.bezeichnung,
      position: d.position,
      kapazitaet: 1,
      ersthelfer: i === 0,
      beschreibung: 'Schreibtisch mit Monitor und Dockingstation',
    })),
  );
  await tx.insert(oeffnungszeit).values([
    ...[1, 2, 3, 4, 5].map((wochentag) => ({
      mandantId,
      grundrissId: plan!.id,
      wochentag,
      von: '08:00',
      bis: '18:00',
    })),
    ...[6, 0].map((wochentag) => ({
      mandantId,
      grundrissId: plan!.id,
      wochentag,
      von: '08:00',
      bis: '18:00',
      geoeffnet: false,
    })),
  ]);
};

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
