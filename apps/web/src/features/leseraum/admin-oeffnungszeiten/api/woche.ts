import { isValidTime } from '@stellwerk/domain/time';
import type { TOeffnungszeit } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';

/** Display order of the week table: Monday first, Sunday last (the contract counts 0 = Sunday … 6). */
export const WOCHENTAG_REIHENFOLGE = [1, 2, 3, 4, 5, 6, 0] as const;

/** The 7 rows in display order (Monday → Sunday), whatever order the server sent them in. */
export const sortiereWoche = <T extends { wochentag: number }>(tage: readonly T[]): T[] =>
  WOCHENTAG_REIHENFOLGE.flatMap((tag) => tage.filter((t) => t.wochentag === tag));

export type TagFehler = { von?: 'zeit' | 'reihenfolge'; bis?: 'zeit' };

/**
 * Client check of one weekday row, as the server does it: both times `HH:mm` (spec §5), and on open days
 * `von` before `bis`.
 */
export const pruefeTag = (tag: Pick<TOeffnungszeit, 'von' | 'bis' | 'geoeffnet'>): TagFehler | null => {
  const fehler: TagFehler = {};
  if (!isValidTime(tag.von)) fehler.von = 'zeit';
  if (!isValidTime(tag.bis)) fehler.bis = 'zeit';
  if (!fehler.von && !fehler.bis && tag.geoeffnet && tag.von >= tag.bis) fehler.von = 'reihenfolge';
  return fehler.von || fehler.bis ? fehler : null;
};

/** `YYYY-MM-DD` → `DD.MM.YYYY` (spec §5 date format). */
export const isoToDe = (day: string): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
};

/** `DD.MM.YYYY` → `YYYY-MM-DD`, or null when it is not a real calendar day in that format. */
export const deToIso = (text: string): string | null => {
  const m = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1000 || date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d)
    return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
};
