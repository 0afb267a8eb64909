import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ErrorCode } from './errors.ts';
import {
  ADMIN_MENU,
  ADMIN_PERMISSIONS,
  ADMIN_ROUTE_GUARDS,
  checkAdminRoute,
  type GuardContext,
  hasAdminAccess,
  needsVehicleModule,
  PERMISSION_DESCRIPTIONS,
  PERMISSION_NAMES,
  type PermissionName,
  resolvePermissions,
} from './permissions.ts';

const ctx = (perms: PermissionName[], isPlatformAdmin = false): GuardContext => ({
  permissions: new Set(perms),
  isPlatformAdmin,
});

describe('permission names', () => {
  it('are the thirteen names of spec §6, the utilisation right (decision 165) and the evaluation right (decision 246)', () => {
    expect(PERMISSION_NAMES).toEqual([
      'buchung_pflege',
      'benutzer_pflegen',
      'berechtigungs_pflege',
      'ausstattungs_pflege',
      'oeffnungszeiten_pflege',
      'objekt_pflege',
      'fahrzeug_pflege',
      'fahrzeug_freigabe_von_sonderfahrten',
      'fahrzeug_buchen',
      'fahrzeug_fremdbuchung',
      'fahrzeug_logbuch_report',
      'customizing_mandant_pflege',
      'fahrzeug_fuehrerscheinpruefung',
      'auslastung_sehen',
      'auswertung_sehen',
    ]);
  });

  it('each have a German and an English description', () => {
    for (const name of PERMISSION_NAMES) {
      expect(PERMISSION_DESCRIPTIONS[name].de).not.toBe('');
      expect(PERMISSION_DESCRIPTIONS[name].en).not.toBe('');
    }
  });
});

describe('resolvePermissions', () => {
  it('grants a permission only when its value is the string true', () => {
    const perms = resolvePermissions({
      direct: [
        { name: 'fahrzeug_buchen', wert: 'true' },
        { name: 'objekt_pflege', wert: 'TRUE' },
        { name: 'benutzer_pflegen', wert: '1' },
      ],
      roles: [],
      groupRoles: [],
    });
    expect([...perms]).toEqual(['fahrzeug_buchen']);
  });

  it('collects grants from direct grants, roles and group roles', () => {
    const perms = resolvePermissions({
      direct: [{ name: 'fahrzeug_buchen', wert: 'true' }],
      roles: [{ name: 'objekt_pflege', wert: 'true' }],
      groupRoles: [{ name: 'benutzer_pflegen', wert: 'true' }],
    });
    expect(perms).toEqual(new Set(['fahrzeug_buchen', 'objekt_pflege', 'benutzer_pflegen']));
  });

  it('ignores unknown permission names', () => {
    const perms = resolvePermissions({ direct: [{ name: 'root', wert: 'true' }], roles: [], groupRoles: [] });
    expect(perms.size).toBe(0);
  });

  it('lets a true from any source win over a direct false', () => {
    const perms = resolvePermissions({
      direct: [{ name: 'fahrzeug_pflege', wert: 'false' }],
      roles: [],
      groupRoles: [{ name: 'fahrzeug_pflege', wert: 'true' }],
    });
    expect(perms.has('fahrzeug_pflege')).toBe(true);
  });

  it('is the union of the sources, whatever their order (property)', () => {
    const grant = fc.record({
      name: fc.oneof(fc.constantFrom(...PERMISSION_NAMES), fc.string()),
      wert: fc.constantFrom('true', 'false', '', '1'),
    });
    fc.assert(
      fc.property(fc.array(grant), fc.array(grant), fc.array(grant), (a, b, c) => {
        const one = resolvePermissions({ direct: a, roles: b, groupRoles: c });
        const other = resolvePermissions({ direct: c, roles: a, groupRoles: b });
        expect(one).toEqual(other);
        const expected = new Set([...a, ...b, ...c].filter((g) => g.wert === 'true').map((g) => g.name));
        for (const p of one) expect(expected.has(p)).toBe(true);
      }),
    );
  });
});

describe('hasAdminAccess', () => {
  it.each(ADMIN_PERMISSIONS)('is granted by %s alone', (p) => {
    expect(hasAdminAccess(new Set([p]))).toBe(true);
  });

  it.each<PermissionName>([
    'buchung_pflege',
    'fahrzeug_buchen',
    'fahrzeug_fremdbuchung',
    'fahrzeug_freigabe_von_sonderfahrten',
    'fahrzeug_logbuch_report',
    'fahrzeug_fuehrerscheinpruefung',
  ])('is not granted by %s alone', (p) => {
    expect(hasAdminAccess(new Set([p]))).toBe(false);
  });
});

