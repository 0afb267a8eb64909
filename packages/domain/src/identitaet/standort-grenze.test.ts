import { describe, expect, it } from 'vitest';
import type { PermissionName } from '../permissions.ts';
import {
  nurErlaubteStandorte,
  pruefeRollenStandorte,
  resolveStandortGrenzen,
  standortAuswahl,
  standortGrenzeFuer,
} from './standort-grenze.ts';

const A = 'a0000000-0000-4000-8000-000000000001';
const B = 'b0000000-0000-4000-8000-000000000002';
const C = 'c0000000-0000-4000-8000-000000000003';

describe('resolveStandortGrenzen (decision 258)', () => {
  it('limits a right held only through limited assignments to the union of their locations', () => {
    expect(
      resolveStandortGrenzen([
        { name: 'auslastung_sehen', wert: 'true', standortIds: [B] },
        { name: 'auslastung_sehen', wert: 'true', standortIds: [A, B] },
      ]),
    ).toEqual({ auslastung_sehen: [A, B] });
  });

  it('one unlimited grant (direct, group role, role for the whole tenant) opens the whole tenant', () => {
    for (const offen of [{ standortIds: [] }, {}]) {
      expect(
        resolveStandortGrenzen([
          { name: 'auslastung_sehen', wert: 'true', standortIds: [A] },
          { name: 'auslastung_sehen', wert: 'true', ...offen },
        ]),
      ).toEqual({});
    }
  });

  it('ignores grants that are not true and names outside the catalogue', () => {
    expect(
      resolveStandortGrenzen([
        { name: 'auswertung_sehen', wert: 'false', standortIds: [A] },
        { name: 'unbekannt', wert: 'true', standortIds: [A] },
      ]),
    ).toEqual({});
  });

  it('a limited grant beside a false unlimited one stays limited', () => {
    expect(
      resolveStandortGrenzen([
        { name: 'auswertung_sehen', wert: 'false' },
        { name: 'auswertung_sehen', wert: 'true', standortIds: [C] },
      ]),
    ).toEqual({ auswertung_sehen: [C] });
  });
});

describe('standortGrenzeFuer', () => {
  const user = (permissions: PermissionName[], standortGrenzen = {}) => ({
    permissions: new Set(permissions),
    standortGrenzen,
  });

  it('is null (the whole tenant) when the right is held without a limit', () => {
    expect(standortGrenzeFuer('auslastung.sehen', user(['auslastung_sehen']))).toBeNull();
  });

  it("is the right's locations when it is limited", () => {
    expect(
      standortGrenzeFuer('auswertung.sehen', user(['auswertung_sehen'], { auswertung_sehen: [B] })),
    ).toEqual([B]);
  });

  it("counts only the action's own right: a limited utilisation right does not limit the evaluation", () => {
    const u = user(['auslastung_sehen', 'auswertung_sehen'], { auslastung_sehen: [A] });
    expect(standortGrenzeFuer('auslastung.sehen', u)).toEqual([A]);
    expect(standortGrenzeFuer('auswertung.sehen', u)).toBeNull();
  });
});

describe('standortAuswahl', () => {
  it('without a limit: the asked location or no filter', () => {
    expect(standortAuswahl(null, undefined)).toEqual({ standortIds: undefined });
    expect(standortAuswahl(null, A)).toEqual({ standortIds: [A] });
  });

  it('with a limit: an own location, all own locations, or 403 for a foreign one', () => {
    expect(standortAuswahl([A, B], B)).toEqual({ standortIds: [B] });
    expect(standortAuswahl([A, B], undefined)).toEqual({ standortIds: [A, B] });
    expect(standortAuswahl([A], C)).toEqual({ fehler: 'auslastung.standort_fremd' });
  });

  it('a limit to no location that still exists answers for none, never for the whole tenant', () => {
    expect(standortAuswahl([], undefined)).toEqual({ standortIds: [] });
  });
});

describe('nurErlaubteStandorte', () => {
  const liste = [
    { id: A, name: 'Berlin' },
    { id: B, name: 'Hamburg' },
  ];
  it('offers only the own locations in the filters', () => {
    expect(nurErlaubteStandorte([B], liste)).toEqual([{ id: B, name: 'Hamburg' }]);
    expect(nurErlaubteStandorte(null, liste)).toEqual(liste);
  });
});

describe('pruefeRollenStandorte', () => {
  const kontext = { rolleIds: ['r1', 'r2'], standortIds: new Set([A, B]) };
  it('accepts locations for assigned roles', () => {
    expect(pruefeRollenStandorte([{ rolleId: 'r1', standortIds: [A, B] }], kontext)).toBeNull();
    expect(pruefeRollenStandorte([], kontext)).toBeNull();
  });
  it('refuses a role the user is not given, a role twice, a location twice and an unknown location', () => {
    expect(pruefeRollenStandorte([{ rolleId: 'r3', standortIds: [A] }], kontext)).toEqual({
      code: 'benutzer.standort_rolle_fehlt',
      rolleId: 'r3',
    });
    expect(
      pruefeRollenStandorte(
        [
          { rolleId: 'r1', standortIds: [A] },
          { rolleId: 'r1', standortIds: [B] },
        ],
        kontext,
      ),
    ).toEqual({ code: 'benutzer.standorte_ungueltig', rolleId: 'r1' });
    expect(pruefeRollenStandorte([{ rolleId: 'r1', standortIds: [A, A] }], kontext)).toEqual({
      code: 'benutzer.standorte_ungueltig',
      rolleId: 'r1',
    });
    expect(pruefeRollenStandorte([{ rolleId: 'r2', standortIds: [C] }], kontext)).toEqual({
      code: 'benutzer.standort_unbekannt',
      standortId: C,
    });
  });
});
