/**
 * CSV import of users (/admin/benutzer): parse the file, check every row, find duplicates inside
 * the file and e-mail addresses that are taken already. Pure: the caller passes the taken addresses and
 * the tenant's role and group names, and writes nothing unless every row is valid.
 *
 * Format: UTF-8 with or without BOM, separator ';' or ',' (whichever the header row uses), fields may be
 * quoted with '"' ('""' is a quote inside a quoted field, which may span lines). Header row (any order,
 * case-insensitive): vorname, nachname, email, employeeId, rollen, gruppen; the first three are required.
 * Roles and groups are given by name, several separated by '|'. Empty lines are skipped.
 * A row is numbered by the line of the file it starts on (the header is line 1), as a spreadsheet shows it.
 */

import { z } from 'zod';
import type { ErrorCode, ErrorParams, RuleViolation } from '../errors.ts';
import { hasControlCharacters } from '../text-input.ts';
import { adresseInDomains } from './sso/sso.ts';

export const IMPORT_COLUMNS = ['vorname', 'nachname', 'email', 'employeeId', 'rollen', 'gruppen'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED_COLUMNS: readonly ImportColumn[] = ['vorname', 'nachname', 'email'];

/** At most this many data rows per file. */
export const MAX_IMPORT_ROWS = 1000;

/** Field limits shared by the import and the user form. */
export const BENUTZER_LIMITS = { name: 200, email: 254, employeeId: 100, username: 60 } as const;

/** A record of the file: the line it starts on and its cells as written. */
export type CsvRecord = { line: number; cells: string[] };

export type CsvResult<T> = { ok: true; value: T } | { ok: false; violation: RuleViolation };

const fail = (code: ErrorCode, params: ErrorParams = {}): { ok: false; violation: RuleViolation } => ({
  ok: false,
  violation: { code, params },
});

/** ';' when the header row has one outside quotes, otherwise ','. */
const detectSeparator = (text: string): ';' | ',' => {
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ';') return ';';
  }
  return ',';
};

/**
 * RFC 4180 records with either separator; a leading BOM is dropped; blank lines are skipped.
 * An unclosed quote fails with the line it opened on.
 */
export const parseCsv = (input: string): CsvResult<{ separator: ';' | ','; records: CsvRecord[] }> => {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const separator = detectSeparator(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let atFieldStart = true;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endRecord = () => {
    cells.push(cell);
    if (cells.some((c) => c.trim() !== '')) records.push({ line: recordLine, cells });
    cells = [];
    cell = '';
    atFieldStart = true;
  };

  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && atFieldStart) {
      quoted = true;
      quoteLine = line;
      atFieldStart = false;
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
      atFieldStart = true;
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      cell += c;
      if (c !== ' ' && c !== '\t') atFieldStart = false;
    }
  }
  if (quoted) return fail('import.anfuehrungszeichen_offen', { zeile: quoteLine });
  endRecord();
  return { ok: true, value: { separator, records } };
};

/** One data row as read from the file, before any checks. */
export type RawImportRow = { row: number; values: Partial<Record<ImportColumn, string>>; cellCount: number };

/** The file's data rows keyed by column, or why the file as a whole is unusable. */
export const readBenutzerCsv = (
  csv: string,
): CsvResult<{ columns: ImportColumn[]; rows: RawImportRow[] }> => {
  const parsed = parseCsv(csv);
  if (!parsed.ok) return parsed;
  const [header, ...data] = parsed.value.records;
  if (!header) return fail('import.datei_leer');
  const expected = IMPORT_COLUMNS.join(parsed.value.separator);
  const columns: ImportColumn[] = [];
  for (const raw of header.cells) {
    const name = IMPORT_COLUMNS.find((c) => c.toLowerCase() === raw.trim().toLowerCase());
    if (!name || columns.includes(name)) return fail('import.kopfzeile_ungueltig', { erwartet: expected });
    columns.push(name);
  }
  if (REQUIRED_COLUMNS.some((c) => !columns.includes(c)))
    return fail('import.kopfzeile_ungueltig', { erwartet: expected });
  if (data.length === 0) return fail('import.datei_leer');
  if (data.length > MAX_IMPORT_ROWS) return fail('import.zu_viele_zeilen', { max: MAX_IMPORT_ROWS });
  return {
    ok: true,
    value: {
      columns,
      rows: data.map((record) => ({
        row: record.line,
        cellCount: record.cells.length,
        values: Object.fromEntries(columns.map((c, i) => [c, (record.cells[i] ?? '').trim()])),
      })),
    },
  };
};

/** Trimmed, lower-case: how e-mail addresses are compared and stored. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

const ZEmail = z.email();
export const isValidEmail = (email: string): boolean =>
  email.length <= BENUTZER_LIMITS.email && ZEmail.safeParse(email).success;

export type ImportField = ImportColumn | 'zeile';
export type ImportFieldError = { field: ImportField; code: ErrorCode; params: ErrorParams };
export type ImportRowData = {
  vorname: string;
  nachname: string;
  email: string;
  employeeId: string | null;
  /** Names as the tenant spells them (matched case-insensitively). */
  rollen: string[];
  gruppen: string[];
};
export type ImportRow = { row: number; data: ImportRowData; errors: ImportFieldError[] };
export type ImportSummary = { total: number; valid: number; invalid: number };

