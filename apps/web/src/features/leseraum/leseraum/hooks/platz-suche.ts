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

/**
 * What the search preselects when the URL does not say: spec §9's defaults or the user's settings; with the
 * filter shown or hidden (`Filter`) and the step of the hours (`LeseraumBuchungstakt`, minutes).
 */
export type PlatzVorgaben = Pick<PlatzAuswahl, 'modus' | 'tageszeit' | 'von' | 'bis'> & {
  filter: boolean;
  takt: number;
};
export const STANDARD_VORGABEN: PlatzVorgaben = {
  modus: 'ganztags',
  tageszeit: 'ganztags',
  von: '09:00',
  bis: '18:00',
  filter: false,
  takt: 15,
};

/** Spec §2 "Views: map or list (default map)": the user's `Ansicht`, where no view is named in the path. */
export const ansichtAus = (setting: (name: string) => unknown): 'karte' | 'liste' =>
  setting('Ansicht') === 'liste' ? 'liste' : 'karte';

/**
 * A time `HH:mm` moved to the nearest step of `takt` minutes counted from midnight (the server's rule
 * `leseraum_buchung.takt`), never past 23:59; a step of 0 or less leaves it.
 */
export const aufTakt = (zeit: string, takt: number): string => {
  if (!(takt > 0)) return zeit;
  const [h, m] = zeit.split(':').map(Number) as [number, number];
  let minuten = Math.round((h * 60 + m) / takt) * takt;
  if (minuten > 23 * 60 + 59) minuten = Math.floor((23 * 60 + 59) / takt) * takt;
  return `${String(Math.floor(minuten / 60)).padStart(2, '0')}:${String(minuten % 60).padStart(2, '0')}`;
};

/**
 * The user's preselection from their effective settings (Buchungsmodus, Tageszeit, LeseraumZeitVon,
 * LeseraumZeitBis, Filter, LeseraumBuchungstakt); an unreadable value keeps the standard.
 */
export const vorgabenAus = (setting: (name: string) => unknown): PlatzVorgaben => {
  const modus = setting('Buchungsmodus');
  const tageszeit = setting('Tageszeit');
  const von = setting('LeseraumZeitVon');
  const bis = setting('LeseraumZeitBis');
  const takt = setting('LeseraumBuchungstakt');
  const isTime = (v: unknown): v is string => typeof v === 'string' && time.safeParse(v).success;
  return {
    modus: modus === 'stuendlich' || modus === 'ganztags' ? modus : STANDARD_VORGABEN.modus,
    tageszeit:
      tageszeit === 'vormittags' || tageszeit === 'nachmittags' || tageszeit === 'ganztags'
        ? tageszeit
        : STANDARD_VORGABEN.tageszeit,
    von: isTime(von) ? von : STANDARD_VORGABEN.von,
    bis: isTime(bis) ? bis : STANDARD_VORGABEN.bis,
    filter: setting('Filter') === 'an',
    takt: typeof takt === 'number' && Number.isInteger(takt) && takt > 0 ? takt : STANDARD_VORGABEN.takt,
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
  // hours the wrong way round are read the right way round, on the booking step (LeseraumBuchungstakt)
  const [von, bis] = [suche.von ?? vorgaben.von, suche.bis ?? vorgaben.bis]
    .map((zeit) => aufTakt(zeit, vorgaben.takt))
    .sort() as [string, string];
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
