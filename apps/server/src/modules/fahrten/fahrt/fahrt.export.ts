/**
 * The logbook export (decision 065): a vehicle's logbook for a period as Excel (.xlsx) or PDF, for
 * holders of `fahrzeug_logbuch_report`. Both files stream: the versions are read in keyset pages, each page in
 * its own short tenant transaction, and written as they come (the Excel file through exceljs's streaming
 * WorkbookWriter, the PDF through pdfkit without buffered pages), so memory stays bounded for any size. What the
 * export reads is fixed at its start (`bisLaufnummer`, the chain's last version then): a version recorded
 * meanwhile is not half in the file. The PDF's page count is known before the first page (fixed row height).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { DomainError } from '@stellwerk/domain/errors';
import type { TKettenPruefung } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import {
  aktuelleFassungen,
  fehlendeAngaben,
  sichtbarerEintrag,
  strecke,
} from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import {
  ART_KUERZEL,
  aenderungen,
  aenderungsName,
  exportDateiname,
  FELD_NAME,
  kennzeichnungen,
  kettenBefundText,
  kuerzen,
  LEGENDE,
  pdfSeitenzahl,
  zeitpunktDE,
} from '@stellwerk/domain/fahrten/fahrtenbuch/export';
import { KETTEN_ANFANG } from '@stellwerk/domain/fahrten/fahrtenbuch/kette';
import { lueckeKm } from '@stellwerk/domain/fahrten/fahrtenbuch/kilometer';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import {
  berlinDateKey,
  berlinInstant,
  berlinWallDate,
  formatDateDE,
  formatTimeDE,
} from '@stellwerk/domain/time';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { getMandantFile } from '../../plattform/storage/storage.service.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import { kettenBefund } from './fahrt.kette.ts';
import type { AnkerRow } from './fahrt.repository.ts';
import {
  countExportFassungen,
  type EintragRow,
  type ExportAuswahl,
  findAnker,
  findExportSeite,
  findFahrzeugKopf,
  findKettenEnde,
  findMandantName,
} from './fahrt.repository.ts';

export type FahrtExportDeps = { database: Database; now: () => Date; dataDir: string };
export type ExportFormat = 'xlsx' | 'pdf';

/** Versions read per keyset page (one short transaction each). */
export const EXPORT_SEITE = 1000;

export type ExportVorbereitung = {
  dateiname: string;
  contentType: string;
  /** Writes the file into `out` and ends it; rejects when the client went away or the database failed. */
  schreibe: (out: Writable) => Promise<void>;
};

type Kopf = {
  mandantName: string;
  logo: Buffer | null;
  fahrzeug: { id: string; kennzeichen: string; marke: string; modell: string };
  von: Date;
  bis: Date;
  erstellt: Date;
  auswahl: ExportAuswahl;
  anzahlFassungen: number;
  kette: { laufnummer: number; hash: string };
  /** the retention purge's anchor (decision 081): the chain's versions before it are deleted */
  anker: AnkerRow | undefined;
  /** the chain check at the export's start (decision 091), printed on the first page and in the sheet */
  befund: TKettenPruefung;
  betrachterId: string;
};

/** The line an export prints when the retention purge deleted the chain's oldest versions (decision 081). */
const ankerText = (anker: AnkerRow): string =>
  `Einträge bis ${formatDateDE(anker.bisEnde)} nach Ablauf der Aufbewahrungsfrist gelöscht (${anker.anzahl} Fassungen); die Kette beginnt nach Fassung ${anker.bisLaufnummer} mit dem Hash ${anker.hash}`;

/** One logbook entry as the export prints it: its current version, the versions it replaced, the gap before. */
type Gruppe = { aktuell: EintragRow; fruehere: EintragRow[]; lueckeKm: number };

const kalenderjahr = (now: Date): { von: Date; bis: Date } => {
  const jahr = Number(berlinDateKey(now).slice(0, 4));
  return { von: berlinInstant(`${jahr}-01-01`, '00:00'), bis: berlinInstant(`${jahr + 1}-01-01`, '00:00') };
};

