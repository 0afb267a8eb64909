/**
 * The logbook (Fahrtenbuch) entry and its rules: what a trip must carry by its kind, how long its
 * purpose and business partner may be completed, who sees a private trip's details.
 *
 * Requirements for electronic logbooks as tax advisers and courts state them (R 8.1 (9) LStR, BFH VI R 64/04,
 * FG Düsseldorf 3 K 1887/22, FG Niedersachsen 3 K 107/18): date, start and end mileage, driver; for a business
 * trip destination, purpose and business partner; a private trip only its kilometres; a commute a short note;
 * additions close to the trip and every change visible.
 */
import { DomainError } from '../../errors.ts';
import { addCalendarDays, berlinDateKey, berlinInstant, formatDateDE } from '../../time.ts';

/** The kind of a trip. */
export const FAHRT_ARTEN = ['dienstlich', 'privat', 'arbeitsweg'] as const;
export type FahrtArt = (typeof FAHRT_ARTEN)[number];

/** Where an entry comes from: a trip's check-out, or recorded by hand in the "new entry" dialog. */
export const EINTRAG_QUELLEN = ['fahrt', 'hand'] as const;
export type EintragQuelle = (typeof EINTRAG_QUELLEN)[number];

/** Days after a trip's end (Berlin calendar days, inclusive) during which purpose and partner may be completed. */
export const ERGAENZUNGSFRIST_TAGE = 7;

/** The content of a trip as the driver or the fleet manager states it. */
export type FahrtAngaben = {
  art: FahrtArt;
  beginn: Date;
  ende: Date;
  kmBeginn: number;
  kmEnde: number;
  fahrerId: string;
  fahrerName: string;
  /** Destination address (business trips). */
  ziel: string | null;
  /** Purpose of the trip, the booking's trip reason (business trips). */
  zweck: string | null;
  /** Business partner visited (business trips). */
  partner: string | null;
  /** Detour and its reason, when the route was not the direct one. */
  umweg: string | null;
  /** Short note (commutes; optional otherwise). */
  notiz: string | null;
};

/** One stored version of an entry: the trip, who recorded it when, what it corrects, and its chain hash. */
export type FahrtenbuchEintrag = FahrtAngaben & {
  id: string;
  fahrzeugId: string;
  kennzeichen: string;
  fahrzeugBuchungId: string | null;
  quelle: EintragQuelle;
  /** The entry this version replaces (null for the first version). */
  korrigiertId: string | null;
  /** Why this version replaces the earlier one (null for the first version). */
  grund: string | null;
  /** Server timestamp and user of this version. */
  erfasstAm: Date;
  erfasstVonId: string;
  erfasstVonName: string;
  hashVorher: string;
  hash: string;
};

const leer = (s: string | null): boolean => s === null || s.trim() === '';

/** The fields a trip of the given kind must carry besides date, mileage and driver. */
export const pflichtfelder = (art: FahrtArt): ReadonlyArray<keyof FahrtAngaben> => {
  switch (art) {
    case 'dienstlich':
      return ['ziel', 'zweck', 'partner'];
    case 'arbeitsweg':
      return ['notiz'];
    case 'privat':
      return [];
  }
};

/** The mandatory fields still empty (a business trip cannot be closed before they are filled). */
export const fehlendeAngaben = (fahrt: FahrtAngaben): Array<keyof FahrtAngaben> =>
  pflichtfelder(fahrt.art).filter((feld) => leer(fahrt[feld] as string | null));

/**
 * Checks a trip before it is written: end after start, readings whole numbers with the end greater than the
 * start, and (unless `pflichtfelder` is false) the fields its kind requires ('Bitte alle Pflichtfelder
 * ausfüllen.'). A check-out may leave purpose and partner of a business trip for completion within the period
 * (`ERGAENZUNGSFRIST_TAGE`); a trip recorded by hand is complete from the start (decision 062).
 */
export const assertFahrt = (
  fahrt: FahrtAngaben,
  { pflichtfelder = true }: { pflichtfelder?: boolean } = {},
): void => {
  if (!(fahrt.ende.getTime() > fahrt.beginn.getTime())) throw new DomainError('fahrtenbuch.ende_vor_beginn');
  for (const km of [fahrt.kmBeginn, fahrt.kmEnde])
    if (!Number.isInteger(km) || km < 0) throw new DomainError('fahrtenbuch.kilometer_ungueltig');
  // a trip of 0 km (checked out where it was checked in) is a trip too and is recorded (decision 092)
  if (fahrt.kmEnde < fahrt.kmBeginn)
    throw new DomainError('fahrtenbuch.kilometer_unter_beginn', { value: fahrt.kmBeginn });
  if (pflichtfelder && fehlendeAngaben(fahrt).length > 0) throw new DomainError('validation.pflichtfelder');
};

/** The distance of a trip in kilometres. */
export const strecke = (fahrt: Pick<FahrtAngaben, 'kmBeginn' | 'kmEnde'>): number =>
  fahrt.kmEnde - fahrt.kmBeginn;

