/**
 * Why a time is or is not bookable, for the booking dialog and the timeline ("offers only times
 * the rules allow and says why a time is not allowed"). Built on `pruefeFahrzeugBuchung`, so the dialog
 * and the server never disagree.
 */
import type { RuleViolation } from '../../errors.ts';
import { addCalendarDays, berlinDateKey, berlinInstant } from '../../time.ts';
import { fensterAm } from '../fahrzeug/buchungsfenster.ts';
import { type BuchungsPruefung, pruefeFahrzeugBuchung } from './pruefung.ts';
import { isBuchungAusserhalbMoeglich, wirksamesBuchungsfenster } from './rules.ts';

/** Rules that judge a whole booking, not a single step of it (a 15-minute step is always "too short"). */
const NUR_FUER_GANZE_BUCHUNG = new Set<string>(['fahrzeug_buchung.zu_kurz']);

export type RasterSchritt = {
  von: Date;
  bis: Date;
  /** bookable under every rule (possibly as a special trip) */
  frei: boolean;
  sonderfahrt: boolean;
  /** the first reason when not bookable: a catalogue code with params, shown with formatError */
  grund: RuleViolation | null;
};

/**
 * The Berlin day `tag` (`YYYY-MM-DD`) in steps of the tenant's step (default 15 minutes), each judged as
 * a booking of that step alone. The steps run in real time from 00:00 to the next 00:00, so the day of
 * the spring DST change has 92 steps of 15 minutes and the autumn one 100.
 */
export const tagesRaster = ({
  tag,
  ...kontext
}: Omit<BuchungsPruefung, 'von' | 'bis'> & { tag: string }): RasterSchritt[] => {
  const step = kontext.einstellungen.taktMinuten * 60_000;
  const start = berlinInstant(tag, '00:00').getTime();
  const end = berlinInstant(addCalendarDays(tag, 1), '00:00').getTime();
  const result: RasterSchritt[] = [];
  for (let t = start; t < end; t += step) {
    const von = new Date(t);
    const bis = new Date(t + step);
    const { verstoesse, sonderfahrt } = pruefeFahrzeugBuchung({ ...kontext, von, bis });
    const gruende = verstoesse.filter((v) => !NUR_FUER_GANZE_BUCHUNG.has(v.code));
    result.push({ von, bis, frei: gruende.length === 0, sonderfahrt, grund: gruende[0] ?? null });
  }
  return result;
};

/**
 * Why the booking `von`–`bis` is not allowed: every broken rule in the order the server checks them
 * (empty when it is allowed), and whether it would be a special trip.
 */
export const warumNichtBuchbar = (
  input: BuchungsPruefung,
): { gruende: RuleViolation[]; sonderfahrt: boolean } => {
  const { verstoesse, sonderfahrt } = pruefeFahrzeugBuchung(input);
  return { gruende: verstoesse, sonderfahrt };
};

/** Rules whose violation no later end can repair: stop searching once they break. */
const ENDGUELTIG = new Set<string>([
  'fahrzeug_buchung.ueberschneidung',
  'fahrzeug_buchung.gesperrt',
  'fahrzeug_buchung.mindestabstand',
  'fahrzeug_buchung.mindestabstand_minuten',
  'fahrzeug_buchung.zu_weit_im_voraus',
  'fahrzeug_buchung.ausserhalb_gueltigkeit',
]);

/**
 * The latest end the dialog can offer for a start at `von`: the last step end such that the booking
 * `von`–end breaks no rule, searching up to `maxTage` days ahead; null when even one step is not allowed.
 * Where the weekday window binds, only ends inside an open day's hours are tried, and the search stops at
 * the first closed day (every later end would span it).
 */
export const spaetestesEndeAb = ({
  von,
  maxTage = 14,
  ...kontext
}: Omit<BuchungsPruefung, 'bis'> & { maxTage?: number }): Date | null => {
  const { einstellungen: e, fahrzeug } = kontext;
  const step = e.taktMinuten * 60_000;
  const fenster = isBuchungAusserhalbMoeglich({
    mandantErlaubt: e.buchungAusserhalbBuchungszeiten,
    fahrzeugErlaubt: fahrzeug.buchungAusserhalbMoeglich,
  })
    ? null
    : wirksamesBuchungsfenster({
        individuelleBuchungszeiten: e.individuelleBuchungszeiten,
        fahrzeugFenster: fahrzeug.fenster,
        zeitraumVon: e.buchungszeitraumVon,
        zeitraumBis: e.buchungszeitraumBis,
      });
  const limit = von.getTime() + maxTage * 86_400_000;
  let best: Date | null = null;
  for (let t = von.getTime() + step; t <= limit; t += step) {
    const bis = new Date(t);
    if (fenster) {
      const hours = fensterAm({ fenster, tag: berlinDateKey(bis) });
      if (!hours) {
        if (berlinDateKey(bis) !== berlinDateKey(von)) break;
        continue;
      }
      if (t < hours.von.getTime() || t > hours.bis.getTime()) continue;
    }
    const { verstoesse } = pruefeFahrzeugBuchung({ ...kontext, von, bis });
    const blocking = verstoesse.filter((v) => !NUR_FUER_GANZE_BUCHUNG.has(v.code));
    if (blocking.length === 0) best = bis;
    else if (blocking.some((v) => ENDGUELTIG.has(v.code))) break;
  }
  return best;
};
