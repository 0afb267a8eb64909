/**
 * API contract of the personal access tokens (decision 226): `/api/zugriffstoken`, the user's own tokens for AI
 * clients (the MCP server at `/mcp`). `Z*` zod schemas, `T*` their types.
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { ZDayInput } from '../../date-input.ts';
import { singleLineText } from '../../text-input.ts';
import { ZUGRIFFSTOKEN_RECHTE } from './zugriffstoken.ts';

const ZInstant = z.string().max(40);

/** A new token: a name to recognise it, what it may do, and the last Berlin day it is valid (at most a year ahead). */
export const ZZugriffstokenEingabe = z.object({
  name: singleLineText().trim().min(1).max(LIMITS.name),
  recht: z.enum(ZUGRIFFSTOKEN_RECHTE),
  gueltigBis: ZDayInput,
});
export type TZugriffstokenEingabe = z.infer<typeof ZZugriffstokenEingabe>;

/** A token as listed: never the token itself (only its hash is kept), its first characters to recognise it. */
export const ZZugriffstoken = z.object({
  id: z.uuid(),
  name: z.string().max(LIMITS.name),
  recht: z.enum(ZUGRIFFSTOKEN_RECHTE),
  anfang: z.string().max(20),
  erstelltAt: ZInstant,
  zuletztBenutztAt: ZInstant.nullable(),
  /** The instant the token stops working: the end of its last Berlin day. */
  gueltigBis: ZInstant,
  abgelaufen: z.boolean(),
});
export type TZugriffstoken = z.infer<typeof ZZugriffstoken>;

export const ZZugriffstokenListe = z.array(ZZugriffstoken).max(100);

/** Created: the only time the token is shown. */
export const ZNeuerZugriffstoken = ZZugriffstoken.extend({ token: z.string().max(100) });
export type TNeuerZugriffstoken = z.infer<typeof ZNeuerZugriffstoken>;
