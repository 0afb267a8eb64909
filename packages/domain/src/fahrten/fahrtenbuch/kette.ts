/**
 * Tamper evidence of the logbook: each version of an entry carries a hash over its content and the
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
  const p = kettenPruefer({ hash, anfang });
  for (const e of eintraege) p.glied(e);
  return p.ergebnis();
};

/**
 * `pruefeKette` one version at a time (the exports read the chain in pages and never hold it whole): `glied` in
 * recording order, then `ergebnis`. The first version that does not fit is kept.
 */
export const kettenPruefer = ({ hash, anfang = KETTEN_ANFANG }: { hash: HashFunktion; anfang?: string }) => {
  let vorher = anfang;
  let anzahl = 0;
  let fehler: { index: number; id: string; grund: 'inhalt' | 'verkettung' } | null = null;
  return {
    glied(e: FahrtenbuchEintrag): void {
      const index = anzahl;
      anzahl += 1;
      if (fehler) return;
      if (e.hashVorher !== vorher) {
        fehler = { index, id: e.id, grund: 'verkettung' };
        return;
      }
      const { hash: _h, hashVorher: _v, ...inhalt } = e;
      if (kettenHash({ inhalt, hashVorher: e.hashVorher, hash }) !== e.hash) {
        fehler = { index, id: e.id, grund: 'inhalt' };
        return;
      }
      vorher = e.hash;
    },
    ergebnis(): KettenPruefung {
      return fehler ? { ok: false, anzahl, ...fehler } : { ok: true, anzahl, letzterHash: vorher };
    },
  };
};

/** A chain's head: the number and hash of its newest version (recorded by the database at every append). */
export type KettenKopf = { laufnummer: number; hash: string };

/** A stored version as the head check sees it: its number and hash, and the head recorded when it was stored. */
export type KopfGlied = { laufnummer: number; hash: string; kopfHash: string | null };

export type KopfPruefung =
  | { ok: true }
  | {
      ok: false;
      /**
       * 'fehlt': versions `laufnummer` to `bisLaufnummer` were recorded but are no longer stored (a removed
       * tail, or a removed stretch); 'kopf': the stored version `laufnummer` is not the one recorded then
       * (rewritten, or stored past the database's record).
       */
      grund: 'fehlt' | 'kopf';
      laufnummer: number;
      bisLaufnummer: number;
    };

/**
 * Compares the stored chain with the heads the database recorded at every append (decision 091), one version at
 * a time so a long chain is never held whole. `ab` is the last number the retention purge deleted (its anchor;
 * 0 before any purge); `anker` its hash, compared with the head recorded for that number. Feed the versions
 * after `ab` in recording order (`glied`), then `ende` with the newest recorded head: a head past the last stored
 * version is a removed tail, reported by number. The first finding wins.
 */
export const kopfPruefer = ({
  ab = 0,
  anker = null,
}: {
  ab?: number;
  anker?: { hash: string; kopfHash: string | null } | null;
}) => {
  let befund: KopfPruefung | null =
    anker && anker.kopfHash !== null && anker.kopfHash !== anker.hash
      ? { ok: false, grund: 'kopf', laufnummer: ab, bisLaufnummer: ab }
      : null;
  let erwartet = ab + 1;
  return {
    glied(g: KopfGlied): void {
      if (befund) return;
      if (g.laufnummer > erwartet)
        befund = { ok: false, grund: 'fehlt', laufnummer: erwartet, bisLaufnummer: g.laufnummer - 1 };
      else if (g.kopfHash !== g.hash)
        befund = { ok: false, grund: 'kopf', laufnummer: g.laufnummer, bisLaufnummer: g.laufnummer };
      erwartet = g.laufnummer + 1;
    },
    ende(kopf: KettenKopf | null): KopfPruefung {
      if (befund) return befund;
      if (kopf && kopf.laufnummer >= erwartet)
        return { ok: false, grund: 'fehlt', laufnummer: erwartet, bisLaufnummer: kopf.laufnummer };
      return { ok: true };
    },
  };
};

/** `kopfPruefer` over a whole list. */
export const pruefeKopf = ({
  glieder,
  kopf,
  ab = 0,
  anker = null,
}: {
  glieder: readonly KopfGlied[];
  kopf: KettenKopf | null;
  ab?: number;
  anker?: { hash: string; kopfHash: string | null } | null;
}): KopfPruefung => {
  const p = kopfPruefer({ ab, anker });
  for (const g of glieder) p.glied(g);
  return p.ende(kopf);
};
