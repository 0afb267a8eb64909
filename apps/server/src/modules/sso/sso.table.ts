import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAtColumn } from '../../db/columns.ts';
import { mandantIdColumn } from '../mandant/mandant.table.ts';

/**
 * The tenant's single sign-on settings (issue 11): which protocol its provider speaks (the provider itself is
 * better-auth's `sso_provider` row with provider_id = mandant_id), the claim that carries the groups, and
 * whether password sign-in stays allowed. The OIDC client id and issuer are kept here for display; the
 * secret only in `sso_provider`.
 */
export const mandantSso = pgTable('mandant_sso', {
  mandantId: mandantIdColumn().primaryKey(),
  protokoll: text('protokoll').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id'),
  scopes: text('scopes').array().notNull().default([]),
  samlMetadataUrl: text('saml_metadata_url'),
  gruppenClaim: text('gruppen_claim').notNull().default('groups'),
  passwortErlaubt: boolean('passwort_erlaubt').notNull().default(true),
  updatedAt: updatedAtColumn(),
});
