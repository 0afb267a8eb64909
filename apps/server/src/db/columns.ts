import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** Column builders shared by every table file: one spelling for ids and timestamps. */

/** `id uuid primary key default gen_random_uuid()`. */
export const idColumn = () => uuid('id').primaryKey().defaultRandom();

/** A `timestamptz` column read as a `Date`. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAtColumn = () => timestamptz('created_at').notNull().defaultNow();

export const updatedAtColumn = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `HH:mm` (00:00 to 23:59) as stored in opening hours and booking windows. */
export const HH_MM_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `column = any($1::uuid[])`: a list of ids as one parameter (an array literal) instead of one parameter per id as
 * `inArray` writes it; drizzle checks the type of every parameter it builds, which for 200 vehicle ids cost more
 * than the statement (decision 084). Ids must be uuids (they come from rows or validated input); anything else
 * throws rather than reaching the array literal.
 */
export const inUuids = (column: AnyColumn, ids: readonly string[]): SQL => {
  for (const id of ids)
    if (!UUID.test(id)) throw new TypeError(`inUuids: not a uuid: '${String(id).slice(0, 40)}'`);
  return sql`${column} = any(${`{${ids.join(',')}}`}::uuid[])`;
};
