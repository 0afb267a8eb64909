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
