import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CUSTOMIZING_OPTIONS } from '@stellwerk/domain/verwaltung/customizing';
import { einstellungenTabelle } from '@stellwerk/domain/verwaltung/customizing-tabelle';
import { describe, expect, it } from 'vitest';

/** docs/einstellungen.md is the catalogue's table (R368): regenerated with `npm run docs:einstellungen`. */
const DATEI = join(import.meta.dirname, '../../../../../..', 'docs', 'customizing.md');

describe('the table of settings options in docs/', () => {
  it('is the one the catalogue makes today (run `npm run docs:einstellungen` after changing an option)', () => {
    expect(readFileSync(DATEI, 'utf8')).toBe(einstellungenTabelle());
  });

  it('has one row per option, with its default, unit and levels', () => {
    const rows = einstellungenTabelle()
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split(' | ').map((c) => c.replace(/^\| /, '').replace(/ \|$/, '').trim()));
    expect(rows.map((r) => r[0]).sort()).toEqual(CUSTOMIZING_OPTIONS.map((o) => `\`${o.name}\``).sort());
    for (const o of CUSTOMIZING_OPTIONS) {
      const row = rows.find((r) => r[0] === `\`${o.name}\``)!;
      expect(row[5], o.name).toBe(o.levels.join(', '));
    }
    expect(rows.find((r) => r[0] === '`Zoom`')!.slice(0, 7)).toEqual([
      '`Zoom`',
      'Leseraum',
      'number',
      '`100`',
      'percent',
      'benutzer, gruppe, mandant',
      'yes',
    ]);
  });
});
