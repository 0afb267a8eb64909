import { describe, expect, it } from 'vitest';
import { FAHRTEN_POLICIES } from './fahrten/fahrten.policy.ts';
import { FAHRZEUGE_POLICIES } from './fahrzeuge/fahrzeuge.policy.ts';
import { IDENTITAET_POLICIES } from './identitaet/identitaet.policy.ts';
import { LESERAUM_POLICIES } from './leseraum/leseraum.policy.ts';
import { checkAdminRoute, type GuardContext, PERMISSION_NAMES, type PermissionName } from './permissions.ts';
import { PLATTFORM_POLICIES } from './plattform/plattform.policy.ts';
import { AKTIONEN, type Aktion, darf, erlaubteAktionen, isAktion, POLICIES, pruefeAktion } from './policy.ts';
import { VERWALTUNG_POLICIES } from './verwaltung/verwaltung.policy.ts';

const wer = (permissions: PermissionName[], isPlatformAdmin = false): GuardContext => ({
  permissions: new Set(permissions),
  isPlatformAdmin,
});

describe('policies (decision 204)', () => {
  it('declares every action in exactly one area', () => {
    const bereiche = [
      IDENTITAET_POLICIES,
      VERWALTUNG_POLICIES,
      LESERAUM_POLICIES,
      FAHRZEUGE_POLICIES,
      FAHRTEN_POLICIES,
      PLATTFORM_POLICIES,
    ];
    const namen = bereiche.flatMap((b) => Object.keys(b));
    expect(new Set(namen).size).toBe(namen.length);
    expect([...namen].sort()).toEqual(AKTIONEN);
  });

  it('names every action <thing>.<verb> in lower case and describes it in both languages', () => {
    for (const aktion of AKTIONEN) {
      expect(aktion).toMatch(/^[a-z_]+\.[a-z_]+$/);
      expect(POLICIES[aktion].beschreibung.de.length).toBeGreaterThan(5);
      expect(POLICIES[aktion].beschreibung.en.length).toBeGreaterThan(5);
    }
  });

  it('an action bound to an admin screen answers exactly as the screen guard of spec §2, for every single right', () => {
    const subjekte = [
      wer([]),
      wer([], true),
      ...PERMISSION_NAMES.map((p) => wer([p])),
      wer(['objekt_pflege', 'ausstattungs_pflege']),
    ];
    for (const aktion of AKTIONEN) {
      const policy = POLICIES[aktion];
      if (!('bildschirm' in policy) || typeof policy.bildschirm !== 'string') continue;
      for (const s of subjekte) expect(pruefeAktion(aktion, s)).toBe(checkAdminRoute(policy.bildschirm, s));
    }
  });

  it.each<[Aktion, PermissionName[], boolean, string | null]>([
    ['fahrzeuge.buchen', ['fahrzeug_buchen'], false, null],
    ['fahrzeuge.buchen', ['fahrzeug_fremdbuchung'], false, null],
    ['fahrzeuge.buchen', ['fahrzeug_pflege'], false, 'auth.forbidden'],
    ['fuhrpark.verwalten', ['fahrzeug_pflege'], false, null],
    ['fuhrpark.verwalten', ['fahrzeug_buchen'], false, 'auth.forbidden'],
    ['sonderfahrten.freigeben', ['fahrzeug_buchen'], false, 'guard.no_sonderfahrten_freigabe'],
    ['sonderfahrten.freigeben', ['fahrzeug_freigabe_von_sonderfahrten'], false, null],
    ['fahrtenbuch.lesen', ['fahrzeug_logbuch_report'], false, null],
    ['fahrtenbuch.lesen', ['fahrzeug_buchen'], false, 'auth.forbidden'],
    ['fahrten.verwalten', ['buchung_pflege'], false, null],
    ['buchungen.pflegen', ['buchung_pflege'], false, null],
    ['sso.pflegen', ['benutzer_pflegen'], false, 'auth.forbidden'],
    ['sso.pflegen', ['customizing_mandant_pflege'], false, null],
    ['mandanten.verwalten', ['benutzer_pflegen'], false, 'guard.no_plattform_admin'],
    ['mandanten.verwalten', [], true, null],
    // the right list serves the role screen and the user screen: either guard admits
    ['rechte.lesen', ['benutzer_pflegen'], false, null],
    ['rechte.lesen', ['berechtigungs_pflege'], false, null],
    ['rechte.lesen', ['fahrzeug_pflege'], false, 'guard.no_rolle_gruppe'],
    ['rechte.lesen', ['fahrzeug_buchen'], false, 'guard.no_admin'],
    ['benutzer.pflegen', ['benutzer_pflegen'], false, null],
    ['benutzer.pflegen', ['fahrzeug_pflege'], false, 'guard.no_benutzer'],
    ['postausgang.lesen', [], true, null],
  ])('%s with %j (platform %s) → %s', (aktion, rechte, plattform, erwartet) => {
    expect(pruefeAktion(aktion, wer(rechte, plattform))).toBe(erwartet);
  });

  it('refuses every action without a user', () => {
    for (const aktion of AKTIONEN) expect(darf(aktion, null)).toBe(false);
  });

  it('lists the abilities of a user sorted, and none for a user without rights', () => {
    expect(erlaubteAktionen(wer([]))).toEqual([]);
    expect(erlaubteAktionen(wer(['fahrzeug_buchen']))).toEqual(
      ['fahrzeuge.buchen', 'fahrten.eintragen', 'serviceheft.lesen'].sort(),
    );
    const alle = erlaubteAktionen(wer([...PERMISSION_NAMES], true));
    expect(alle).toEqual(AKTIONEN);
  });

  it('knows its actions', () => {
    expect(isAktion('fahrzeuge.pflegen')).toBe(true);
    expect(isAktion('fahrzeuge.fliegen')).toBe(false);
    expect(isAktion('toString')).toBe(false);
  });
});