/**
 * The entries of the export in trip order, read page by page: versions of one trip share its start, so a
 * group of equal starts is complete when a later start arrives. Private trips show their details only to
 * their driver. `lueckeKm`: kilometres between the previous entry's end and this one's start.
 */
async function* gruppen(deps: FahrtExportDeps, mandantId: string, kopf: Kopf): AsyncGenerator<Gruppe> {
  let nach: { beginn: Date; laufnummer: number } | null = null;
  let puffer: EintragRow[] = [];
  let vorKmEnde: number | null = null;
  const sicht = (e: EintragRow): EintragRow =>
    sichtbarerEintrag({ eintrag: e, betrachterId: kopf.betrachterId });
  const leere = function* (): Generator<Gruppe> {
    const eintraege = aktuelleFassungen(puffer).sort((a, b) => a.aktuell.kmBeginn - b.aktuell.kmBeginn);
    puffer = [];
    for (const { aktuell, fruehere } of eintraege) {
      const luecke = lueckeKm(vorKmEnde, aktuell.kmBeginn);
      vorKmEnde = aktuell.kmEnde;
      yield { aktuell: sicht(aktuell), fruehere: fruehere.map(sicht), lueckeKm: luecke };
    }
  };
  for (;;) {
    const von: { beginn: Date; laufnummer: number } | null = nach;
    const seite: EintragRow[] = await deps.database.withTenant(mandantId, (tx) =>
      findExportSeite(tx, kopf.auswahl, von, EXPORT_SEITE),
    );
    for (const row of seite) {
      if (puffer.length > 0 && puffer[0]!.beginn.getTime() !== row.beginn.getTime()) yield* leere();
      puffer.push(row);
    }
    if (seite.length < EXPORT_SEITE) break;
    const letzte: EintragRow = seite.at(-1)!;
    nach = { beginn: letzte.beginn, laufnummer: letzte.laufnummer };
  }
  yield* leere();
}

/** Waits while the receiver is behind (bounded memory), and stops when it went away. */
const nachfuellen = async (out: Writable): Promise<void> => {
  if (out.destroyed) throw new Error('export aborted: the client went away');
  if (out.writableNeedDrain) {
    // whichever comes first; the other listener is removed again (else they pile up on the stream per page)
    const done = new AbortController();
    const waits = [once(out, 'drain', { signal: done.signal }), once(out, 'close', { signal: done.signal })];
    for (const wait of waits) wait.catch(() => undefined);
    try {
      await Promise.race(waits);
    } finally {
      done.abort();
    }
  }
  if (out.destroyed) throw new Error('export aborted: the client went away');
};

/** Totals over the current versions. */
type Summen = {
  fahrten: number;
  km: Record<'dienstlich' | 'privat' | 'arbeitsweg', number>;
  geaendert: number;
  unvollstaendig: number;
  luecken: number;
  lueckenKm: number;
};
const neueSummen = (): Summen => ({
  fahrten: 0,
  km: { dienstlich: 0, privat: 0, arbeitsweg: 0 },
  geaendert: 0,
  unvollstaendig: 0,
  luecken: 0,
  lueckenKm: 0,
});
const zaehle = (s: Summen, g: Gruppe): void => {
  s.fahrten += 1;
  s.km[g.aktuell.art] += strecke(g.aktuell);
  if (g.fruehere.length > 0) s.geaendert += 1;
  if (fehlendeAngaben(g.aktuell).length > 0) s.unvollstaendig += 1;
  if (g.lueckeKm > 0) {
    s.luecken += 1;
    s.lueckenKm += g.lueckeKm;
  }
};
const summeKm = (s: Summen): number => s.km.dienstlich + s.km.privat + s.km.arbeitsweg;

const zeitraumText = (kopf: Kopf): string =>
  `${formatDateDE(kopf.von)} – ${formatDateDE(new Date(kopf.bis.getTime() - 1))}`;

