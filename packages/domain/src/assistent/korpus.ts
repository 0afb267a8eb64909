/**
 * The corpus of requests with their expected readings (decision 177): German in korpus.de.ts, English in korpus.en.ts,
 * asserted one by one by korpus.test.ts. Times are written as Berlin wall-clock times ('26.11. 09:00', year 2026
 * unless written); the test turns them into the ISO instants with offset the reading answers.
 */
import type { Absicht } from './absicht.ts';
import type { RueckfrageArt } from './rueckfrage.ts';

/** The reference instant of every case that names none: Wednesday, 25 November 2026, 10:00 in Berlin. */
export const KORPUS_BEZUG = '2026-11-25T10:00:00+01:00';

/** The location names every case is read with. */
export const KORPUS_STANDORTE = ['Standort Nord', 'Zentrale', 'Außenstelle Süd', 'Hamburg'] as const;

export type Fall = {
  text: string;
  absicht: Absicht;
  /** Berlin wall-clock 'DD.MM.[YYYY] HH:mm', or null. */
  von: string | null;
  bis: string | null;
  ganztags: boolean;
  standort: string | null;
  rueckfrage: RueckfrageArt | null;
  /** ISO instant; KORPUS_BEZUG when not given. */
  bezug?: string;
};

type Extra = { standort?: string; bezug?: string };

/** A period of clock times. */
export const zeit = (
  text: string,
  absicht: Absicht,
  von: string | null,
  bis: string | null,
  extra: Extra = {},
): Fall => ({
  text,
  absicht,
  von,
  bis,
  ganztags: false,
  standort: extra.standort ?? null,
  rueckfrage: null,
  bezug: extra.bezug,
});

/** Whole days: `tag` (and through `bisTag`) from midnight to midnight. */
export const ganztags = (
  text: string,
  absicht: Absicht,
  tag: string,
  bisTag: string | null = null,
  extra: Extra = {},
): Fall => ({
  text,
  absicht,
  von: `${tag} 00:00`,
  bis: `${bisTag ?? tag} 24:00`,
  ganztags: true,
  standort: extra.standort ?? null,
  rueckfrage: null,
  bezug: extra.bezug,
});

/** Nothing about time. */
export const ohne = (text: string, absicht: Absicht, extra: Extra = {}): Fall => ({
  text,
  absicht,
  von: null,
  bis: null,
  ganztags: false,
  standort: extra.standort ?? null,
  rueckfrage: null,
  bezug: extra.bezug,
});

/** A question back, with what the reading still holds. */
export const frage = (
  text: string,
  absicht: Absicht,
  rueckfrage: RueckfrageArt,
  teil: { von?: string; bis?: string; ganztags?: boolean } & Extra = {},
): Fall => ({
  text,
  absicht,
  von: teil.von ?? null,
  bis: teil.bis ?? null,
  ganztags: teil.ganztags ?? false,
  standort: teil.standort ?? null,
  rueckfrage,
  bezug: teil.bezug,
});
