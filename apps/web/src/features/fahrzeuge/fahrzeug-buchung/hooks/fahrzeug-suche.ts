import type { TFahrzeug } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { z } from 'zod/mini';

/**
 * The search params of /fahrzeuge: the period (ISO instants with offset), the filters, the tab and the open
 * vehicle, so a view can be shared and survives a reload. Unreadable values are dropped. Other screens rely on
 * `?fahrzeug=<id>&von=<ISO>&bis=<ISO>&buchen=1` opening the booking dialog for that vehicle and period
 * (the timeline after a drag), and `?fahrzeug=<id>` alone opening the vehicle's detail.
 */
const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
/** `+` of an offset arrives as a space when a link was written by hand: read it as `+`. */
const instant = z
  .pipe(
    z.string().check(z.maxLength(40)),
    z.transform((s: string) => s.replace(' ', '+')),
  )
  .check(
    z.refine(
      (s) =>
        /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s) &&
        !Number.isNaN(Date.parse(s)),
    ),
  );
const text = z.string().check(z.minLength(1), z.maxLength(100));
/** `1` in the URL (the router reads it as a number; `"1"` and `true` are read as well). */
const flag = z.pipe(
  z.union([z.literal('1'), z.literal(1), z.literal(true)]),
  z.transform(() => 1 as const),
);
const lenient = <T extends z.core.SomeType>(schema: T) => z.catch(z.optional(schema), undefined);

export const AUSSTATTUNG = ['klimaanlage', 'navigation', 'tempomat', 'sitzheizung'] as const;
export type Ausstattung = (typeof AUSSTATTUNG)[number];

export const ZFahrzeugSuche = z.object({
  von: lenient(instant),
  bis: lenient(instant),
  standort: lenient(uuid),
  kategorie: lenient(text),
  sitze: lenient(
    z.coerce.number().check(
      z.minimum(1),
      z.maximum(100),
      z.refine((n) => Number.isInteger(n)),
    ),
  ),
  klasse: lenient(text),
  /** equipment, comma separated (`klimaanlage,navigation`) */
  ausstattung: lenient(text),
  nurFrei: lenient(flag),
  /** the vehicle whose detail (or with `buchen`, booking dialog) is open */
  fahrzeug: lenient(uuid),
  buchen: lenient(flag),
  /** the booking being changed in the dialog */
  buchung: lenient(uuid),
  ansicht: lenient(z.enum(['fahrzeuge', 'buchungen'])),
});
export type TFahrzeugSuche = z.output<typeof ZFahrzeugSuche>;

/** The equipment named in the search, in catalogue order; unknown names are ignored. */
export const ausstattungAus = (suche: Pick<TFahrzeugSuche, 'ausstattung'>): Ausstattung[] => {
  const named = new Set((suche.ausstattung ?? '').split(','));
  return AUSSTATTUNG.filter((a) => named.has(a));
};

/** The period of the search when it is complete and runs forward, else null. */
export const zeitraumAus = (
  suche: Pick<TFahrzeugSuche, 'von' | 'bis'>,
): { von: string; bis: string } | null =>
  suche.von && suche.bis && Date.parse(suche.von) < Date.parse(suche.bis)
    ? { von: suche.von, bis: suche.bis }
    : null;

/**
 * The vehicles that match the filters of the search (location, category, at least so many seats, licence
 * class, every named piece of equipment, and with `nurFrei` only those free for the period and bookable for the
 * user). The order of the
 * list (favourites first) is kept.
 */
export const filterFahrzeuge = (liste: readonly TFahrzeug[], suche: TFahrzeugSuche): TFahrzeug[] => {
  const ausstattung = ausstattungAus(suche);
  const nurFrei = suche.nurFrei === 1 && zeitraumAus(suche) !== null;
  return liste.filter(
    (f) =>
      (!suche.standort || f.standort.id === suche.standort) &&
      (!suche.kategorie || f.kategorie === suche.kategorie) &&
      (!suche.sitze || (f.sitze ?? 0) >= suche.sitze) &&
      (!suche.klasse || f.fuehrerscheinklasse === suche.klasse) &&
      ausstattung.every((a) => f[a]) &&
      (!nurFrei || (f.frei === true && f.fuerMichBuchbar)),
  );
};

/** The distinct values of a field over the list, sorted, for the filter's choices. */
export const auswahlWerte = (liste: readonly TFahrzeug[], wert: (f: TFahrzeug) => string | null): string[] =>
  [...new Set(liste.map(wert).filter((v): v is string => v !== null && v !== ''))].sort((a, b) =>
    a.localeCompare(b, 'de'),
  );
