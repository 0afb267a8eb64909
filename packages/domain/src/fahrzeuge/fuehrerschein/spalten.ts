/**
 * The licence as the rules see it, from the columns of the `fuehrerschein` table (spec §3: one boolean per
 * class, lower-case; an expiry day per truck and bus class and for the document). One mapping for
 * every module that reads the table, so no reader forgets the expiry days.
 */
import type { Fuehrerschein, FuehrerscheinKlasse } from './rules.ts';

type Klassenspalten = {
  am: boolean;
  a1: boolean;
  a2: boolean;
  a: boolean;
  b1: boolean;
  b: boolean;
  c1: boolean;
  c: boolean;
  d1: boolean;
  d: boolean;
  be: boolean;
  c1e: boolean;
  ce: boolean;
  d1e: boolean;
  de: boolean;
  l: boolean;
  t: boolean;
};

type Ablaufspalten = {
  c1Ablauf: string | null;
  c1eAblauf: string | null;
  cAblauf: string | null;
  ceAblauf: string | null;
  d1Ablauf: string | null;
  d1eAblauf: string | null;
  dAblauf: string | null;
  deAblauf: string | null;
};

export type FuehrerscheinSpalten = Klassenspalten &
  Ablaufspalten & {
    ausstellungsdatum: string | null;
    naechstePruefung: string | null;
    fahrverbot: boolean;
    fahrverbotVon: string | null;
    fahrverbotBis: string | null;
    dokumentAblauf: string | null;
  };

export const klassenAusSpalten = (row: Klassenspalten): Record<FuehrerscheinKlasse, boolean> => ({
  AM: row.am,
  A1: row.a1,
  A2: row.a2,
  A: row.a,
  B1: row.b1,
  B: row.b,
  C1: row.c1,
  C: row.c,
  D1: row.d1,
  D: row.d,
  BE: row.be,
  C1E: row.c1e,
  CE: row.ce,
  D1E: row.d1e,
  DE: row.de,
  L: row.l,
  T: row.t,
});

/** The class columns of a record entered with upper-case class names. */
export const klassenZuSpalten = (k: Record<FuehrerscheinKlasse, boolean>): Klassenspalten => ({
  am: k.AM,
  a1: k.A1,
  a2: k.A2,
  a: k.A,
  b1: k.B1,
  b: k.B,
  c1: k.C1,
  c: k.C,
  d1: k.D1,
  d: k.D,
  be: k.BE,
  c1e: k.C1E,
  ce: k.CE,
  d1e: k.D1E,
  de: k.DE,
  l: k.L,
  t: k.T,
});

export const klassenAblaufAusSpalten = (
  row: Ablaufspalten,
): Partial<Record<FuehrerscheinKlasse, string | null>> => ({
  C1: row.c1Ablauf,
  C1E: row.c1eAblauf,
  C: row.cAblauf,
  CE: row.ceAblauf,
  D1: row.d1Ablauf,
  D1E: row.d1eAblauf,
  D: row.dAblauf,
  DE: row.deAblauf,
});

export const klassenAblaufZuSpalten = (
  a: Partial<Record<FuehrerscheinKlasse, string | null>>,
): Ablaufspalten => ({
  c1Ablauf: a.C1 ?? null,
  c1eAblauf: a.C1E ?? null,
  cAblauf: a.C ?? null,
  ceAblauf: a.CE ?? null,
  d1Ablauf: a.D1 ?? null,
  d1eAblauf: a.D1E ?? null,
  dAblauf: a.D ?? null,
  deAblauf: a.DE ?? null,
});

/** The rules' licence (class flags, class and document expiry, ban, dates) from a table row. */
export const fuehrerscheinAusSpalten = (row: FuehrerscheinSpalten): Fuehrerschein => ({
  ausstellungsdatum: row.ausstellungsdatum,
  naechstePruefung: row.naechstePruefung,
  fahrverbot: row.fahrverbot,
  fahrverbotVon: row.fahrverbotVon,
  fahrverbotBis: row.fahrverbotBis,
  klassen: klassenAusSpalten(row),
  klassenAblauf: klassenAblaufAusSpalten(row),
  dokumentAblauf: row.dokumentAblauf,
});
