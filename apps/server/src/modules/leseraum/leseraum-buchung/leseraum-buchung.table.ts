import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz, updatedAtColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { leseraum } from '../leseraum/leseraum.public.ts';

/**
 * Reading-room booking, half-open `[von, bis)`; booker and confirmer by mail (systembenutzer1/2).
 * A gist exclusion constraint (custom migration) forbids overlapping non-cancelled bookings of one room.
 */
export const leseraumBuchung = pgTable(
  'leseraum_buchung',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    von: timestamptz('von').notNull(),
    bis: timestamptz('bis').notNull(),
    status: text('status').notNull(),
    systembenutzer1Mail: text('systembenutzer1_mail').notNull(),
    systembenutzer2Mail: text('systembenutzer2_mail'),
    gruppengroesse: integer('gruppengroesse').notNull().default(1),
    leseraumId: uuid('leseraum_id').notNull(),
    /** When the reminder before the start was queued (LeseraumEmailErinnerungBuchungsbeginn); null = not yet. */
    erinnerungGesendetAm: timestamptz('erinnerung_gesendet_am'),
    /**
     * Why a booking became storniert (decision 166): 'storniert' (the booker or staff), 'frist_abgelaufen' (a hold
     * lapsed), 'nicht_eingecheckt' (released without check-in), 'abgelehnt' (staff declined the hold),
     * 'system' (closure or deactivation); null while not cancelled and for rows before this column.
     */
    stornoGrund: text('storno_grund'),
    /** When it became storniert: the cancellation's lead time is `von - storniert_am`. */
    storniertAm: timestamptz('storniert_am'),
    /**
     * When the anonymisation removed its people (decision 199): the mail addresses are then `anonym:<random>`
     * (one per person and run, never linkable back) and stay countable for the k threshold; null = still personal.
     */
    anonymisiertAm: timestamptz('anonymisiert_am'),
  },
  (t) => [
    index('leseraum_buchung_mandant_leseraum_von_idx').on(t.mandantId, t.leseraumId, t.von),
    index('leseraum_buchung_mandant_von_idx').on(t.mandantId, t.von),
    // the anonymisation's batch: personal bookings by their end (decision 199)
    index('leseraum_buchung_personal_bis_idx').on(t.mandantId, t.bis).where(sql`anonymisiert_am is null`),
    index('leseraum_buchung_mandant_booker_idx').on(t.mandantId, t.systembenutzer1Mail, t.status),
    // bookings longer than a day, by their end: the second half of a period's bookings read through the indexes, as
    // the vehicles' (decision 080); the utilisation's statements (decision 276)
    index('leseraum_buchung_lang_idx').on(t.mandantId, t.bis).where(sql`bis - von > interval '1 day'`),
    foreignKey({
      name: 'leseraum_buchung_leseraum_fk',
      columns: [t.mandantId, t.leseraumId],
      foreignColumns: [leseraum.mandantId, leseraum.id],
    }).onDelete('cascade'),
    check('leseraum_buchung_von_bis_check', sql`${t.von} < ${t.bis}`),
    check(
      'leseraum_buchung_status_check',
      sql`${t.status} in ('vorgemerkt', 'reserviert', 'aktiv', 'durchgeführt', 'storniert', 'verschlossen')`,
    ),
    check('leseraum_buchung_gruppengroesse_check', sql`${t.gruppengroesse} >= 1`),
    check(
      'leseraum_buchung_storno_grund_check',
      sql`${t.stornoGrund} is null or ${t.stornoGrund} in ('storniert', 'frist_abgelaufen', 'nicht_eingecheckt', 'abgelehnt', 'system')`,
    ),
  ],
);
