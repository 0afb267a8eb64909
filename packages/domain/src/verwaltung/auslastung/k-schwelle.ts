/**
 * The works-council rule by construction (decision 164): a figure broken down by a cell (location, floor plan,
 * room type, vehicle category, vehicle) is shown only when the cell counts at least k distinct people (the
 * tenant setting AuslastungMindestPersonen, default 5). Smaller cells are merged into "Sonstige"; when
 * "Sonstige" still counts fewer than k people, the smallest shown cells join it until it reaches k, so the
 * total minus the shown cells never reveals a small cell. If even all cells together stay below k, nothing is
 * shown. A cell nobody booked (0 people) carries no one's behaviour and stays shown.
 *
 * The people's ids enter here and never leave: the answer carries only the cells' figures.
 */

export const DEFAULT_MINDEST_PERSONEN = 5;

export type KZelle<T> = {
  readonly schluessel: string;
  readonly bezeichnung: string;
  /** The distinct people behind the cell's figures (ids or mail addresses). */
  readonly personen: readonly string[];
  readonly werte: T;
};

export type KErgebnis<T> = {
  /** The cells shown, in the order given. */
  readonly zellen: { schluessel: string; bezeichnung: string; werte: T }[];
  /** The merged cells, when shown (at least k people). */
  readonly sonstige: { anzahlZellen: number; werte: T } | null;
  /** Cells neither shown nor in a shown "Sonstige" (their figures appear nowhere). */
  readonly verborgen: number;
};

const personenVon = <T>(zellen: readonly KZelle<T>[]): number =>
  new Set(zellen.flatMap((z) => z.personen)).size;

/**
 * Applies the k threshold to `zellen`; `addiere` sums two cells' figures (only additive figures may be merged:
 * minutes, days, counts).
 */
export const mitKSchwelle = <T>({
  zellen,
  k,
  addiere,
}: {
  zellen: readonly KZelle<T>[];
  k: number;
  addiere: (a: T, b: T) => T;
}): KErgebnis<T> => {
  const gross = zellen.filter((z) => z.personen.length === 0 || new Set(z.personen).size >= k);
  const klein = zellen.filter((z) => !gross.includes(z));
  if (klein.length === 0) return { zellen: gross.map(ohnePersonen), sonstige: null, verborgen: 0 };
  const merged = [...klein];
  const shown = [...gross];
  while (personenVon(merged) < k) {
    // the smallest cell with people joins "Sonstige"
    const kandidaten = shown.filter((z) => z.personen.length > 0);
    if (kandidaten.length === 0) break;
    const kleinste = kandidaten.reduce((a, b) =>
      new Set(b.personen).size < new Set(a.personen).size ? b : a,
    );
    shown.splice(shown.indexOf(kleinste), 1);
    merged.push(kleinste);
  }
  const zeigen = shown
    .filter((z) => zellen.includes(z))
    .sort((a, b) => zellen.indexOf(a) - zellen.indexOf(b));
  if (personenVon(merged) < k)
    return { zellen: zeigen.map(ohnePersonen), sonstige: null, verborgen: merged.length };
  const werte = merged.map((z) => z.werte).reduce((a, b) => addiere(a, b));
  return { zellen: zeigen.map(ohnePersonen), sonstige: { anzahlZellen: merged.length, werte }, verborgen: 0 };
};

const ohnePersonen = <T>(z: KZelle<T>) => ({
  schluessel: z.schluessel,
  bezeichnung: z.bezeichnung,
  werte: z.werte,
});

/** True when a whole selection (all its figures) may be shown: at least k people, or nobody. */
export const selektionZeigbar = ({ personen, k }: { personen: number; k: number }): boolean =>
  personen === 0 || personen >= k;

/**
 * Whether `mitKSchwelle` over cells with these people could take a shown cell into "Sonstige" (decision 276): only
 * then does it compare the sizes of the cells of at least k people, so only then must their lists be exact. A cell of
 * at least k people may otherwise be given by any k or more of them (a sample that proves it is shown), and the
 * answer is the same.
 */
export const brauchtGenaueListen = (personen: readonly (readonly string[])[], k: number): boolean => {
  const klein = personen.map((p) => new Set(p)).filter((p) => p.size > 0 && p.size < k);
  return klein.length > 0 && new Set(klein.flatMap((p) => [...p])).size < k;
};
