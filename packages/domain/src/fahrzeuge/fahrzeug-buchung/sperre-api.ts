/**
 * API contract of maintenance, service and defect blocks (decision 056): the preview of what a
 * block would move or cancel, the block itself and the result of entering it. The body of a block is
 * `ZFahrzeugSperreEingabe` (schemas.ts). `Z*` zod schemas, `T*` their types; instants are ISO 8601.
 */
import { z } from 'zod';
import { LIMITS } from '../../api.ts';
import { BUCHUNG_STATUS } from '../../status.ts';
import { ZFahrzeugSperreEingabe } from './schemas.ts';

const ZInstant = z.string().max(40);
const ZName = z.string().max(LIMITS.name);
const ZText = z.string().max(LIMITS.message);
const ZFahrzeugKurz = z.object({ id: z.uuid(), marke: ZName, modell: ZName, kennzeichen: ZName });

export const SPERRE_TYPEN = ['WARTUNG', 'SERVICE', 'DEFEKT'] as const;

/** Body of POST /api/fahrzeug-sperren/vorschau: the block as entered, without decisions on moves. */
export const ZFahrzeugSperreVorschauEingabe = ZFahrzeugSperreEingabe.omit({
  umbuchungen: true,
  informationstext: true,
});
export type TFahrzeugSperreVorschauEingabe = z.infer<typeof ZFahrzeugSperreVorschauEingabe>;

/** One booking the block overlaps, and what the proposal does with it. */
export const ZSperreVorschlag = z.object({
  buchung: z.object({
    id: z.uuid(),
    von: ZInstant,
    bis: ZInstant,
    status: z.enum(BUCHUNG_STATUS),
    buchender: z.object({ id: z.uuid(), name: ZName }),
    anlass: ZText.nullable(),
  }),
  /** `umbuchen`: a free vehicle of the same location and licence class is offered; else it is cancelled */
  aktion: z.enum(['umbuchen', 'stornieren']),
  /** the offered vehicle for `umbuchen` */
  ersatz: ZFahrzeugKurz.nullable(),
  /** the cancellation text when cancelled */
  grund: ZText,
});
export type TSperreVorschlag = z.infer<typeof ZSperreVorschlag>;

/**
 * The answer of the preview: the period the block would occupy (a safety-relevant defect starts now), why
 * it cannot be entered (`verstoss`: an error code of the catalogue with its params; null when it can), and a
 * proposal for each overlapping booking, in order of start.
 */
export const ZFahrzeugSperreVorschau = z.object({
  von: ZInstant,
  bis: ZInstant,
  verstoss: z
    .object({
      code: z.string().max(LIMITS.code),
      params: z.record(
        z.string().max(LIMITS.paramKey),
        z.union([z.string().max(LIMITS.paramValue), z.number()]),
      ),
    })
    .nullable(),
  vorschlaege: z.array(ZSperreVorschlag).max(500),
});
export type TFahrzeugSperreVorschau = z.infer<typeof ZFahrzeugSperreVorschau>;

/** A block of a vehicle. */
export const ZFahrzeugSperre = z.object({
  id: z.uuid(),
  fahrzeug: ZFahrzeugKurz,
  typ: z.enum(SPERRE_TYPEN),
  von: ZInstant,
  bis: ZInstant,
  status: z.enum(BUCHUNG_STATUS),
  informationstext: ZText.nullable(),
  sicherheitsrelevant: z.boolean(),
});
export type TFahrzeugSperre = z.infer<typeof ZFahrzeugSperre>;

export const ZFahrzeugSperreListe = z.array(ZFahrzeugSperre).max(2000);

/** GET /api/fahrzeug-sperren?fahrzeugId=: the vehicle's blocks that have not ended. */
export const ZFahrzeugSperrenQuery = z.object({ fahrzeugId: z.uuid() });
export type TFahrzeugSperrenQuery = z.infer<typeof ZFahrzeugSperrenQuery>;

/** The answer of POST /api/fahrzeug-sperren: the block and the bookings moved and cancelled for it. */
export const ZFahrzeugSperreErgebnis = z.object({
  sperre: ZFahrzeugSperre,
  umgebucht: z.array(z.object({ buchungId: z.uuid(), fahrzeug: ZFahrzeugKurz })).max(500),
  storniert: z.array(z.uuid()).max(500),
});
export type TFahrzeugSperreErgebnis = z.infer<typeof ZFahrzeugSperreErgebnis>;
