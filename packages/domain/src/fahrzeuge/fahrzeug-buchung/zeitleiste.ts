/**
 * The vehicle timeline of `/fahrzeuge/uebersicht` (decision 047): the period of a day or a week,
 * the closed times of a vehicle in it (outside the booking window that applies, outside its validity) and
 * the stretches a row of the timeline falls into (free, booked, blocked, closed, past). Pure: the server
 * computes the closed times with the same window rules as `pruefeFahrzeugBuchung`, the web app the
 * stretches and the steps a drag or a keyboard selection may cover.
 *
 * Calendar days are Berlin days `YYYY-MM-DD`; periods are half-open `[von, bis)` in real time, so a week
 * with a DST change is 167 or 169 hours long.
 */

import type { FahrzeugBuchungTyp } from '../../status.ts';
import { addCalendarDays, berlinDateKey, berlinInstant, weekdayOfDay } from '../../time.ts';
import { fensterAm } from '../fahrzeug/buchungsfenster.ts';
import type { FahrzeugBuchungsCustomizing, FahrzeugFuerBuchung } from './pruefung.ts';
import { gueltigkeitsZeitraum, isBuchungAusserhalbMoeglich, wirksamesBuchungsfenster } from './rules.ts';

export const ZEITLEISTE_ANSICHTEN = ['tag', 'woche'] as const;
export type ZeitleisteAnsicht = (typeof ZEITLEISTE_ANSICHTEN)[number];

/** The longest period the timeline endpoint answers (a week plus a day of slack for DST and overlaps). */
export const ZEITLEISTE_MAX_TAGE = 8;

type Zeitraum = { von: Date; bis: Date };

/**
 * The period shown for the Berlin day `tag`: that day from 00:00 to the next 00:00, or its week from
 * Monday 00:00 to the next Monday 00:00.
 */
export const zeitleistenZeitraum = ({ tag, ansicht }: { tag: string; ansicht: ZeitleisteAnsicht }) => {
  const start = ansicht === 'tag' ? tag : addCalendarDays(tag, -((weekdayOfDay(tag) + 6) % 7));
  const ende = addCalendarDays(start, ansicht === 'tag' ? 1 : 7);
  return { startTag: start, von: berlinInstant(start, '00:00'), bis: berlinInstant(ende, '00:00') };
};

/** The Berlin days `[von, bis)` touches, in order. */
const tageIn = ({ von, bis }: Zeitraum): string[] => {
  const tage: string[] = [];
  const last = berlinDateKey(new Date(bis.getTime() - 1));
  for (let tag = berlinDateKey(von); tag <= last; tag = addCalendarDays(tag, 1)) tage.push(tag);
  return tage;
};

export const GESCHLOSSEN_GRUENDE = ['ausserhalb_buchungszeitraum', 'ausserhalb_gueltigkeit'] as const;
export type GeschlossenGrund = (typeof GESCHLOSSEN_GRUENDE)[number];

export type GeschlosseneZeit = Zeitraum & {
  grund: GeschlossenGrund;
  /** outside the window but bookable as a special trip needing approval (decision 040) */
  sonderfahrt: boolean;
};

const clip = (z: Zeitraum, rahmen: Zeitraum): Zeitraum | null => {
  const von = Math.max(z.von.getTime(), rahmen.von.getTime());
  const bis = Math.min(z.bis.getTime(), rahmen.bis.getTime());
  return von < bis ? { von: new Date(von), bis: new Date(bis) } : null;
};

/** Joins touching stretches of the same reason. */
const verbinde = (zeiten: GeschlosseneZeit[]): GeschlosseneZeit[] => {
  const sorted = [...zeiten].sort((a, b) => a.von.getTime() - b.von.getTime());
  const result: GeschlosseneZeit[] = [];
  for (const z of sorted) {
    const last = result.at(-1);
    if (
      last &&
      last.grund === z.grund &&
      last.sonderfahrt === z.sonderfahrt &&
      last.bis.getTime() >= z.von.getTime()
    )
      last.bis = new Date(Math.max(last.bis.getTime(), z.bis.getTime()));
    else result.push({ ...z });
  }
  return result;
};

