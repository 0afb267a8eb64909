import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';

/** Longer imprints are cut; an imprint is a few lines of operator data. */
export const MAX_IMPRINT_CHARS = 20_000;

/**
 * The operator's imprint (Impressum, required for German web services), read from a plain-text file that
 * the operator maintains (IMPRESSUM_FILE, default DATA_DIR/impressum.txt). `null` when there is none yet.
 */
export const readImprint = async (file: string): Promise<string | null> => {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    return text ? text.slice(0, MAX_IMPRINT_CHARS) : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

/** The demo's imprint, written next to the demo data when no imprint exists yet. */
export const DEMO_IMPRINT = `Stellwerk – Demo-Installation

Diese Installation zeigt Beispieldaten. Der Betreiber einer echten Installation hinterlegt hier seine
Angaben nach § 5 DDG (Name und Anschrift, Vertretungsberechtigte, Kontakt, Registereintrag,
Umsatzsteuer-ID) in der Datei, die IMPRESSUM_FILE nennt (Standard: DATA_DIR/impressum.txt).

Demo-Betrieb Stellwerk
Musterstraße 1
12345 Musterstadt
E-Mail: kontakt@stellwerk.example`;

export const writeDemoImprint = async (file: string): Promise<void> => {
  if (!existsSync(file)) await writeFile(file, `${DEMO_IMPRINT}\n`, 'utf8');
};
