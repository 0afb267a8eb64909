/**
 * The free lockers of a location on one day (for choosing one) and the upkeep of banks and lockers (decision 186):
 * rename or place a bank, change a locker's number, size, accessibility and service state.
 */

import { DEFAULT_OEFFNUNGSZEIT } from '@stellwerk/domain/leseraum/oeffnungszeiten';
import type {
  TSpindAenderung,
  TSpindbankAenderung,
  TSpindbankAufPlan,
  TSpindFrei,
} from '@stellwerk/domain/leseraum/spind/api';
import { tagesZeitraum } from '@stellwerk/domain/leseraum/spind/regeln';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { listeSpindbanken } from './spind.banken.ts';
import { inSpindModul, type SpindDeps } from './spind.kontext.ts';
import {
  findBank,
  findBanken,
  findBankenAufPlan,
  findBelegteSpindIds,
  findSpind,
  findSpindeDerBanken,
  findStandorte,
  updateBank,
  updateSpind,
} from './spind.repository.ts';

/** The tenant's locations with the number of locker banks at each, for choosing where to book or build. */
export const spindStandorte = (deps: SpindDeps, user: SessionUser) =>
  inSpindModul(deps, user, async (tx) => {
    const standorte = await findStandorte(tx);
    const banken = await findBanken(tx);
    return standorte.map((s) => ({
      id: s.id,
      name: s.name,
      banken: banken.filter((b) => b.standortId === s.id).length,
    }));
  });

/** Lockers in service at the location that nobody holds on the day, by bank name and locker number. */
export const freieSpinde = (deps: SpindDeps, user: SessionUser, tag: string, standortId: string) =>
  inSpindModul(deps, user, async (tx): Promise<TSpindFrei[]> => {
    const zeitraum = tagesZeitraum(tag, DEFAULT_OEFFNUNGSZEIT);
    const banken = await findBanken(tx, standortId);
    const spinde = (
      await findSpindeDerBanken(
        tx,
        banken.map((b) => b.id),
      )
    ).filter((s) => !s.ausserBetrieb);
    const belegt = await findBelegteSpindIds(
      tx,
      spinde.map((s) => s.id),
      zeitraum.von,
      zeitraum.bis,
    );
    const bankName = new Map(banken.map((b) => [b.id, b.name]));
    return spinde
      .filter((s) => !belegt.has(s.id))
      .map((s) => ({
        spindId: s.id,
        nummer: s.nummer,
        bankId: s.bankId,
        bank: bankName.get(s.bankId) ?? '',
        groesse: s.groesse as TSpindFrei['groesse'],
        barrierefrei: s.barrierefrei,
      }))
      .sort(
        (a, b) =>
          a.bank.localeCompare(b.bank, 'de') || a.nummer.localeCompare(b.nummer, 'de', { numeric: true }),
      );
  });

/**
 * The locker banks drawn on a floor plan with their free, held and out-of-service lockers on the day, for the seat
 * map and its list (decision 230). A locker is held as in `freieSpinde`: booked in the day or not yet emptied.
 */
export const spindbankenAufPlan = (deps: SpindDeps, user: SessionUser, grundrissId: string, tag: string) =>
  inSpindModul(deps, user, async (tx): Promise<TSpindbankAufPlan[]> => {
    const zeitraum = tagesZeitraum(tag, DEFAULT_OEFFNUNGSZEIT);
    const banken = (await findBankenAufPlan(tx, grundrissId)).filter((b) => b.x !== null && b.y !== null);
    const spinde = await findSpindeDerBanken(
      tx,
      banken.map((b) => b.id),
    );
    const belegt = await findBelegteSpindIds(
      tx,
      spinde.filter((s) => !s.ausserBetrieb).map((s) => s.id),
      zeitraum.von,
      zeitraum.bis,
    );
    return banken.map((b) => {
      const eigene = spinde.filter((s) => s.bankId === b.id);
      const inBetrieb = eigene.filter((s) => !s.ausserBetrieb);
      const gehalten = inBetrieb.filter((s) => belegt.has(s.id)).length;
      return {
        id: b.id,
        name: b.name,
        x: b.x ?? 0,
        y: b.y ?? 0,
        frei: inBetrieb.length - gehalten,
        belegt: gehalten,
        ausserBetrieb: eigene.length - inBetrieb.length,
      };
    });
  });

const bankAnsicht = async (deps: SpindDeps, user: SessionUser, bankId: string) => {
  const bank = (await listeSpindbanken(deps, user)).find((b) => b.id === bankId);
  if (!bank) throw nichtGefunden('spindbank', bankId);
  return bank;
};

export const aendereSpindbank = async (
  deps: SpindDeps,
  user: SessionUser,
  bankId: string,
  aenderung: TSpindbankAenderung,
) => {
  assertDarf(user, 'spinde.verwalten');
  await inSpindModul(deps, user, async (tx) => {
    if (!(await findBank(tx, bankId))) throw nichtGefunden('spindbank', bankId);
    await updateBank(
      tx,
      bankId,
      {
        ...(aenderung.name !== undefined ? { name: aenderung.name } : {}),
        ...(aenderung.ort !== undefined
          ? {
              grundrissId: aenderung.ort?.grundrissId ?? null,
              x: aenderung.ort?.x ?? null,
              y: aenderung.ort?.y ?? null,
            }
          : {}),
      },
      deps.now(),
    );
  });
  return bankAnsicht(deps, user, bankId);
};

export const aendereSpind = async (
  deps: SpindDeps,
  user: SessionUser,
  spindId: string,
  aenderung: TSpindAenderung,
) => {
  assertDarf(user, 'spinde.verwalten');
  const bankId = await inSpindModul(deps, user, async (tx) => {
    const vorher = await findSpind(tx, spindId);
    if (!vorher) throw nichtGefunden('spind', spindId);
    await updateSpind(tx, spindId, aenderung, deps.now());
    return vorher.spind.bankId;
  });
  return bankAnsicht(deps, user, bankId);
};
