import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../packages/domain/src/errors.ts';
import { REPO, regelnTabelle } from './regeln.ts';

describe('docs/rules.md, the table of rules', () => {
  const table = regelnTabelle();

  it('is the one the catalogue and the code make today (run `npm run docs:regeln` after changing either)', () => {
    expect(readFileSync(path.join(REPO, 'docs', 'rules.md'), 'utf8')).toBe(table);
  });

  it('has one row for every code of the error catalogue', () => {
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split(' | ')[0]!.slice(3, -1));
    expect(rows.sort()).toEqual(Object.keys(ERRORS).sort());
  });

  it('names the domain rule and its test for a rule of the spec (a vehicle already taken at that time)', () => {
    const row = table.split('\n').find((line) => line.startsWith('| `fahrzeug_buchung.ueberschneidung`'))!;
    expect(row).toMatch(/`domain\/fahrzeuge\/fahrzeug-buchung\/rules\.ts`/);
    expect(row).toMatch(/\.test\.ts`/);
  });
});