// --- Excel -------------------------------------------------------------------------------------------------

const XLSX_SPALTEN: Array<{ header: string; key: string; width: number; numFmt?: string }> = [
  { header: 'Nr.', key: 'nr', width: 6, numFmt: '0' },
  { header: 'Datum', key: 'datum', width: 11, numFmt: 'dd.mm.yyyy' },
  { header: 'Abfahrt', key: 'beginn', width: 16, numFmt: 'dd.mm.yyyy hh:mm' },
  { header: 'Ankunft', key: 'ende', width: 16, numFmt: 'dd.mm.yyyy hh:mm' },
  { header: 'Km-Stand Beginn', key: 'kmBeginn', width: 14, numFmt: '#,##0' },
  { header: 'Km-Stand Ende', key: 'kmEnde', width: 14, numFmt: '#,##0' },
  { header: 'Gefahrene km', key: 'km', width: 12, numFmt: '#,##0' },
  { header: 'Art', key: 'art', width: 5 },
  { header: 'Fahrer', key: 'fahrer', width: 22 },
  { header: 'Reiseziel', key: 'ziel', width: 30 },
  { header: 'Reisezweck', key: 'zweck', width: 28 },
  { header: 'Geschäftspartner', key: 'partner', width: 24 },
  { header: 'Umweg', key: 'umweg', width: 20 },
  { header: 'Vermerk', key: 'notiz', width: 20 },
  { header: 'Kennzeichnung', key: 'kennz', width: 13 },
  { header: 'Lücke davor (km)', key: 'luecke', width: 14, numFmt: '#,##0' },
  { header: 'Erfasst am', key: 'erfasstAm', width: 16, numFmt: 'dd.mm.yyyy hh:mm' },
  { header: 'Erfasst von', key: 'erfasstVon', width: 22 },
  { header: 'Fassung', key: 'fassung', width: 8, numFmt: '0' },
  { header: 'Hash', key: 'hash', width: 66 },
];

const KORREKTUR_SPALTEN: Array<{ header: string; key: string; width: number; numFmt?: string }> = [
  { header: 'Nr. (Fahrt)', key: 'nr', width: 10, numFmt: '0' },
  { header: 'Fahrt am', key: 'datum', width: 16, numFmt: 'dd.mm.yyyy hh:mm' },
  { header: 'Fassung', key: 'fassung', width: 8, numFmt: '0' },
  { header: 'Ersetzt Fassung', key: 'ersetzt', width: 14, numFmt: '0' },
  { header: 'Änderung', key: 'aenderung', width: 11 },
  { header: 'Feld', key: 'feld', width: 18 },
  { header: 'Alt', key: 'alt', width: 30 },
  { header: 'Neu', key: 'neu', width: 30 },
  { header: 'Grund', key: 'grund', width: 30 },
  { header: 'Erfasst am', key: 'erfasstAm', width: 16, numFmt: 'dd.mm.yyyy hh:mm' },
  { header: 'Erfasst von', key: 'erfasstVon', width: 22 },
];

const blatt = (
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  spalten: typeof XLSX_SPALTEN,
): ExcelJS.Worksheet => {
  const ws = wb.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = spalten.map((s) => ({
    key: s.key,
    width: s.width,
    ...(s.numFmt ? { style: { numFmt: s.numFmt } } : {}),
  }));
  const kopfzeile = ws.addRow(spalten.map((s) => s.header));
  kopfzeile.font = { bold: true };
  kopfzeile.commit();
  return ws;
};