/** The last instant at which a trip ending at `ende` may still be completed: the 7th Berlin day after, 24:00. */
export const ergaenzbarBis = (ende: Date): Date =>
  berlinInstant(addCalendarDays(berlinDateKey(ende), ERGAENZUNGSFRIST_TAGE + 1), '00:00');

/** Whether a trip may still be completed or corrected at `now`. */
export const isErgaenzbar = ({ ende, now }: { ende: Date; now: Date }): boolean =>
  now.getTime() < ergaenzbarBis(ende).getTime();

/** The fields a later version may differ in; date, mileage and driver belong to the mileage chain. */
const ERGAENZBARE_FELDER = ['art', 'ziel', 'zweck', 'partner', 'umweg', 'notiz'] as const;
const UNVERAENDERLICHE_FELDER = ['beginn', 'ende', 'kmBeginn', 'kmEnde', 'fahrerId'] as const;
/** What a trip from check-in and check-out keeps in every version: when and who (decision 092). */
const FAHRT_FELDER = ['beginn', 'ende', 'fahrerId'] as const;

const gleich = (a: unknown, b: unknown): boolean =>
  a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;

/** The kind of change a new version makes: an addition fills empty fields only, a correction changes a value. */
export type AenderungsArt = 'keine' | 'ergaenzung' | 'korrektur';

export const aenderungsArt = ({ alt, neu }: { alt: FahrtAngaben; neu: FahrtAngaben }): AenderungsArt => {
  const geaendert = [...ERGAENZBARE_FELDER, ...UNVERAENDERLICHE_FELDER].filter(
    (f) => !gleich(alt[f], neu[f]),
  );
  if (geaendert.length === 0) return 'keine';
  const nurErgaenzt = geaendert.every(
    (f) =>
      (ERGAENZBARE_FELDER as readonly string[]).includes(f) &&
      f !== 'art' &&
      leer(alt[f as keyof FahrtAngaben] as string | null),
  );
  return nurErgaenzt ? 'ergaenzung' : 'korrektur';
};

/**
 * Checks a new version of an entry: within the completion period, with a reason when it corrects a value
 * rather than filling an empty one, never emptying a mandatory field, and, for a trip from a check-out, without touching date, mileage or driver
 * (those are the vehicle's readings; a wrong reading is corrected by a trip recorded by hand).
 */
export const assertNeueFassung = ({
  alt,
  neu,
  grund,
  now,
}: {
  alt: FahrtenbuchEintrag;
  neu: FahrtAngaben;
  grund: string | null;
  now: Date;
}): AenderungsArt => {
  if (!isErgaenzbar({ ende: alt.ende, now }))
    throw new DomainError('fahrtenbuch.gesperrt', {
      datum: formatDateDE(new Date(ergaenzbarBis(alt.ende).getTime() - 1)),
    });
  const art = aenderungsArt({ alt, neu });
  if (art === 'keine') throw new DomainError('fahrtenbuch.keine_aenderung');
  // a trip's readings may be corrected like its other fields (decision 092); its date and driver may not
  if (alt.quelle === 'fahrt' && FAHRT_FELDER.some((f) => !gleich(alt[f], neu[f])))
    throw new DomainError('fahrtenbuch.ablesung_unveraenderlich');
  if (art === 'korrektur' && leer(grund)) throw new DomainError('fahrtenbuch.grund_fehlt');
  // a later version may complete a trip, never empty a mandatory field it had
  const fehlteVorher = new Set(fehlendeAngaben(alt));
  if (fehlendeAngaben(neu).some((feld) => !fehlteVorher.has(feld)))
    throw new DomainError('validation.pflichtfelder');
  assertFahrt(neu, { pflichtfelder: false });
  return art;
};

/** What a viewer sees of an entry: a private trip shows its destination and purpose only to its driver. */
export const sichtbarerEintrag = <T extends FahrtenbuchEintrag>({
  eintrag,
  betrachterId,
}: {
  eintrag: T;
  betrachterId: string;
}): T =>
  eintrag.art === 'privat' && eintrag.fahrerId !== betrachterId
    ? { ...eintrag, ziel: null, zweck: null, partner: null, umweg: null, notiz: null }
    : eintrag;

/**
 * The current version of each entry with the versions it replaced, oldest first. An entry is current when no
 * other entry corrects it.
 */
export const aktuelleFassungen = <T extends Pick<FahrtenbuchEintrag, 'id' | 'korrigiertId'>>(
  eintraege: readonly T[],
): Array<{ aktuell: T; fruehere: T[] }> => {
  const byId = new Map(eintraege.map((e) => [e.id, e]));
  const korrigiert = new Set(eintraege.flatMap((e) => (e.korrigiertId ? [e.korrigiertId] : [])));
  return eintraege
    .filter((e) => !korrigiert.has(e.id))
    .map((aktuell) => {
      const fruehere: T[] = [];
      const gesehen = new Set<string>([aktuell.id]);
      let vorher = aktuell.korrigiertId ? byId.get(aktuell.korrigiertId) : undefined;
      while (vorher && !gesehen.has(vorher.id)) {
        gesehen.add(vorher.id);
        fruehere.unshift(vorher);
        vorher = vorher.korrigiertId ? byId.get(vorher.korrigiertId) : undefined;
      }
      return { aktuell, fruehere };
    });
};
