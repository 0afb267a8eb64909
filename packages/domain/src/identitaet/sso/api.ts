/** API contract of single sign-on per tenant (`/api/admin/sso`, `/api/anmeldung/methoden`). */
import { z } from 'zod';
import { SSO_PROTOKOLLE } from './sso.ts';

const ZUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/?#]+[^\s]*$/i);
const ZClaim = z.string().trim().min(1).max(100);

/** What `/login` offers for an address: the tenant's provider (its id for `/api/auth/sign-in/sso`) and/or the password. */
export const ZAnmeldeMethoden = z.object({
  sso: z.object({ providerId: z.string(), protokoll: z.enum(SSO_PROTOKOLLE) }).nullable(),
  passwort: z.boolean(),
});
export type TAnmeldeMethoden = z.infer<typeof ZAnmeldeMethoden>;
export const ZAnmeldeMethodenQuery = z.object({ email: z.string().max(320) });

/** The tenant's provider as the administrator sees it: never its client secret or keys. */
export const ZSsoKonfiguration = z.object({
  protokoll: z.enum(SSO_PROTOKOLLE).nullable(),
  passwortErlaubt: z.boolean(),
  /** The provider's multi-factor sign-in (OIDC amr/acr, SAML AuthnContext) counts for the two-factor policy. */
  mfaVertrauen: z.boolean(),
  gruppenClaim: z.string(),
  oidc: z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      /** Whether a secret is stored (it is never sent back). */
      clientSecretGespeichert: z.boolean(),
      scopes: z.array(z.string()),
    })
    .nullable(),
  saml: z.object({ idpEntityId: z.string().nullable(), metadataUrl: z.string().nullable() }).nullable(),
  /** Addresses the administrator enters at the provider. */
  redirectUrl: z.string(),
  acsUrl: z.string(),
  spMetadataUrl: z.string(),
  spEntityId: z.string(),
  /** The tenant's domains that route sign-in to the provider. */
  domains: z.array(z.string()),
});
export type TSsoKonfiguration = z.infer<typeof ZSsoKonfiguration>;

export const ZSsoKonfigurationInput = z.discriminatedUnion('protokoll', [
  z.object({
    protokoll: z.literal('oidc'),
    passwortErlaubt: z.boolean(),
    /** Trust the provider's multi-factor sign-in (decision 097); default off. */
    mfaVertrauen: z.boolean().optional(),
    gruppenClaim: ZClaim,
    issuer: ZUrl,
    clientId: z.string().trim().min(1).max(300),
    /** Empty keeps the stored secret. */
    clientSecret: z.string().max(1000).optional(),
    scopes: z.array(z.string().trim().min(1).max(100)).max(20),
  }),
  z.object({
    protokoll: z.literal('saml'),
    passwortErlaubt: z.boolean(),
    /** Trust the provider's multi-factor sign-in (decision 097); default off. */
    mfaVertrauen: z.boolean().optional(),
    gruppenClaim: ZClaim,
    /** The IdP metadata XML, or … */
    metadataXml: z.string().max(200_000).optional(),
    /** … its address (read once when saving). */
    metadataUrl: ZUrl.optional(),
  }),
]);
export type TSsoKonfigurationInput = z.infer<typeof ZSsoKonfigurationInput>;
