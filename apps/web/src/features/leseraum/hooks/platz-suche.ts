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

/** What the search preselects when the URL does not say: spec §9's defaults or the user's settings. */
export type PlatzVorgaben = Pick<PlatzAuswahl, 'modus' | 'tageszeit' | 'von' | 'bis'>;
export const STANDARD_VORGABEN: PlatzVorgaben = {
  modus: 'ganztags',
  tageszeit: 'ganztags',
  von: '09:00',
  bis: '18:00',
};

/**
 * The user's preselection from their effective settings (Buchungsmodus, Tageszeit, LeseraumZeitVon,
 * LeseraumZeitBis); an unreadable value keeps the standard.
 */
export const vorgabenAus = (setting: (name: string) => unknown): PlatzVorgaben => {
  const modus = setting('Buchungsmodus');
  const tageszeit = setting('Tageszeit');
  const von = setting('LeseraumZeitVon');
  const bis = setting('LeseraumZeitBis');
  const isTime = (v: unknown): v is string => typeof v === 'string' && time.safeParse(v).success;
  return {
    modus: modus === 'stuendlich' || modus === 'ganztags' ? modus : STANDARD_VORGABEN.modus,
    tageszeit:
      tageszeit === 'vormittags' || tageszeit === 'nachmittags' || tageszeit === 'ganztags'
        ? tageszeit
        : STANDARD_VORGABEN.tageszeit,
    von: isTime(von) ? von : STANDARD_VORGABEN.von,
    bis: isTime(bis) ? bis : STANDARD_VORGABEN.bis,
  };
};

/**
 * The search with the defaults filled in (spec §9's, or the user's preselection `vorgaben`); `heute` is today's
 * Berlin day `YYYY-MM-DD`.
 */
export const auswahlAus = (
  suche: TPlatzSuche,
  heute: string,
  vorgaben: PlatzVorgaben = STANDARD_VORGABEN,
): PlatzAuswahl => {
  // hours the wrong way round are read the right way round
  const [von, bis] = [suche.von ?? vorgaben.von, suche.bis ?? vorgaben.bis].sort() as [string, string];
  return {
    tag: suche.tag && suche.tag >= heute ? suche.tag : heute,
    modus: suche.modus ?? vorgaben.modus,
    tageszeit: suche.tageszeit ?? vorgaben.tageszeit,
    von,
    bis,
    nurFrei: suche.nurFrei === '1',
    minPlaetze: suche.minPlaetze ?? 1,
  };
};
