/**
 * Tamper evidence of the logbook (issue 10): each version of an entry carries a hash over its content and the
 * previous version's hash, per vehicle in the order of recording. Removing, changing or reordering a stored
 * version breaks the chain from that point; the export prints the final hash so an auditor can compare.
 *
 * The hash function is passed in (SHA-256 hex on the server through node:crypto): this package does no I/O and
 * stays usable in the browser.
 */
import type { FahrtenbuchEintrag } from './eintrag.ts';

export type HashFunktion = (text: string) => string;

/** The hash before the first entry of a vehicle. */
export const KETTEN_ANFANG = '0'.repeat(64);

/** The hashed part of a version: everything except the hashes themselves, in a fixed order. */
export type KettenInhalt = Omit<FahrtenbuchEintrag, 'hash' | 'hashVorher'>;

const iso = (d: Date): string => d.toISOString();

/**
 * The canonical text of a version: a JSON array in a fixed field order, instants as ISO 8601 UTC, so the same
 * content always gives the same text whatever the database or the field order of the object.
 */
export const kanonischerText = (e: KettenInhalt): string =>
  JSON.stringify([
    1, // format version of this text
    e.id,
    e.fahrzeugId,
    e.kennzeichen,
    e.fahrzeugBuchungId,
    e.quelle,
    e.korrigiertId,
    e.grund,
    e.art,
    iso(e.beginn),
    iso(e.ende),
    e.kmBeginn,
    e.kmEnde,
    e.fahrerId,
    e.fahrerName,
    e.ziel,
    e.zweck,
    e.partner,
    e.umweg,
    e.notiz,
    iso(e.erfasstAm),
    e.erfasstVonId,
    e.erfasstVonName,
  ]);

/** The hash of a version chained to its predecessor's hash. */
export const kettenHash = ({
  inhalt,
  hashVorher,
  hash,
}: {
  inhalt: KettenInhalt;
  hashVorher: string;
  hash: HashFunktion;
}): string => hash(`${hashVorher}\n${kanonischerText(inhalt)}`);

/** Completes a new version with its chain fields, given the hash of the vehicle's last stored version. */
export const verketten = ({
  inhalt,
  letzterHash,
  hash,
}: {
  inhalt: KettenInhalt;
  letzterHash: string | null;
  hash: HashFunktion;
}): FahrtenbuchEintrag => {
  const hashVorher = letzterHash ?? KETTEN_ANFANG;
  return { ...inhalt, hashVorher, hash: kettenHash({ inhalt, hashVorher, hash }) };
};

export type KettenPruefung =
  | { ok: true; anzahl: number; letzterHash: string }
  | {
      ok: false;
      anzahl: number;
      /** Position (0-based, in recording order) and id of the first version that does not fit. */
      index: number;
      id: string;
      /** 'inhalt': the version's content no longer gives its hash; 'verkettung': it does not follow its predecessor. */
      grund: 'inhalt' | 'verkettung';
    };

/**
 * Recomputes a vehicle's chain (the `verify` action). `eintraege` are the vehicle's versions in recording
 * order. A removed version shows as a broken link, a changed one as a content mismatch. `anfang` is the hash
 * the first version follows: 64 zeros, or after the retention purge deleted the chain's oldest versions
 * (decision 081) the anchor's hash, the last deleted version's.
 */
export const pruefeKette = ({
  eintraege,
  hash,
  anfang = KETTEN_ANFANG,
}: {
  eintraege: readonly FahrtenbuchEintrag[];
  hash: HashFunktion;
  anfang?: string;
}): KettenPruefung => {
  let vorher = anfang;
  for (const [index, e] of eintraege.entries()) {
    if (e.hashVorher !== vorher)
      return { ok: false, anzahl: eintraege.length, index, id: e.id, grund: 'verkettung' };
    const { hash: _h, hashVorher: _v, ...inhalt } = e;
    if (kettenHash({ inhalt, hashVorher: e.hashVorher, hash }) !== e.hash)
      return { ok: false, anzahl: eintraege.length, index, id: e.id, grund: 'inhalt' };
    vorher = e.hash;
  }
  return { ok: true, anzahl: eintraege.length, letzterHash: vorher };
};
