/**
 * API contract of reading-room and workspace bookings: floor plans of an area, the occupancy of a
 * plan for a day, and the booking calls. `Z*` zod schemas, `T*` their types. Times are ISO 8601 instants
 * with offset; days `YYYY-MM-DD` in Europe/Berlin.
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { ZDayInput, ZInstantInput } from '../../date-input.ts';
import { BUCHUNG_STATUS } from '../../status.ts';
import { multiLineText, singleLineText } from '../../text-input.ts';
import { ZSpindGroesse } from '../spind/api.ts';
import { PLATZ_MARKER, PLATZ_ZUSTAENDE } from './belegung.ts';
import { TAG_SPERRGRUENDE } from './buchbarkeit.ts';
import { PERSONAL_GRUND_MAX } from './machine.ts';
import { LESERAUM_MAIL_EMPFAENGER, LESERAUM_MAIL_TYPEN } from './mail.ts';

/** The two areas one seat-planning engine serves (spec §1): reading room and workspace (desks). */
export const BEREICHE = ['leseraum', 'arbeitswelt'] as const;
export type Bereich = (typeof BEREICHE)[number];

const ZText = z.string().max(LIMITS.message);
const ZInstant = z.string().max(40);

/** A place's position in plan coordinates (the SVG's user units), set by drag and drop in the seat dialog. */
export const ZPlanPosition = z.object({
  x: z.number().finite().min(0).max(100_000),
  y: z.number().finite().min(0).max(100_000),
});
export type TPlanPosition = z.infer<typeof ZPlanPosition>;

export const ZGrundrissKurz = z.object({
  id: z.uuid(),
  bezeichnung: z.string().max(LIMITS.name),
  beschreibung: ZText.nullable(),
  standort: z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) }).nullable(),
  bereich: z.enum(BEREICHE),
  /** URL of the sanitised SVG, served after the tenant check. */
  planUrl: z.string().max(LIMITS.path).nullable(),
});
export type TGrundrissKurz = z.infer<typeof ZGrundrissKurz>;

/** GET /api/grundrisse/{id}/belegung: what the map and the list show for a day and a chosen period. */
export const ZBelegungQuery = z.object({
  tag: ZDayInput,
  modus: z.enum(['ganztags', 'stuendlich']).default('ganztags'),
  tageszeit: z.enum(['ganztags', 'vormittags', 'nachmittags']).default('ganztags'),
  /** Hourly mode: the chosen times `HH:mm`. */
  von: singleLineText().max(5).optional(),
  bis: singleLineText().max(5).optional(),
});
export type TBelegungQuery = z.infer<typeof ZBelegungQuery>;

export const ZPlatzBelegung = z.object({
  id: z.uuid(),
  bezeichnung: z.string().max(LIMITS.name),
  kapazitaet: z.number().int(),
  position: ZPlanPosition.nullable(),
  /** What the place offers and the conditions of its use (spec §3 leseraum), shown to bookers. */
  beschreibung: z.string().max(LIMITS.message).nullable(),
  bedingungen: z.string().max(LIMITS.message).nullable(),
  zustand: z.enum(PLATZ_ZUSTAENDE),
  marker: z.array(z.enum(PLATZ_MARKER)).max(PLATZ_MARKER.length),
  ausstattung: z
    .array(z.object({ id: z.uuid(), name: z.string().max(LIMITS.name), anzahl: z.number().int() }))
    .max(100),
  /** The day's non-cancelled bookings of the place (times only; who booked is not shown to others). */
  zeiten: z.array(z.object({ von: ZInstant, bis: ZInstant, status: z.enum(BUCHUNG_STATUS) })).max(200),
});
export type TPlatzBelegung = z.infer<typeof ZPlatzBelegung>;