const schreibeXlsx = async (deps: FahrtExportDeps, mandantId: string, kopf: Kopf, out: Writable) => {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  wb.creator = 'Stellwerk';
  wb.created = kopf.erstellt;

  // sheet 1: the logbook, one row per entry (its current version), totals below
  const ws = blatt(wb, 'Fahrtenbuch', XLSX_SPALTEN);
  const summen = neueSummen();
  let n = 0;
  for await (const g of gruppen(deps, mandantId, kopf)) {
    const e = g.aktuell;
    zaehle(summen, g);
    n += 1;
    ws.addRow({
      nr: n,
      datum: berlinWallDate(new Date(`${berlinDateKey(e.beginn)}T00:00:00Z`)),
      beginn: berlinWallDate(e.beginn),
      ende: berlinWallDate(e.ende),
      kmBeginn: e.kmBeginn,
      kmEnde: e.kmEnde,
      km: strecke(e),
      art: ART_KUERZEL[e.art],
      fahrer: e.fahrerName,
      ziel: e.ziel ?? '',
      zweck: e.zweck ?? '',
      partner: e.partner ?? '',
      umweg: e.umweg ?? '',
      notiz: e.notiz ?? '',
      kennz: kennzeichnungen(g).join(' '),
      luecke: g.lueckeKm > 0 ? g.lueckeKm : null,
      erfasstAm: berlinWallDate(e.erfasstAm),
      erfasstVon: e.erfasstVonName,
      fassung: e.laufnummer,
      hash: e.hash,
    }).commit();
    if (n % 200 === 0) await nachfuellen(out);
  }
  const letzte = n + 1;
  const summe = (label: string, wert: number, formel: string | null) => {
    const row = ws.addRow({
      fahrer: label,
      km: formel ? { formula: formel, result: wert } : wert,
    });
    row.font = { bold: true };
    row.commit();
  };
  ws.addRow([]).commit();
  summe('Summe km', summeKm(summen), n > 0 ? `SUM(G2:G${letzte})` : null);
  summe(
    'davon Dienstfahrten (D)',
    summen.km.dienstlich,
    n > 0 ? `SUMIF(H2:H${letzte},"D",G2:G${letzte})` : null,
  );
  summe('davon Privatfahrten (P)', summen.km.privat, n > 0 ? `SUMIF(H2:H${letzte},"P",G2:G${letzte})` : null);
  summe(
    'davon Wohnung–Arbeit (A)',
    summen.km.arbeitsweg,
    n > 0 ? `SUMIF(H2:H${letzte},"A",G2:G${letzte})` : null,
  );
  summe('Kilometerlücken (L)', summen.lueckenKm, null);
  ws.addRow([]).commit();
  const pruefzeile = ws.addRow({ fahrer: 'Kettenprüfung', ziel: kettenBefundText(kopf.befund) });
  pruefzeile.font = kopf.befund.ok ? { bold: true } : { bold: true, color: { argb: 'FFC00000' } };
  pruefzeile.commit();
  ws.commit();

  // sheet 2: every addition and correction, field by field, old and new with who, when and why
  const ks = blatt(wb, 'Korrekturen', KORREKTUR_SPALTEN);
  let nr = 0;
  let zeilen = 0;
  for await (const g of gruppen(deps, mandantId, kopf)) {
    nr += 1;
    const kette = [...g.fruehere, g.aktuell];
    for (let i = 1; i < kette.length; i += 1) {
      const alt = kette[i - 1]!;
      const neu = kette[i]!;
      for (const a of aenderungen({ alt, neu })) {
        ks.addRow({
          nr,
          datum: berlinWallDate(neu.beginn),
          fassung: neu.laufnummer,
          ersetzt: alt.laufnummer,
          aenderung: aenderungsName(alt, neu),
          feld: FELD_NAME[a.feld],
          alt: a.alt,
          neu: a.neu,
          grund: neu.grund ?? '',
          erfasstAm: berlinWallDate(neu.erfasstAm),
          erfasstVon: neu.erfasstVonName,
        }).commit();
        zeilen += 1;
      }
    }
    if (nr % 200 === 0) await nachfuellen(out);
  }
  if (zeilen === 0) ks.addRow({ feld: 'Keine Nachträge oder Korrekturen im Zeitraum.' }).commit();
  ks.commit();

  // sheet 3: what the file is, the chain's final hash, the legend of abbreviations
  const ls = wb.addWorksheet('Legende');
  ls.columns = [
    { key: 'a', width: 28 },
    { key: 'b', width: 90 },
  ];
  const info: Array<[string, string | number]> = [
    ['Fahrtenbuch', kopf.mandantName],
    ['Fahrzeug', `${kopf.fahrzeug.marke} ${kopf.fahrzeug.modell}`],
    ['Kennzeichen', kopf.fahrzeug.kennzeichen],
    ['Zeitraum', zeitraumText(kopf)],
    ['Erstellt am', zeitpunktDE(kopf.erstellt)],
    ['Fahrten', summen.fahrten],
    ['Fassungen in der Hash-Kette', kopf.kette.laufnummer],
    ['Letzter Hash der Kette', kopf.kette.hash],
    ['Kettenprüfung', kettenBefundText(kopf.befund)],
    ...(kopf.anker ? [['Aufbewahrung', ankerText(kopf.anker)] as [string, string]] : []),
    ['', ''],
    ['Abkürzung', 'Bedeutung'],
    ...LEGENDE.map((l): [string, string] => [l.kuerzel, l.bedeutung]),
  ];
  for (const [a, b] of info) {
    const row = ls.addRow({ a, b });
    if (a === 'Abkürzung' || a === 'Fahrtenbuch') row.font = { bold: true };
    row.commit();
  }
  ls.commit();
  await wb.commit();
};

