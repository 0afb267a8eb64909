import { pgTable, text } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.public.ts';

/**
 * better-auth's SSO plugin table (@better-auth/sso 1.7.5): one identity provider per tenant, `provider_id` =
 * the tenant's id. Global and not granted to the application role like the other authentication tables;
 * defined and written only by the sso module on the owner connection (decision 205); better-auth's plugin reads it. `oidc_config`/`saml_config` are better-auth's JSON
 * (they hold the client secret), never sent to a browser.
 */
export const ssoProvider = pgTable('sso_provider', {
  id: text('id').primaryKey(),
  issuer: text('issuer').notNull(),
  oidcConfig: text('oidc_config'),
  samlConfig: text('saml_config'),
  userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
  providerId: text('provider_id').notNull().unique(),
  organizationId: text('organization_id'),
  domain: text('domain').notNull(),
});
