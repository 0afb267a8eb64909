/**
 * The logbook export (decision 065): what each row of the Excel and PDF file says, the legend of its
 * abbreviations, the field-by-field history of a correction, and the PDF's page count known before the first
 * page is written (rows have a fixed height, so "Seite x von y" needs no buffering of pages).
 */
import { formatDateDE, formatTimeDE } from '../../time.ts';
import { aenderungsArt, type FahrtArt, type FahrtenbuchEintrag, fehlendeAngaben } from './eintrag.ts';

export const ART_KUERZEL: Record<FahrtArt, string> = { dienstlich: 'D', privat: 'P', arbeitsweg: 'A' };
export const ART_NAME: Record<FahrtArt, string> = {
  dienstlich: 'Dienstfahrt',
  privat: 'Privatfahrt',
  arbeitsweg: 'Fahrt Wohnung–Arbeitsstätte',
};

/** The marks of an entry, in the order of the legend. */
export type Kennzeichnung = 'H' | 'N' | 'K' | 'U' | 'L';

/** The legend printed with every export: each abbreviation the files use. */
export const LEGENDE: ReadonlyArray<{ kuerzel: string; bedeutung: string }> = [
  { kuerzel: 'D', bedeutung: 'Dienstfahrt (Reiseziel, Reisezweck und Geschäftspartner sind Pflicht)' },
  { kuerzel: 'P', bedeutung: 'Privatfahrt (nur Kilometer; Einzelheiten sieht nur der Fahrer)' },
  { kuerzel: 'A', bedeutung: 'Fahrt zwischen Wohnung und erster Tätigkeitsstätte (kurzer Vermerk)' },
  { kuerzel: 'H', bedeutung: 'Von Hand erfasste Fahrt (z. B. eine erklärte Kilometerlücke), mit Grund' },
  { kuerzel: 'N', bedeutung: 'Nachtrag: leere Angaben nach der Fahrt ergänzt (wer und wann steht dabei)' },
  { kuerzel: 'K', bedeutung: 'Korrektur: eine neue Fassung mit Grund; die frühere Fassung bleibt sichtbar' },
  { kuerzel: 'U', bedeutung: 'Unvollständig: Pflichtangaben einer Dienstfahrt fehlen' },
  { kuerzel: 'L', bedeutung: 'Kilometerlücke vor dieser Fahrt (Kilometer ohne erfasste Fahrt)' },
  { kuerzel: 'km', bedeutung: 'Kilometer laut Kilometerstand (Ende minus Beginn)' },
  {
    kuerzel: 'Hash',
    bedeutung: 'SHA-256 über Inhalt und Vorgänger; der letzte Hash belegt die Vollständigkeit',
  },
];

/** The marks of a current version given the versions it replaced and the gap before it. */
export const kennzeichnungen = ({
  aktuell,
  fruehere,
  lueckeKm,
}: {
  aktuell: FahrtenbuchEintrag;
  fruehere: readonly FahrtenbuchEintrag[];
  lueckeKm: number;
}): Kennzeichnung[] => {
  const marks: Kennzeichnung[] = [];
  if (aktuell.quelle === 'hand') marks.push('H');
  const arten = fruehere.map((alt, i) => aenderungsArt({ alt, neu: fruehere[i + 1] ?? aktuell }));
  if (arten.includes('ergaenzung')) marks.push('N');
  if (arten.includes('korrektur')) marks.push('K');
  if (fehlendeAngaben(aktuell).length > 0) marks.push('U');
  if (lueckeKm > 0) marks.push('L');
  return marks;
};

export const FELD_NAME = {
  kmBeginn: 'Km-Stand Beginn',
  kmEnde: 'Km-Stand Ende',
  art: 'Art',
  ziel: 'Reiseziel',
  zweck: 'Reisezweck',
  partner: 'Geschäftspartner',
  umweg: 'Umweg',
  notiz: 'Vermerk',
} as const;
export type GeaendertesFeld = keyof typeof FELD_NAME;

