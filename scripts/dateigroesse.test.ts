import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './regeln.ts';

/** The most lines a source file may have without a written reason (decision 271). */
const MAX_ZEILEN = 500;

/** Where the rule applies: the server, its bench, the web app and the domain package. */
const ORDNER = ['apps/server/src', 'apps/server/bench', 'apps/web/src', 'packages/domain/src'];

/**
 * The files that may stay over the limit, each with its reason. An entry must name a file that exists and is still
 * over the limit: a file split below it leaves the list, so the list only ever holds what is really long.
 */
const ERLAUBT = new Map<string, string>([
  [
    'packages/domain/src/assistent/korpus.de.ts',
    'a text corpus: German requests as people type them, each with the reading the assistant must find (data)',
  ],
  [
    'packages/domain/src/fahrzeuge/fahrzeuge.optionen.ts',
    "the vehicle area's settings declarations, one entry per option: splitting them would scatter one catalogue",
  ],
]);

/** A source file of the rule: TypeScript, not a test of any tier and not a declaration file. */
const isQuelle = (datei: string) =>
  /\.tsx?$/.test(datei) && !/\.test\.tsx?$/.test(datei) && !datei.endsWith('.d.ts');

const quellen = (): string[] =>
  ORDNER.flatMap((ordner) =>
    readdirSync(path.join(REPO, ordner), { recursive: true, encoding: 'utf8' })
      .map((datei) => path.posix.join(ordner, datei.split(path.sep).join('/')))
      .filter(isQuelle),
  ).sort();

/** Lines as an editor numbers them: a final line break does not start another line (what `wc -l` counts). */
const zeilenVon = (datei: string): number => {
  const text = readFileSync(path.join(REPO, datei), 'utf8');
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

describe(`no source file over ${MAX_ZEILEN} lines without a written reason (decision 271)`, () => {
  it('counts lines as wc -l does and takes only the source files of the rule', () => {
    expect(isQuelle('apps/server/src/db/client.ts')).toBe(true);
    expect(isQuelle('apps/web/src/features/x/components/Dialog.tsx')).toBe(true);
    expect(isQuelle('apps/server/src/db/client.int.test.ts')).toBe(false);
    expect(isQuelle('apps/web/src/routes/router.test.tsx')).toBe(false);
    expect(isQuelle('packages/domain/src/rules.test.ts')).toBe(false);
    expect(isQuelle('apps/web/src/vite-env.d.ts')).toBe(false);
    expect(isQuelle('apps/web/src/styles.css')).toBe(false);
    expect(zeilenVon('scripts/regeln-tabelle.ts')).toBe(
      readFileSync(path.join(REPO, 'scripts/regeln-tabelle.ts'), 'utf8').match(/\n/g)?.length,
    );
    // the scan reaches every folder of the rule
    const alle = quellen();
    for (const ordner of ORDNER) expect(alle.some((datei) => datei.startsWith(`${ordner}/`))).toBe(true);
  });

  it('finds every file over the limit in the list of exceptions, each with a reason', () => {
    const zuLang = quellen()
      .map((datei) => ({ datei, zeilen: zeilenVon(datei) }))
      .filter(({ datei, zeilen }) => zeilen > MAX_ZEILEN && !ERLAUBT.has(datei))
      .map(
        ({ datei, zeilen }) =>
          `${datei} has ${zeilen} lines (at most ${MAX_ZEILEN}): split it where it falls apart naturally (one ` +
          'operation, one component or hook per file), or, if it is one thing that is long (data, a catalogue), add ' +
          'it to ERLAUBT in scripts/dateigroesse.test.ts with a one-line reason',
      );
    expect(zuLang).toEqual([]);
    for (const [datei, grund] of ERLAUBT) expect(grund.trim(), `${datei}: reason`).not.toBe('');
  });

  it('keeps in the list of exceptions only files that exist and are still over the limit', () => {
    const ueberholt = [...ERLAUBT.keys()].flatMap((datei) => {
      if (!existsSync(path.join(REPO, datei)))
        return [
          `${datei} is in ERLAUBT (scripts/dateigroesse.test.ts) but does not exist: remove its entry (or correct the path)`,
        ];
      const zeilen = zeilenVon(datei);
      return zeilen > MAX_ZEILEN
        ? []
        : [
            `${datei} has ${zeilen} lines, no longer over ${MAX_ZEILEN}: remove its entry from ERLAUBT in ` +
              'scripts/dateigroesse.test.ts',
          ];
    });
    expect(ueberholt).toEqual([]);
  });
});
