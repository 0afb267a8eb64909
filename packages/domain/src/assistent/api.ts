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
 * `POST /api/assistent/ausfuehren` (decisions 190, 219): the same request as `verstehen`; without `bestaetigt` a dry
 * run that repeats the reading and names what the rules allow, with `bestaetigt: true` the change through the
 * screens' operation. `fahrzeugId` and `platzId` pick one of the offered cars or places (default: the first),
 * `buchungId` one of the caller's own bookings offered for a cancellation or check-in.
 */
/**
 * One call of the assistant's tools (the MCP tools, decision 248): the name and its arguments, as the language model
 * chose them. The panel sends it back with `bestaetigt` to carry out exactly the dry run shown.
 */
export const ZWerkzeugAufruf = z.object({
  name: z.string().trim().min(1).max(60),
  argumente: z.record(z.string().max(60), z.unknown()),
});
export type TWerkzeugAufruf = z.infer<typeof ZWerkzeugAufruf>;

export const ZAusfuehrenEingabe = ZVerstehenEingabe.extend({
  bestaetigt: z.boolean().default(false),
  fahrzeugId: z.uuid().optional(),
  platzId: z.uuid().optional(),
  buchungId: z.uuid().optional(),
  /** A tool call the language model chose (decision 248); with `bestaetigt` it is carried out as shown. */
  werkzeug: ZWerkzeugAufruf.optional(),
});
export type TAusfuehrenEingabe = z.infer<typeof ZAusfuehrenEingabe>;

/** The kinds of booking the assistant handles; the area names where a booking is shown. */
export const ASSISTENT_BUCHUNG_ARTEN = ['fahrzeug', 'leseraum', 'arbeitswelt'] as const;
export type AssistentBuchungArt = (typeof ASSISTENT_BUCHUNG_ARTEN)[number];

/**
 * What the answer is, for the panel: a question back, a reading to confirm (dry run), a change made, information
 * (own bookings, rules), or a refusal (`fehler`).
 */
export const ASSISTENT_ANTWORT_ARTEN = [
  'rueckfrage',
  'bestaetigen',
  'ausgefuehrt',
  'auskunft',
  'abgelehnt',
] as const;

/**
 * Who read the request (decision 248): the built-in understanding, the language model, or the built-in understanding
 * because the language model failed or took too long (the panel says so).
 */
export const ASSISTENT_VERSTANDEN = ['eingebaut', 'sprachmodell', 'ersatz'] as const;

const ZEigeneBuchung = z.object({
  id: z.uuid(),
  art: z.enum(ASSISTENT_BUCHUNG_ARTEN),
  /** The car (brand, model, plate) or the place and its plan. */
  bezeichnung: z.string().max(300),
  von: ZZeitpunkt,
  bis: ZZeitpunkt,
  status: z.string().max(40),
});
export type TEigeneBuchung = z.infer<typeof ZEigeneBuchung>;

export const ZAusfuehrenAntwort = z.object({
  lesung: ZLesung,
  art: z.enum(ASSISTENT_ANTWORT_ARTEN),
  /** The exact reading in words, in the request's language, or the question back, or the information. */
  zusammenfassung: z.string().max(4000),
  /** Whether something was changed (only with `bestaetigt`). */
  ausgefuehrt: z.boolean(),
  /** The cars free for the user in the period, under every booking rule (the alternatives). */
  fahrzeuge: z
    .array(z.object({ id: z.uuid(), bezeichnung: z.string().max(200), standort: z.string().max(200) }))
    .max(200),
  /**
   * When no car is free: the next later period of the same length in which one is (decision 254), with how many,
   * and the request that books it (`anfrage`, sent as typed text and confirmed like any other); null otherwise.
   */
  naechsteFreieZeit: z
    .object({
      von: ZZeitpunkt,
      bis: ZZeitpunkt,
      fahrzeuge: z.number().int().min(1),
      anfrage: z.string().max(500),
    })
    .nullable(),
  /** The places free for the user in the period (the first is taken unless `platzId` picks another). */
  plaetze: z
    .array(
      z.object({
        id: z.uuid(),
        bezeichnung: z.string().max(LIMITS.name),
        grundriss: z.string().max(LIMITS.name),
        standort: z.string().max(LIMITS.name).nullable(),
        bereich: z.enum(['leseraum', 'arbeitswelt']),
      }),
    )
    .max(200),
  /** The caller's own bookings the answer is about (shown, to cancel or to check in); never anyone else's. */
  buchungen: z.array(ZEigeneBuchung).max(200),
  /** The booking made, cancelled or checked in, when `ausgefuehrt`, or the one a dry run would change. */
  buchungId: z.uuid().nullable(),
  buchungArt: z.enum(ASSISTENT_BUCHUNG_ARTEN).nullable(),
  /** A refusal: the catalogue's code and its text in the request's language. */
  fehler: z.object({ code: z.string().max(LIMITS.code), message: z.string().max(LIMITS.message) }).nullable(),
  /** The caller's own lockers the answer is about: shown, or the one booked (decision 249); never anyone else's. */
  spinde: z
    .array(
      z.object({
        buchungId: z.uuid(),
        nummer: z.string().max(LIMITS.name),
        bank: z.string().max(LIMITS.name),
        von: ZZeitpunkt,
        bis: ZZeitpunkt,
        /** Only on the booking's day and only where lockers open with a PIN, as on 'Mein Spind'. */
        pin: z.string().max(40).nullable(),
      }),
    )
    .max(50),
  /** Who read the request (decision 248). */
  verstanden: z.enum(ASSISTENT_VERSTANDEN),
  /** The language model's tool call a dry run shows; the panel sends it back with `bestaetigt` (decision 248). */
  werkzeug: ZWerkzeugAufruf.nullable(),
});
export type TAusfuehrenAntwort = z.infer<typeof ZAusfuehrenAntwort>;
