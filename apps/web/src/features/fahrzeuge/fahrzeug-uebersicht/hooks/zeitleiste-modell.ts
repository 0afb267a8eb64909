import type {
  TFahrzeugBelegung,
  TFahrzeugBelegungZeile,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import {
  type Abschnitt,
  type AbschnittArt,
  abschnitte,
  schrittArten,
  type ZeitleisteAnsicht,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { berlinDateKey, formatTimeDE } from '@stellwerk/domain/time';

export type ZeitleistenZeile = {
  fahrzeug: TFahrzeugBelegungZeile;
  abschnitte: Abschnitt[];
  /** the kind of each step */
  arten: AbschnittArt[];
};

export type KopfFeld = { key: string; tag: string; label: string; start: number; span: number };

export type ZeitleistenModell = {
  von: Date;
  bis: Date;
  schrittMinuten: number;
  /** the start of each step (real time, so a DST day has 23 or 25 hours) */
  schritte: Date[];
  /** the header above the steps: hours (day view) or days (week view) */
  kopf: KopfFeld[];
  zeilen: ZeitleistenZeile[];
};

/** Steps of 15 minutes for a day and of an hour for a week. */
export const schrittMinutenFuer = (ansicht: ZeitleisteAnsicht): number => (ansicht === 'tag' ? 15 : 60);

/**
 * The timeline's rows from the server's answer: each vehicle's stretches (bookings, blocks, closed times,
 * the past before `ab`) and the kind of each step, plus the header fields.
 */
export const zeitleistenModell = ({
  daten,
  ansicht,
  ab,
}: {
  daten: TFahrzeugBelegung;
  ansicht: ZeitleisteAnsicht;
  ab: Date;
}): ZeitleistenModell => {
  const von = new Date(daten.von);
  const bis = new Date(daten.bis);
  const schrittMinuten = schrittMinutenFuer(ansicht);
  const step = schrittMinuten * 60_000;
  const schritte: Date[] = [];
  for (let t = von.getTime(); t < bis.getTime(); t += step) schritte.push(new Date(t));
  const kopf: KopfFeld[] = [];
  schritte.forEach((s, i) => {
    const tag = berlinDateKey(s);
    const label = ansicht === 'tag' ? formatTimeDE(s).slice(0, 2) : tag;
    const key = ansicht === 'tag' ? `${tag}-${formatTimeDE(s).slice(0, 2)}-${i}` : tag;
    const last = kopf.at(-1);
    const gleich = ansicht === 'tag' ? last && last.label === label && last.tag === tag : last?.tag === tag;
    if (last && gleich) last.span++;
    else kopf.push({ key, tag, label, start: i, span: 1 });
  });
  const zeilen = daten.fahrzeuge.map((fahrzeug) => {
    const liste = abschnitte({
      von,
      bis,
      ab,
      termine: fahrzeug.termine.map((t) => ({
        von: new Date(t.von),
        bis: new Date(t.bis),
        typ: t.typ,
        eigene: t.eigene,
      })),
      geschlossen: fahrzeug.geschlossen.map((g) => ({ ...g, von: new Date(g.von), bis: new Date(g.bis) })),
    });
    return {
      fahrzeug,
      abschnitte: liste,
      arten: schrittArten({ von, bis, schrittMinuten, abschnitte: liste }),
    };
  });
  return { von, bis, schrittMinuten, schritte, kopf, zeilen };
};
