import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const modules = path.resolve(import.meta.dirname, '../modules');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });

/**
 * A transaction is one connection: statements on it run one after the other anyway, and node-postgres warns
 * ("Calling client.query() when the client is already executing a query is deprecated", an error in pg 9)
 * when they are started together. So services and repositories await their queries one by one instead of
 * `Promise.all` (file work outside the database, `Promise.allSettled` in storage, is fine).
 */
describe('queries in a transaction', () => {
  it('are awaited one by one, never started together with Promise.all', () => {
    const offenders = sourceFiles(modules).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /Promise\.all\(/.test(line) ? [`${path.relative(modules, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
