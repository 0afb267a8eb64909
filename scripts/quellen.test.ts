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
});
