import { z } from 'zod/mini';

/**
 * The search params of the seat-planning pages (/leseraum/karte, /leseraum/liste, /arbeitswelt/…): plan,
 * day, booking mode, time of day, hours and the filter live in the URL, so a view can be shared and
 * survives a reload. Unreadable values are dropped; the defaults are spec §9's (full day, 09:00–18:00,
 * filter off).
 */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const time = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/));
const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

export const ZPlatzSuche = z.object({
  grundriss: lenient(uuid),
  /** The place whose dialog is open (a favourite in the sidebar or a place's QR code links to it). */
  platz: lenient(uuid),
  tag: lenient(day),
  modus: lenient(z.enum(['ganztags', 'stuendlich'])),
  tageszeit: lenient(z.enum(['ganztags', 'vormittags', 'nachmittags'])),
  von: lenient(time),
  bis: lenient(time),
  nurFrei: lenient(z.enum(['1'])),
  minPlaetze: lenient(
    z.coerce.number().check(
      z.minimum(1),
      z.maximum(1000),
      z.refine((n) => Number.isInteger(n)),
    ),
  ),
  /** Whether the place was opened to check in (its QR code, decision 058). */
  checkin: lenient(z.enum(['1'])),
});
export type TPlatzSuche = z.output<typeof ZPlatzSuche>;

export type PlatzAuswahl = {
  tag: string;
  modus: 'ganztags' | 'stuendlich';
  tageszeit: 'ganztags' | 'vormittags' | 'nachmittags';
  von: string;
  bis: string;
  nurFrei: boolean;
  minPlaetze: number;
};

/** The search with spec §9's defaults filled in; `heute` is today's Berlin day `YYYY-MM-DD`. */
export const auswahlAus = (suche: TPlatzSuche, heute: string): PlatzAuswahl => {
  // hours the wrong way round are read the right way round
  const [von, bis] = [suche.von ?? '09:00', suche.bis ?? '18:00'].sort() as [string, string];
  return {
    tag: suche.tag && suche.tag >= heute ? suche.tag : heute,
    modus: suche.modus ?? 'ganztags',
    tageszeit: suche.tageszeit ?? 'ganztags',
    von,
    bis,
    nurFrei: suche.nurFrei === '1',
    minPlaetze: suche.minPlaetze ?? 1,
  };
};
