/** API contract of SCIM tokens (`/api/admin/scim-tokens`) and the loose shapes of the SCIM endpoints (decision 071). */
import { z } from 'zod';
import { singleLineText } from '../../text-input.ts';

export const MAX_SCIM_TOKEN_NAME = 80;

export const ZScimToken = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The first characters, to recognise the token; the token itself is shown once only. */
  anfang: z.string(),
  createdAt: z.string(),
  zuletztBenutztAt: z.string().nullable(),
  widerrufenAt: z.string().nullable(),
});
export type TScimToken = z.infer<typeof ZScimToken>;

export const ZScimTokenList = z.object({ items: z.array(ZScimToken), scimUrl: z.string() });
export type TScimTokenList = z.infer<typeof ZScimTokenList>;

export const ZScimTokenInput = z.object({
  name: singleLineText().trim().min(1).max(MAX_SCIM_TOKEN_NAME),
});
export type TScimTokenInput = z.input<typeof ZScimTokenInput>;

/** The answer to creating a token: the token, shown this once. */
export const ZScimTokenCreated = ZScimToken.extend({ token: z.string() });
export type TScimTokenCreated = z.infer<typeof ZScimTokenCreated>;

/** A SCIM resource body (User or Group): checked by the service, attribute by attribute. */
export const ZScimResource = z.record(z.string(), z.unknown());

/** A SCIM PATCH body (RFC 7644 §3.5.2). */
export const ZScimPatch = z.looseObject({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.looseObject({
        op: z.string().max(20),
        path: z.string().max(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .max(1000),
});

export const ZScimListQuery = z.object({
  filter: z.string().max(1000).optional(),
  startIndex: z.coerce.number().int().min(1).optional(),
  count: z.coerce.number().int().min(0).optional(),
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});

export const ZScimIdParams = z.object({ id: z.string().min(1).max(100) });

/** What a client asks to see of one resource (RFC 7644 §3.9). */
export const ZScimAuswahlQuery = z.object({
  attributes: z.string().max(1000).optional(),
  excludedAttributes: z.string().max(1000).optional(),
});