/**
 * The closed times of `fahrzeug` in `[von, bis)`, in time order: before `gueltigVon` 00:00 and from
 * `gueltigBis` 23:59 on (spec §4), and, inside the validity, every stretch outside the weekday window
 * that applies (the vehicle's own rows with individual booking times on, else the tenant's booking
 * period; spec §5). Where booking outside the window is allowed (tenant and vehicle), the window's
 * stretches are marked `sonderfahrt`: bookable, but needing approval.
 */
export const geschlosseneZeiten = ({
  von,
  bis,
  fahrzeug,
  einstellungen,
}: Zeitraum & {
  fahrzeug: Pick<FahrzeugFuerBuchung, 'gueltigVon' | 'gueltigBis' | 'fenster' | 'buchungAusserhalbMoeglich'>;
  einstellungen: Pick<
    FahrzeugBuchungsCustomizing,
    | 'individuelleBuchungszeiten'
    | 'buchungszeitraumVon'
    | 'buchungszeitraumBis'
    | 'buchungAusserhalbBuchungszeiten'
  >;
}): GeschlosseneZeit[] => {
  if (!(von.getTime() < bis.getTime())) return [];
  const rahmen = { von, bis };
  const result: GeschlosseneZeit[] = [];
  const g = gueltigkeitsZeitraum(fahrzeug);
  const gueltig: Zeitraum = {
    von: g.von ?? von,
    bis: g.bis ?? bis,
  };
  const ausserhalb = (z: Zeitraum) => {
    const c = clip(z, rahmen);
    if (c) result.push({ ...c, grund: 'ausserhalb_gueltigkeit', sonderfahrt: false });
  };
  if (gueltig.von.getTime() >= gueltig.bis.getTime()) {
    ausserhalb(rahmen);
    return result;
  }
  ausserhalb({ von, bis: gueltig.von });
  ausserhalb({ von: gueltig.bis, bis });

  const fenster = wirksamesBuchungsfenster({
    individuelleBuchungszeiten: einstellungen.individuelleBuchungszeiten,
    fahrzeugFenster: fahrzeug.fenster,
    zeitraumVon: einstellungen.buchungszeitraumVon,
    zeitraumBis: einstellungen.buchungszeitraumBis,
  });
  const sonderfahrt = isBuchungAusserhalbMoeglich({
    mandantErlaubt: einstellungen.buchungAusserhalbBuchungszeiten,
    fahrzeugErlaubt: fahrzeug.buchungAusserhalbMoeglich,
  });
  const innen = clip(gueltig, rahmen);
  if (innen) {
    for (const tag of tageIn(innen)) {
      const tagVon = berlinInstant(tag, '00:00');
      const tagBis = berlinInstant(addCalendarDays(tag, 1), '00:00');
      const offen = fensterAm({ fenster, tag });
      const stuecke = offen
        ? [
            { von: tagVon, bis: offen.von },
            { von: offen.bis, bis: tagBis },
          ]
        : [{ von: tagVon, bis: tagBis }];
      for (const s of stuecke) {
        const c = clip(s, innen);
        if (c) result.push({ ...c, grund: 'ausserhalb_buchungszeitraum', sonderfahrt });
      }
    }
  }
  return verbinde(result);
};

// --- stretches of a row -----------------------------------------------------------------------------

export type ZeitleisteTermin = Zeitraum & { typ: FahrzeugBuchungTyp; eigene: boolean };

export const ABSCHNITT_ARTEN = [
  'frei',
  'sonderfahrt',
  'eigene',
  'belegt',
  'gesperrt',
  'geschlossen',
  'vergangen',
] as const;
export type AbschnittArt = (typeof ABSCHNITT_ARTEN)[number];

/** What covers a stretch, strongest first: a block, a booking (own or another's), closed, past. */
const RANG: Record<AbschnittArt, number> = {
  gesperrt: 6,
  eigene: 5,
  belegt: 4,
  geschlossen: 3,
  vergangen: 2,
  sonderfahrt: 1,
  frei: 0,
};

/** Whether a new booking may start in a stretch of this kind (free, or free as a special trip). */
export const isBuchbar = (art: AbschnittArt): boolean => art === 'frei' || art === 'sonderfahrt';

