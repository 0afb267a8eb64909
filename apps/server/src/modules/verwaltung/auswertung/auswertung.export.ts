/**
 * The evaluation as CSV or Excel (decision 195): the rows the screen shows, each with its denominator, in the
 * viewer's language.
 */
import type { TAuswertung } from '@stellwerk/domain/verwaltung/auswertung/api';
import { alsCsv, exportZeilen } from '@stellwerk/domain/verwaltung/auswertung/kennzahlen';
import ExcelJS from 'exceljs';

export const auswertungDateiname = (a: TAuswertung, format: 'csv' | 'xlsx') =>
  `auswertung-${a.zeitraum.vonTag}-${a.zeitraum.bisTag}.${format}`;

export const auswertungCsv = (a: TAuswertung, sprache: 'de' | 'en'): Buffer =>
  // a byte-order mark so spreadsheet programs read the umlauts as UTF-8
  Buffer.from(`\uFEFF${alsCsv(a, sprache)}`, 'utf8');

export const auswertungXlsx = async (a: TAuswertung, sprache: 'de' | 'en'): Promise<Buffer> => {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sprache === 'de' ? 'Auswertung' : 'Evaluation');
  const zeitraum = `${a.zeitraum.vonTag} – ${a.zeitraum.bisTag}`;
  const vorher = `${a.vorperiode.vonTag} – ${a.vorperiode.bisTag}`;
  ws.columns = [
    { header: sprache === 'de' ? 'Bereich' : 'Area', key: 'bereich', width: 22 },
    { header: sprache === 'de' ? 'Kennzahl' : 'Figure', key: 'kennzahl', width: 36 },
    { header: zeitraum, key: 'wert', width: 24 },
    { header: vorher, key: 'vorperiode', width: 24 },
    {
      header: sprache === 'de' ? 'Erklärung (Nenner)' : 'Explanation (denominator)',
      key: 'erklaerung',
      width: 90,
    },
  ];
  ws.getRow(1).font = { bold: true };
  for (const z of exportZeilen(a, sprache)) ws.addRow(z);
  ws.addRow({});
  ws.addRow({
    bereich:
      sprache === 'de'
        ? `Nur zusammengefasste Zahlen; jede Zelle zählt mindestens ${a.k} Personen, sonst bleibt sie leer.`
        : `Aggregated figures only; every cell counts at least ${a.k} people, else it stays empty.`,
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
};
