/**
 * Unmet vehicle demand in the utilisation (decision 246): the stored counts (per location, category, day and hour)
 * summed per location, category, day and hour of day for a period. The counts carry no person, so no k threshold
 * applies to a cell; the whole figure is shown only with the selection's other figures (which need k people).
 */

export type NachfrageZeile = {
  standortId: string;
  standortName: string;
  /** '' for vehicles without a category */
  kategorie: string;
  tag: string;
  stunde: number;
  anzahl: number;
};

export type NachfrageAuswertung = {
  gesamt: number;
  standorte: { schluessel: string; bezeichnung: string; anzahl: number }[];
  kategorien: { schluessel: string; bezeichnung: string; anzahl: number }[];
  /** every day of the period with a count, ascending */
  tage: { tag: string; anzahl: number }[];
  /** the 24 hours of the day, 0 to 23 */
  stunden: { stunde: number; anzahl: number }[];
};

const absteigend = <T extends { anzahl: number; bezeichnung: string }>(a: T, b: T) =>
  b.anzahl - a.anzahl || a.bezeichnung.localeCompare(b.bezeichnung, 'de');

/** The period's counts summed; `ohneKategorie` names the cell of vehicles without one. */
export const nachfrageAuswerten = (
  zeilen: readonly NachfrageZeile[],
  ohneKategorie: string,
): NachfrageAuswertung => {
  const standorte = new Map<string, { schluessel: string; bezeichnung: string; anzahl: number }>();
  const kategorien = new Map<string, { schluessel: string; bezeichnung: string; anzahl: number }>();
  const tage = new Map<string, number>();
  const stunden = Array.from({ length: 24 }, (_, stunde) => ({ stunde, anzahl: 0 }));
  let gesamt = 0;
  for (const z of zeilen) {
    gesamt += z.anzahl;
    const s = standorte.get(z.standortId) ?? {
      schluessel: z.standortId,
      bezeichnung: z.standortName,
      anzahl: 0,
    };
    s.anzahl += z.anzahl;
    standorte.set(z.standortId, s);
    const k = kategorien.get(z.kategorie) ?? {
      schluessel: z.kategorie,
      bezeichnung: z.kategorie || ohneKategorie,
      anzahl: 0,
    };
    k.anzahl += z.anzahl;
    kategorien.set(z.kategorie, k);
    tage.set(z.tag, (tage.get(z.tag) ?? 0) + z.anzahl);
    stunden[z.stunde]!.anzahl += z.anzahl;
  }
  return {
    gesamt,
    standorte: [...standorte.values()].sort(absteigend),
    kategorien: [...kategorien.values()].sort(absteigend),
    tage: [...tage.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, anzahl]) => ({ tag, anzahl })),
    stunden,
  };
};
