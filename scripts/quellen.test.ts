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
});
