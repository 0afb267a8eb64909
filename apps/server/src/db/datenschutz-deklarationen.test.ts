/**
 * Every table with a personal reference has a data-protection declaration (decision 200): a new table with a
 * `benutzer_id` (or a mail address, a driver …) fails here until it is declared in
 * `packages/domain/src/verwaltung/datenschutz/deklarationen.ts`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  DATENKATEGORIEN,
  KENNZAHLEN,
  PERSONENBEZUG_SPALTEN,
} from '@stellwerk/domain/verwaltung/datenschutz/deklarationen';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

const MODULES = path.join(import.meta.dirname, '..', 'modules');

const tabellen = async (): Promise<{ name: string; spalten: string[] }[]> => {
  const result: { name: string; spalten: string[] }[] = [];
  for (const bereich of readdirSync(MODULES))
    for (const modul of readdirSync(path.join(MODULES, bereich)))
      for (const datei of readdirSync(path.join(MODULES, bereich, modul)).filter((f) =>
        f.endsWith('.table.ts'),
      )) {
        const exports = (await import(path.join(MODULES, bereich, modul, datei))) as Record<string, unknown>;
        for (const value of Object.values(exports))
          if (value instanceof PgTable) {
            const config = getTableConfig(value);
            result.push({ name: config.name, spalten: config.columns.map((c) => c.name) });
          }
      }
  return result;
};

describe('data-protection declarations', () => {
  it('declare every table with a personal reference', async () => {
    const alle = await tabellen();
    expect(alle.length).toBeGreaterThan(40);
    const deklariert = new Set(DATENKATEGORIEN.flatMap((k) => k.tabellen));
    const persoenlich = alle
      .filter((t) => t.spalten.some((s) => PERSONENBEZUG_SPALTEN.test(s)))
      .map((t) => t.name);
    expect(persoenlich).toContain('fahrzeug_buchung');
    expect(persoenlich).toContain('leseraum_buchung');
    expect(persoenlich.filter((t) => !deklariert.has(t))).toEqual([]);
    // decision 246: the unmet demand is counts only, declared as a figure without person reference
    expect(alle.map((t) => t.name)).toContain('fahrzeug_nachfrage_ungedeckt');
    expect(persoenlich).not.toContain('fahrzeug_nachfrage_ungedeckt');
  });

  it('name only tables that exist', async () => {
    const namen = new Set((await tabellen()).map((t) => t.name));
    expect(DATENKATEGORIEN.flatMap((k) => k.tabellen).filter((t) => !namen.has(t))).toEqual([]);
  });

  it('are complete in both languages and give a reason for what a deletion keeps', () => {
    const ids = DATENKATEGORIEN.map((k) => k.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const k of DATENKATEGORIEN) {
      for (const text of [k.titel, k.daten, k.zweck, k.empfaenger, k.aufbewahrung, k.sichtbarFuer]) {
        expect(text.de.trim(), k.id).not.toBe('');
        expect(text.en.trim(), k.id).not.toBe('');
      }
      if (k.beiLoeschung === 'behalten') expect(k.behaltenWeil?.de, k.id).toBeTruthy();
    }
    for (const m of KENNZAHLEN) {
      expect(
        m.quellen.every((q) => ids.includes(q)),
        m.id,
      ).toBe(true);
      expect(m.sichtbarFuer.de).toMatch(/nie Zahlen je Person/);
    }
  });

  it('keep the logbook on deletion because tax law asks for it', () => {
    const fahrtenbuch = DATENKATEGORIEN.find((k) => k.tabellen.includes('fahrtenbuch_eintrag'));
    expect(fahrtenbuch?.beiLoeschung).toBe('behalten');
    expect(fahrtenbuch?.behaltenWeil?.de).toMatch(/§ 147 AO/);
  });
});
