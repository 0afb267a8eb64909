import { describe, expect, it } from 'vitest';
import { parseSpindCsv } from './csv.ts';

describe('parseSpindCsv', () => {
  it('reads a valid file with ; and yes/no words', () => {
    const r = parseSpindCsv('nummer;groesse;barrierefrei;ausser_betrieb\n1;s;ja;nein\n2;L;;x\r\n\n');
    expect(r.fehler).toEqual([]);
    expect(r.zeilen).toEqual([
      { nummer: '1', groesse: 'S', barrierefrei: true, ausserBetrieb: false },
      { nummer: '2', groesse: 'L', barrierefrei: false, ausserBetrieb: true },
    ]);
  });

  it('reports every bad line with its number', () => {
    const r = parseSpindCsv(
      'nummer,groesse,barrierefrei,ausser_betrieb\n1,M,nein,nein\n1,M,nein,nein\n,M,,\n3,XL,,\n4,S,vielleicht,\n5,S,,,zu viel\n7,S,,',
      new Set(['7']),
    );
    expect(r.fehler.map((f) => f.zeile)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(r.fehler[2]?.meldung).toContain('Größe');
  });

  it('refuses a wrong header and an empty file', () => {
    expect(parseSpindCsv('nr;size\n1;S').fehler).toEqual([
      { zeile: 1, meldung: 'Kopfzeile muss "nummer;groesse;barrierefrei;ausser_betrieb" sein.' },
    ]);
    expect(parseSpindCsv('nummer;groesse;barrierefrei;ausser_betrieb\n').fehler[0]?.zeile).toBe(2);
  });
});
