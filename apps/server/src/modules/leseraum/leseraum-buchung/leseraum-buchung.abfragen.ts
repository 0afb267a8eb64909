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
import { platzZustand } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import { letzterBuchbarerTag, tagSperrgrund } from '@stellwerk/domain/leseraum/leseraum-buchung/buchbarkeit';
import { leseraumRegelnAus } from '@stellwerk/domain/leseraum/leseraum-buchung/customizing';
import { platzMarkerVon, zustandMitEigentuemer } from '@stellwerk/domain/leseraum/leseraum-buchung/helfer';
import { ganztagsZeitraum } from '@stellwerk/domain/leseraum/leseraum-buchung/rules';
import {
  type AbweichendeOeffnung,
  oeffnungszeitAm,
  type Wochenoeffnung,
} from '@stellwerk/domain/leseraum/oeffnungszeiten';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { addCalendarDays, berlinInstant, isValidTime } from '@stellwerk/domain/time';
import { arrayCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import {
  assertBereichOffen,
  bereichOf,
  groupBy,
  istPersonal,
  type LeseraumDeps,
  toOeffnung,
} from './leseraum-buchung.kontext.ts';
import {
  findAktiveGrundrisse,
  findAusstattungDerPlaetze,
  findEigenerPlatz,
  findGrundriss,
  findHelfer,
  findOeffnung,
  findPlaetze,
  findPlaetzeMitPlan,
} from './leseraum-buchung.plaene.repository.ts';
import { toApi, toGrundrissKurz } from './leseraum-buchung.presenter.ts';
import {
  findBelegungen,
  findEigeneBuchungen,
  findWartendeVormerkungen,
} from './leseraum-buchung.repository.ts';

/** GET /api/grundrisse?bereich=…: the active plans of an area (spec §7: with location, ordered by id). */
export const listGrundrisse = async (deps: LeseraumDeps, user: SessionUser, bereich: Bereich) =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    assertBereichOffen(await loadFeatureSwitches(tx), bereich);
    return (await findAktiveGrundrisse(tx, bereich)).map(toGrundrissKurz);
  });

/** The chosen period of a day for the occupancy view, or null when nothing of it can be booked. */
const gewaehlterZeitraum = (
  query: TBelegungQuery,
  oeffnung: { weekly: Wochenoeffnung[]; specials: AbweichendeOeffnung[] },
  now: Date,
) => {
  if (query.modus === 'ganztags')
    return ganztagsZeitraum({ day: query.tag, tageszeit: query.tageszeit, ...oeffnung, now });
  const von = query.von ?? '09:00';
  const bis = query.bis ?? '18:00';
  if (!isValidTime(von) || !isValidTime(bis)) throw new DomainError('zeit.ungueltig');
  const period = { von: berlinInstant(query.tag, von), bis: berlinInstant(query.tag, bis) };
  return period.von < period.bis ? period : null;
};

/**
 * GET /api/grundrisse/{id}/belegung: every place of the plan with its state for the chosen period of a day
 * (spec §2 seat states), its description and conditions, markers, equipment and the day's booked times (not who
 * booked them).
 */
export const getBelegung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  grundrissId: string,
  query: TBelegungQuery,
): Promise<TBelegung> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const plan = await findGrundriss(tx, grundrissId);
    if (!plan) throw nichtGefunden('grundriss', grundrissId);
    assertBereichOffen(await loadFeatureSwitches(tx), bereichOf(plan.bereich));
    const now = deps.now();
    const oeffnung = toOeffnung(await findOeffnung(tx, grundrissId, query.tag, query.tag));
    const hours = oeffnungszeitAm({ day: query.tag, ...oeffnung });
    const dayStart = berlinInstant(query.tag, '00:00');
    const dayEnd = berlinInstant(addCalendarDays(query.tag, 1), '00:00');
    const tag = hours
      ? { von: berlinInstant(query.tag, hours.von), bis: berlinInstant(query.tag, hours.bis) }
      : { von: dayStart, bis: dayEnd };
    const regeln = leseraumRegelnAus(await loadEffectiveCustomizing(tx, user.benutzerId));
    // a day nobody may book shows every place as not bookable, with the reason (R186)
    const sperrgrund = tagSperrgrund({ day: query.tag, now, regeln, ...oeffnung });
    const zeitraum = sperrgrund ? null : gewaehlterZeitraum(query, oeffnung, now);
    const plaetze = await findPlaetze(tx, grundrissId);
    const ausstattung = await findAusstattungDerPlaetze(tx, grundrissId);
    const belegungen = await findBelegungen(tx, { grundrissId, from: dayStart, to: dayEnd });
    const byPlatz = groupBy(belegungen, (b) => b.leseraumId);
    // helpers are people (decision 138): the places they hold or use that day, and their own place, are marked
    const helfer = await findHelfer(tx);
    const helferById = new Map(helfer.map((h) => [h.id, h]));
    const helferByMail = new Map(helfer.map((h) => [h.email.toLowerCase(), h]));
    const ausstattungByPlatz = groupBy(ausstattung, (a) => a.leseraumId);
    return {
      grundriss: toGrundrissKurz(plan),
      tag: query.tag,
      oeffnung: hours,
      zeitraum: zeitraum ? { von: zeitraum.von.toISOString(), bis: zeitraum.bis.toISOString() } : null,
      sperrgrund,
      letzterTag: letzterBuchbarerTag({ now, vorausbuchbareTage: regeln.vorausbuchbareTage }),
      minimaleBuchungslaenge: regeln.minimaleBuchungslaenge,
      plaetze: plaetze.map((p) => {
        const buchungen = byPlatz.get(p.id) ?? [];
        const personen = [
          ...(p.eigentuemerId ? [helferById.get(p.eigentuemerId)] : []),
          ...buchungen.map((b) =>
            b.buchenderMail ? helferByMail.get(b.buchenderMail.toLowerCase()) : undefined,
          ),
        ].filter((h) => h !== undefined);
        const marker = platzMarkerVon({ platz: p, personen });
        return {
          id: p.id,
          bezeichnung: p.bezeichnung,
          kapazitaet: p.kapazitaet,
          position: p.position,
          beschreibung: p.beschreibung,
          bedingungen: p.bedingungen,
          zustand: zustandMitEigentuemer({
            zustand: platzZustand({
              aktiv: p.aktiv && plan.aktiv,
              tagGeoeffnet: hours !== null && sperrgrund === null,
              zeitraum: zeitraum ?? tag,
              tag,
              buchungen,
              userMail: user.email,
            }),
            eigentuemerId: p.eigentuemerId,
            benutzerId: user.benutzerId,
          }),
          marker,
          ausstattung: (ausstattungByPlatz.get(p.id) ?? []).map((a) => ({
            id: a.id,
            name: a.name,
            anzahl: a.anzahl,
          })),
          zeiten: buchungen.map((b) => ({
            von: b.von.toISOString(),
            bis: b.bis.toISOString(),
            status: b.status,
          })),
        };
      }),
    };
  });

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
