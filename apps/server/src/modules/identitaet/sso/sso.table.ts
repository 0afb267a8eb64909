import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, updatedAtColumn } from '../../../db/columns.ts';
import { mandantIdColumn } from '../../verwaltung/mandant/mandant.public.ts';
import { session } from '../auth/auth.public.ts';

/**
 * The tenant's single sign-on settings: which protocol its provider speaks (the provider itself is
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
  /**
   * Whether the provider's multi-factor sign-in counts for the tenant's two-factor policy (decision 097): OIDC
   * `amr`/`acr`, SAML AuthnContext. Off by default.
   */
  mfaVertrauen: boolean('mfa_vertrauen').notNull().default(false),
  updatedAt: updatedAtColumn(),
});

/**
 * How a session was signed in, where that matters for the tenant's two-factor policy (decision 097): through
 * the tenant's provider (`sso`) or with a passkey (`passkey`), and whether that sign-in had two factors (the
 * provider's multi-factor sign-in trusted by the tenant, or a passkey with user verification). Global and
 * owner-only like better-auth's `session`; the row goes with its session.
 */
export const sitzungAnmeldung = pgTable('sitzung_anmeldung', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => session.id, { onDelete: 'cascade' }),
  art: text('art').notNull(),
  mehrFaktor: boolean('mehr_faktor').notNull().default(false),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/**
 * The tenant's SAML service-provider signing key (decision 122): made on first need (the SP metadata download,
 * saving a SAML provider), kept until rotated. Like better-auth's `sso_provider` (which holds a copy for the
 * signing) for the owner connection only: the application role cannot read it, and no answer carries the key.
 */
export const samlSpSchluessel = pgTable('saml_sp_schluessel', {
  mandantId: mandantIdColumn().primaryKey(),
  privateKey: text('private_key').notNull(),
  zertifikat: text('zertifikat').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
