/**
 * The service book of a vehicle (spec §3 "Service book entry: type, description, period";
 * decision 068): entries with a type, a description and a period of Berlin calendar days; the vehicle's
 * WARTUNG and SERVICE blocks appear in it beside the entries. An HU or UVV entry may set the vehicle's next
 * due day of that inspection.
 */
import { z } from 'zod';
import { ZDayInput, ZDayValue } from '../../date-input.ts';

export const SERVICEHEFT_TYPEN = [
  'WARTUNG',
  'SERVICE',
  'HU',
  'UVV',
  'REPARATUR',
  'REIFEN',
  'SONSTIGES',
] as const;
export type ServiceheftTyp = (typeof SERVICEHEFT_TYPEN)[number];

export const SERVICEHEFT_BESCHREIBUNG_MAX = 2000;

/** POST /api/fahrzeuge/{id}/serviceheft */
export const ZServiceheftEingabe = z
  .object({
    typ: z.enum(SERVICEHEFT_TYPEN),
    beschreibung: z.string().trim().min(1).max(SERVICEHEFT_BESCHREIBUNG_MAX),
    von: ZDayInput,
    bis: ZDayInput.nullish().transform((s) => s ?? null),
    /** HU and UVV only: the next due day the inspection sets on the vehicle */
    naechsteFaelligkeit: ZDayInput.nullish().transform((s) => s ?? null),
  })
  .refine((e) => !e.bis || e.von <= e.bis, { message: 'validation.von_vor_bis', path: ['bis'] })
  .refine((e) => !e.naechsteFaelligkeit || e.typ === 'HU' || e.typ === 'UVV', {
    message: 'serviceheft.faelligkeit_nur_hu_uvv',
    path: ['naechsteFaelligkeit'],
  });
export type TServiceheftEingabe = z.infer<typeof ZServiceheftEingabe>;

export const ZServiceheftEintrag = z.object({
  id: z.uuid(),
  /** an entry's type, or the block's type WARTUNG/SERVICE */
  typ: z.string().max(20),
  beschreibung: z.string().max(SERVICEHEFT_BESCHREIBUNG_MAX).nullable(),
  von: ZDayValue,
  bis: ZDayValue.nullable(),
  /** eintrag: written in the service book; sperre: a maintenance or service block of the vehicle */
  quelle: z.enum(['eintrag', 'sperre']),
  erfasstVon: z.string().max(200).nullable(),
});
export type TServiceheftEintrag = z.infer<typeof ZServiceheftEintrag>;

export const ZServiceheft = z.object({
  fahrzeugId: z.uuid(),
  huFaelligAm: ZDayValue.nullable(),
  uvvFaelligAm: ZDayValue.nullable(),
  /** newest first */
  eintraege: z.array(ZServiceheftEintrag).max(5000),
  /** the user may add entries (fahrzeug_pflege) */
  kannErfassen: z.boolean(),
});
export type TServiceheft = z.infer<typeof ZServiceheft>;

/** Entries and blocks newest first (by start day, then end). */
export const sortiereServiceheft = <E extends Pick<TServiceheftEintrag, 'von' | 'bis'>>(
  eintraege: readonly E[],
): E[] =>
  [...eintraege].sort((a, b) => b.von.localeCompare(a.von) || (b.bis ?? '').localeCompare(a.bis ?? ''));
