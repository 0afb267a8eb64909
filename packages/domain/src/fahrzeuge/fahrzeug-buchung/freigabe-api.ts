/**
 * API contract of special-trip approvals (decision 049): the list of bookings awaiting the current
 * approver (`ZFahrzeugBuchungListe` of api.ts, each with its abilities), the menu count, and the body of a
 * rejection. `Z*` zod schemas, `T*` their types.
 */
import { z } from 'zod';
import { multiLineText } from '../../text-input.ts';

/** GET /api/sonderfreigaben/anzahl: how many bookings await the current user's decision (the menu badge). */
export const ZSonderfreigabenAnzahl = z.object({ anzahl: z.number().int().min(0) });
export type TSonderfreigabenAnzahl = z.infer<typeof ZSonderfreigabenAnzahl>;

/** Body of POST /api/sonderfreigaben/{buchungId}/ablehnen: the approver's reason, told to the booker. */
export const ZSonderfreigabeAblehnen = z.object({
  begruendung: multiLineText().trim().min(1).max(1000),
});
export type TSonderfreigabeAblehnen = z.infer<typeof ZSonderfreigabeAblehnen>;
