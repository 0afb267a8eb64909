/**
 * The location limit in SQL (decision 258): the utilisation's and the evaluation's queries narrow to the locations
 * a reader may see with the same fragment.
 */
import { type SQL, sql } from 'drizzle-orm';

/**
 * ` and <spalte> in (…)` for a location list (decision 258), nothing for none; an empty list matches nothing.
 */
export const inStandorten = (spalte: SQL, ids: readonly string[] | undefined): SQL =>
  ids === undefined
    ? sql``
    : ids.length === 0
      ? sql` and false`
      : sql` and ${spalte} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
