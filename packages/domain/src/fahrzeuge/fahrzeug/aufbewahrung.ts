/**
 * The end of the retention period of trips, logbook, history and service book (decisions 068 and
 * 081): a record whose end lies in Berlin calendar year Y is kept through 31.12. of Y + `jahre` and may be
 * deleted from 01.01. of Y + `jahre` + 1, 00:00 Berlin time (`FahrzeugAufbewahrungJahre`, default 10).
 * Pure functions of instants; the purge job asks them for its cut-off.
 */
import { berlinDateKey, berlinInstant } from '../../time.ts';

/**
 * How long a logbook version is kept at least, whatever the tenant sets: 10 years (§ 147 (3) AO, decision 091).
 * Deleting the tenant does not shorten it (decision 127).
 */
export const FAHRTENBUCH_AUFBEWAHRUNG_JAHRE = 10;

/** The Berlin calendar year of an instant (31.12.2015 23:30 Berlin is 22:30 UTC and belongs to 2015). */
export const berlinJahr = (zeitpunkt: Date): number => Number(berlinDateKey(zeitpunkt).slice(0, 4));

/** 01.01. of `jahr`, 00:00 Berlin time. */
const jahresanfang = (jahr: number): Date => berlinInstant(`${String(jahr).padStart(4, '0')}-01-01`, '00:00');

/** From when a record that ended at `ende` may be deleted: 01.01. of (its Berlin year + `jahre` + 1), 00:00 Berlin. */
export const loeschbarAb = (ende: Date, jahre: number): Date => jahresanfang(berlinJahr(ende) + jahre + 1);

/**
 * The purge's cut-off at `now`: every record whose end lies before it is due, everything at or after it is
 * still inside the period. It is 01.01. of (now's Berlin year − `jahre`), 00:00 Berlin: at 01.01.2026 00:00
 * with 10 years, trips that ended in 2015 (Berlin) are due, trips of 2016 are kept.
 */
export const aufbewahrungsStichtag = (jahre: number, now: Date): Date =>
  jahresanfang(berlinJahr(now) - jahre);

/** Whether a record that ended at `ende` is due for deletion at `now` (the same answer as the cut-off's). */
export const istLoeschbar = (ende: Date, jahre: number, now: Date): boolean =>
  ende.getTime() < aufbewahrungsStichtag(jahre, now).getTime();

/** The link of a logbook version the purge looks at (decision 062: one chain per vehicle, by `laufnummer`). */
export type KettenGlied = {
  id: string;
  laufnummer: number;
  /** the version it replaces */
  korrigiertId: string | null;
  /** the trip's end */
  ende: Date;
};

/**
 * How much of a vehicle's logbook chain the purge may delete: the highest `laufnummer` of the longest prefix
 * (in recording order) whose versions all ended before `stichtag`, shortened so that no version kept still
 * replaces a deleted one; 0 when nothing. Only a prefix: the rest of the chain then starts at the anchor
 * (the last deleted hash) and stays verifiable. A due version after a version still inside the period waits.
 */
export const loeschbarerKettenanfang = (glieder: readonly KettenGlied[], stichtag: Date): number => {
  const sortiert = [...glieder].sort((a, b) => a.laufnummer - b.laufnummer);
  let bis = 0;
  for (const g of sortiert) {
    if (g.ende.getTime() >= stichtag.getTime()) break;
    bis = g.laufnummer;
  }
  const laufnummerVon = new Map(sortiert.map((g) => [g.id, g.laufnummer]));
  for (;;) {
    const grenze = bis;
    let neu = bis;
    for (const g of sortiert) {
      if (g.laufnummer <= grenze || g.korrigiertId === null) continue;
      const ziel = laufnummerVon.get(g.korrigiertId);
      if (ziel !== undefined && ziel <= neu) neu = ziel - 1;
    }
    bis = Math.max(0, neu);
    if (bis === grenze) return bis;
  }
};
