/** The logbook export as an Excel workbook (decisions 062, 065): one sheet per vehicle, corrections on their own sheet. */
import type { Writable } from 'node:stream';
import { strecke } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import {
  ART_KUERZEL,
  aenderungen,
  aenderungsName,
  FELD_NAME,
  kennzeichnungen,
  kettenBefundText,
  LEGENDE,
  zeitpunktDE,
} from '@stellwerk/domain/fahrten/fahrtenbuch/export';
import { berlinDateKey, berlinWallDate } from '@stellwerk/domain/time';
import ExcelJS from 'exceljs';

import {
  ankerText,
  type FahrtExportDeps,
  gruppen,
  type Kopf,
  nachfuellen,
  neueSummen,
  summeKm,
  zaehle,
  zeitraumText,
} from './fahrt.export.kontext.ts';

// --- Excel -------------------------------------------------------------------------------------------------

export const XLSX_SPALTEN: Array<{ header: string; key: string; width: number; numFmt?: string }> = [
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

export const KORREKTUR_SPALTEN: Array<{ header: string; key: string; width: number; numFmt?: string }> = [
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

export const blatt = (
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

export const schreibeXlsx = async (deps: FahrtExportDeps, mandantId: string, kopf: Kopf, out: Writable) => {
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
