import { LISTEN_FILTER } from '@stellwerk/domain/fahrzeuge/fuehrerschein/liste';
import { z } from 'zod';

/** The filters of /fahrzeuge/fuehrerschein in the URL; anything unreadable falls back to no filter. */
export const ZFuehrerscheinSuche = z.object({
  suche: z.string().max(100).optional().catch(undefined),
  stand: z.enum(LISTEN_FILTER).optional().catch(undefined),
});
export type TFuehrerscheinSuche = z.infer<typeof ZFuehrerscheinSuche>;
