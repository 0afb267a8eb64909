/**
 * Trips (decision 062), one file per operation: check-in (`einchecken`) and check-out (`auschecken`) of a vehicle
 * booking write history entries of type CHECK_IN and CHECK_OUT (spec §4: these decide whether a trip is under way or
 * back; the shared step in `schritt`); the check-out also writes the trip's logbook entry. The logbook is
 * append-only and hash-chained per vehicle: a later version (`ergaenzen`) and a trip recorded by hand
 * (`hand-eintrag`) are new rows, and `kette` recomputes the chain. The logbook's reading side is `fahrtenbuch`, the
 * vehicle's history `historie`, its open damages `schaeden`.
 *
 * This file is what they share: the dependencies, the module check, who reads a whole logbook, and appending a
 * version to the chain.
 */

import { createHash } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { TFahrtAngabenEingabe } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import type { FahrtAngaben, FahrtenbuchEintrag } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { type KettenInhalt, verketten } from '@stellwerk/domain/fahrten/fahrtenbuch/kette';
import { darf } from '@stellwerk/domain/policy';
import type { Tx } from '../../../db/client.ts';
import type { FahrzeugBuchungDeps } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.kontext.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import { findKettenEnde, insertEintrag } from './fahrt.fahrtenbuch.repository.ts';

export type FahrtDeps = FahrzeugBuchungDeps & { dataDir: string };

export const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const leerZuNull = (s: string | null | undefined): string | null =>
  s && s.trim() !== '' ? s.trim() : null;

/** Who reads a vehicle's whole logbook: fleet administrators and the holders of the logbook report right. */
export const darfLesen = (user: SessionUser): boolean => darf('fahrtenbuch.lesen', user);

/** In the tenant's transaction, when the tenant has vehicle booking (404 otherwise, like a missing page). */
export const imModul = <T>(deps: FahrtDeps, user: SessionUser, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
    return fn(tx);
  });

export const angabenAus = (
  input: TFahrtAngabenEingabe,
  basis: Omit<FahrtAngaben, 'art' | 'ziel' | 'zweck' | 'partner' | 'umweg' | 'notiz'>,
): FahrtAngaben => ({
  ...basis,
  art: input.art,
  ziel: leerZuNull(input.ziel),
  zweck: leerZuNull(input.zweck),
  partner: leerZuNull(input.partner),
  umweg: leerZuNull(input.umweg),
  notiz: leerZuNull(input.notiz),
});

/** Appends a version to the vehicle's chain (the vehicle row is locked by the caller). */
export const anhaengen = async (
  tx: Tx,
  mandantId: string,
  inhalt: KettenInhalt,
): Promise<FahrtenbuchEintrag & { laufnummer: number }> => {
  const ende = await findKettenEnde(tx, inhalt.fahrzeugId);
  const eintrag = {
    ...verketten({ inhalt, letzterHash: ende?.hash ?? null, hash: sha256 }),
    laufnummer: (ende?.laufnummer ?? 0) + 1,
  };
  await insertEintrag(tx, { ...eintrag, mandantId });
  return eintrag;
};
