import { z } from 'zod/mini';

/**
 * The search params of /admin/auslastung (area, period and filters in the URL, decision 163). Free of the API
 * contract so the router validates them without loading the screen. Unreadable values are dropped.
 */
const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

export const ZAuslastungSearch = z.object({
  bereich: lenient(z.enum(['plaetze', 'fahrzeuge'])),
  art: lenient(z.enum(['woche', 'monat', 'quartal', 'jahr', 'frei'])),
  tag: lenient(day),
  von: lenient(day),
  bis: lenient(day),
  standort: lenient(uuid),
  grundriss: lenient(uuid),
  raumart: lenient(z.enum(['platz', 'gruppenraum'])),
  raumtyp: lenient(z.enum(['leseraum', 'arbeitswelt'])),
  modus: lenient(z.enum(['ganztags', 'stuendlich'])),
  kategorie: lenient(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});
export type TAuslastungSearch = z.output<typeof ZAuslastungSearch>;

export const parseAuslastungSearch = (raw: unknown): TAuslastungSearch => {
  const parsed = ZAuslastungSearch.parse(typeof raw === 'object' && raw !== null ? raw : {});
  return Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) as TAuslastungSearch;
};

/** The API query of the search: the period and the filters of the chosen area. */
export const toAuslastungParams = (
  s: TAuslastungSearch,
  bereich: 'plaetze' | 'fahrzeuge',
): URLSearchParams => {
  const p = new URLSearchParams();
  p.set('art', s.art ?? 'monat');
  if (s.art === 'frei') {
    if (s.von) p.set('von', s.von);
    if (s.bis) p.set('bis', s.bis);
  } else if (s.tag) p.set('tag', s.tag);
  if (s.standort) p.set('standort', s.standort);
  if (bereich === 'plaetze') {
    if (s.grundriss) p.set('grundriss', s.grundriss);
    if (s.raumtyp) p.set('bereich', s.raumtyp);
    if (s.raumart) p.set('raumart', s.raumart);
    if (s.modus) p.set('modus', s.modus);
  } else if (s.kategorie) p.set('kategorie', s.kategorie);
  return p;
};
