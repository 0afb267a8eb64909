import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, timestamptz } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';

/**
 * A tenant's SCIM bearer token (decision 071): only its SHA-256 is kept; the token is shown once when created.
 * Revoked tokens stay (audit) with `widerrufen_at` set.
 */
export const scimToken = pgTable(
  'scim_token',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    name: text('name').notNull(),
    /** hex SHA-256 of the token */
    tokenHash: text('token_hash').notNull().unique(),
    /** the first characters of the token, to recognise it in the list */
    anfang: text('anfang').notNull(),
    erstelltVon: uuid('erstellt_von'),
    createdAt: createdAtColumn(),
    zuletztBenutztAt: timestamptz('zuletzt_benutzt_at'),
    widerrufenAt: timestamptz('widerrufen_at'),
  },
  (t) => [index('scim_token_mandant_idx').on(t.mandantId)],
);

/**
 * The identity provider's `externalId` of a provisioned user (`benutzer`) or group (`gruppe`). Our ids are the
 * SCIM `id`; the provider's own id is kept here, beside the tenant's tables, not in them.
 */
export const scimExternalId = pgTable(
  'scim_external_id',
  {
    id: idColumn(),
    mandantId: mandantIdColumn(),
    typ: text('typ').notNull(),
    ressourceId: uuid('ressource_id').notNull(),
    externalId: text('external_id').notNull(),
  },
  (t) => [
    unique('scim_external_id_ressource_key').on(t.mandantId, t.typ, t.ressourceId),
    unique('scim_external_id_key').on(t.mandantId, t.typ, t.externalId),
    check('scim_external_id_typ_check', sql`${t.typ} in ('User', 'Group')`),
  ],
);

/**
 * A user the identity provider deleted through SCIM (RFC 7644 §3.6, decision 099): the `benutzer` stays (inactive:
 * bookings, approvals and logbook entries keep pointing at the person), but SCIM answers 404 for it and lists leave
 * it out. Creating the same address again through SCIM brings the user back.
 */
export const scimGeloescht = pgTable(
  'scim_geloescht',
  {
    mandantId: mandantIdColumn(),
    benutzerId: uuid('benutzer_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [unique('scim_geloescht_key').on(t.mandantId, t.benutzerId)],
);
