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

/**
 * The period's counts already summed per location, per category, per day and per hour of day (the database's
 * grouping sets, decision 272): each dimension on its own; every count has a location, so the locations' sums
 * add up to the total.
 */
export type NachfrageSummen = {
  standorte: readonly { standortId: string; standortName: string; anzahl: number }[];
  kategorien: readonly { kategorie: string; anzahl: number }[];
  tage: readonly { tag: string; anzahl: number }[];
  stunden: readonly { stunde: number; anzahl: number }[];
};

/** The sums of `nachfrageAuswerten` from sums: ordered, named, all 24 hours. */
export const nachfrageAusSummen = (s: NachfrageSummen, ohneKategorie: string): NachfrageAuswertung => {
  const stunden = Array.from({ length: 24 }, (_, stunde) => ({ stunde, anzahl: 0 }));
  for (const h of s.stunden) stunden[h.stunde]!.anzahl += h.anzahl;
  return {
    gesamt: s.standorte.reduce((a, x) => a + x.anzahl, 0),
    standorte: s.standorte
      .map((x) => ({ schluessel: x.standortId, bezeichnung: x.standortName, anzahl: x.anzahl }))
      .sort(absteigend),
    kategorien: s.kategorien
      .map((x) => ({ schluessel: x.kategorie, bezeichnung: x.kategorie || ohneKategorie, anzahl: x.anzahl }))
      .sort(absteigend),
    tage: [...s.tage].sort((a, b) => a.tag.localeCompare(b.tag)).map(({ tag, anzahl }) => ({ tag, anzahl })),
    stunden,
  };
};

/** The period's counts summed; `ohneKategorie` names the cell of vehicles without one. */
export const nachfrageAuswerten = (
  zeilen: readonly NachfrageZeile[],
  ohneKategorie: string,
): NachfrageAuswertung => {
  const summe = <K>(schluessel: (z: NachfrageZeile) => K) => {
    const m = new Map<K, { z: NachfrageZeile; anzahl: number }>();
    for (const z of zeilen) {
      const k = schluessel(z);
      const e = m.get(k);
      if (e) e.anzahl += z.anzahl;
      else m.set(k, { z, anzahl: z.anzahl });
    }
    return [...m.values()];
  };
  return nachfrageAusSummen(
    {
      standorte: summe((z) => z.standortId).map(({ z, anzahl }) => ({
        standortId: z.standortId,
        standortName: z.standortName,
        anzahl,
      })),
      kategorien: summe((z) => z.kategorie).map(({ z, anzahl }) => ({ kategorie: z.kategorie, anzahl })),
      tage: summe((z) => z.tag).map(({ z, anzahl }) => ({ tag: z.tag, anzahl })),
      stunden: summe((z) => z.stunde).map(({ z, anzahl }) => ({ stunde: z.stunde, anzahl })),
    },
    ohneKategorie,
  );
};
