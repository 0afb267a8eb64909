/**
 * Unmet vehicle demand (decision 246): a search for a period that found no free car although the fleet
 * had cars there that were taken. Counted as a number per location, category, Berlin day and hour of the period's
 * start; no person, no booking, no search is stored.
 *
 * A search counts when
 * - it asked for a period (`von`, `bis`) and saw at least one vehicle,
 * - no vehicle was free for it (`frei`), and
 * - at least one vehicle was refused because it was taken: booked, blocked, still out on its previous trip or too
 *   close to another booking (`BELEGT_GRUENDE`). A period the rules refuse for every car (in the past, outside the
 *   booking times, too long in advance) is not demand the fleet failed to meet but a request no car could take.
 *
 * It then counts once in each (location, category) cell that had a taken vehicle: a search that found both the
 * estates and the vans of one location taken counts in both cells.
 */
import { berlinDateKey, berlinWallDate } from '../../time.ts';

/** The refusals that say "taken" rather than "not allowed". */
export const BELEGT_GRUENDE = [
  'fahrzeug_buchung.ueberschneidung',
  'fahrzeug_buchung.gesperrt',
  'fahrzeug_buchung.noch_unterwegs',
  'fahrzeug_buchung.mindestabstand',
  'fahrzeug_buchung.mindestabstand_minuten',
] as const;

export const istBelegtGrund = (grund: string | null): boolean =>
  grund !== null && (BELEGT_GRUENDE as readonly string[]).includes(grund);

/** One vehicle's answer to the search. */
export type SuchErgebnis = {
  standortId: string;
  /** null: the vehicle has no category (stored as '') */
  kategorie: string | null;
  frei: boolean | null;
  grund: string | null;
};

/** One count to add: the cell and nothing else. */
export type NachfrageZelle = { standortId: string; kategorie: string; tag: string; stunde: number };

/** The cells a search adds one to; empty when it is not unmet demand. */
export const ungedeckteNachfrage = ({
  von,
  ergebnisse,
}: {
  von: Date | null;
  ergebnisse: readonly SuchErgebnis[];
}): NachfrageZelle[] => {
  if (von === null || ergebnisse.length === 0) return [];
  if (ergebnisse.some((e) => e.frei === true)) return [];
  const tag = berlinDateKey(von);
  const stunde = berlinWallDate(von).getUTCHours();
  const zellen = new Map<string, NachfrageZelle>();
  for (const e of ergebnisse) {
    if (!istBelegtGrund(e.grund)) continue;
    const kategorie = e.kategorie ?? '';
    zellen.set(`${e.standortId}|${kategorie}`, { standortId: e.standortId, kategorie, tag, stunde });
  }
  return [...zellen.values()];
};
