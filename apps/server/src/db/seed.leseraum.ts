/** The demo's reading rooms and workspaces: locations, floor plans with places, opening hours and equipment. */

import type { Bundesland } from '@stellwerk/domain/verwaltung/feiertage';
import { sql } from 'drizzle-orm';
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
import { standort } from '../modules/verwaltung/standort/standort.table.ts';
import type { DemoTenant } from './seed.demo-daten.ts';
import { nextChristmas, type SeedContext, storeFile } from './seed.kontext.ts';
import {
  DESK_PLAN_DESKS,
  drawDeskPlanSvg,
  drawFloorPlanSvg,
  FLOOR_PLAN_GROUP_ROOMS,
  FLOOR_PLAN_SEATS,
} from './seed-images.ts';

export const seedReadingRoom = async (ctx: SeedContext, t: DemoTenant, mandantId: string) => {
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
export const seedWorkspace = async (ctx: SeedContext, mandantId: string, bundesland: Bundesland) => {
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
