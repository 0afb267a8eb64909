import { z } from 'zod';
import { SPIND_GROESSEN } from './regeln.ts';

export const ZSpindGroesse = z.enum(SPIND_GROESSEN);

export const ZSpindbankNeu = z.object({
  standortId: z.uuid(),
  name: z.string().trim().min(1).max(80),
  ort: z
    .object({ grundrissId: z.uuid(), x: z.number().min(0).max(100), y: z.number().min(0).max(100) })
    .nullable()
    .default(null),
  anzahl: z.number().int().min(0).max(500).default(0),
  groesse: ZSpindGroesse.default('M'),
});
export type TSpindbankNeu = z.input<typeof ZSpindbankNeu>;

export const ZSpind = z.object({
  id: z.uuid(),
  nummer: z.string(),
  groesse: ZSpindGroesse,
  barrierefrei: z.boolean(),
  ausserBetrieb: z.boolean(),
});
export type TSpind = z.infer<typeof ZSpind>;

export const ZSpindbank = z.object({
  id: z.uuid(),
  standortId: z.uuid(),
  name: z.string(),
  ort: z.object({ grundrissId: z.uuid(), x: z.number(), y: z.number() }).nullable(),
  spinde: z.array(ZSpind),
});
export type TSpindbank = z.infer<typeof ZSpindbank>;

export const ZSpindImport = z.object({ csv: z.string().max(200_000) });
export const ZSpindImportErgebnis = z.object({ angelegt: z.number().int() });

export const ZSpindTagBuchen = z.object({
  tag: z.iso.date(),
  standortId: z.uuid(),
  groesse: ZSpindGroesse.default('M'),
  barrierefrei: z.boolean().default(false),
  /** A locker the user chose from the free list; without it the nearest free one of the size is taken. */
  spindId: z.uuid().optional(),
});

/** A location of the tenant with the number of its locker banks. */
export const ZSpindStandort = z.object({ id: z.uuid(), name: z.string(), banken: z.number().int() });
export type TSpindStandort = z.infer<typeof ZSpindStandort>;

/** The free lockers of a location on one day (in service, not booked, emptied). */
export const ZSpindFreiSuche = z.object({ tag: z.iso.date(), standortId: z.uuid() });
export const ZSpindFrei = z.object({
  spindId: z.uuid(),
  nummer: z.string(),
  bankId: z.uuid(),
  bank: z.string(),
  groesse: ZSpindGroesse,
  barrierefrei: z.boolean(),
});
export type TSpindFrei = z.infer<typeof ZSpindFrei>;

/** Changes to a bank: name and place on a floor plan (`null` removes it). */
export const ZSpindbankAenderung = z.object({
  name: z.string().trim().min(1).max(80).optional(),
  ort: z
    .object({ grundrissId: z.uuid(), x: z.number().min(0).max(100), y: z.number().min(0).max(100) })
    .nullable()
    .optional(),
});
export type TSpindbankAenderung = z.infer<typeof ZSpindbankAenderung>;

/** Changes to one locker of a bank. */
export const ZSpindAenderung = z.object({
  nummer: z.string().trim().min(1).max(20).optional(),
  groesse: ZSpindGroesse.optional(),
  barrierefrei: z.boolean().optional(),
  ausserBetrieb: z.boolean().optional(),
});
export type TSpindAenderung = z.infer<typeof ZSpindAenderung>;

export const ZSpindZuweisung = z.object({
  spindId: z.uuid(),
  benutzerId: z.uuid(),
  bis: z.iso.datetime({ offset: true }),
});

/** Which permanent assignments to list: of one bank or one location (both optional), current and coming only. */
export const ZSpindZuweisungSuche = z.object({
  bankId: z.uuid().optional(),
  standortId: z.uuid().optional(),
});

/** A permanent assignment as the administration sees it (never a PIN). */
export const ZSpindZuweisungEintrag = z.object({
  id: z.uuid(),
  spindId: z.uuid(),
  nummer: z.string(),
  bankId: z.uuid(),
  bank: z.string(),
  standortId: z.uuid(),
  benutzerId: z.uuid(),
  benutzer: z.string(),
  von: z.iso.datetime({ offset: true }),
  bis: z.iso.datetime({ offset: true }),
  /** `laufend` from its start on, `kommend` before it. */
  stand: z.enum(['laufend', 'kommend']),
});
export type TSpindZuweisungEintrag = z.infer<typeof ZSpindZuweisungEintrag>;

/** The owner's view of a locker booking; `pin` only on the booking's day, only to its owner. */
export const ZMeinSpind = z.object({
  buchungId: z.uuid(),
  spindId: z.uuid(),
  nummer: z.string(),
  bank: z.string(),
  groesse: ZSpindGroesse,
  ort: z.object({ grundrissId: z.uuid(), x: z.number(), y: z.number() }).nullable(),
  art: z.enum(['tag', 'gekoppelt', 'dauer']),
  von: z.iso.datetime({ offset: true }),
  bis: z.iso.datetime({ offset: true }),
  leerung: z.enum(['offen', 'vom_nutzer_bestaetigt', 'vom_facility_geraeumt']),
  pin: z.string().nullable(),
  /** How the locker opens (option SpindSchloss): the PIN is only ever filled with `pin`. */
  schloss: z.enum(['keins', 'pin', 'http']),
});
export type TMeinSpind = z.infer<typeof ZMeinSpind>;

/** The day to count a floor plan's locker banks for. */
export const ZSpindPlanSuche = z.object({ tag: z.iso.date() });

/** A locker bank drawn on a floor plan with its counts on the day (no bookings, no names). */
export const ZSpindbankAufPlan = z.object({
  id: z.uuid(),
  name: z.string(),
  x: z.number(),
  y: z.number(),
  frei: z.number().int(),
  belegt: z.number().int(),
  ausserBetrieb: z.number().int(),
});
export type TSpindbankAufPlan = z.infer<typeof ZSpindbankAufPlan>;

/**
 * A release the vendor's lock system has not yet taken (decision 250): waiting for its next attempt (`offen`) or
 * given up after the last one (`aufgegeben`), for the facility list. No person, no PIN.
 */
export const ZSpindSchlossAuftrag = z.object({
  id: z.uuid(),
  spindId: z.uuid(),
  nummer: z.string(),
  bank: z.string(),
  buchungId: z.uuid(),
  status: z.enum(['offen', 'aufgegeben']),
  versuche: z.number().int(),
  naechsterVersuch: z.iso.datetime({ offset: true }).nullable(),
  letzterFehler: z.string().nullable(),
  angelegt: z.iso.datetime({ offset: true }),
});
export type TSpindSchlossAuftrag = z.infer<typeof ZSpindSchlossAuftrag>;
