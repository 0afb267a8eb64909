/**
 * Decision 105/125: a PUT's property that was left out (`undefined`) keeps the stored value; `null`, `''`, `false`
 * or `[]` are values like any other and replace it. Pure, used by the services that merge a PUT body into the
 * stored item before they check and save the whole of it.
 */
export const mitBleibendem = <T extends object>(
  gespeichert: T,
  gegeben: { readonly [K in keyof T]?: T[K] | undefined },
): T => {
  const ergebnis = { ...gespeichert };
  for (const key of Object.keys(gegeben) as (keyof T)[]) {
    const wert = gegeben[key];
    if (wert !== undefined) ergebnis[key] = wert as T[keyof T];
  }
  return ergebnis;
};
