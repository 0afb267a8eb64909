/**
 * What the bookings read of plans and places: a plan, its places and equipment, its opening hours, the
 * favourites and own place, and the tenant's helpers.
 */

import type { Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { benutzer, GELOESCHT } from '../../identitaet/benutzer/benutzer.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { ausstattung } from '../ausstattung/ausstattung.public.ts';
import { grundrissLeseraum, leseraum, leseraumAusstattung } from '../leseraum/leseraum.public.ts';
import {
  abweichendeOeffnungszeit,
  oeffnungszeit,
  wochenSpalten,
} from '../oeffnungszeit/oeffnungszeit.public.ts';

const planColumns = {
  id: grundrissLeseraum.id,
  bezeichnung: grundrissLeseraum.bezeichnung,
  beschreibung: grundrissLeseraum.beschreibung,
  bereich: grundrissLeseraum.bereich,
  aktiv: grundrissLeseraum.aktiv,
  dateiId: grundrissLeseraum.dateiId,
  standortId: standort.id,
  standortName: standort.name,
};

export type PlanRow = {
  id: string;
  bezeichnung: string;
  beschreibung: string | null;
  bereich: string;
  aktiv: boolean;
  dateiId: string | null;
  standortId: string | null;
  standortName: string | null;
};

/** Active floor plans of an area with their location, in creation order (spec §7). */
export const findAktiveGrundrisse = async (tx: Tx, bereich: Bereich): Promise<PlanRow[]> =>
  tx
    .select(planColumns)
    .from(grundrissLeseraum)
    .leftJoin(standort, eq(standort.id, grundrissLeseraum.standortId))
    .where(and(eq(grundrissLeseraum.bereich, bereich), eq(grundrissLeseraum.aktiv, true)))
    .orderBy(asc(grundrissLeseraum.createdAt), asc(grundrissLeseraum.id));

export const findGrundriss = async (tx: Tx, id: string): Promise<PlanRow | undefined> => {
  const rows = await tx
    .select(planColumns)
    .from(grundrissLeseraum)
    .leftJoin(standort, eq(standort.id, grundrissLeseraum.standortId))
    .where(eq(grundrissLeseraum.id, id))
    .limit(1);
  return rows[0];
};

export type PlatzRow = {
  id: string;
  bezeichnung: string;
  kapazitaet: number;
  position: { x: number; y: number } | null;
  beschreibung: string | null;
  bedingungen: string | null;
  aktiv: boolean;
  brandschutzhelfer: boolean;
  ersthelfer: boolean;
  /** The user whose own place it is (decision 138), or null. */
  eigentuemerId: string | null;
};

/** The places of a plan (active and inactive) in name order. */
export const findPlaetze = async (tx: Tx, grundrissId: string): Promise<PlatzRow[]> =>
  tx
    .select({
      id: leseraum.id,
      bezeichnung: leseraum.bezeichnung,
      kapazitaet: leseraum.kapazitaet,
      position: leseraum.position,
      beschreibung: leseraum.beschreibung,
      bedingungen: leseraum.bedingungen,
      aktiv: leseraum.aktiv,
      brandschutzhelfer: leseraum.brandschutzhelfer,
      ersthelfer: leseraum.ersthelfer,
      eigentuemerId: leseraum.eigentuemerId,
    })
    .from(leseraum)
    .where(eq(leseraum.grundrissId, grundrissId))
    .orderBy(asc(leseraum.bezeichnung), asc(leseraum.id));

/** Equipment of the places of a plan with counts. */
export const findAusstattungDerPlaetze = async (tx: Tx, grundrissId: string) =>
  tx
    .select({
      leseraumId: leseraumAusstattung.leseraumId,
      id: ausstattung.id,
      name: ausstattung.name,
      anzahl: leseraumAusstattung.anzahl,
    })
    .from(leseraumAusstattung)
    .innerJoin(leseraum, eq(leseraum.id, leseraumAusstattung.leseraumId))
    .innerJoin(ausstattung, eq(ausstattung.id, leseraumAusstattung.ausstattungId))
    .where(and(eq(leseraum.grundrissId, grundrissId), gt(leseraumAusstattung.anzahl, 0)))
    .orderBy(asc(ausstattung.name));

/** Weekly opening rows and the special opening times of a plan covering [fromDay, toDay]. */
export const findOeffnung = async (tx: Tx, grundrissId: string, fromDay: string, toDay: string) => {
  const weekly = await tx
    .select(wochenSpalten)
    .from(oeffnungszeit)
    .where(eq(oeffnungszeit.grundrissId, grundrissId));
  const specials = await tx
    .select({
      gueltigVon: abweichendeOeffnungszeit.gueltigVon,
      gueltigBis: abweichendeOeffnungszeit.gueltigBis,
      von: abweichendeOeffnungszeit.von,
      bis: abweichendeOeffnungszeit.bis,
      status: abweichendeOeffnungszeit.status,
    })
    .from(abweichendeOeffnungszeit)
    .where(
      and(
        eq(abweichendeOeffnungszeit.grundrissId, grundrissId),
        sql`${abweichendeOeffnungszeit.gueltigVon} <= ${toDay}`,
        sql`${abweichendeOeffnungszeit.gueltigBis} >= ${fromDay}`,
      ),
    );
  return { weekly, specials };
};

/** A place with its plan's id and name (favourites, own place). */
const PLATZ_MIT_PLAN = {
  id: leseraum.id,
  bezeichnung: leseraum.bezeichnung,
  kapazitaet: leseraum.kapazitaet,
  aktiv: leseraum.aktiv,
  grundrissId: grundrissLeseraum.id,
  grundrissBezeichnung: grundrissLeseraum.bezeichnung,
};

/** Places by id with their plan, of active plans of an area, in plan and name order (the favourites). */
export const findPlaetzeMitPlan = async (tx: Tx, { ids, bereich }: { ids: string[]; bereich: Bereich }) =>
  ids.length === 0
    ? []
    : tx
        .select(PLATZ_MIT_PLAN)
        .from(leseraum)
        .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
        .where(
          and(
            inArray(leseraum.id, ids),
            eq(grundrissLeseraum.bereich, bereich),
            eq(grundrissLeseraum.aktiv, true),
          ),
        )
        .orderBy(asc(grundrissLeseraum.bezeichnung), asc(leseraum.bezeichnung));

/** The plans of these places, each once. */
export const findGrundrissIdsDerPlaetze = async (
  tx: Tx,
  leseraumIds: readonly string[],
): Promise<string[]> =>
  leseraumIds.length === 0
    ? []
    : (
        await tx
          .selectDistinct({ id: leseraum.grundrissId })
          .from(leseraum)
          .where(inArray(leseraum.id, [...leseraumIds]))
      ).map((r) => r.id);

/** The tenant's fire-safety and first-aid helpers (decision 138): few, so the plan reads them in one query. */
export const findHelfer = async (
  tx: Tx,
): Promise<{ id: string; email: string; brandschutzhelfer: boolean; ersthelfer: boolean }[]> =>
  tx
    .select({
      id: benutzer.id,
      email: benutzer.email,
      brandschutzhelfer: benutzer.brandschutzhelfer,
      ersthelfer: benutzer.ersthelfer,
    })
    .from(benutzer)
    .where(
      and(sql`(${benutzer.brandschutzhelfer} or ${benutzer.ersthelfer})`, ne(benutzer.status, GELOESCHT)),
    );

/** The user's own place in an area with its plan (decision 138), if any and active. */
export const findEigenerPlatz = async (
  tx: Tx,
  { benutzerId, bereich }: { benutzerId: string; bereich: Bereich },
) => {
  const rows = await tx
    .select(PLATZ_MIT_PLAN)
    .from(leseraum)
    .innerJoin(grundrissLeseraum, eq(grundrissLeseraum.id, leseraum.grundrissId))
    .where(
      and(
        eq(leseraum.eigentuemerId, benutzerId),
        eq(grundrissLeseraum.bereich, bereich),
        eq(grundrissLeseraum.aktiv, true),
      ),
    )
    .limit(1);
  return rows[0];
};
