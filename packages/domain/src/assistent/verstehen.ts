/**
 * The assistant's understanding of a German or English booking request, without any external service
 * (decision 177): intent, period in Europe/Berlin relative to a reference instant, full day or hours,
 * location, and a question back where the text does not decide. Pure: the reference instant and the tenant's
 * location names are passed in; nothing is read from a clock. Holidays by name are not read yet.
 */
import type { Language } from '../language.ts';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  berlinWallDate,
  formatTimeDE,
  roundToStep,
} from '../time.ts';
import { type Absicht, absichtVon } from './absicht.ts';
import { type RueckfrageArt, rueckfrageText } from './rueckfrage.ts';
import { chronoTage, leseTage, tageAus } from './tag.ts';
import { normalisiere, spracheVon } from './text.ts';
import { leseZeit, TAGESZEIT_FENSTER, type Uhr } from './uhrzeit.ts';

/** The reading of a request: the contract of `POST /api/assistent/verstehen`. */
export type Lesung = {
  absicht: Absicht;
  /** ISO 8601 with the Berlin offset (`2026-11-29T09:00:00+01:00`), or null. */
  von: string | null;
  bis: string | null;
  /** The whole day (or days): `von` is midnight, `bis` midnight after the last day. */
  ganztags: boolean;
  /** One of the location names passed in, as written there. */
  standort: string | null;
  /** A question back in the request's language, when the text does not decide. */
  rueckfrage: string | null;
};

export type Verstaendnis = { lesung: Lesung; sprache: Language; rueckfrageArt: RueckfrageArt | null };

export type VerstehenEingabe = {
  text: string;
  /** The reference instant ('morgen' is the Berlin day after its day). */
  bezug: Date;
  /** The tenant's location names to find in the text. */
  standorte?: readonly string[];
  /** Whether a vehicle booking needs an end time (it does by the booking rules; default true). */
  fahrzeugBrauchtEnde?: boolean;
};

const BUCHEN: readonly Absicht[] = ['fahrzeug_buchen', 'platz_buchen', 'spind_buchen'];
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (u: { stunde: number; minute: number }) => `${pad(u.stunde)}:${pad(u.minute)}`;