// --- PDF ---------------------------------------------------------------------------------------------------

const SEITE = { breite: 841.89, hoehe: 595.28, rand: 28 };
const KOPF_HOEHE = 62;
const TABELLENKOPF_HOEHE = 14;
const FUSS_HOEHE = 16;
const ZEILEN_HOEHE = 19;
const ZEILEN_PRO_SEITE = Math.floor(
  (SEITE.hoehe - 2 * SEITE.rand - KOPF_HOEHE - TABELLENKOPF_HOEHE - FUSS_HOEHE) / ZEILEN_HOEHE,
);
/** The closing block (totals, chain, legend) in row units. */
const SCHLUSS_ZEILEN = Math.ceil(((8 + LEGENDE.length) * 10) / ZEILEN_HOEHE) + 1;

/** Columns: width in points; a character is about half the font size wide (Helvetica 7 pt). */
const PDF_SPALTEN = [
  { titel: 'Fassung', breite: 30 },
  { titel: 'Datum', breite: 46 },
  { titel: 'Zeit', breite: 52 },
  { titel: 'km Beginn', breite: 44, rechts: true },
  { titel: 'km Ende', breite: 44, rechts: true },
  { titel: 'km', breite: 30, rechts: true },
  { titel: 'Art', breite: 18 },
  { titel: 'Fahrer', breite: 84 },
  { titel: 'Reiseziel', breite: 132 },
  { titel: 'Reisezweck', breite: 122 },
  { titel: 'Geschäftspartner', breite: 100 },
  { titel: 'Umweg / Vermerk', breite: 54 },
  { titel: 'Kennz.', breite: 30 },
] as const;
const ZEICHEN_PT = 3.6;

/** The characters of WinAnsiEncoding outside Latin-1 (the standard fonts' encoding), by code. */
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  '„': 0x84,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  Š: 0x8a,
  š: 0x9a,
  Ž: 0x8e,
  ž: 0x9e,
  Œ: 0x8c,
  œ: 0x9c,
  Ÿ: 0x9f,
};
/** A text as a PDF hex string in WinAnsiEncoding; what it cannot show becomes '?'. */
const pdfHex = (text: string): string => {
  let hex = '';
  for (const ch of text) {
    const code = WIN_ANSI[ch] ?? ch.charCodeAt(0);
    hex += (code < 256 && !(code >= 0x80 && code < 0xa0 && !WIN_ANSI[ch]) ? code : 0x3f)
      .toString(16)
      .padStart(2, '0');
  }
  return hex;
};
const tausender = (n: number): string => n.toLocaleString('de-DE');

