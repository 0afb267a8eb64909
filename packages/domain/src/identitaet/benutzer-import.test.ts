import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_ROWS,
  parseCsv,
  type RawImportRow,
  readBenutzerCsv,
  validateBenutzerImport,
} from './benutzer-import.ts';

const HEADER = 'vorname;nachname;email;employeeId;rollen;gruppen';

const rowsOf = (csv: string): RawImportRow[] => {
  const read = readBenutzerCsv(csv);
  if (!read.ok) throw new Error(`unexpected: ${read.violation.code}`);
  return read.value.rows;
};

const validate = (csv: string, takenEmails: string[] = []) =>
  validateBenutzerImport({
    rows: rowsOf(csv),
    takenEmails: new Set(takenEmails),
    rollen: ['Mitarbeiter', 'Fuhrparkleitung'],
    gruppen: ['Alle Mitarbeitenden'],
  });

describe('parseCsv', () => {
  it('reads semicolon-separated records and numbers them by line', () => {
    const parsed = parseCsv('a;b\nc;d\n');
    expect(parsed).toEqual({
      ok: true,
      value: {
        separator: ';',
        records: [
          { line: 1, cells: ['a', 'b'] },
          { line: 2, cells: ['c', 'd'] },
        ],
      },
    });
  });

  it('reads comma-separated records with CRLF line ends and a BOM', () => {
    const parsed = parseCsv('\uFEFFa,b\r\nc,d');
    expect(parsed.ok && parsed.value.separator).toBe(',');
    expect(parsed.ok && parsed.value.records.map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps separators, doubled quotes and line breaks inside quoted fields', () => {
    const parsed = parseCsv('a;b\n"Müller; Dr.";"sagt ""hallo""\nzweite Zeile"\nx;y');
    expect(parsed.ok && parsed.value.records).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['Müller; Dr.', 'sagt "hallo"\nzweite Zeile'] },
      { line: 4, cells: ['x', 'y'] },
    ]);
  });

  it('skips blank lines but keeps counting them', () => {
    const parsed = parseCsv('a;b\n\n;\nc;d');
    expect(parsed.ok && parsed.value.records.map((r) => r.line)).toEqual([1, 4]);
  });

  it('refuses a quote that is never closed and names the line it opened on', () => {
    expect(parseCsv('a;b\nc;"d\ne')).toEqual({
      ok: false,
      violation: { code: 'import.anfuehrungszeichen_offen', params: { zeile: 2 } },
    });
  });

  it('reads back any table it is given in quoted form', () => {
    const cell = fc.string({ maxLength: 8 }).filter((s) => s.trim() !== '');
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (table) => {
          const csv = table.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(';')).join('\r\n');
          const parsed = parseCsv(csv);
          expect(parsed.ok && parsed.value.records.map((r) => r.cells)).toEqual(table);
        },
      ),
    );
  });
});