export const ZBelegung = z.object({
  grundriss: ZGrundrissKurz,
  tag: z.string().max(10),
  /** Opening hours of the day, null when closed. */
  oeffnung: z.object({ von: z.string().max(5), bis: z.string().max(5) }).nullable(),
  /** The period the states refer to, null when nothing of it can be booked. */
  zeitraum: z.object({ von: ZInstant, bis: ZInstant }).nullable(),
  /**
   * Why the whole day cannot be booked by the signed-in user (buchbarkeit.ts `tagSperrgrund`: over, beyond the
   * bookable days, not a bookable weekday, closed), or null. When set, every place is `geschlossen`.
   */
  sperrgrund: z.enum(TAG_SPERRGRUENDE).nullable(),
  /** The user's last bookable day (LeseraumVorausbuchbareTage), null when none is offered. */
  letzterTag: z.string().max(10).nullable(),
  /** LeseraumMinimaleBuchungslaenge of the user in minutes: free hours shorter than this are not offered. */
  minimaleBuchungslaenge: z.number().int(),
  plaetze: z.array(ZPlatzBelegung).max(5000),
});
export type TBelegung = z.infer<typeof ZBelegung>;

const ZGanztags = z.object({
  modus: z.literal('ganztags'),
  tag: ZDayInput,
  tageszeit: z.enum(['ganztags', 'vormittags', 'nachmittags']).default('ganztags'),
});
const ZStuendlich = z.object({ modus: z.literal('stuendlich'), von: ZInstantInput, bis: ZInstantInput });
const ZGruppe = { gruppengroesse: z.number().int().min(1).max(10_000).default(1) };

/** POST /api/leseraum-buchungen: a full day (or half) of a day, or hours, of one place. */
/**
 * Decision 216: `spind` books the nearest free office locker with the place for the same period (`true`: the
 * size of the user's setting SpindGroesse; a size: that one); only while the tenant's Officelocker switch is on.
 */
const ZSpindWunsch = { spind: z.union([z.boolean(), ZSpindGroesse]).optional() };
export const ZLeseraumBuchungInput = z.discriminatedUnion('modus', [
  ZGanztags.extend({ leseraumId: z.uuid(), ...ZGruppe, ...ZSpindWunsch }),
  ZStuendlich.extend({ leseraumId: z.uuid(), ...ZGruppe, ...ZSpindWunsch }),
]);
export type TLeseraumBuchungInput = z.infer<typeof ZLeseraumBuchungInput>;

/**
 * PUT /api/leseraum-buchungen/{id}: new times for a booking that has not begun (same place). Decision 125: the
 * times are the whole of what is changed, so the part of the day is required (`tageszeit`, no default); the
 * group size left out keeps the stored one (given, it is checked against the capacity and stored).
 */
const ZGruppeBleibt = { gruppengroesse: z.number().int().min(1).max(10_000).optional() };
export const ZLeseraumBuchungAenderung = z.discriminatedUnion('modus', [
  ZGanztags.extend({ tageszeit: z.enum(['ganztags', 'vormittags', 'nachmittags']), ...ZGruppeBleibt }),
  ZStuendlich.extend(ZGruppeBleibt),
]);
export type TLeseraumBuchungAenderung = z.infer<typeof ZLeseraumBuchungAenderung>;

export const ZGekoppelterSpind = z.object({
  buchungId: z.uuid(),
  spindId: z.uuid(),
  nummer: z.string().max(LIMITS.name),
  bank: z.string().max(LIMITS.name),
  groesse: ZSpindGroesse,
  von: ZInstant,
  bis: ZInstant,
});
export type TGekoppelterSpind = z.infer<typeof ZGekoppelterSpind>;

