import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from '../../../db/columns.ts';
import { benutzer } from '../../identitaet/benutzer/benutzer.public.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

/**
 * A device's web-push subscription (decision 245): the push service's `endpoint` and the browser's keys
 * (`p256dh`, `auth`) that encrypt the message for it, the kinds the user chose for this device (`arten`, see
 * PUSH_ARTEN). One row per endpoint; subscribing again replaces the kinds. Removed when the push service answers
 * 404 or 410 (the browser dropped it), when the user unsubscribes, and when the person is erased.
 */
export const pushAbo = pgTable(
  'push_abo',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    arten: text('arten').array().notNull(),
    /** a name to recognise the device (the browser), given by the page */
    geraet: text('geraet'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    unique('push_abo_endpoint_unique').on(t.endpoint),
    index('push_abo_mandant_benutzer_idx').on(t.mandantId, t.benutzerId),
    foreignKey({
      name: 'push_abo_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    check(
      'push_abo_arten_check',
      sql`${t.arten} <@ array['checkin', 'vormerkung', 'checkout', 'freigabe']::text[]`,
    ),
  ],
);

/**
 * Pushes waiting to be sent (transactional outbox like the mails): written in the transaction that writes the mail
 * beside it, only for a user with a device subscribed to its kind, and deleted by the dispatcher when it takes
 * them (a push is sent at most once; the mail stays the lasting message).
 */
export const pushAusgang = pgTable(
  'push_ausgang',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    art: text('art').notNull(),
    titel: text('titel').notNull(),
    text: text('text').notNull(),
    url: text('url'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('push_ausgang_mandant_benutzer_idx').on(t.mandantId, t.benutzerId),
    index('push_ausgang_created_idx').on(t.createdAt),
    foreignKey({
      name: 'push_ausgang_benutzer_fk',
      columns: [t.mandantId, t.benutzerId],
      foreignColumns: [benutzer.mandantId, benutzer.id],
    }).onDelete('cascade'),
    check('push_ausgang_art_check', sql`${t.art} in ('checkin', 'vormerkung', 'checkout', 'freigabe')`),
  ],
);
