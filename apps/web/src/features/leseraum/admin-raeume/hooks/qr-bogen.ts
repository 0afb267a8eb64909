import { z } from 'zod/mini';

/**
 * The address a place's QR code opens on a phone (decision 058): the booking map of the plan's area with the
 * place's dialog open, which offers check-in when the user's reservation allows it.
 */
export const checkInUrl = ({
  origin,
  bereich,
  grundrissId,
  platzId,
}: {
  origin: string;
  bereich: 'leseraum' | 'arbeitswelt';
  grundrissId: string;
  platzId: string;
}): string => {
  const query = new URLSearchParams({ grundriss: grundrissId, platz: platzId, checkin: '1' });
  return `${origin.replace(/\/$/, '')}/${bereich}/karte?${query.toString()}`;
};

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

/** The search params of /admin/raeume: the plan being edited, and whether its QR sheet is shown. */
export const ZRaeumeSuche = z.object({
  grundriss: lenient(uuid),
  ansicht: lenient(z.enum(['plan', 'qr'])),
});
export type TRaeumeSuche = z.output<typeof ZRaeumeSuche>;
