/**
 * Rules of a check-in or check-out beyond the readings (decisions 063 and 064): damages with their
 * place on the vehicle, the parking spot from the location's list, which readings the fleet managers hear of
 * (cleanliness thresholds, damages), and what a check-in does when the vehicle's previous trip is still open
 * (`VorCheckOutAkzeptieren`). Pure functions; the server module `fahrt` applies them in one transaction.
 */
import { DomainError } from '../../errors.ts';
import { isSchwelleErreicht, type ReinigungsArt } from '../../fahrzeuge/fahrzeug/historie.ts';

/** Where on the vehicle a damage is. */
export const SCHADEN_ORTE = [
  'vorne',
  'hinten',
  'links',
  'rechts',
  'dach',
  'innenraum',
  'unterboden',
  'sonstiges',
] as const;
export type SchadenOrt = (typeof SCHADEN_ORTE)[number];

export type SchadenAngabe = { ort: string; beschreibung: string; sicherheitsrelevant: boolean };

/**
 * Spec §8 'Bitte alle Pflichtfelder ausfüllen.': every damage names its place and describes what is wrong. A place
 * outside the fixed list is refused with a message naming the allowed places.
 */
export const assertSchaeden = (schaeden: readonly SchadenAngabe[]): void => {
  for (const s of schaeden) {
    if (s.ort.trim() === '' || s.beschreibung.trim() === '')
      throw new DomainError('validation.pflichtfelder');
    if (!(SCHADEN_ORTE as readonly string[]).includes(s.ort))
      throw new DomainError('fahrt.schadensort_ungueltig', {
        ort: s.ort.slice(0, 40),
        liste: SCHADEN_ORTE.join(', '),
      });
  }
};

/**
 * The parking spot: one of the location's parking spots. A location without parking spots takes none; with
 * parking spots, a check-out must name one (a check-in may).
 */
export const assertAbstellplatz = ({
  wert,
  liste,
  pflicht,
}: {
  wert: string | null;
  liste: readonly string[];
  /** at check-out the car is parked: a location with parking spots needs one */
  pflicht: boolean;
}): void => {
  if (liste.length === 0) {
    if (wert !== null) throw new DomainError('fahrt.abstellplatz_keine');
    return;
  }
  if (wert === null) {
    if (pflicht) throw new DomainError('validation.pflichtfelder');
    return;
  }
  if (!liste.includes(wert))
    throw new DomainError('fahrt.abstellplatz_ungueltig', { liste: liste.join(', ') });
};

/** What the fleet managers are told of one check-in or check-out (spec §9 thresholds "and worse"). */
export type FuhrparkMeldung = {
  /** the sides whose cleanliness is at or worse than its threshold */
  sauberkeit: ReinigungsArt[];
  schaeden: number;
  sicherheitsrelevant: boolean;
  /** whether a mail goes out at all */
  melden: boolean;
};

export const fuhrparkMeldung = ({
  sauberkeitInnen,
  sauberkeitAussen,
  schwelleInnen,
  schwelleAussen,
  liste,
  schaeden,
}: {
  sauberkeitInnen: string;
  sauberkeitAussen: string;
  schwelleInnen: string;
  schwelleAussen: string;
  liste: readonly string[];
  schaeden: readonly Pick<SchadenAngabe, 'sicherheitsrelevant'>[];
}): FuhrparkMeldung => {
  const sauberkeit: ReinigungsArt[] = [];
  if (isSchwelleErreicht({ wert: sauberkeitInnen, schwelle: schwelleInnen, liste })) sauberkeit.push('Innen');
  if (isSchwelleErreicht({ wert: sauberkeitAussen, schwelle: schwelleAussen, liste }))
    sauberkeit.push('Aussen');
  const sicherheitsrelevant = schaeden.some((s) => s.sicherheitsrelevant);
  return {
    sauberkeit,
    schaeden: schaeden.length,
    sicherheitsrelevant,
    melden: sauberkeit.length > 0 || schaeden.length > 0,
  };
};

/**
 * Decision 063: a check-in while the vehicle's previous trip is checked in and not checked out.
 * - no open previous trip: `frei`;
 * - `VorCheckOutAkzeptieren` on (the default): `nachtragen`: the check-in goes ahead and the previous trip's
 *   missing check-out is recorded at the same instant (without readings: the driver did not give any);
 * - off: refused with 'fahrt.vorbuchung_nicht_ausgecheckt'.
 */
export type VorCheckOut = 'frei' | 'nachtragen';

export const vorCheckOut = ({
  vorherigeOffen,
  akzeptieren,
}: {
  vorherigeOffen: boolean;
  akzeptieren: boolean;
}): VorCheckOut => {
  if (!vorherigeOffen) return 'frei';
  if (!akzeptieren) throw new DomainError('fahrt.vorbuchung_nicht_ausgecheckt');
  return 'nachtragen';
};

/**
 * Files a check-in or check-out may carry: one receipt (png, jpg, pdf; spec §3 "Upload: one image or document",
 * decision 146) and one photo per damage (png, jpg).
 */
export const MAX_BELEGE = 1;
