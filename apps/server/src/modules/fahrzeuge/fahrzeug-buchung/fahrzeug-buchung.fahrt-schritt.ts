/** The trip steps on a booking: the trip module records check-in and check-out through this. */

import { DomainError, toDomainError } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import {
  checkInVerstoss,
  checkOutVerstoss,
  FAHRZEUG_BUCHUNG_UEBERGAENGE,
  fahrtStandAus,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import {
  fuehrerscheinVerstoss,
  isFuehrerscheinKlasse,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import type { ResolvedCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findFahrtEintraege } from './fahrzeug-buchung.belegung.repository.ts';
import {
  type FahrzeugRow,
  findFuehrerschein,
  lockFahrzeug,
} from './fahrzeug-buchung.fahrzeuge.repository.ts';
import {
  einstellungenVon,
  type FahrzeugBuchungDeps,
  inFahrzeugModul,
  meldeAenderung,
  requireSichtbar,
  toFuehrerschein,
} from './fahrzeug-buchung.kontext.ts';
import { ladeEine, policyCustomizing, toApiBuchungen } from './fahrzeug-buchung.presenter.ts';
import {
  type BuchungKernRow,
  findBuchungenByIds,
  lockBuchung,
  updateBuchung,
} from './fahrzeug-buchung.repository.ts';

/** What a trip step sees: the locked booking and vehicle, the user's settings, the instant of the step. */
export type FahrtSchrittKontext = {
  tx: Tx;
  buchung: TFahrzeugBuchung;
  row: BuchungKernRow;
  fahrzeug: FahrzeugRow;
  settings: ResolvedCustomizing;
  now: Date;
};

/**
 * Check-in and check-out of a trip (spec §4): in the module's transaction, with the vehicle and then the booking
 * locked (the order every booking keeps), the step is allowed only when the policy gives the user the ability;
 * otherwise the machine's guard names the reason (too early, not released, already checked in, …) and a user
 * who may see the trip but does not drive it gets 403. A check-in also needs the driver's licence valid at that
 * moment. `fn` writes the step (and may return what runs after the booking row took the step: `projiziereFahrt`);
 * the answer is the booking after it, and open pages hear of it.
 */
export const fahrtSchritt = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  id: string,
  schritt: 'checkIn' | 'checkOut',
  fn: (kontext: FahrtSchrittKontext) => Promise<void | (() => Promise<void>)>,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const now = deps.now();
    const [vorher] = await findBuchungenByIds(tx, [id]);
    const fahrzeugRow = await lockFahrzeug(tx, requireSichtbar(vorher, user, id).fahrzeugId);
    const row = requireSichtbar(await lockBuchung(tx, id), user, id);
    if (!fahrzeugRow || row.fahrzeugId !== fahrzeugRow.id) throw new DomainError('conflict');
    const [buchung] = await toApiBuchungen(tx, [row], user, now);
    const settings = await einstellungenVon(tx, user.benutzerId);
    const darf = schritt === 'checkIn' ? buchung!.aktionen.kannEinchecken : buchung!.aktionen.kannAuschecken;
    if (!darf) {
      const fahrt = fahrtStandAus({ buchungId: row.id, historie: await findFahrtEintraege(tx, [row.id]) });
      const policy = policyCustomizing(settings);
      const verstoss =
        schritt === 'checkIn'
          ? checkInVerstoss({
              buchung: row,
              fahrt,
              now,
              freigegeben: buchung!.aktionen.freigegeben,
              checkInAktiv: policy.checkInAktiv,
              vorlaufMinuten: policy.checkInVorlaufMinuten,
            })
          : checkOutVerstoss({ buchung: row, fahrt });
      throw verstoss ? toDomainError(verstoss) : new DomainError('auth.forbidden');
    }
    if (schritt === 'checkIn') {
      // the driver's licence must still be valid at the moment of the check-in (spec §5)
      const fahrerId = row.fahrerId ?? row.benutzerId;
      const klasse = isFuehrerscheinKlasse(fahrzeugRow.fuehrerscheinklasse)
        ? fahrzeugRow.fuehrerscheinklasse
        : null;
      const verstoss = fuehrerscheinVerstoss({
        fuehrerschein: toFuehrerschein(await findFuehrerschein(tx, fahrerId)),
        klasse,
        zeitraeume: [{ von: now, bis: now }],
      });
      if (verstoss) throw toDomainError(verstoss);
    }
    const danach = await fn({ tx, buchung: buchung!, row, fahrzeug: fahrzeugRow, settings, now });
    await projiziereFahrt(tx, row, schritt, now);
    // what follows the step on the booking row (a block for a safety-relevant damage) sees its new end
    if (danach) await danach();
    const ergebnis = await ladeEine(tx, row.id, user, now);
    await meldeAenderung(tx, user.mandantId, ergebnis);
    return ergebnis;
  });

/**
 * Writes what a check-in or check-out implies onto the booking row, in the step's transaction (decision 064):
 * the status the history implies (`statusAusFahrt`: aktiv, durchgeführt; a cancelled trip stays storniert), and
 * at a check-out before the booked end the end becomes the check-out instant, so the exclusion constraint frees
 * the rest of the slot for others as the rules do (`belegterZeitraum`). A trip on the road past its end keeps
 * its row and blocks through the rules until it is checked out.
 */
export const projiziereFahrt = async (
  tx: Tx,
  row: Pick<BuchungKernRow, 'id' | 'status' | 'von' | 'bis'>,
  schritt: 'checkIn' | 'checkOut',
  now: Date,
): Promise<void> => {
  if (row.status === 'storniert') return;
  if (schritt === 'checkIn') {
    await updateBuchung(tx, row.id, { status: FAHRZEUG_BUCHUNG_UEBERGAENGE.checkIn.nach });
    return;
  }
  const frueher = now.getTime() < row.bis.getTime() && now.getTime() > row.von.getTime();
  await updateBuchung(tx, row.id, {
    status: FAHRZEUG_BUCHUNG_UEBERGAENGE.checkOut.nach,
    ...(frueher ? { bis: now } : {}),
  });
};

/** Locks a booking of the vehicle (the vehicle is locked by the caller) for a step on it, e.g. a missing check-out. */
export const sperreBuchungZeile = (tx: Tx, id: string) => lockBuchung(tx, id);