describe('readBenutzerCsv', () => {
  it('maps the header columns in any order and case', () => {
    const rows = rowsOf('EMAIL,Nachname,vorname\nlena@x.example,Hoffmann,Lena');
    expect(rows).toEqual([
      { row: 2, cellCount: 3, values: { email: 'lena@x.example', nachname: 'Hoffmann', vorname: 'Lena' } },
    ]);
  });

  it.each<[string, string, string]>([
    ['an empty file', '', 'import.datei_leer'],
    ['a header without rows', HEADER, 'import.datei_leer'],
    ['an unknown column', 'vorname;nachname;email;telefon\na;b;c;d', 'import.kopfzeile_ungueltig'],
    ['a missing required column', 'vorname;email\na;b', 'import.kopfzeile_ungueltig'],
    ['a column named twice', 'vorname;nachname;email;email\na;b;c;d', 'import.kopfzeile_ungueltig'],
  ])('refuses %s', (_name, csv, code) => {
    const read = readBenutzerCsv(csv);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.violation.code).toBe(code);
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows and accepts exactly ${MAX_IMPORT_ROWS}`, () => {
    const body = (n: number) =>
      [HEADER, ...Array.from({ length: n }, (_, i) => `V;N;u${i}@x.example;;;`)].join('\n');
    expect(readBenutzerCsv(body(MAX_IMPORT_ROWS)).ok).toBe(true);
    const tooMany = readBenutzerCsv(body(MAX_IMPORT_ROWS + 1));
    expect(!tooMany.ok && tooMany.violation).toEqual({
      code: 'import.zu_viele_zeilen',
      params: { max: MAX_IMPORT_ROWS },
    });
  });
});

describe('validateBenutzerImport', () => {
  it('accepts a valid row, lower-cases the e-mail and resolves roles and groups by name', () => {
    const { rows, summary } = validate(
      `${HEADER}\nLena;Hoffmann; Lena@Musterstadt.Example ;MS-1;mitarbeiter|Fuhrparkleitung;Alle Mitarbeitenden`,
    );
    expect(summary).toEqual({ total: 1, valid: 1, invalid: 0 });
    expect(rows[0]).toEqual({
      row: 2,
      data: {
        vorname: 'Lena',
        nachname: 'Hoffmann',
        email: 'lena@musterstadt.example',
        employeeId: 'MS-1',
        rollen: ['Mitarbeiter', 'Fuhrparkleitung'],
        gruppen: ['Alle Mitarbeitenden'],
      },
      errors: [],
    });
  });

  it.each<[string, string, { field: string; code: string }[]]>([
    [
      'missing mandatory fields',
      ';;;MS-9;;',
      [
        { field: 'vorname', code: 'validation.pflichtfelder' },
        { field: 'nachname', code: 'validation.pflichtfelder' },
        { field: 'email', code: 'validation.pflichtfelder' },
      ],
    ],
    [
      'an invalid e-mail address',
      'A;B;keine-adresse;;;',
      [{ field: 'email', code: 'benutzer.email_ungueltig' }],
    ],
    [
      'a taken e-mail address',
      'A;B;taken@x.example;;;',
      [{ field: 'email', code: 'benutzer.email_vergeben' }],
    ],
    ['an unknown role', 'A;B;a@x.example;;Chef;', [{ field: 'rollen', code: 'benutzer.rolle_unbekannt' }]],
    [
      'an unknown group',
      'A;B;a@x.example;;;Niemand',
      [{ field: 'gruppen', code: 'benutzer.gruppe_unbekannt' }],
    ],
    ['a missing cell', 'A;B;a@x.example;;', [{ field: 'zeile', code: 'import.spaltenzahl' }]],
    [
      'a first name that is too long',
      `${'x'.repeat(201)};B;a@x.example;;;`,
      [{ field: 'vorname', code: 'import.wert_zu_lang' }],
    ],
    [
      'a line break inside a quoted first name',
      '"Erika\nBcc: alle@x.example";B;a@x.example;;;',
      [{ field: 'vorname', code: 'validation.steuerzeichen' }],
    ],
    [
      'a carriage return in a last name and a tab in the employee id',
      'A;"Muster\rmann";a@x.example;"MS\t1";;',
      [
        { field: 'nachname', code: 'validation.steuerzeichen' },
        { field: 'employeeId', code: 'validation.steuerzeichen' },
      ],
    ],
    [
      'an escape character in a first name',
      '\u001b[31mA;B;a@x.example;;;',
      [{ field: 'vorname', code: 'validation.steuerzeichen' }],
    ],
  ])('reports %s at its field', (_name, line, expected) => {
    const { rows, summary } = validate(`${HEADER}\n${line}`, ['taken@x.example']);
    expect(rows[0]?.errors.map(({ field, code }) => ({ field, code }))).toEqual(expected);
    expect(summary.invalid).toBe(1);
  });

  it('reports a repeated e-mail address at the later rows and names the first line', () => {
    const { rows, summary } = validate(
      `${HEADER}\nA;B;a@x.example;;;\nC;D;b@x.example;;;\nE;F;A@x.example;;;`,
    );
    expect(rows[0]?.errors).toEqual([]);
    expect(rows[2]?.errors).toEqual([
      { field: 'email', code: 'import.email_doppelt', params: { email: 'a@x.example', zeile: 2 } },
    ]);
    expect(summary).toEqual({ total: 3, valid: 2, invalid: 1 });
  });
});