export type Abschnitt = Zeitraum & { art: AbschnittArt };

/**
 * Splits `[von, bis)` into consecutive stretches of one kind each: bookings and blocks (their own kind,
 * whatever else lies beneath), closed times (`sonderfahrt` ones stay bookable), the past (before the step
 * `now` lies in, passed as `ab`), and the free rest. Touching stretches of one kind are joined. Used for
 * the phone list and for the steps a selection may cover.
 */
export const abschnitte = ({
  von,
  bis,
  termine,
  geschlossen,
  ab,
}: Zeitraum & {
  termine: readonly ZeitleisteTermin[];
  geschlossen: readonly GeschlosseneZeit[];
  /** the first instant that is not past (the start of the step now lies in) */
  ab: Date;
}): Abschnitt[] => {
  if (!(von.getTime() < bis.getTime())) return [];
  const decken: Abschnitt[] = [
    ...termine.map((t) => ({
      von: t.von,
      bis: t.bis,
      art: (t.typ !== 'BUCHUNG' ? 'gesperrt' : t.eigene ? 'eigene' : 'belegt') as AbschnittArt,
    })),
    ...geschlossen.map((g) => ({
      von: g.von,
      bis: g.bis,
      art: (g.sonderfahrt ? 'sonderfahrt' : 'geschlossen') as AbschnittArt,
    })),
    { von, bis: ab, art: 'vergangen' as AbschnittArt },
  ];
  const grenzen = new Set<number>([von.getTime(), bis.getTime()]);
  for (const d of decken)
    for (const t of [d.von.getTime(), d.bis.getTime()])
      if (t > von.getTime() && t < bis.getTime()) grenzen.add(t);
  const punkte = [...grenzen].sort((a, b) => a - b);
  const result: Abschnitt[] = [];
  for (let i = 0; i + 1 < punkte.length; i++) {
    const a = punkte[i]!;
    const b = punkte[i + 1]!;
    let art: AbschnittArt = 'frei';
    for (const d of decken)
      if (d.von.getTime() < b && a < d.bis.getTime() && RANG[d.art] > RANG[art]) art = d.art;
    const last = result.at(-1);
    if (last && last.art === art) last.bis = new Date(b);
    else result.push({ von: new Date(a), bis: new Date(b), art });
  }
  return result;
};

/**
 * The kind of each step of `schrittMinuten` from `von` to `bis` (real time): the strongest kind among
 * the stretches the step touches, so a step partly booked is not offered as free.
 */
export const schrittArten = ({
  von,
  bis,
  schrittMinuten,
  abschnitte: liste,
}: Zeitraum & { schrittMinuten: number; abschnitte: readonly Abschnitt[] }): AbschnittArt[] => {
  const step = schrittMinuten * 60_000;
  const result: AbschnittArt[] = [];
  let j = 0;
  for (let t = von.getTime(); t < bis.getTime(); t += step) {
    const e = Math.min(t + step, bis.getTime());
    while (j < liste.length && liste[j]!.bis.getTime() <= t) j++;
    let art: AbschnittArt = 'frei';
    for (let k = j; k < liste.length && liste[k]!.von.getTime() < e; k++)
      if (RANG[liste[k]!.art] > RANG[art]) art = liste[k]!.art;
    result.push(art);
  }
  return result;
};

/**
 * The selection from step `anker` stretched towards step `ziel`, stopping before the first step that is
 * not bookable (a selection never spans a booking, a block or a closed time); null when `anker` itself
 * is not bookable. Returns the first and last step index, inclusive.
 */
export const auswahlBis = ({
  arten,
  anker,
  ziel,
}: {
  arten: readonly AbschnittArt[];
  anker: number;
  ziel: number;
}): { von: number; bis: number } | null => {
  const art = arten[anker];
  if (art === undefined || !isBuchbar(art)) return null;
  const richtung = ziel >= anker ? 1 : -1;
  let ende = anker;
  while (ende !== ziel) {
    const next = arten[ende + richtung];
    if (next === undefined || !isBuchbar(next)) break;
    ende += richtung;
  }
  return richtung === 1 ? { von: anker, bis: ende } : { von: ende, bis: anker };
};