const schreibePdf = async (deps: FahrtExportDeps, mandantId: string, kopf: Kopf, out: Writable) => {
  const seiten = pdfSeitenzahl({
    zeilen: kopf.anzahlFassungen,
    zeilenProSeite: ZEILEN_PRO_SEITE,
    schlussZeilen: SCHLUSS_ZEILEN,
  });
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: SEITE.rand,
    autoFirstPage: false,
    info: {
      Title: `Fahrtenbuch ${kopf.fahrzeug.kennzeichen} ${zeitraumText(kopf)}`,
      Author: kopf.mandantName,
      Creator: 'Stellwerk',
    },
  });
  const fertig = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('error', reject);
    out.once('close', () => resolve());
  });
  doc.pipe(out);
  const x0 = SEITE.rand;
  const breite = SEITE.breite - 2 * SEITE.rand;
  let seite = 0;
  let zeile = 0;
  const text = (
    s: string,
    x: number,
    y: number,
    opts: { size?: number; bold?: boolean; grau?: boolean } = {},
  ) => {
    doc
      .font(opts.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(opts.size ?? 7)
      .fillColor(opts.grau ? '#6b6b6b' : '#000000')
      .text(s, x, y, { lineBreak: false });
  };
  const neueSeite = (mitTabellenkopf: boolean) => {
    doc.addPage();
    seite += 1;
    zeile = 0;
    const y = SEITE.rand;
    let tx = x0;
    if (seite === 1 && kopf.logo) {
      try {
        doc.image(kopf.logo, x0, y, { fit: [120, 40] });
        tx = x0 + 130;
      } catch {
        // a logo pdfkit cannot read (an SVG) is left out; the tenant's name stands for it
      }
    }
    text('Fahrtenbuch', tx, y, { size: 14, bold: true });
    text(
      `${kopf.fahrzeug.marke} ${kopf.fahrzeug.modell} · Kennzeichen ${kopf.fahrzeug.kennzeichen}`,
      tx,
      y + 19,
      { size: 9 },
    );
    text(`Zeitraum ${zeitraumText(kopf)} · erstellt am ${zeitpunktDE(kopf.erstellt)}`, tx, y + 31, {
      size: 9,
    });
    text(kuerzen(kopf.mandantName, 60), x0 + breite - 220, y, { size: 9, bold: true });
    // the chain check on the first page (decision 091): below the logo, the whole width
    if (seite === 1) {
      doc
        .font('Helvetica-Bold')
        .fontSize(7)
        .fillColor(kopf.befund.ok ? '#000000' : '#c00000');
      doc.text(kettenBefundText(kopf.befund), x0, y + 44, { lineBreak: false });
    }
    // footer
    const fy = SEITE.hoehe - SEITE.rand - 9;
    text(`Seite ${seite} von ${seiten}`, x0 + breite - 70, fy, { size: 7 });
    text(`Letzter Hash der Kette: ${kopf.kette.hash}`, x0, fy, { size: 6, grau: true });
    if (mitTabellenkopf) {
      let x = x0;
      const ty = SEITE.rand + KOPF_HOEHE;
      for (const s of PDF_SPALTEN) {
        text(s.titel, x + 1, ty, { bold: true });
        x += s.breite;
      }
      doc
        .moveTo(x0, ty + 10)
        .lineTo(x0 + breite, ty + 10)
        .lineWidth(0.5)
        .strokeColor('#000000')
        .stroke();
    }
    // the rows use the regular font of this page (registered by the footer)
    doc.font('Helvetica');
  };
  const zeilenY = () => SEITE.rand + KOPF_HOEHE + TABELLENKOPF_HOEHE + zeile * ZEILEN_HOEHE;
  const druckeFassung = (e: EintragRow, kennz: string, unterzeile: string, grau: boolean) => {
    if (seite === 0 || zeile >= ZEILEN_PRO_SEITE) neueSeite(true);
    const y = zeilenY();
    const werte = [
      String(e.laufnummer),
      formatDateDE(e.beginn),
      `${formatTimeDE(e.beginn)}–${formatTimeDE(e.ende)}`,
      tausender(e.kmBeginn),
      tausender(e.kmEnde),
      tausender(strecke(e)),
      ART_KUERZEL[e.art],
      e.fahrerName,
      e.ziel ?? '',
      e.zweck ?? '',
      e.partner ?? '',
      [e.umweg, e.notiz].filter(Boolean).join(' / '),
      kennz,
    ];
    // the rows are written as content operators directly: pdfkit's text() costs about ten times as much per
    // cell, which a logbook of 10,000 trips would feel (decision 065)
    const fontId = (doc as unknown as { _font: { id: string } })._font.id;
    const zelle = (wert: string, x: number, yOben: number, groesse: number) =>
      `/${fontId} ${groesse} Tf\n1 0 0 1 ${x.toFixed(2)} ${(SEITE.hoehe - yOben - 0.718 * groesse).toFixed(2)} Tm\n<${pdfHex(wert)}> Tj\n`;
    let inhalt = `q\n1 0 0 -1 0 ${SEITE.hoehe} cm\n${grau ? '0.42 g' : '0 g'}\nBT\n`;
    let x = x0;
    PDF_SPALTEN.forEach((s, i) => {
      const w = kuerzen(werte[i] ?? '', Math.floor((s.breite - 3) / ZEICHEN_PT));
      const rechts = 'rechts' in s && s.rechts;
      inhalt += zelle(w, rechts ? x + s.breite - 3 - w.length * ZEICHEN_PT : x + 1, y, 7);
      x += s.breite;
    });
    inhalt += `0.42 g\n${zelle(kuerzen(unterzeile, Math.floor(breite / 3.1)), x0 + 30, y + 8.5, 6)}ET\nQ`;
    doc.addContent(inhalt);
    zeile += 1;
  };

  const summen = neueSummen();
  let gedruckt = 0;
  for await (const g of gruppen(deps, mandantId, kopf)) {
    zaehle(summen, g);
    const kette = [...g.fruehere, g.aktuell];
    kette.forEach((e, i) => {
      const vorher = kette[i - 1];
      const ersetzt = i < kette.length - 1;
      const teile = [
        vorher
          ? `${aenderungsName(vorher, e)} (ersetzt Fassung ${vorher.laufnummer}) am ${zeitpunktDE(e.erfasstAm)} von ${e.erfasstVonName}${e.grund ? ` · Grund: ${e.grund}` : ''}`
          : `${e.quelle === 'hand' ? 'Von Hand erfasst' : 'Erfasst'} am ${zeitpunktDE(e.erfasstAm)} von ${e.erfasstVonName}${e.quelle === 'hand' && e.grund ? ` · Grund: ${e.grund}` : ''}`,
        ersetzt ? `ersetzt durch Fassung ${kette[i + 1]!.laufnummer}` : null,
        !ersetzt && g.lueckeKm > 0 ? `Kilometerlücke davor: ${tausender(g.lueckeKm)} km` : null,
        !ersetzt && fehlendeAngaben(e).length > 0 ? 'unvollständig' : null,
        `Hash ${e.hash.slice(0, 16)}…`,
      ];
      druckeFassung(
        e,
        ersetzt ? 'alt' : kennzeichnungen(g).join(' '),
        teile.filter(Boolean).join(' · '),
        ersetzt,
      );
      gedruckt += 1;
    });
    if (gedruckt % 100 < kette.length) await nachfuellen(out);
  }

  // closing block: totals, the chain, the legend
  if (seite === 0) neueSeite(true);
  if (ZEILEN_PRO_SEITE - zeile < SCHLUSS_ZEILEN) neueSeite(false);
  let y = zeile === 0 && seite > 0 ? SEITE.rand + KOPF_HOEHE : zeilenY() + 6;
  const schluss = (s: string, opts: { bold?: boolean; grau?: boolean; size?: number } = {}) => {
    text(s, x0, y, { size: opts.size ?? 8, ...opts });
    y += 10;
  };
  schluss(
    `Summe: ${tausender(summeKm(summen))} km in ${summen.fahrten} Fahrten (D ${tausender(summen.km.dienstlich)} km, P ${tausender(summen.km.privat)} km, A ${tausender(summen.km.arbeitsweg)} km)`,
    { bold: true },
  );
  schluss(
    `Nachgetragen oder korrigiert: ${summen.geaendert} · unvollständig: ${summen.unvollstaendig} · Kilometerlücken: ${summen.luecken} (${tausender(summen.lueckenKm)} km)`,
  );
  schluss(kettenBefundText(kopf.befund), { bold: true, size: 6 });
  schluss(`Hash-Kette des Fahrzeugs: ${kopf.kette.laufnummer} Fassungen, letzter Hash:`);
  schluss(kopf.kette.hash, { size: 8 });
  if (kopf.anker) schluss(ankerText(kopf.anker), { size: 6 });
  y += 4;
  schluss('Legende', { bold: true });
  for (const l of LEGENDE) schluss(`${l.kuerzel}: ${l.bedeutung}`, { size: 7 });
  doc.end();
  await fertig;
};

