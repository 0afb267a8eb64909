/**
 * Vehicle rules of spec §4: deactivating and updating a vehicle cancel its bookings with the spec's
 * reasons. The result lists the bookings to cancel, so the dialog can show them before saving and the
 * server cancels exactly those (bulk: status storniert plus the reason as `informationstext`).
 */
import { DomainError } from '../../errors.ts';
import { isMassenStornierbar, isSperre, isUnterwegs, STORNO_GRUND } from '../fahrzeug-buchung/machine.ts';
import { type Belegung, belegterZeitraum, isInnerhalbGueltigkeit } from '../fahrzeug-buchung/rules.ts';

export type FahrzeugStand = {
  deaktiviert: boolean;
  standortName: string | null;
  gueltigVon: string | null;
  gueltigBis: string | null;
};

export type FahrzeugStorno<T> = { buchungen: T[]; grund: string };

/**
 * The bookings still to come or under way: cancellable in bulk (not durchgeführt, not storniert) and
 * occupying time after `now`. Past bookings are history and are never rewritten (decision 040).
 */
const offeneBuchungen = <T extends Belegung>(buchungen: readonly T[], now: Date): T[] =>
  buchungen.filter((b) => {
    if (!isMassenStornierbar(b)) return false;
    if (isUnterwegs(b)) return true; // on the road: occupies until now and beyond
    const z = belegterZeitraum({ buchung: b, now });
    return z !== null && z.bis.getTime() > now.getTime();
  });

/**
 * Spec §4 vehicle update, checked in this order:
 * - without the old vehicle data the update is refused ('Update des Fahrzeugs ohne alte Fahrzeugdaten
 *   nicht möglich, da Validierung nicht durchgeführt werden kann!');
 * - deactivated now → every open booking, 'Storno, weil Fahrzeug deaktiviert wurde.';
 * - location name changed → every open trip, 'Storno wegen Standortänderung am Fahrzeug' (its blocks stay:
 *   the maintenance is due wherever the car stands, decision 111);
 * - otherwise the open bookings outside the new validity (gueltigVon 00:00 to gueltigBis 23:59),
 *   'Storno da Fahrzeug zum Buchungszeitpunkt nicht mehr buchbar ist.'.
 * Otherwise blocks (WARTUNG, SERVICE, DEFEKT) count like trips: they are rows of the vehicle's bookings.
 */
export const stornosBeiFahrzeugAenderung = <T extends Belegung>({
  alt,
  neu,
  buchungen,
  now,
}: {
  alt: FahrzeugStand | null | undefined;
  neu: FahrzeugStand;
  buchungen: readonly T[];
  now: Date;
}): FahrzeugStorno<T> => {
  if (!alt) throw new DomainError('fahrzeug.update_ohne_altdaten');
  const offen = offeneBuchungen(buchungen, now);
  if (neu.deaktiviert && !alt.deaktiviert)
    return { buchungen: offen, grund: STORNO_GRUND.fahrzeugDeaktiviert };
  // a maintenance, service or defect block belongs to the car wherever it stands (decision 111)
  if ((alt.standortName ?? '').trim() !== (neu.standortName ?? '').trim())
    return { buchungen: offen.filter((b) => !isSperre(b)), grund: STORNO_GRUND.standortAenderung };
  return {
    buchungen: offen.filter((b) => !isInnerhalbGueltigkeit({ fahrzeug: neu, von: b.von, bis: b.bis })),
    grund: STORNO_GRUND.nichtMehrBuchbar,
  };
};

/** Spec §4: deactivating (active → deaktiviert) cancels the open bookings first. */
export const stornosBeiDeaktivierung = <T extends Belegung>({
  buchungen,
  now,
}: {
  buchungen: readonly T[];
  now: Date;
}): FahrzeugStorno<T> => ({
  buchungen: offeneBuchungen(buchungen, now),
  grund: STORNO_GRUND.fahrzeugDeaktiviert,
});

/**
 * The cancellation reasons of a vehicle change in the recipient's language. The booking keeps the spec's
 * German text as its `informationstext`; the mail to an English-speaking booker names the reason in English.
 */
const STORNO_GRUND_EN: Record<string, string> = {
  [STORNO_GRUND.fahrzeugDeaktiviert]: 'Cancelled because the vehicle was deactivated.',
  [STORNO_GRUND.standortAenderung]: "Cancelled because the vehicle's location changed.",
  [STORNO_GRUND.nichtMehrBuchbar]:
    'Cancelled because the vehicle can no longer be booked at the booked time.',
  [STORNO_GRUND.sonderfreigabeAbgelehnt]: 'Cancelled because the special trip was rejected.',
  [STORNO_GRUND.checkInVersaeumt]: 'Cancelled because the check-in did not happen in time.',
  [STORNO_GRUND.nichtFreigegeben]: 'Cancelled because the special trip was not approved before its end.',
  [STORNO_GRUND.WARTUNG]: 'Cancelled because of maintenance of the vehicle.',
  [STORNO_GRUND.SERVICE]: 'Cancelled because of a service of the vehicle.',
  [STORNO_GRUND.DEFEKT]: 'Cancelled because of a defect of the vehicle.',
  [STORNO_GRUND.fahrverbot]: "Cancelled because of the driver's driving ban.",
};

export const stornoGrundText = ({ grund, sprache }: { grund: string; sprache: 'de' | 'en' }): string =>
  sprache === 'en' ? (STORNO_GRUND_EN[grund] ?? grund) : grund;
