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
