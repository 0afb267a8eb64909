import { isSpindGroesse, type SpindGroesse } from './regeln.ts';

export type SpindZeile = {
  nummer: string;
  groesse: SpindGroesse;
  barrierefrei: boolean;
  ausserBetrieb: boolean;
};
export type CsvFehler = { zeile: number; meldung: string };
export type CsvErgebnis = { zeilen: SpindZeile[]; fehler: CsvFehler[] };

const JA = new Set(['ja', 'yes', 'true', '1', 'x']);
const NEIN = new Set(['nein', 'no', 'false', '0', '']);

const bool = (s: string): boolean | null => {
  const t = s.trim().toLowerCase();
  if (JA.has(t)) return true;
  if (NEIN.has(t)) return false;
  return null;
};

export const CSV_KOPF = ['nummer', 'groesse', 'barrierefrei', 'ausser_betrieb'] as const;

const pruefeZeile = (
  teile: string[],
  gesehen: ReadonlySet<string>,
  vorhandene: ReadonlySet<string>,
): SpindZeile | string => {
  const [nummer = '', groesse = '', bf = '', ab = ''] = teile;
  if (teile.length > CSV_KOPF.length) return 'Zu viele Spalten.';
  if (!/^[A-Za-z0-9-]{1,10}$/.test(nummer))
    return 'Nummer fehlt oder ist ungültig (1–10 Zeichen, A–Z, 0–9, -).';
  if (gesehen.has(nummer) || vorhandene.has(nummer)) return `Nummer ${nummer} kommt doppelt vor.`;
  const g = groesse.toUpperCase();
  if (!isSpindGroesse(g)) return 'Größe muss S, M oder L sein.';
  const b = bool(bf);
  const a = bool(ab);
  if (b === null || a === null) return 'Barrierefrei und außer Betrieb: ja oder nein.';
  return { nummer, groesse: g, barrierefrei: b, ausserBetrieb: a };
};

/**
 * Parses a bank's locker list: header `nummer;groesse;barrierefrei;ausser_betrieb` (`;` or `,`), one locker per
 * line. Every line is checked and each error names its line (1 = header); the caller imports only when `fehler` is
 * empty (all or nothing).
 */
export const parseSpindCsv = (
  text: string,
  vorhandeneNummern: ReadonlySet<string> = new Set(),
): CsvErgebnis => {
  const zeilen: SpindZeile[] = [];
  const fehler: CsvFehler[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const trenner = (lines[0] ?? '').includes(';') ? ';' : ',';
  const kopf = (lines[0] ?? '').split(trenner).map((s) => s.trim().toLowerCase());
  if (CSV_KOPF.some((k, i) => kopf[i] !== k)) {
    return { zeilen, fehler: [{ zeile: 1, meldung: `Kopfzeile muss "${CSV_KOPF.join(trenner)}" sein.` }] };
  }
  const gesehen = new Set<string>();
  for (const [i, line] of lines.slice(1).entries()) {
    if (line.trim() === '') continue;
    const ergebnis = pruefeZeile(
      line.split(trenner).map((s) => s.trim()),
      gesehen,
      vorhandeneNummern,
    );
    if (typeof ergebnis === 'string') fehler.push({ zeile: i + 2, meldung: ergebnis });
    else {
      gesehen.add(ergebnis.nummer);
      zeilen.push(ergebnis);
    }
  }
  if (zeilen.length === 0 && fehler.length === 0)
    fehler.push({ zeile: 2, meldung: 'Die Datei enthält keine Spinde.' });
  return { zeilen, fehler };
};
