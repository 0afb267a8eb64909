import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './regeln.ts';

/** Every source file the repository tracks (TypeScript, JavaScript, CSS). */
const quellen = (): string[] =>
  execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.cjs', '*.css'], {
    cwd: REPO,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && !f.startsWith('docs/'));

describe('the source code', () => {
  it('names no issue numbers: history lives in the decisions (docs/decisions), not in comments', () => {
    const treffer = quellen().flatMap((file) =>
      readFileSync(path.join(REPO, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bissues? #?\d+/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(treffer).toEqual([]);
  });

  it('mocks no module and leaves no fake timer or stubbed global behind in a test (the files of a worker share their modules, decision 240)', () => {
    const treffer = quellen()
      .filter((file) => /\.test\.tsx?$/.test(file))
      .flatMap((file) => {
        const text = readFileSync(path.join(REPO, file), 'utf8');
        const fehler: string[] = [];
        if (/\bvi\.(mock|doMock)\(/.test(text)) fehler.push(`${file}: vi.mock`);
        if (/\bvi\.useFakeTimers\(/.test(text) && !/\bvi\.useRealTimers\(/.test(text))
          fehler.push(`${file}: vi.useFakeTimers without vi.useRealTimers`);
        if (/\bvi\.stubGlobal\(/.test(text) && !/\bvi\.unstubAllGlobals\(/.test(text))
          fehler.push(`${file}: vi.stubGlobal without vi.unstubAllGlobals`);
        if (/\bvi\.stubEnv\(/.test(text) && !/\bvi\.unstubAllEnvs\(/.test(text))
          fehler.push(`${file}: vi.stubEnv without vi.unstubAllEnvs`);
        return fehler;
      });
    expect(treffer).toEqual([]);
  });

  it('checks a right of the signed-in user only through its policy (decision 204): no permissions.has in the server', () => {
    // reading other people's rights (who may drive, who receives a report) and listing the user's own rights are data
    const erlaubt = new Set([
      'apps/server/src/modules/fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.kontext.ts',
      'apps/server/src/modules/identitaet/me/me.service.ts',
    ]);
    const treffer = quellen()
      .filter((f) => f.startsWith('apps/server/src/') && !/\.test\.tsx?$/.test(f) && !erlaubt.has(f))
      .flatMap((file) =>
        readFileSync(path.join(REPO, file), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            /\b(user|booker|sessionUser)\.permissions\.has\(|checkAdminRoute\(|requireAdminRoute|requirePermission/.test(
              line,
            )
              ? [`${file}:${i + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(treffer).toEqual([]);
  });

  it('lets a server module write (insert, update, delete) only the tables defined in its own folder (decision 153)', () => {
    // no exception is left (decision 205); a new one needs its reason here and in a decision
    const bekannt = new Set<string>([]);
    const modul = (file: string) => file.split('/').slice(4, 6).join('/');
    const gefunden = new Set<string>();
    for (const file of quellen()) {
      if (!file.startsWith('apps/server/src/modules/') || /\.test\.tsx?$/.test(file)) continue;
      const text = readFileSync(path.join(REPO, file), 'utf8');
      const herkunft = new Map<string, string>();
      for (const m of text.matchAll(/import (?:type )?\{([^}]*)\} from '(\.[^']+)';/g)) {
        const ziel = path.normalize(path.join(path.dirname(file), m[2]!));
        for (const name of m[1]!.split(',')) {
          const n = name.replace('type ', '').split(' as ').pop()!.trim();
          if (n) herkunft.set(n, ziel);
        }
      }
      for (const m of text.matchAll(/\.(insert|update|delete)\((\w+)\)/g)) {
        const ziel = herkunft.get(m[2]!);
        if (!/\.(table|public)$|\.(table|public)\.ts$/.test(ziel ?? '') || modul(ziel!) === modul(file))
          continue;
        gefunden.add(`${file.split('/').slice(4).join('/')} -> ${modul(ziel)}`);
      }
    }
    const neu = [...gefunden].filter((g) => !bekannt.has(g));
    expect(neu).toEqual([]);
    // a write that moved to its owner leaves the list too
    expect([...bekannt].filter((b) => !gefunden.has(b))).toEqual([]);
  });
  it('names every audit entity and action the server records in the audit log screen (de and en come from i18n)', () => {
    const server = quellen()
      .filter((f) => f.startsWith('apps/server/src/modules/') && !/\.test\.tsx?$/.test(f))
      .map((f) => readFileSync(path.join(REPO, f), 'utf8'))
      .join('\n');
    const geschrieben = (feld: string) =>
      new Set([...server.matchAll(new RegExp(`\\b${feld}: '([a-z_.]+)'`, 'g'))].map((m) => m[1]!));
    const anzeige = readFileSync(path.join(REPO, 'apps/web/src/components/AuditEntries.tsx'), 'utf8');
    const benannt = new Set(
      [...anzeige.matchAll(/^\s+'?([a-z_.]+)'?: t\('adminProtokoll\.(?:entities|actions)\./gm)].map(
        (m) => m[1]!,
      ),
    );
    const fehlend = [...geschrieben('entity'), ...geschrieben('action')].filter((n) => !benannt.has(n));
    expect(fehlend).toEqual([]);
  });
});