const splitNames = (value: string | undefined): string[] =>
  (value ?? '')
    .split('|')
    .map((s) => s.trim())
    .filter((s) => s !== '');

const matchNames = (
  given: string[],
  known: readonly string[],
  field: 'rollen' | 'gruppen',
  errors: ImportFieldError[],
): string[] => {
  const byLower = new Map(known.map((n) => [n.toLowerCase(), n]));
  const matched: string[] = [];
  for (const name of given) {
    const found = byLower.get(name.toLowerCase());
    if (found) {
      if (!matched.includes(found)) matched.push(found);
    } else {
      const code = field === 'rollen' ? 'benutzer.rolle_unbekannt' : 'benutzer.gruppe_unbekannt';
      errors.push({ field, code, params: { name: name.slice(0, 200) } });
    }
  }
  return matched;
};

const checkLength = (field: ImportColumn, value: string, max: number, errors: ImportFieldError[]): void => {
  if (value.length > max) errors.push({ field, code: 'import.wert_zu_lang', params: { max } });
};

/**
 * Checks each row: mandatory fields, lengths, e-mail format, e-mail not taken (`takenEmails`, already
 * normalised) and not repeated in the file (the first occurrence wins, later ones are errors), roles and
 * groups known by name.
 */
export const validateBenutzerImport = ({
  rows,
  takenEmails,
  rollen,
  gruppen,
  domains,
}: {
  rows: readonly RawImportRow[];
  takenEmails: ReadonlySet<string>;
  rollen: readonly string[];
  gruppen: readonly string[];
  /** The tenant's domains: addresses elsewhere are refused (decision 096); omitted, not checked. */
  domains?: readonly string[];
}): { rows: ImportRow[]; summary: ImportSummary } => {
  const firstLineOf = new Map<string, number>();
  const checked = rows.map((raw): ImportRow => {
    const errors: ImportFieldError[] = [];
    const v = raw.values;
    const soll = Object.keys(v).length;
    if (raw.cellCount !== soll)
      errors.push({ field: 'zeile', code: 'import.spaltenzahl', params: { ist: raw.cellCount, soll } });
    const vorname = v.vorname ?? '';
    const nachname = v.nachname ?? '';
    const email = normalizeEmail(v.email ?? '');
    const employeeId = v.employeeId ? v.employeeId : null;
    for (const [field, value] of [
      ['vorname', vorname],
      ['nachname', nachname],
      ['email', email],
    ] as const) {
      if (value === '') errors.push({ field, code: 'validation.pflichtfelder', params: {} });
    }
    // A quoted CSV cell may hold a line break: names end up in mail texts, so the form's rule applies here too.
    for (const [field, value] of [
      ['vorname', vorname],
      ['nachname', nachname],
      ['employeeId', employeeId ?? ''],
    ] as const) {
      if (hasControlCharacters(value)) errors.push({ field, code: 'validation.steuerzeichen', params: {} });
    }
    checkLength('vorname', vorname, BENUTZER_LIMITS.name, errors);
    checkLength('nachname', nachname, BENUTZER_LIMITS.name, errors);
    if (employeeId) checkLength('employeeId', employeeId, BENUTZER_LIMITS.employeeId, errors);
    if (email !== '') {
      const shown = email.slice(0, BENUTZER_LIMITS.email);
      if (!isValidEmail(email)) {
        errors.push({ field: 'email', code: 'benutzer.email_ungueltig', params: { email: shown } });
      } else if (domains && !adresseInDomains(email, domains)) {
        errors.push({
          field: 'email',
          code: 'benutzer.domain_fremd',
          params: { email, domains: domains.join(', ') || '–' },
        });
      } else if (takenEmails.has(email)) {
        errors.push({ field: 'email', code: 'benutzer.email_vergeben', params: { email } });
      } else {
        const first = firstLineOf.get(email);
        if (first === undefined) firstLineOf.set(email, raw.row);
        else errors.push({ field: 'email', code: 'import.email_doppelt', params: { email, zeile: first } });
      }
    }
    const data: ImportRowData = {
      vorname: vorname.slice(0, BENUTZER_LIMITS.name),
      nachname: nachname.slice(0, BENUTZER_LIMITS.name),
      email: email.slice(0, BENUTZER_LIMITS.email),
      employeeId: employeeId ? employeeId.slice(0, BENUTZER_LIMITS.employeeId) : null,
      rollen: matchNames(splitNames(v.rollen), rollen, 'rollen', errors),
      gruppen: matchNames(splitNames(v.gruppen), gruppen, 'gruppen', errors),
    };
    return { row: raw.row, data, errors };
  });
  const invalid = checked.filter((r) => r.errors.length > 0).length;
  return { rows: checked, summary: { total: checked.length, valid: checked.length - invalid, invalid } };
};