export const ZLeseraumBuchung = z.object({
  id: z.uuid(),
  von: ZInstant,
  bis: ZInstant,
  status: z.enum(BUCHUNG_STATUS),
  gruppengroesse: z.number().int(),
  leseraum: z.object({
    id: z.uuid(),
    bezeichnung: z.string().max(LIMITS.name),
    kapazitaet: z.number().int(),
  }),
  grundriss: z.object({ id: z.uuid(), bezeichnung: z.string().max(LIMITS.name), bereich: z.enum(BEREICHE) }),
  buchenderMail: z.string().max(LIMITS.email),
  bestaetigerMail: z.string().max(LIMITS.email).nullable(),
  /** What the current user may do with it (policy.ts), so the web app does not re-implement the rules. */
  kannBestaetigen: z.boolean(),
  kannStornieren: z.boolean(),
  kannEinchecken: z.boolean(),
  kannAendern: z.boolean(),
  /** Countdown target (spec §4): the confirmation deadline or the check-in begin or end; null when none. */
  countdownBis: ZInstant.nullable(),
  /** The office locker booked with the place (decision 216), in the answer that booked or moved it; no PIN. */
  spind: ZGekoppelterSpind.nullable().optional(),
});
export type TLeseraumBuchung = z.infer<typeof ZLeseraumBuchung>;
export const ZLeseraumBuchungList = z.array(ZLeseraumBuchung).max(1000);

/**
 * POST /api/leseraum-buchungen/{id}/storno: the booker cancels without a word; staff cancelling another user's
 * booking must give `grund`, which the booker gets in the cancellation mail (R173, decision 136).
 */
export const ZLeseraumStornoInput = z
  .object({ grund: multiLineText().max(PERSONAL_GRUND_MAX).optional() })
  .default({});
export type TLeseraumStornoInput = z.infer<typeof ZLeseraumStornoInput>;

/** POST /api/leseraum-buchungen/{id}/ablehnen: staff decline a hold waiting for them, with a reason (R170). */
export const ZLeseraumAblehnungInput = z.object({ grund: multiLineText().max(PERSONAL_GRUND_MAX) });
export type TLeseraumAblehnungInput = z.infer<typeof ZLeseraumAblehnungInput>;

/**
 * POST /api/mail (spec §7, decision 052): send one of a booking's own mails again. `buchung` is the booking's
 * id, `typ` one of the five mail types, `buchungAlt` the previous times (only for useMailBuchungAngepasst),
 * `empfaenger` the booker (default) or the confirmer. The mail's text comes from the booking, never the body.
 */
export const ZMailErneutInput = z.object({
  buchung: z.uuid(),
  typ: z.enum(LESERAUM_MAIL_TYPEN),
  buchungAlt: z.object({ von: ZInstantInput, bis: ZInstantInput }).nullish(),
  empfaenger: z.enum(LESERAUM_MAIL_EMPFAENGER).default('buchender'),
});
export type TMailErneutInput = z.infer<typeof ZMailErneutInput>;

/** The answer of POST /api/mail (202): the mail is in the outbox and is delivered by the dispatcher. */
export const ZMailErneutAntwort = z.object({
  /** The outbox row (administrators see it in /admin/postausgang). */
  mailId: z.uuid(),
  buchung: z.uuid(),
  typ: z.enum(LESERAUM_MAIL_TYPEN),
  /** The recipient's address. */
  an: z.string().max(LIMITS.email),
  status: z.literal('eingereiht'),
});
export type TMailErneutAntwort = z.infer<typeof ZMailErneutAntwort>;

/**
 * GET /api/leseraum-lieblingsplaetze?bereich=…: the user's favourite places of an area (LeseraumLieblingsPlatz,
 * a user-level customizing value written through PUT /api/customizing/benutzer/LeseraumLieblingsPlatz).
 */
export const ZLieblingsPlatz = z.object({
  id: z.uuid(),
  bezeichnung: z.string().max(LIMITS.name),
  kapazitaet: z.number().int(),
  aktiv: z.boolean(),
  grundriss: z.object({ id: z.uuid(), bezeichnung: z.string().max(LIMITS.name) }),
});
export type TLieblingsPlatz = z.infer<typeof ZLieblingsPlatz>;
export const ZLieblingsPlaetze = z.array(ZLieblingsPlatz).max(100);