// --- preparing an export -----------------------------------------------------------------------------------

/**
 * Checks the request (right, tenant feature, vehicle, period) before anything is sent, so a refusal is a
 * plain JSON error; the returned writer then streams the file.
 */
export const bereiteExportVor = async (
  deps: FahrtExportDeps,
  user: SessionUser,
  fahrzeugId: string,
  query: { von?: string; bis?: string },
  format: ExportFormat,
): Promise<ExportVorbereitung> => {
  assertDarf(user, 'fahrtenbuch.report');
  const erstellt = deps.now();
  const standard = kalenderjahr(erstellt);
  const von = query.von ? new Date(query.von) : standard.von;
  const bis = query.bis ? new Date(query.bis) : standard.bis;
  const basis = await deps.database.withTenant(user.mandantId, async (tx) => {
    if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
    const fahrzeug = await findFahrzeugKopf(tx, fahrzeugId);
    if (!fahrzeug) throw nichtGefunden('fahrzeug', fahrzeugId);
    if (!(von.getTime() < bis.getTime())) throw new DomainError('fahrtenbuch.ende_vor_beginn');
    const ende = await findKettenEnde(tx, fahrzeugId);
    const kette = ende ?? { laufnummer: 0, hash: KETTEN_ANFANG };
    const auswahl: ExportAuswahl = { fahrzeugId, von, bis, bisLaufnummer: kette.laufnummer };
    return {
      fahrzeug,
      kette,
      anker: await findAnker(tx, fahrzeugId),
      befund: await kettenBefund(tx, fahrzeugId),
      auswahl,
      anzahlFassungen: await countExportFassungen(tx, auswahl),
      mandantName: await findMandantName(tx, user.mandantId),
    };
  });
  let logo: Buffer | null = null;
  if (format === 'pdf') {
    try {
      const datei = await getMandantFile(deps, user, 'logos');
      logo = datei.mime === 'image/png' || datei.mime === 'image/jpeg' ? datei.data : null;
    } catch {
      logo = null; // no logo: the tenant's name stands alone
    }
  }
  const kopf: Kopf = { ...basis, logo, von, bis, erstellt, betrachterId: user.benutzerId };
  const dateiname = exportDateiname({
    kennzeichen: basis.fahrzeug.kennzeichen,
    vonTag: berlinDateKey(von),
    bisTag: berlinDateKey(new Date(bis.getTime() - 1)),
    endung: format,
  });
  return format === 'xlsx'
    ? {
        dateiname,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        schreibe: (out) => schreibeXlsx(deps, user.mandantId, kopf, out),
      }
    : {
        dateiname,
        contentType: 'application/pdf',
        schreibe: (out) => schreibePdf(deps, user.mandantId, kopf, out),
      };
};
