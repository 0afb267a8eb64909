import type { TCheckInVorlage, TOffenerSchaden } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { SCHADEN_ORTE, type SchadenOrt } from '@stellwerk/domain/fahrten/fahrtenbuch/fahrt-schritt';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { darf } from '@stellwerk/domain/policy';
import { arrayCustomizing, booleanCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { type FahrtDeps, imModul } from './fahrt.kontext.ts';
import {
  findAbstellplaetze,
  findBuchungenByIdsFuerFahrt,
  findFahrzeugKopf,
  findFahrzeugStand,
  findLetzterKilometerstand,
  findOffeneFahrten,
  findOffeneSchaeden,
  markSchadenBehoben,
} from './fahrt.repository.ts';

const offenerSchaden = (s: Awaited<ReturnType<typeof findOffeneSchaeden>>[number]): TOffenerSchaden => ({
  id: s.id,
  ort: (SCHADEN_ORTE as readonly string[]).includes(s.ort) ? (s.ort as SchadenOrt) : 'sonstiges',
  beschreibung: s.beschreibung,
  sicherheitsrelevant: s.sicherheitsrelevant,
  fotoId: s.fotoId,
  gemeldetAm: s.gemeldetAm.toISOString(),
  gemeldetVon: s.vorname === null ? null : `${s.vorname} ${s.nachname ?? ''}`.trim(),
});

/** GET /api/fahrzeuge/{id}/schaeden: the vehicle's open damages, newest first, for the fleet managers. */
export const listOffeneSchaeden = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
): Promise<TOffenerSchaden[]> =>
  imModul(deps, user, async (tx) => {
    if (!(await findFahrzeugKopf(tx, fahrzeugId))) throw nichtGefunden('fahrzeug', fahrzeugId);
    return (await findOffeneSchaeden(tx, fahrzeugId)).map(offenerSchaden);
  });

/**
 * POST /api/fahrzeuge/{id}/schaeden/{schadenId}/behoben: the fleet manager marks a damage repaired; it is no
 * longer shown at check-in. Marking it again changes nothing. A DEFEKT block stays until the fleet manager lifts
 * it (decision 075: the repair of one damage and the vehicle's return to service are separate decisions).
 */
export const markiereSchadenBehoben = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
  schadenId: string,
): Promise<void> =>
  imModul(deps, user, async (tx) => {
    const done = await markSchadenBehoben(tx, { fahrzeugId, schadenId, now: deps.now() });
    if (!done) throw nichtGefunden('schaden', schadenId);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'fahrzeug_schaden',
      entityId: schadenId,
      newValue: { fahrzeugId, behobenAm: done.behobenAm.toISOString() },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id: fahrzeugId });
  });

/**
 * GET /api/fahrzeug-buchungen/{id}/check-in: what the check-in and check-out dialogs show: the proposed mileage
 * (the highest reading so far), the cleaning states, the location's parking spots, the open damages with photos,
 * and whether the previous trip is still open. For the trip's driver.
 */
export const checkInVorlage = (deps: FahrtDeps, user: SessionUser, id: string): Promise<TCheckInVorlage> =>
  imModul(deps, user, async (tx) => {
    const [row] = await findBuchungenByIdsFuerFahrt(tx, [id]);
    if (!row) throw nichtGefunden('fahrzeug_buchung', id);
    const fahrerId = row.fahrerId ?? row.benutzerId;
    if (
      fahrerId !== user.benutzerId &&
      row.benutzerId !== user.benutzerId &&
      !darf('fuhrpark.verwalten', user)
    )
      throw nichtGefunden('fahrzeug_buchung', id);
    const kopf = await findFahrzeugStand(tx, row.fahrzeugId);
    if (!kopf) throw nichtGefunden('fahrzeug', row.fahrzeugId);
    const settings = await loadEffectiveCustomizing(tx, user.benutzerId);
    const schaeden = await findOffeneSchaeden(tx, row.fahrzeugId);
    return {
      kilometerstand: await findLetzterKilometerstand(tx, row.fahrzeugId),
      reinigungszustaende: arrayCustomizing(settings, 'FahrzeugReinigungszustaende').map(String),
      abstellplaetze: await findAbstellplaetze(tx, kopf.standortId),
      elektro: (kopf.kraftstoff ?? '').toLowerCase().startsWith('elektro'),
      offeneSchaeden: schaeden.map(offenerSchaden),
      vorherigeOffen:
        (await findOffeneFahrten(tx, { fahrzeugId: row.fahrzeugId, ausser: row.id })).length > 0,
      vorCheckOutAkzeptieren: booleanCustomizing(settings, 'VorCheckOutAkzeptieren'),
    };
  });
