/**
 * The weekday and time booking window of a vehicle (spec §3 `fahrzeug_oeffnungszeit` with its per-weekday
 * rows `wochentag`, `von`, `bis`, `geoeffnet`; spec §5 weekday names). Weekdays are 0 = Sunday … 6 =
 * Saturday; the spec's names `sonntags` … `samstags` map to 0–6 and anything else means none.
 *
 * A window is seven rows at most; a weekday without a row, or with `geoeffnet: false`, is closed.
 */
import { DomainError } from '../../errors.ts';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  timeToMinutes,
  WOCHENTAG_NAMEN,
  weekdayFromName,
  weekdayOfDay,
} from '../../time.ts';

/** One row of `fahrzeug_oeffnungszeit` (the `oeffnungszeit` rows pointing to it): `HH:mm` times. */
export type BuchungsfensterTag = { wochentag: number; von: string; bis: string; geoeffnet: boolean };
export type Buchungsfenster = readonly BuchungsfensterTag[];

/**
 * A weekday given as number 0–6 or as the spec's name (`sonntags` … `samstags`); anything else is null
 * ("means none", spec §5).
 */
export const parseWochentag = ({ wert }: { wert: unknown }): number | null => {
  if (typeof wert === 'number') return Number.isInteger(wert) && wert >= 0 && wert <= 6 ? wert : null;
  if (typeof wert === 'string') return weekdayFromName(wert);
  return null;
};

/** The spec's name of weekday `wochentag` (0 → `sonntags`), or null outside 0–6. */
export const wochentagName = ({ wochentag }: { wochentag: number }): string | null =>
  WOCHENTAG_NAMEN[wochentag] ?? null;

/**
 * The window of the vehicle's simple columns (`buchungszeitraumVon`, `buchungszeitraumBis`,
 * `buchungszeitraumWochentage`): the same hours on the listed weekdays; an empty list opens all seven.
 */
export const fensterAusZeitraum = ({
  von,
  bis,
  wochentage,
}: {
  von: string;
  bis: string;
  wochentage: readonly number[];
}): BuchungsfensterTag[] =>
  [0, 1, 2, 3, 4, 5, 6].map((wochentag) => ({
    wochentag,
    von,
    bis,
    geoeffnet: wochentage.length === 0 || wochentage.includes(wochentag),
  }));

/** The same hours on all seven days: the tenant's booking period (spec §9 default 09:00–18:00). */
export const fensterTaeglich = ({ von, bis }: { von: string; bis: string }): BuchungsfensterTag[] =>
  fensterAusZeitraum({ von, bis, wochentage: [] });

/**
 * Validates rows as entered in the vehicle dialog: weekdays as numbers or names, each at most once,
 * valid `HH:mm` times with `von` before `bis` on open days. Throws the catalogue's errors
 * ('oeffnungszeit.wochentage_unvollstaendig', 'oeffnungszeit.von_nach_bis', "No valid Time String").
 */
export const parseBuchungsfenster = ({
  zeilen,
}: {
  zeilen: readonly { wochentag: unknown; von: string; bis: string; geoeffnet: boolean }[];
}): BuchungsfensterTag[] => {
  const seen = new Set<number>();
  const result: BuchungsfensterTag[] = [];
  for (const zeile of zeilen) {
    const wochentag = parseWochentag({ wert: zeile.wochentag });
    if (wochentag === null || seen.has(wochentag))
      throw new DomainError('oeffnungszeit.wochentage_unvollstaendig');
    seen.add(wochentag);
    const [von, bis] = [timeToMinutes(zeile.von), timeToMinutes(zeile.bis)];
    if (zeile.geoeffnet && von >= bis)
      throw new DomainError('oeffnungszeit.von_nach_bis', { von: zeile.von, bis: zeile.bis });
    result.push({
      wochentag,
      von: zeile.von.slice(0, 5),
      bis: zeile.bis.slice(0, 5),
      geoeffnet: zeile.geoeffnet,
    });
  }
  return result.sort((a, b) => a.wochentag - b.wochentag);
};

/** The open hours of the window on the Berlin calendar day `tag` (`YYYY-MM-DD`), or null when closed. */
export const fensterAm = ({
  fenster,
  tag,
}: {
  fenster: Buchungsfenster;
  tag: string;
}): { von: Date; bis: Date } | null => {
  const row = fenster.find((r) => r.wochentag === weekdayOfDay(tag) && r.geoeffnet);
  return row ? { von: berlinInstant(tag, row.von), bis: berlinInstant(tag, row.bis) } : null;
};

/**
 * Inside the window (spec §5): every instant of the booking lies in the open hours of its Berlin day
 * (decision 112). A booking over several days therefore only fits where the hours meet across midnight: the start
 * day open until its end (a closing time of 23:59 counts as midnight, the last time `HH:mm` can say), every day in
 * between open all day, the end day open from 00:00. Tue 18:00 → Wed 08:00 on a car open 07:00–19:00 is outside:
 * the night is closed.
 */
export const isInnerhalbBuchungsfenster = ({
  fenster,
  von,
  bis,
}: {
  fenster: Buchungsfenster;
  von: Date;
  bis: Date;
}): boolean => {
  const startDay = berlinDateKey(von);
  // the end instant itself is not booked ([von, bis)): a booking ending at 00:00 ends on the day before
  const endDay = berlinDateKey(new Date(bis.getTime() - 1));
  for (let day = startDay; day <= endDay; day = addCalendarDays(day, 1)) {
    const row = fenster.find((r) => r.wochentag === weekdayOfDay(day) && r.geoeffnet);
    if (!row) return false;
    const oeffnet = berlinInstant(day, row.von).getTime();
    const schliesst =
      row.bis >= '23:59'
        ? berlinInstant(addCalendarDays(day, 1), '00:00').getTime()
        : berlinInstant(day, row.bis).getTime();
    const tagVon = Math.max(von.getTime(), berlinInstant(day, '00:00').getTime());
    const tagBis = Math.min(bis.getTime(), berlinInstant(addCalendarDays(day, 1), '00:00').getTime());
    if (tagVon < oeffnet || tagBis > schliesst) return false;
  }
  return true;
};

/**
 * A vehicle's own window from what is stored (decision 040): its `fahrzeug_oeffnungszeit` weekday rows when
 * it has any; otherwise the simple columns `buchungszeitraumVon/Bis/Wochentage` when both times are set;
 * otherwise none (null: the tenant's booking period applies).
 */
export const fahrzeugFensterAus = ({
  zeilen,
  buchungszeitraumVon,
  buchungszeitraumBis,
  buchungszeitraumWochentage,
}: {
  zeilen: Buchungsfenster;
  buchungszeitraumVon: string | null;
  buchungszeitraumBis: string | null;
  buchungszeitraumWochentage: readonly number[] | null;
}): Buchungsfenster | null => {
  if (zeilen.length > 0) return zeilen;
  if (buchungszeitraumVon && buchungszeitraumBis)
    return fensterAusZeitraum({
      von: buchungszeitraumVon,
      bis: buchungszeitraumBis,
      wochentage: buchungszeitraumWochentage ?? [],
    });
  return null;
};
