/**
 * The place offered when the asked one is taken (decisions 261, 267): a free place of the same plan for the same
 * period that the user may book, one of the few nearest to the asked place, chosen at random. At random, so that
 * the losers of one popular place in a rush are spread over the places around it instead of all racing for the
 * same nearest one (the offer is no hold: a collision costs the loser another request and another offer).
 */
import { platzVerstoss } from './rules.ts';

/** How many of the nearest suitable places the offer is chosen from. */
export const ANGEBOT_AUSWAHL = 5;

export type Position = { x: number; y: number };

/** A place of the plan as the offer needs it. */
export type AngebotsKandidat = {
  id: string;
  bezeichnung: string;
  kapazitaet: number;
  position: Position | null;
  aktiv: boolean;
  grundrissAktiv: boolean;
  /** The user whose own place it is (decision 138), or null. */
  eigentuemerId: string | null;
  /** A booking that is not cancelled (of anyone, also the user's own, a group's or a blocking one) overlaps the period. */
  belegt: boolean;
};

/**
 * Whether `platz` may be offered to a user asking for `gruppengroesse` people: not taken in the period, and the
 * place's own rules hold (active with its plan, the group fits). No own place is offered: another user's cannot be
 * booked, and the user's own is theirs on every open day without a booking (the map shows it as their reservation).
 * The booking's other rules (opening hours, bookable days, the booker's week) are the same for every place of the
 * plan and held for the refused place, whose refusal for being taken is the last rule checked.
 */
export const angebotsfaehig = (platz: AngebotsKandidat, gruppengroesse: number): boolean =>
  !platz.belegt &&
  platz.eigentuemerId === null &&
  platzVerstoss({ platz: { ...platz, fremderEigentuemer: false }, gruppengroesse }) === null;

/**
 * The offer for a refused request of `gefragt` (id and position of the asked place) from `plaetze` (the places of
 * its plan): among the suitable places other than the asked one, ordered by their distance on the plan (a place
 * without a position, or any place when the asked one has none, counts as distance 0) and then by name, one of the
 * first `auswahl` chosen with `zufall` (a number in [0, 1), as Math.random gives); with how many are suitable.
 * Null when none is.
 */
export const platzAngebot = <P extends AngebotsKandidat>({
  gefragt,
  plaetze,
  gruppengroesse,
  zufall,
  auswahl = ANGEBOT_AUSWAHL,
}: {
  gefragt: { id: string; position: Position | null };
  plaetze: readonly P[];
  gruppengroesse: number;
  zufall: () => number;
  auswahl?: number;
}): { platz: P; frei: number } | null => {
  const frei = plaetze.filter((p) => p.id !== gefragt.id && angebotsfaehig(p, gruppengroesse));
  if (frei.length === 0) return null;
  const abstand = (p: P) =>
    gefragt.position && p.position
      ? Math.hypot(p.position.x - gefragt.position.x, p.position.y - gefragt.position.y)
      : 0;
  const naechste = frei
    .map((p) => ({ p, d: abstand(p) }))
    .sort((a, b) => a.d - b.d || a.p.bezeichnung.localeCompare(b.p.bezeichnung, 'de'))
    .slice(0, Math.max(1, auswahl));
  const i = Math.min(naechste.length - 1, Math.max(0, Math.floor(zufall() * naechste.length)));
  return { platz: naechste[i]!.p, frei: frei.length };
};
