/**
 * API contract of a vehicle's history (spec §3 "vehicle history entry"): every entry the actions write
 * (ERSTELLUNG, STATUSAENDERUNG, WARTUNG, CHECK_IN, CHECK_OUT, SERVICE, DEAKTIVIERUNG), newest first.
 * A `typ` filter outside the list answers the spec's 'Typ {x} unbekannt' (`parseHistorieTyp`).
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { ZInstantInput } from '../../date-input.ts';
import { HISTORIE_TYP } from '../../status.ts';

const ZInstant = z.string().max(40);
const ZFrei = z.string().max(LIMITS.message).nullable();

export const ZFahrzeugHistorieEintrag = z.object({
  id: z.uuid(),
  typ: z.enum(HISTORIE_TYP),
  zeitpunkt: ZInstant,
  beschreibung: ZFrei,
  status: ZFrei,
  fahrzeugBuchungId: z.uuid().nullable(),
  kilometerstand: z.number().int().nullable(),
  tankfuellung: z.number().int().nullable(),
  sauberkeitAussen: ZFrei,
  sauberkeitInnen: ZFrei,
  abstellplatz: ZFrei,
  schaeden: z.array(z.object({ beschreibung: z.string().max(LIMITS.message) })).max(100),
  benutzer: z.object({ id: z.uuid(), name: z.string().max(LIMITS.name) }).nullable(),
  /** the receipts attached at check-in or check-out, served after the tenant check (R158) */
  belege: z.array(z.object({ id: z.uuid(), url: z.string().max(LIMITS.path) })).max(100),
});
export type TFahrzeugHistorieEintrag = z.infer<typeof ZFahrzeugHistorieEintrag>;

export const ZFahrzeugHistorie = z.object({
  eintraege: z.array(ZFahrzeugHistorieEintrag).max(1000),
  /** more entries before the oldest shown: ask again with `vor` = the oldest's `zeitpunkt` */
  weitere: z.boolean(),
});
export type TFahrzeugHistorie = z.infer<typeof ZFahrzeugHistorie>;

/** `GET /api/fahrzeuge/{id}/historie?typ=&vor=&anzahl=` */
export const ZFahrzeugHistorieQuery = z.object({
  /** one of the history types; any other text answers 'Typ {x} unbekannt' */
  typ: z.string().trim().max(40).optional(),
  /** entries before this instant (the next page) */
  vor: ZInstantInput.optional(),
  anzahl: z.coerce.number().int().min(1).max(1000).default(200),
});
export type TFahrzeugHistorieQuery = z.infer<typeof ZFahrzeugHistorieQuery>;
