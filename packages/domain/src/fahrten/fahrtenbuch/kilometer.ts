/**
 * The mileage chain of a vehicle: readings follow each other in time. A check-in above the last
 * check-out leaves a gap the fleet manager explains (a trip recorded by hand, or marked private); a trip
 * recorded by hand must fit between its neighbours.
 */
import { DomainError } from '../../errors.ts';
import { assertKilometerstand } from '../../fahrzeuge/fahrzeug/historie.ts';

export type KilometerFahrt = { id: string; beginn: Date; ende: Date; kmBeginn: number; kmEnde: number };

export type KilometerLuecke = {
  /** The trip before the gap and the trip after it. */
  vorId: string;
  nachId: string;
  vonKm: number;
  bisKm: number;
  /** The time in which the unrecorded kilometres were driven. */
  vonZeit: Date;
  bisZeit: Date;
};

/** The smallest step from one trip's end to the next trip's start that the check-in allows (decision 144). */
export const MINDESTSCHRITT_KM = 1;

/**
 * The unrecorded kilometres between a trip's end reading and the next trip's start reading: 0 when the next trip
 * starts at most one kilometre above (or at, in trips before decision 092) the end, the whole distance otherwise.
 * The one rule of a gap for the logbook's list, its exports and the vehicle report (decision 144).
 */
export const lueckeKm = (vorKmEnde: number | null, kmBeginn: number): number =>
  vorKmEnde !== null && kmBeginn > vorKmEnde + MINDESTSCHRITT_KM ? kmBeginn - vorKmEnde : 0;

const nachBeginn = <T extends KilometerFahrt>(fahrten: readonly T[]): T[] =>
  [...fahrten].sort((a, b) => a.beginn.getTime() - b.beginn.getTime() || a.kmBeginn - b.kmBeginn);

/**
 * The gaps of a vehicle's chain: a trip starting more than one kilometre above the previous trip's end reading.
 * Readings are whole kilometres and each check-in must be greater than the last reading (decision 092), so the
 * next trip starts at least one kilometre above the last end: that step is the rule's own, not an unrecorded
 * journey (decision 144).
 */
export const kilometerLuecken = (fahrten: readonly KilometerFahrt[]): KilometerLuecke[] => {
  const sortiert = nachBeginn(fahrten);
  const luecken: KilometerLuecke[] = [];
  for (let i = 1; i < sortiert.length; i += 1) {
    const vor = sortiert[i - 1] as KilometerFahrt;
    const nach = sortiert[i] as KilometerFahrt;
    if (lueckeKm(vor.kmEnde, nach.kmBeginn) > 0)
      luecken.push({
        vorId: vor.id,
        nachId: nach.id,
        vonKm: vor.kmEnde,
        bisKm: nach.kmBeginn,
        vonZeit: vor.ende,
        bisZeit: nach.beginn,
      });
  }
  return luecken;
};

/** The reading proposed at check-in: the vehicle's last reading (highest end reading), or null for a new car. */
export const vorgeschlagenerKilometerstand = (fahrten: readonly KilometerFahrt[]): number | null =>
  fahrten.length === 0 ? null : Math.max(...fahrten.map((f) => f.kmEnde));

/**
 * Checks that a trip fits the chain between the trips before and after it in time: it starts above the previous
 * end reading by the check-in's own rule (`assertKilometerstand`, decision 092: greater than the last reading,
 * equal refused, the message naming the last reading itself), ends at or below the next start reading (trips
 * recorded before decision 092 may follow each other at equal readings; a new one may end where the next begins),
 * and does not overlap them in time (an overlap before it is answered with the same message).
 */
export const assertPasstInKette = ({
  fahrt,
  fahrten,
}: {
  fahrt: KilometerFahrt;
  fahrten: readonly KilometerFahrt[];
}): void => {
  const andere = nachBeginn(fahrten.filter((f) => f.id !== fahrt.id));
  const vor = andere.filter((f) => f.beginn.getTime() <= fahrt.beginn.getTime()).at(-1);
  const nach = andere.find((f) => f.beginn.getTime() > fahrt.beginn.getTime());
  if (vor) {
    assertKilometerstand({ neu: fahrt.kmBeginn, letzter: vor.kmEnde });
    if (fahrt.beginn.getTime() < vor.ende.getTime())
      throw new DomainError('fahrzeug.kilometerstand_zu_klein', { value: vor.kmEnde });
  }
  if (nach && (fahrt.kmEnde > nach.kmBeginn || fahrt.ende.getTime() > nach.beginn.getTime()))
    throw new DomainError('fahrtenbuch.kilometer_zu_gross', { value: nach.kmBeginn + 1 });
};
