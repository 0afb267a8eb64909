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
