/**
 * Own places and helpers (R081, R089, R090, decision 138). A user may have an own place, assigned by
 * booking staff: it is theirs on every open day without a booking, and nobody else books it. Fire-safety and
 * first-aid helpers are people (flags on the user, set by administrators): the plan marks the places they hold,
 * have reserved or use that day, and their own place; a place's own flags (set in the rooms' administration)
 * still mark a helper's fixed station.
 */
import { PLATZ_MARKER, type PlatzMarker, type PlatzZustand } from './belegung.ts';

export type HelferFlags = { brandschutzhelfer: boolean; ersthelfer: boolean };

/**
 * The markers of a place (in PLATZ_MARKER order): its own flags, or a helper among `personen` (the bookers of
 * its bookings of the day that are not cancelled, and its owner).
 */
export const platzMarkerVon = ({
  platz,
  personen,
}: {
  platz: HelferFlags;
  personen: readonly HelferFlags[];
}): PlatzMarker[] => PLATZ_MARKER.filter((m) => platz[m] || personen.some((p) => p[m]));

/**
 * The state of a place with an owner for the user looking at it: an open day shows it as the owner's own
 * reservation to its owner and as taken to everyone else; a closed day stays closed; a place without an owner
 * keeps its state.
 */
export const zustandMitEigentuemer = ({
  zustand,
  eigentuemerId,
  benutzerId,
}: {
  zustand: PlatzZustand;
  eigentuemerId: string | null;
  benutzerId: string;
}): PlatzZustand => {
  if (eigentuemerId === null || zustand === 'geschlossen') return zustand;
  return eigentuemerId === benutzerId ? 'eigene_reservierung' : 'belegt';
};
