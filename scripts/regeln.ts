/**
 * The table of rules (docs/rules.md): every code of the error catalogue with its German text, the domain file that
 * decides it (the rule's home), the server and web files that raise or show it, and the tests that name it. Written
 * by `npm run docs:regeln`; scripts/regeln.test.ts fails while the committed file is stale or misses a code.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERRORS, type ErrorCode } from '../packages/domain/src/errors.ts';

export const REPO = path.join(import.meta.dirname, '..');

const ROOTS = ['packages/domain/src', 'apps/server/src', 'apps/server/test', 'apps/web/src', 'e2e/tests'];

const filesUnder = (dir: string): string[] =>
  readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(rel);
    return /\.(ts|tsx)$/.test(entry.name) ? [rel] : [];
  });

const isTest = (file: string) =>
  /\.test\.tsx?$|\.spec\.ts$/.test(file) || file.startsWith('apps/server/test/');

/** The catalogue itself (the registry and the areas' catalogues) is no home of a rule. */
const IST_KATALOG = /^packages\/domain\/src\/(errors|errors\.allgemein|[a-z-]+\/[a-z-]+\.errors)\.ts$/;

type Fundstellen = { domain: string[]; server: string[]; web: string[]; tests: string[] };

/** Where each code is written as a string literal (`'fahrzeug_buchung.belegt'`), by kind of file. */
export const fundstellen = (): Map<ErrorCode, Fundstellen> => {
  const codes = Object.keys(ERRORS) as ErrorCode[];
  const result = new Map<ErrorCode, Fundstellen>(
    codes.map((c) => [c, { domain: [], server: [], web: [], tests: [] }]),
  );
  const files = ROOTS.flatMap(filesUnder)
    .filter((f) => !IST_KATALOG.test(f))
    .sort();
  for (const file of files) {
    const text = readFileSync(path.join(REPO, file), 'utf8');
    for (const match of text.matchAll(/['"`]([a-z_]+(?:\.[a-z0-9_]+)*)['"`]/g)) {
      const entry = result.get(match[1] as ErrorCode);
      if (!entry) continue;
      const list = isTest(file)
        ? entry.tests
        : file.startsWith('packages/domain/')
          ? entry.domain
          : file.startsWith('apps/server/')
            ? entry.server
            : entry.web;
      if (!list.includes(file)) list.push(file);
    }
  }
  return result;
};

const kurz = (file: string) =>
  file
    .replace(/^packages\/domain\/src\//, 'domain/')
    .replace(/^apps\/server\/src\/modules\//, 'server/')
    .replace(/^apps\/server\/src\//, 'server/')
    .replace(/^apps\/server\/test\//, 'server-test/')
    .replace(/^apps\/web\/src\//, 'web/')
    .replace(/^e2e\/tests\//, 'e2e/');

const zelle = (files: string[]) => (files.length === 0 ? '–' : files.map((f) => `\`${kurz(f)}\``).join(', '));

export const regelnTabelle = (): string => {
  const orte = fundstellen();
  const codes = Object.keys(ERRORS) as ErrorCode[];
  const bereiche = [...new Set(codes.map((c) => (c.includes('.') ? c.split('.')[0]! : 'allgemein')))];
  const ohneRegel = codes.filter((c) => {
    const o = orte.get(c)!;
    return o.domain.length === 0 && o.server.length === 0;
  });
  const lines = [
    '# Rules: every refusal, its home and its tests',
    '',
    "Generated from the error catalogue (`packages/domain/src/errors.ts`, combining each area's `*.errors.ts`) by",
    '`npm run docs:regeln`; do not edit by',
    'hand. `scripts/regeln.test.ts` fails while this file is stale. Each code of the catalogue is one refusal a user',
    'can meet: **domain** names the pure rule files that decide it (its home, used by server and web), **server** the',
    'files that raise it from I/O (a database constraint, a missing row, a guard), **web** the screens that show or',
    'check it before sending, **tests** the unit, integration and browser tests that name the code. Paths are short:',
    '`domain/` = `packages/domain/src/`, `server/` = `apps/server/src/modules/` (or `apps/server/src/`), `web/` =',
    '`apps/web/src/`, `e2e/` = `e2e/tests/`.',
    '',
    `${codes.length} codes in ${bereiche.length} areas; ${codes.filter((c) => orte.get(c)!.domain.length > 0).length} decided in the domain, ${codes.filter((c) => orte.get(c)!.tests.length > 0).length} named by a test.`,
    '',
  ];
  for (const bereich of bereiche) {
    lines.push(
      `## ${bereich}`,
      '',
      '| code | German text | domain | server | web | tests |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const code of codes.filter((c) => (c.includes('.') ? c.split('.')[0] : 'allgemein') === bereich)) {
      const o = orte.get(code)!;
      const text = ERRORS[code].de.replaceAll('|', '\\|');
      lines.push(
        `| \`${code}\` | ${text} | ${zelle(o.domain)} | ${zelle(o.server)} | ${zelle(o.web)} | ${zelle(o.tests)} |`,
      );
    }
    lines.push('');
  }
  lines.push(
    '## Codes no file raises by name',
    '',
    'Raised through a composed name (for example a guard table or a mapped database constraint) or kept for',
    'compatibility; each is a candidate for a closer look.',
    '',
    ...(ohneRegel.length === 0 ? ['None.'] : ohneRegel.map((c) => `- \`${c}\``)),
    '',
  );
  return lines.join('\n');
};