/** What a version changed against the one it replaced, field by field (old and new as shown). */
export const aenderungen = ({
  alt,
  neu,
}: {
  alt: FahrtenbuchEintrag;
  neu: FahrtenbuchEintrag;
}): Array<{ feld: GeaendertesFeld; alt: string; neu: string }> =>
  (Object.keys(FELD_NAME) as GeaendertesFeld[]).flatMap((feld) => {
    const a = feld === 'art' ? ART_NAME[alt.art] : String(alt[feld] ?? '');
    const n = feld === 'art' ? ART_NAME[neu.art] : String(neu[feld] ?? '');
    return a === n ? [] : [{ feld, alt: a, neu: n }];
  });

/** 'Nachtrag' or 'Korrektur' for a version replacing `alt`. */
export const aenderungsName = (alt: FahrtenbuchEintrag, neu: FahrtenbuchEintrag): string =>
  aenderungsArt({ alt, neu }) === 'ergaenzung' ? 'Nachtrag' : 'Korrektur';

/** `dd.mm.yyyy hh:mm` in Berlin time. */
export const zeitpunktDE = (d: Date): string => `${formatDateDE(d)} ${formatTimeDE(d)}`;

/** The download's file name: `Fahrtenbuch_MS-SW-103_2026-01-01_2026-12-31.xlsx` (ASCII, no spaces). */
export const exportDateiname = ({
  kennzeichen,
  vonTag,
  bisTag,
  endung,
}: {
  kennzeichen: string;
  vonTag: string;
  bisTag: string;
  endung: 'xlsx' | 'pdf';
}): string => {
  const k =
    kennzeichen
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'Fahrzeug';
  return `Fahrtenbuch_${k}_${vonTag}_${bisTag}.${endung}`;
};

/**
 * The PDF's page count: `zeilen` rows of fixed height, `zeilenProSeite` per page, then a closing block of
 * `schlussZeilen` rows (totals, chain hash, legend) that starts on a new page when it does not fit. At least 1.
 */
export const pdfSeitenzahl = ({
  zeilen,
  zeilenProSeite,
  schlussZeilen,
}: {
  zeilen: number;
  zeilenProSeite: number;
  schlussZeilen: number;
}): number => {
  const tabelle = Math.max(1, Math.ceil(zeilen / zeilenProSeite));
  const frei = tabelle * zeilenProSeite - zeilen;
  return frei >= schlussZeilen ? tabelle : tabelle + Math.ceil(schlussZeilen / zeilenProSeite);
};

/** Shortens `text` to at most `max` characters, with an ellipsis when cut. */
export const kuerzen = (text: string, max: number): string =>
  text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;

/** What the chain check found (the API's `TKettenPruefung`, decision 091), as the exports print it. */
export type KettenBefund = {
  ok: boolean;
  anzahl: number;
  fehler: {
    laufnummer: number;
    bisLaufnummer: number;
    grund: 'inhalt' | 'verkettung' | 'fehlt' | 'kopf';
  } | null;
  kopf: { laufnummer: number; hash: string } | null;
};

/**
 * The line every export prints on its first page and in its sheet (decision 091): the chain checked and intact
 * with its count and head, or a warning naming the first broken entry (the exports are German, like the
 * logbook's headers).
 */
export const kettenBefundText = (b: KettenBefund): string => {
  const kopf = b.kopf ? `Kopf Nr. ${b.kopf.laufnummer}, Hash ${b.kopf.hash}` : 'noch kein Eintrag';
  if (b.ok || !b.fehler) return `Kette geprüft: in Ordnung, ${b.anzahl} Einträge, ${kopf}.`;
  const { laufnummer: nr, bisLaufnummer: bis } = b.fehler;
  const befund = {
    inhalt: `Eintrag Nr. ${nr} wurde nach dem Speichern verändert (Inhalt passt nicht zum Hash)`,
    verkettung: `Eintrag Nr. ${nr} folgt nicht auf seinen Vorgänger (Verkettung unterbrochen)`,
    fehlt:
      nr === bis
        ? `Eintrag Nr. ${nr} fehlt (gelöscht oder entfernt)`
        : `Einträge Nr. ${nr} bis ${bis} fehlen (gelöscht oder entfernt)`,
    kopf: `Eintrag Nr. ${nr} ist nicht der gespeicherte (Hash weicht vom aufgezeichneten Kopf ab)`,
  }[b.fehler.grund];
  return `ACHTUNG – Kette verletzt: ${befund}. Erster betroffener Eintrag: Nr. ${nr}; aufgezeichneter ${kopf}. Dieses Fahrtenbuch ist nicht ordnungsgemäß.`;
};
