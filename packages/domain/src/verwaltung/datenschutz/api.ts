import { z } from 'zod';

/** One data category of the access request (Art. 15 GDPR): the declaration's texts and the person's rows. */
export const ZAuskunftKategorie = z.object({
  id: z.string(),
  titel: z.string(),
  daten: z.string(),
  zweck: z.string(),
  rechtsgrundlage: z.string(),
  empfaenger: z.string(),
  aufbewahrung: z.string(),
  eintraege: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))),
});

/** Everything the product stores about one person (Art. 15 and 20 GDPR), machine-readable. */
export const ZDatenauskunft = z.object({
  erstelltAm: z.string(),
  sprache: z.enum(['de', 'en']),
  verantwortlicher: z.string(),
  person: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  kategorien: z.array(ZAuskunftKategorie),
});
export type TDatenauskunft = z.infer<typeof ZDatenauskunft>;

const ZZweisprachig = z.object({ de: z.string(), en: z.string() });

/** One data category of the erasure report (Art. 17 GDPR): what happened to it, how many rows, and why. */
export const ZLoeschKategorie = z.object({
  id: z.string(),
  titel: ZZweisprachig,
  behandlung: z.enum(['geloescht', 'anonymisiert', 'behalten']),
  anzahl: z.number().int().nonnegative(),
  grund: ZZweisprachig,
});

/**
 * The report of erasing a person (decision 235): per declared data category what was deleted, anonymised or kept
 * with the reason, the future bookings cancelled first, and whether a row without personal data had to stay for
 * the kept records. Names nobody: the person appears by id only.
 */
export const ZLoeschbericht = z.object({
  benutzerId: z.string(),
  geloeschtAm: z.string(),
  storniert: z.object({
    fahrzeugBuchungen: z.number().int(),
    platzBuchungen: z.number().int(),
    spindBuchungen: z.number().int(),
  }),
  /** true: logbook, vehicle history or service-book entries still point at the id, so a row without data stays */
  platzhalterBehalten: z.boolean(),
  kategorien: z.array(ZLoeschKategorie),
});
export type TLoeschbericht = z.infer<typeof ZLoeschbericht>;
export type TLoeschKategorie = z.infer<typeof ZLoeschKategorie>;