describe('needsVehicleModule', () => {
  it.each<[PermissionName[], boolean]>([
    [['fahrzeug_buchen'], true],
    [['fahrzeug_fremdbuchung'], true],
    [['fahrzeug_pflege'], false],
    [[], false],
  ])('with %j is %s', (perms, expected) => {
    expect(needsVehicleModule(new Set(perms))).toBe(expected);
  });
});

describe('checkAdminRoute', () => {
  it.each<[string, GuardContext | null, ErrorCode | null]>([
    ['/admin', null, 'guard.benutzer_muss_existieren'],
    ['/admin/benutzer', null, 'guard.benutzer_muss_existieren'],
    ['/admin', ctx([]), 'guard.no_admin'],
    ['/admin', ctx(['fahrzeug_buchen']), 'guard.no_admin'],
    ['/admin', ctx(['oeffnungszeiten_pflege']), null],
    // the utilisation needs auslastung_sehen beside admin access (decision 165)
    ['/admin/auslastung', ctx(['benutzer_pflegen']), 'guard.no_auslastung'],
    ['/admin/auslastung', ctx(['benutzer_pflegen', 'auslastung_sehen']), null],
    ['/admin/auslastung', ctx(['auslastung_sehen']), 'guard.no_admin'],
    // the evaluation has its own right (decision 246): the utilisation's right does not open it
    ['/admin/auswertung', ctx(['benutzer_pflegen']), 'guard.no_auswertung'],
    ['/admin/auswertung', ctx(['benutzer_pflegen', 'auslastung_sehen']), 'guard.no_auswertung'],
    ['/admin/auswertung', ctx(['benutzer_pflegen', 'auswertung_sehen']), null],
    ['/admin/auswertung', ctx(['auswertung_sehen']), 'guard.no_admin'],
    // /admin/fahrzeuge needs fahrzeug_pflege (decision 048)
    ['/admin/fahrzeuge', ctx(['benutzer_pflegen']), 'guard.no_fahrzeug_pflege'],
    ['/admin/fahrzeuge', ctx(['fahrzeug_buchen']), 'guard.no_admin'],
    // /admin/einstellungen: (objekt_pflege and ausstattungs_pflege) or one of the two settings rights
    ['/admin/einstellungen', ctx(['objekt_pflege', 'ausstattungs_pflege']), null],
    ['/admin/einstellungen', ctx(['objekt_pflege']), 'guard.no_einstellungen'],
    ['/admin/einstellungen', ctx(['ausstattungs_pflege']), 'guard.no_einstellungen'],
    ['/admin/einstellungen', ctx(['customizing_mandant_pflege']), null],
    ['/admin/einstellungen', ctx(['fahrzeug_pflege']), null],
    ['/admin/einstellungen', ctx(['benutzer_pflegen']), 'guard.no_einstellungen'],
    ['/admin/raeume', ctx(['ausstattungs_pflege']), null],
    ['/admin/raeume', ctx(['objekt_pflege']), 'guard.no_ausstattung'],
    ['/admin/ausstattung', ctx(['objekt_pflege']), 'guard.no_ausstattung'],
    ['/admin/rollen', ctx(['berechtigungs_pflege']), null],
    ['/admin/rollen', ctx(['benutzer_pflegen']), 'guard.no_rolle_gruppe'],
    ['/admin/gruppen', ctx(['berechtigungs_pflege']), null],
    ['/admin/gruppen', ctx(['benutzer_pflegen']), 'guard.no_rolle_gruppe'],
    ['/admin/benutzer', ctx(['benutzer_pflegen']), null],
    ['/admin/benutzer', ctx(['berechtigungs_pflege']), 'guard.no_benutzer'],
    ['/admin/lokationen', ctx(['objekt_pflege']), null],
    ['/admin/kiosks', ctx(['objekt_pflege']), null],
    ['/admin/kiosks', ctx(['ausstattungs_pflege']), 'guard.no_objekt_pflege'],
    ['/admin/lokationen', ctx(['ausstattungs_pflege']), 'guard.no_objekt_pflege'],
    ['/admin/fahrzeuge', ctx(['objekt_pflege']), 'guard.no_fahrzeug_pflege'],
    ['/admin/fahrzeuge', ctx(['fahrzeug_pflege']), null],
    ['/admin/oeffnungszeiten', ctx(['objekt_pflege']), 'guard.no_oeffnungszeiten_pflege'],
    ['/admin/oeffnungszeiten', ctx(['oeffnungszeiten_pflege']), null],
    // the mailbox: the user right or a platform administrator (decision 017)
    ['/admin/postausgang', ctx(['fahrzeug_pflege']), 'guard.no_postausgang'],
    ['/admin/postausgang', ctx(['oeffnungszeiten_pflege']), 'guard.no_postausgang'],
    ['/admin/postausgang', ctx(['benutzer_pflegen']), null],
    ['/admin/postausgang', ctx([], true), null],
    ['/admin/postausgang', ctx([]), 'guard.no_admin'],
    ['/admin/postausgang', null, 'guard.benutzer_muss_existieren'],
    ['/admin/mandanten', ctx([...PERMISSION_NAMES]), 'guard.no_plattform_admin'],
    ['/admin/mandanten', ctx([]), 'guard.no_admin'],
    ['/admin/mandanten', ctx([], true), null],
    ['/admin', ctx([], true), null],
    ['/admin/benutzer', ctx([], true), 'guard.no_admin'],
    ['/fahrzeuge', ctx([]), null],
    ['/fahrzeuge', null, null],
    ['/administrator', ctx([]), null],
  ])('%s for %o gives %s', (path, context, expected) => {
    expect(checkAdminRoute(path, context)).toBe(expected);
  });

  it.each([
    '/admin/benutzer/',
    '/admin/benutzer/42',
    '/Admin/Benutzer',
    '//admin//benutzer',
    '/admin/./benutzer',
    '/fahrzeuge/../admin/benutzer',
    '/admin/%62enutzer',
    '/admin/benutzer?tab=1',
    '/admin/benutzer#x',
    '\\admin\\benutzer',
  ])('cannot be tricked by the spelling %s', (path) => {
    expect(checkAdminRoute(path, ctx(['objekt_pflege']))).toBe('guard.no_benutzer');
  });

  it('always fails without admin access below /admin, except a platform admin on /admin and /admin/mandanten (property)', () => {
    const nonAdmin = PERMISSION_NAMES.filter((p) => !(ADMIN_PERMISSIONS as readonly string[]).includes(p));
    fc.assert(
      fc.property(
        fc.subarray(nonAdmin),
        fc.constantFrom(...ADMIN_MENU.map((e) => e.path), '/admin', '/admin/irgendwas'),
        (perms, path) => {
          expect(checkAdminRoute(path, ctx(perms))).toBe('guard.no_admin');
        },
      ),
    );
  });

  it('has a guard for each of the guarded paths of spec §2', () => {
    const paths = ADMIN_ROUTE_GUARDS.map((g) => g.path);
    for (const p of [
      '/admin/einstellungen',
      '/admin/raeume',
      '/admin/rollen',
      '/admin/gruppen',
      '/admin/benutzer',
    ]) {
      expect(paths).toContain(p);
    }
    expect(paths).toContain('/admin/lokationen');
  });
});

describe('the admin menu', () => {
  it('lists every admin screen once', () => {
    const paths = ADMIN_MENU.map((e) => e.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual([
      '/admin/benutzer',
      '/admin/gruppen',
      '/admin/rollen',
      '/admin/lokationen',
      '/admin/raeume',
      '/admin/kiosks',
      '/admin/fahrzeuge',
      '/admin/mandanten',
      '/admin/einstellungen',
      '/admin/ausstattung',
      '/admin/oeffnungszeiten',
      '/admin/auslastung',
      '/admin/auswertung',
      '/admin/protokoll',
      '/admin/postausgang',
    ]);
  });
});

describe('admin menu labels beside the personal menu', () => {
  it('vehicles and settings read differently from the personal entries (both menus show for administrators)', () => {
    const label = (path: string) => ADMIN_MENU.find((e) => e.path === path)!.label;
    expect(label('/admin/fahrzeuge')).toEqual({ de: 'Fahrzeugverwaltung', en: 'Vehicle administration' });
    expect(label('/admin/einstellungen')).toEqual({ de: 'Einstellungen (Mandant)', en: 'Settings (tenant)' });
  });
});
