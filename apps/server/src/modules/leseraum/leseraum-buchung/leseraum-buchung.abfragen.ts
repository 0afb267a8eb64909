/**
 * The reading side of the bookings: an area's plans, a plan's occupancy for a day, the user's bookings and
 * places, and the holds waiting for staff.
 */

import { DomainError } from '@stellwerk/domain/errors';
import type {
  Bereich,
  TBelegung,
  TBelegungQuery,
  TLieblingsPlatz,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { leseraumRegelnAus } from '@stellwerk/domain/leseraum/leseraum-buchung/customizing';
import { arrayCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { SessionMemo, SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  effectiveCustomizingAusMemo,
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import { belegungAlsJson, belegungAus, ladeTagesgrundlage } from './leseraum-buchung.belegung.ts';
import type { BelegungsCache } from './leseraum-buchung.belegung-cache.ts';
import { assertBereichOffen, istPersonal, type LeseraumDeps } from './leseraum-buchung.kontext.ts';
import {
  findAktiveGrundrisse,
  findEigenerPlatz,
  findPlaetzeMitPlan,
} from './leseraum-buchung.plaene.repository.ts';
import { toApi, toGrundrissKurz } from './leseraum-buchung.presenter.ts';
import { findEigeneBuchungen, findWartendeVormerkungen } from './leseraum-buchung.repository.ts';

/** GET /api/grundrisse?bereich=…: the active plans of an area (spec §7: with location, ordered by id). */
export const listGrundrisse = async (deps: LeseraumDeps, user: SessionUser, bereich: Bereich) =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    return (await findAktiveGrundrisse(tx, bereich)).map(toGrundrissKurz);
  });

/**
 * GET /api/grundrisse/{id}/belegung as an object (the assistant, the offer of another place): every place of the
 * plan with its state for the chosen period of a day (spec §2 seat states), its description and conditions, markers,
 * equipment and the day's booked times (not who booked them). Read from the database, never from the cache.
 */
export const getBelegung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  grundrissId: string,
  query: TBelegungQuery,
): Promise<TBelegung> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const grundlage = await ladeTagesgrundlage(tx, grundrissId, query.tag);
    const regeln = leseraumRegelnAus(await loadEffectiveCustomizing(tx, user.benutzerId));
    return belegungAus(grundlage, user, query, regeln, deps.now());
  });

/**
 * GET /api/grundrisse/{id}/belegung as the route answers it (decision 263): the plan's day from the cache, the
 * user's rules from the session's memo when it holds them, so that a kept day needs no transaction.
 */
export const getBelegungJson = async (
  deps: LeseraumDeps,
  cache: BelegungsCache,
  user: SessionUser,
  memo: SessionMemo | null,
  grundrissId: string,
  query: TBelegungQuery,
): Promise<string> => {
  let einstellungen = effectiveCustomizingAusMemo(user.benutzerId, memo);
  const grundlage = await cache.holen(user.mandantId, grundrissId, query.tag, () =>
    deps.database.withTenant(user.mandantId, async (tx) => {
      const gelesen = await ladeTagesgrundlage(tx, grundrissId, query.tag);
      einstellungen ??= await loadEffectiveCustomizing(tx, user.benutzerId, memo);
      return gelesen;
    }),
  );
  einstellungen ??= await deps.database.withTenant(user.mandantId, (tx) =>
    loadEffectiveCustomizing(tx, user.benutzerId, memo),
  );
  return belegungAlsJson(grundlage, user, query, leseraumRegelnAus(einstellungen), deps.now());
};

/** GET /api/leseraum-buchungen?bereich=…: the user's bookings of an area that have not ended a day ago. */
export const listEigeneBuchungen = async (deps: LeseraumDeps, user: SessionUser, bereich: Bereich) =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const now = deps.now();
    const rows = await findEigeneBuchungen(tx, {
      mail: user.email,
      bereich,
      from: new Date(now.getTime() - 86_400_000),
    });
    return rows.map((r) => toApi(r, user, now));
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/leseraum-lieblingsplaetze?bereich=…: the places of the area the user marked as favourites
 * (LeseraumLieblingsPlatz at user level); ids of deleted places or inactive plans are left out.
 */
export const listLieblingsPlaetze = async (
  deps: LeseraumDeps,
  user: SessionUser,
  bereich: Bereich,
): Promise<TLieblingsPlatz[]> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const ids = arrayCustomizing(
      await loadEffectiveCustomizing(tx, user.benutzerId),
      'LeseraumLieblingsPlatz',
    ).filter((v): v is string => typeof v === 'string' && UUID.test(v));
    const rows = await findPlaetzeMitPlan(tx, { ids, bereich });
    return rows.map((r) => ({
      id: r.id,
      bezeichnung: r.bezeichnung,
      kapazitaet: r.kapazitaet,
      aktiv: r.aktiv,
      grundriss: { id: r.grundrissId, bezeichnung: r.grundrissBezeichnung },
    }));
  });

/** GET /api/leseraum-eigener-platz?bereich=…: the user's own place of the area (decision 138), or null. */
export const getEigenerPlatz = async (
  deps: LeseraumDeps,
  user: SessionUser,
  bereich: Bereich,
): Promise<TLieblingsPlatz | null> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const r = await findEigenerPlatz(tx, { benutzerId: user.benutzerId, bereich });
    return r
      ? {
          id: r.id,
          bezeichnung: r.bezeichnung,
          kapazitaet: r.kapazitaet,
          aktiv: r.aktiv,
          grundriss: { id: r.grundrissId, bezeichnung: r.grundrissBezeichnung },
        }
      : null;
  });

/** GET /api/leseraum-buchungen/wartend?bereich=…: holds waiting for staff confirmation (buchung_pflege). */
export const listWartendeVormerkungen = async (deps: LeseraumDeps, user: SessionUser, bereich: Bereich) => {
  if (!istPersonal(user)) throw new DomainError('auth.forbidden');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    const now = deps.now();
    return (await findWartendeVormerkungen(tx, { bereich, from: now })).map((r) => toApi(r, user, now));
  });
};
