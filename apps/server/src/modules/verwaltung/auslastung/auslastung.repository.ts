/**
 * What the utilisation's SQL shares (decision 166); the statements are in `auslastung.leseraum.repository.ts` and
 * `auslastung.fahrzeuge.repository.ts`: aggregates over the booking modules' tables, inside the tenant's
 * transaction (row-level security). They only read those tables; the one table the utilisation writes, its
 * rollup of minutes per vehicle-day and month, is read and filled in `auslastung.rollup.ts` and `auslastung.summen.ts`
 * (decisions 256, 270, 274). The bookable time is computed in TypeScript from the opening hours and
 * booking windows (small: days × plans or vehicles) and passed in as arrays; the database sums the booked time
 * inside it, so no booking row leaves the database. Person references appear only as distinct counts or as the
 * lists the k threshold needs inside the server.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';

export const uuidArray = (xs: readonly string[]) => `{${xs.join(',')}}`;
/** A `timestamptz[]` literal; `null` (a closed day's missing window) becomes NULL. */
export const tsArray = (xs: readonly (Date | null)[]) =>
  `{${xs.map((x) => (x ? `"${x.toISOString()}"` : 'NULL')).join(',')}}`;
export const intArray = (xs: readonly number[]) => `{${xs.join(',')}}`;
/** Doubles round-trip exactly through their shortest decimal form. */
export const floatArray = (xs: readonly number[]) => `{${xs.map((x) => String(x)).join(',')}}`;
export const textArray = (xs: readonly string[]) =>
  `{${xs.map((x) => `"${x.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;

/**
 * No just-in-time compilation in the utilisation's transaction (decision 275): the planner estimates 1,000 rows for
 * every `generate_series` and `unnest` and one behind row-level security, so the statements' estimated costs pass
 * `jit_above_cost` by far, and PostgreSQL compiled each of them for about 1.3 s (inlining, optimisation, emission) to
 * run it in 0.4 s. The statements are short; compiling never pays here.
 */
export const ohneJit = async (tx: Tx) => {
  await tx.execute(sql`select set_config('jit', 'off', true)`);
};

/** Distinct (cell, person) pairs as each cell's list of people. */
export const paareJe = <K extends string>(
  rows: readonly ({ [k in K]: string } & { person: string })[],
  zelle: K,
) => {
  const jeZelle = new Map<string, string[]>();
  for (const r of rows) {
    const liste = jeZelle.get(r[zelle]);
    if (liste) liste.push(r.person);
    else jeZelle.set(r[zelle], [r.person]);
  }
  return jeZelle;
};

/** The earliest start and the latest end of the windows asked; `fenster` is not empty. */
export const zeitSpanne = (fenster: readonly { von: Date; bis: Date }[]): { start: Date; ende: Date } => {
  let start = fenster[0]!.von;
  let ende = fenster[0]!.bis;
  for (const f of fenster) {
    if (f.von < start) start = f.von;
    if (f.bis > ende) ende = f.bis;
  }
  return { start, ende };
};

/** The first and the last of the days asked (`YYYY-MM-DD`, so they compare as strings); `tage` is not empty. */
export const tageSpanne = (tage: readonly { tag: string }[]): { vonTag: string; bisTag: string } => {
  let vonTag = tage[0]!.tag;
  let bisTag = vonTag;
  for (const t of tage) {
    if (t.tag < vonTag) vonTag = t.tag;
    if (t.tag > bisTag) bisTag = t.tag;
  }
  return { vonTag, bisTag };
};