/** ISO 8601 with the Berlin offset of the instant. */
export const isoMitOffset = (d: Date): string => {
  const wall = berlinWallDate(d);
  const offset = Math.round((wall.getTime() - d.getTime()) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/** A day as the question back writes it: 29.11.2026 or Nov 29, 2026. */
const tagText = (tag: string, sprache: Language): string =>
  sprache === 'de'
    ? `${tag.slice(8, 10)}.${tag.slice(5, 7)}.${tag.slice(0, 4)}`
    : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${tag}T00:00:00Z`),
      );

const alsMuster = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The longest location name the text names (a name 'Standort Nord' is also found as 'Nord'), and the text without it. */
export const standortIn = (
  normalisiert: string,
  standorte: readonly string[],
): { standort: string | null; rest: string } => {
  const kandidaten = standorte
    .flatMap((name) => {
      const n = normalisiere(name);
      const kurz = n.replace(/^standort /, '');
      return kurz !== n && kurz !== ''
        ? [
            { name, n },
            { name, n: kurz },
          ]
        : [{ name, n }];
    })
    .filter((k) => k.n !== '')
    .sort((a, b) => b.n.length - a.n.length);
  for (const k of kandidaten) {
    const muster = new RegExp(`(?<![a-z0-9])${alsMuster(k.n)}(?![a-z0-9])`);
    const treffer = muster.exec(normalisiert);
    if (treffer)
      return {
        standort: k.name,
        rest:
          normalisiert.slice(0, treffer.index) +
          ' '.repeat(k.n.length) +
          normalisiert.slice(treffer.index + k.n.length),
      };
  }
  return { standort: null, rest: normalisiert };
};

type Zeitpunkt = { instant: Date } | { luecke: string } | { doppelt: string };

/** The instant of a clock time on a Berlin day; the spring gap and the repeated autumn hour are not decided. */
const zeitpunkt = (tag: string, uhr: { stunde: number; minute: number }): Zeitpunkt => {
  const text = hhmm(uhr);
  const instant = berlinInstant(tag, text);
  if (formatTimeDE(instant) !== text || berlinDateKey(instant) !== tag) return { luecke: text };
  const frueher = new Date(instant.getTime() - 3_600_000);
  if (formatTimeDE(frueher) === text && berlinDateKey(frueher) === tag) return { doppelt: text };
  return { instant };
};

const mitternacht = (tag: string) => berlinInstant(tag, '00:00');

/** The reading of `text` with its language and the kind of its question back (for tests and the chat panel). */
export const versteheAnfrage = ({
  text,
  bezug,
  standorte = [],
  fahrzeugBrauchtEnde = true,
}: VerstehenEingabe): Verstaendnis => {
  // a greeting is no time of day: 'Guten Morgen, ein Platz für Freitag'
  const ganz = normalisiere(text);
  const sprache = spracheVon(ganz);
  const normalisiert = ganz
    .replace(
      /^(?:(?:guten (?:morgen|tag|abend)|good (?:morning|afternoon|evening)|moin|hallo|hello|hi|hey)\b[,!.]*\s*)+/,
      '',
    )
    .trim();
  const heute = berlinDateKey(bezug);
  const { absicht, wunsch } = absichtVon(normalisiert);
  const ort = standortIn(normalisiert, standorte);
  const gelesen = leseTage({ text: ort.rest, heute, sprache });
  const zeit = leseZeit(gelesen.rest.replace(/\s+/g, ' ').trim(), normalisiert);
  const tage = tageAus([...gelesen.funde, ...chronoTage({ text: zeit.rest, bezug, sprache })], heute);
  const buchen = BUCHEN.includes(absicht);

  const antwort = (
    teil: { von?: Date | null; bis?: Date | null; ganztags?: boolean },
    art: RueckfrageArt | null,
    params: Record<string, string | number> = {},
  ): Verstaendnis => ({
    lesung: {
      absicht,
      von: teil.von ? isoMitOffset(teil.von) : null,
      bis: teil.bis ? isoMitOffset(teil.bis) : null,
      ganztags: teil.ganztags ?? false,
      standort: ort.standort,
      rueckfrage: art ? rueckfrageText(art, sprache, params) : null,
    },
    sprache,
    rueckfrageArt: art,
  });

  if (tage.kwUngueltig) return antwort({}, 'kw_ungueltig', tage.kwUngueltig);
  if (tage.feiertagMehrdeutig)
    return antwort({}, 'feiertag_mehrdeutig', {
      name: tage.feiertagMehrdeutig.charAt(0).toUpperCase() + tage.feiertagMehrdeutig.slice(1),
    });
  if (absicht === 'unbekannt') {
    const etwas = wunsch || tage.tage.length > 0 || tage.woche || zeit.start || zeit.ende;
    return antwort({}, etwas ? 'was_buchen' : 'nicht_verstanden');
  }
  // a bare hour 1..6 without a time of day: ask which
  for (const uhr of [zeit.start, zeit.ende]) {
    if (uhr && !uhr.eindeutig)
      return antwort({}, 'uhrzeit_mehrdeutig', {
        frueh: hhmm(uhr),
        spaet: hhmm({ ...uhr, stunde: uhr.stunde + 12 }),
      });
  }
  const start = zeit.start as Uhr | null;
  const ende = zeit.ende as Uhr | null;
  const hatUhr = start !== null || ende !== null;

  // a week without a day
  if (tage.tage.length === 0 && tage.woche) {
    const von = mitternacht(tage.woche);
    const bis = mitternacht(addCalendarDays(tage.woche, 7));
    if (buchen || hatUhr)
      return antwort({ von, bis, ganztags: true }, 'wochentag_fehlt', {
        montag: tagText(tage.woche, sprache),
      });
    return antwort({ von, bis, ganztags: true }, null);
  }

  // the day: named, or today (tomorrow when the time named has passed today)
  let tag1 = tage.tage[0] ?? null;
  const tag2 = tage.tage[1] ?? null;
  if (!tag1 && (hatUhr || zeit.jetzt || zeit.tageszeit)) {
    tag1 = heute;
    const erste = start ?? ende;
    if (!zeit.jetzt && erste && berlinInstant(heute, hhmm(erste)) <= bezug) tag1 = addCalendarDays(heute, 1);
    if (!zeit.jetzt && !erste && zeit.tageszeit) {
      const f = TAGESZEIT_FENSTER[zeit.tageszeit];
      const fensterEnde = f.bis > f.von ? berlinInstant(heute, `${pad(f.bis)}:00`) : null;
      if (fensterEnde && fensterEnde <= bezug) tag1 = addCalendarDays(heute, 1);
    }
  }
  if (!tag1) {
    if (buchen) return antwort({}, 'tag_fehlt');
    if (absicht === 'buchung_stornieren') return antwort({}, 'welche_buchung');
    return antwort({}, null);
  }
  const letzterTag = tag2 ?? tag1;

  // the whole day(s)
  const ganzerTag = () => ({
    von: mitternacht(tag1),
    bis: mitternacht(addCalendarDays(letzterTag, 1)),
    ganztags: true,
  });
  if (zeit.ganztags || (!hatUhr && !zeit.jetzt && !zeit.tageszeit)) {
    if (absicht === 'fahrzeug_buchen' && !zeit.ganztags && !tag2 && fahrzeugBrauchtEnde)
      return antwort({}, 'zeit_fehlt', { tag: tagText(tag1, sprache) });
    return pruefeVergangenheit(ganzerTag());
  }

  // clock times
  let von: Date | null = null;
  let bis: Date | null = null;
  if (zeit.jetzt) von = roundToStep(bezug, 15, { future: true });
  if (start) {
    const p = zeitpunkt(tag1, start);
    if (!('instant' in p))
      return antwort({}, 'luecke' in p ? 'zeit_gibt_es_nicht' : 'zeit_doppelt', {
        tag: tagText(tag1, sprache),
        zeit: 'luecke' in p ? p.luecke : p.doppelt,
      });
    von = p.instant;
  }
  if (ende) {
    // an end before the start on one day is the next morning ('22 bis 2 Uhr')
    const minuten = (u: Uhr) => u.stunde * 60 + u.minute;
    const endTag = tag2 ?? (start && minuten(ende) <= minuten(start) ? addCalendarDays(tag1, 1) : tag1);
    const p = zeitpunkt(endTag, ende);
    if (!('instant' in p))
      return antwort({}, 'luecke' in p ? 'zeit_gibt_es_nicht' : 'zeit_doppelt', {
        tag: tagText(endTag, sprache),
        zeit: 'luecke' in p ? p.luecke : p.doppelt,
      });
    bis = p.instant;
    if (von && bis <= von && !tag2) {
      const naechster = zeitpunkt(addCalendarDays(endTag, 1), ende);
      if ('instant' in naechster) bis = naechster.instant;
    }
  }
  if (von && !bis && zeit.dauerMinuten) bis = new Date(von.getTime() + zeit.dauerMinuten * 60_000);
  // a time of day: its window, or the end of its window after a start inside it ('nachmittags ab 2')
  if (zeit.tageszeit && (!von || !bis)) {
    const f = TAGESZEIT_FENSTER[zeit.tageszeit];
    const fensterVon = berlinInstant(tag1, `${pad(f.von)}:00`);
    const fensterBis = berlinInstant(f.bis > f.von ? tag1 : addCalendarDays(tag1, 1), `${pad(f.bis)}:00`);
    if (!von && !bis) {
      von = fensterVon;
      bis = fensterBis;
    } else if (von && !bis && von >= fensterVon && von < fensterBis) bis = fensterBis;
  }
  if (!von && bis && !buchen) return antwort({ bis }, null);
  if (!von) return antwort({ bis }, buchen ? 'beginn_fehlt' : null, { tag: tagText(tag1, sprache) });
  if (!bis && absicht === 'fahrzeug_buchen' && fahrzeugBrauchtEnde)
    return antwort({ von }, 'ende_fehlt', { tag: tagText(tag1, sprache) });
  return pruefeVergangenheit({ von, bis, ganztags: false });

  function pruefeVergangenheit(teil: { von: Date; bis: Date | null; ganztags: boolean }): Verstaendnis {
    if (buchen && (teil.bis ?? teil.von) <= bezug)
      return antwort(teil, 'vergangenheit', {
        tag: tagText(berlinDateKey(teil.von), sprache),
        zeit: formatTimeDE(teil.von),
      });
    return antwort(teil, null);
  }
};

/** The reading of a request (the contract of `POST /api/assistent/verstehen`). */
export const verstehen = (eingabe: VerstehenEingabe): Lesung => versteheAnfrage(eingabe).lesung;
