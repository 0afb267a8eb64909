/**
 * API contract of web push (decision 245): `/api/push/*`, the caller's own devices. `Z*` zod schemas, `T*` types.
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { singleLineText } from '../../text-input.ts';
import { PUSH_ARTEN } from './push.ts';

/** base64url without padding, as PushSubscription.toJSON() gives the keys */
const ZBase64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

/** The subscription a browser's PushManager gives, with the kinds chosen for this device. */
export const ZPushAboEingabe = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(LIMITS.path),
  keys: z.object({
    /** the browser's P-256 public key, uncompressed (65 bytes: 87 characters) */
    p256dh: ZBase64Url.min(86).max(90),
    /** the authentication secret (16 bytes: 22 characters) */
    auth: ZBase64Url.min(22).max(24),
  }),
  arten: z.array(z.enum(PUSH_ARTEN)).max(PUSH_ARTEN.length),
  /** a name to recognise the device by (the browser), shown in the list; null for none */
  geraet: singleLineText().trim().max(LIMITS.name).nullable(),
});
export type TPushAboEingabe = z.infer<typeof ZPushAboEingabe>;

export const ZPushAbo = z.object({
  id: z.uuid(),
  /** the push service's host only (the full endpoint addresses the device) */
  dienst: z.string().max(LIMITS.domain),
  endpoint: z.string().max(LIMITS.path),
  geraet: z.string().max(LIMITS.name).nullable(),
  arten: z.array(z.enum(PUSH_ARTEN)),
  erstelltAt: z.string().max(40),
});
export type TPushAbo = z.infer<typeof ZPushAbo>;
export const ZPushAboListe = z.array(ZPushAbo).max(100);

export const ZPushAbmeldung = z.object({ endpoint: z.url().max(LIMITS.path) });

export const ZVapidSchluessel = z.object({ publicKey: z.string().max(200) });
