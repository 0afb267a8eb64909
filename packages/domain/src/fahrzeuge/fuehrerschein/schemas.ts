/**
 * Request bodies of driving licences (spec §3): the licence record with class flags and the
 * optional expiry dates, the check dialog and the driving-ban preview. Dates are Berlin calendar days
 * `YYYY-MM-DD` (years 1900 to 2100: an issue date may be decades old).
 */
import { z } from 'zod';
import { multiLineText, singleLineText } from '../../text-input.ts';
import { BEFRISTETE_KLASSEN, FUEHRERSCHEIN_KLASSEN } from './rules.ts';

const TAG_HINT = 'YYYY-MM-DD, years 1900 to 2100';
export const ZTag = z.iso
  .date(TAG_HINT)
  .refine((d) => Number(d.slice(0, 4)) >= 1900 && Number(d.slice(0, 4)) <= 2100, TAG_HINT);

const klassenShape = Object.fromEntries(
  FUEHRERSCHEIN_KLASSEN.map((k) => [k, z.boolean().default(false)]),
) as Record<(typeof FUEHRERSCHEIN_KLASSEN)[number], z.ZodDefault<z.ZodBoolean>>;

const ZBefristeteKlasse = z.enum(BEFRISTETE_KLASSEN as unknown as ['C1', ...string[]]);

/** The driving ban: flag and whole Berlin days; an open end is unlimited (order: fahrverbotZeitraumVerstoss). */
export const ZFahrverbotEingabe = z.object({
  fahrverbot: z.boolean().default(false),
  fahrverbotVon: ZTag.nullable().default(null),
  fahrverbotBis: ZTag.nullable().default(null),
});
export type TFahrverbotEingabe = z.infer<typeof ZFahrverbotEingabe>;

/** PUT /api/fuehrerscheine/{benutzerId}: the record of spec §3 without the check (recorded separately). */
export const ZFuehrerscheinEingabe = z.object({
  fuehrerscheinnummer: singleLineText().trim().max(50).nullable().default(null),
  ausstellungsdatum: ZTag.nullable(),
  zusatzinfo: multiLineText().trim().max(2000).nullable().default(null),
  fahrverbot: z.boolean().default(false),
  fahrverbotVon: ZTag.nullable().default(null),
  fahrverbotBis: ZTag.nullable().default(null),
  klassen: z.object(klassenShape),
  /** optional expiry days of the truck and bus classes (C1 … DE) */
  klassenAblauf: z.partialRecord(ZBefristeteKlasse, ZTag.nullable()).default({}),
  /** optional expiry day of the document (only warns) */
  dokumentAblauf: ZTag.nullable().default(null),
});
export type TFuehrerscheinEingabe = z.infer<typeof ZFuehrerscheinEingabe>;

/**
 * The PUT body itself (decision 125): number, issue date and classes are required; every other property left
 * out keeps the stored value (a new record: none, no ban, no expiry days); `null` clears it.
 */
export const ZFuehrerscheinAenderung = ZFuehrerscheinEingabe.extend({
  fuehrerscheinnummer: singleLineText().trim().max(50).nullable().optional(),
  zusatzinfo: multiLineText().trim().max(2000).nullable().optional(),
  fahrverbot: z.boolean().optional(),
  fahrverbotVon: ZTag.nullable().optional(),
  fahrverbotBis: ZTag.nullable().optional(),
  klassenAblauf: z.partialRecord(ZBefristeteKlasse, ZTag.nullable()).optional(),
  dokumentAblauf: ZTag.nullable().optional(),
});
export type TFuehrerscheinAenderung = z.infer<typeof ZFuehrerscheinAenderung>;

/** What a new record holds where the PUT gave nothing. */
export const FUEHRERSCHEIN_LEER: Omit<TFuehrerscheinEingabe, 'ausstellungsdatum' | 'klassen'> = {
  fuehrerscheinnummer: null,
  zusatzinfo: null,
  fahrverbot: false,
  fahrverbotVon: null,
  fahrverbotBis: null,
  klassenAblauf: {},
  dokumentAblauf: null,
};

/** The check dialog: the examiner is the session user, the last check is today (server side). */
export const ZFuehrerscheinPruefungEingabe = z.object({
  methode: singleLineText().trim().min(1).max(100),
  originalGesehen: z.boolean(),
});
export type TFuehrerscheinPruefungEingabe = z.infer<typeof ZFuehrerscheinPruefungEingabe>;
