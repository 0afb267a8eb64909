/** API contract of the personal calendar subscription (`/api/kalender-abo`, feed `/api/kalender/{token}.ics`). */
import { z } from 'zod';

const ZInstant = z.string().max(40);

/** What the feed shows: vehicle bookings, place bookings (reading room and workspace); at least one. */
export const ZKalenderFilter = z.object({ fahrzeuge: z.boolean(), plaetze: z.boolean() });
export type TKalenderFilter = z.infer<typeof ZKalenderFilter>;

/** The user's subscription, without its token (only its hash is kept). */
export const ZKalenderAbo = ZKalenderFilter.extend({
  /** the token's first characters, to recognise the link */
  anfang: z.string().max(20),
  erstelltAt: ZInstant,
  erneuertAt: ZInstant.nullable(),
});
export type TKalenderAbo = z.infer<typeof ZKalenderAbo>;

/** `GET /api/kalender-abo`: the subscription, or null when the user has none. */
export const ZKalenderAboStand = z.object({ abo: ZKalenderAbo.nullable() });
export type TKalenderAboStand = z.infer<typeof ZKalenderAboStand>;

/** Created or rotated: the only time the links (which hold the token) are shown. */
export const ZKalenderAboLinks = ZKalenderAbo.extend({
  httpsUrl: z.string().max(500),
  webcalUrl: z.string().max(500),
});
export type TKalenderAboLinks = z.infer<typeof ZKalenderAboLinks>;

/** The feed's token in its path: `kal_` and 43 base64url characters, then `.ics`. */
export const KALENDER_TOKEN_PATTERN = /^kal_[A-Za-z0-9_-]{43}$/;
