import { ZEITLEISTE_ANSICHTEN } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The timeline's choices in the URL of /fahrzeuge/uebersicht: the Berlin day (`tag`, default today), the
 * view (`ansicht`: a day or its week) and the location (`standort`, default the first). Anything invalid
 * falls back to the default instead of failing the page.
 */
export const ZUebersichtSuche = z.object({
  tag: z
    .string()
    .regex(DAY)
    .refine(
      (s) =>
        !Number.isNaN(Date.parse(`${s}T12:00:00Z`)) && new Date(`${s}T12:00:00Z`).toISOString().startsWith(s),
    )
    .optional()
    .catch(undefined),
  ansicht: z.enum(ZEITLEISTE_ANSICHTEN).optional().catch(undefined),
  standort: z.uuid().optional().catch(undefined),
});
export type UebersichtSuche = z.infer<typeof ZUebersichtSuche>;

export const sucheMitDefaults = (suche: UebersichtSuche, now: Date) => ({
  tag: suche.tag ?? berlinDateKey(now),
  ansicht: suche.ansicht ?? ('tag' as const),
  standort: suche.standort,
});

/** The day one step earlier or later: a day in the day view, a week in the week view. */
export const blaettern = ({
  tag,
  ansicht,
  richtung,
}: {
  tag: string;
  ansicht: 'tag' | 'woche';
  richtung: -1 | 1;
}): string => addCalendarDays(tag, richtung * (ansicht === 'tag' ? 1 : 7));

/**
 * The search of /fahrzeuge that opens the booking dialog for a vehicle and period (fz-liste reads it):
 * `?fahrzeug=<id>&von=<ISO>&bis=<ISO>&buchen=1`.
 */
export const buchenSuche = ({ fahrzeugId, von, bis }: { fahrzeugId: string; von: Date; bis: Date }) => ({
  fahrzeug: fahrzeugId,
  von: von.toISOString(),
  bis: bis.toISOString(),
  buchen: 1,
});

/** The same as a plain link (the phone list's buttons). */
export const buchenHref = (ziel: { fahrzeugId: string; von: Date; bis: Date }): string => {
  const s = buchenSuche(ziel);
  return `/fahrzeuge?${new URLSearchParams({ fahrzeug: s.fahrzeug, von: s.von, bis: s.bis, buchen: '1' }).toString()}`;
};
