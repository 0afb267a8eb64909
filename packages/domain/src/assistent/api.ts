/**
 * API contract of the assistant's understanding (decision 177): `POST /api/assistent/verstehen` reads a request and
 * answers its reading, changing nothing. `Z*` zod schemas, `T*` their types.
 */
import { z } from 'zod';
import { LIMITS } from '../api.ts';
import { ZInstantInput } from '../date-input.ts';
import { multiLineText } from '../text-input.ts';
import { ABSICHTEN } from './absicht.ts';

/** The longest request the assistant reads (a chat message, not a document). */
export const VERSTEHEN_TEXT_MAX = 500;

export const ZVerstehenEingabe = z.object({
  /** The request as typed; line breaks allowed. */
  text: multiLineText().trim().min(1).max(VERSTEHEN_TEXT_MAX),
  /** The reference instant ('morgen' counts from its Berlin day); default now, the server's clock. */
  bezug: ZInstantInput.optional(),
});
export type TVerstehenEingabe = z.infer<typeof ZVerstehenEingabe>;

const ZZeitpunkt = z.string().max(40);

export const ZLesung = z.object({
  absicht: z.enum(ABSICHTEN),
  /** ISO 8601 with the Berlin offset, or null. */
  von: ZZeitpunkt.nullable(),
  bis: ZZeitpunkt.nullable(),
  /** The whole day(s): von is midnight, bis the midnight after the last day. */
  ganztags: z.boolean(),
  /** The name of one of the tenant's locations, as written there. */
  standort: z.string().max(LIMITS.name).nullable(),
  /** A question back in the request's language, when the text does not decide. */
  rueckfrage: z.string().max(LIMITS.message).nullable(),
});
export type TLesung = z.infer<typeof ZLesung>;

/**
 * `POST /api/assistent/ausfuehren` (decision 190): the same request as `verstehen`; without `bestaetigt` a dry run
 * that repeats the reading and names what the rules allow, with `bestaetigt: true` the change through the screens'
 * operation. `fahrzeugId` picks one of the offered cars (default: the first).
 */
export const ZAusfuehrenEingabe = ZVerstehenEingabe.extend({
  bestaetigt: z.boolean().default(false),
  fahrzeugId: z.uuid().optional(),
});
export type TAusfuehrenEingabe = z.infer<typeof ZAusfuehrenEingabe>;

export const ZAusfuehrenAntwort = z.object({
  lesung: ZLesung,
  /** The exact reading in words, in the request's language, or the question back. */
  zusammenfassung: z.string().max(LIMITS.message),
  /** Whether something was changed (only with `bestaetigt`). */
  ausgefuehrt: z.boolean(),
  /** The cars free for the user in the period, under every booking rule (the alternatives). */
  fahrzeuge: z
    .array(z.object({ id: z.uuid(), bezeichnung: z.string().max(200), standort: z.string().max(200) }))
    .max(200),
  /** The booking made, when `ausgefuehrt`. */
  buchungId: z.uuid().nullable(),
});
export type TAusfuehrenAntwort = z.infer<typeof ZAusfuehrenAntwort>;
