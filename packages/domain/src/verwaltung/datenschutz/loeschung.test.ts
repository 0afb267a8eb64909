import { describe, expect, it } from 'vitest';
import { DATENKATEGORIEN } from './deklarationen.ts';
import { LOESCH_GRUENDE, loeschbericht, loeschPlan } from './loeschung.ts';

describe('erasure report (decision 235)', () => {
  it('names every declared category in the declarations’ order with its treatment', () => {
    expect(loeschPlan().map((k) => [k.id, k.behandlung])).toEqual(
      DATENKATEGORIEN.map((k) => [k.id, k.beiLoeschung]),
    );
  });

  it('gives a kept category its own reason and the others the reason of their treatment, in both languages', () => {
    for (const k of loeschPlan()) {
      const d = DATENKATEGORIEN.find((x) => x.id === k.id)!;
      if (d.beiLoeschung === 'behalten') expect(k.grund).toEqual(d.behaltenWeil);
      else expect(k.grund).toEqual(LOESCH_GRUENDE[d.beiLoeschung]);
      expect(k.grund.de.length).toBeGreaterThan(0);
      expect(k.grund.en.length).toBeGreaterThan(0);
    }
    const fahrtenbuch = loeschPlan().find((k) => k.id === 'fahrtenbuch')!;
    expect(fahrtenbuch.behandlung).toBe('behalten');
    expect(fahrtenbuch.grund.de).toMatch(/§ 147 AO/);
  });

  it('counts what the modules reported and 0 for a category nobody reported', () => {
    const b = loeschbericht({
      benutzerId: 'b1',
      geloeschtAm: new Date('2026-04-20T10:00:00Z'),
      anzahl: { fahrtenbuch: 2, konto: 4 },
      storniert: { fahrzeugBuchungen: 1, platzBuchungen: 0, spindBuchungen: 0 },
      platzhalterBehalten: true,
    });
    expect(b.geloeschtAm).toBe('2026-04-20T10:00:00.000Z');
    expect(b.kategorien.find((k) => k.id === 'fahrtenbuch')!.anzahl).toBe(2);
    expect(b.kategorien.find((k) => k.id === 'konto')!.anzahl).toBe(4);
    expect(b.kategorien.find((k) => k.id === 'protokoll')!.anzahl).toBe(0);
    expect(b.kategorien).toHaveLength(DATENKATEGORIEN.length);
  });
});
