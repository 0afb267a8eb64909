/**
 * The licence list of /fahrzeuge/fuehrerschein (decision 050): one row per user who may book
 * vehicles, by next check (no record first), with search and state filters, and the count of due checks the
 * menu shows. Dates are Berlin calendar days `YYYY-MM-DD`.
 */
import type { PruefungsStand } from './rules.ts';

export const LISTEN_FILTER = [
  'alle',
  'handlungsbedarf',
  'fehlt',
  'ueberfaellig',
  'faellig',
  'aktuell',
] as const;
/** `handlungsbedarf`: everything the licence checkers have to act on (no record, overdue, due soon). */
export type ListenFilter = (typeof LISTEN_FILTER)[number];

export type ListenZeile = {
  name: string;
  email: string;
  fuehrerscheinnummer: string | null;
  naechstePruefung: string | null;
  stand: PruefungsStand;
};

/** A check to act on: no record, overdue or due within the lead (the menu's count). */
export const isHandlungsbedarf = (stand: PruefungsStand): boolean => stand !== 'aktuell';

/** No record first, then by next check (earliest first), then by name. */
export const vergleicheZeilen = (a: ListenZeile, b: ListenZeile): number => {
  const na = a.naechstePruefung ?? '';
  const nb = b.naechstePruefung ?? '';
  if (na !== nb) return na < nb ? -1 : 1;
  return a.name.localeCompare(b.name, 'de');
};

/** The rows matching the state filter and the search (name, e-mail or licence number, any case). */
export const filtereZeilen = <Z extends ListenZeile>({
  zeilen,
  suche,
  filter,
}: {
  zeilen: readonly Z[];
  suche?: string;
  filter: ListenFilter;
}): Z[] => {
  const needle = (suche ?? '').trim().toLocaleLowerCase('de');
  return zeilen
    .filter((z) =>
      filter === 'alle'
        ? true
        : filter === 'handlungsbedarf'
          ? isHandlungsbedarf(z.stand)
          : z.stand === filter,
    )
    .filter(
      (z) =>
        needle === '' ||
        [z.name, z.email, z.fuehrerscheinnummer ?? ''].some((s) =>
          s.toLocaleLowerCase('de').includes(needle),
        ),
    )
    .sort(vergleicheZeilen);
};

/** The count of due checks (menu badge): rows without a record, overdue or due soon. */
export const zaehleFaellige = (zeilen: readonly Pick<ListenZeile, 'stand'>[]): number =>
  zeilen.filter((z) => isHandlungsbedarf(z.stand)).length;
