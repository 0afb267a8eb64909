import { describe, expect, it } from 'vitest';
import type { FeatureSwitches } from './features.ts';
import { PERMISSION_NAMES, type PermissionName } from './permissions.ts';
import {
  checkScreen,
  isScreenPath,
  mayOpenScreen,
  SCREENS,
  type ScreenContext,
  startPage,
  visibleAdminMenu,
} from './screens.ts';

const switches = (FahrzeugBuchung: boolean, Leseraum: boolean, more: Partial<FeatureSwitches> = {}) => ({
  FahrzeugBuchung,
  Leseraum,
  Arbeitswelt: false,
  Officelocker: false,
  Chatbot: false,
  ...more,
});

const ctx = (
  permissions: PermissionName[],
  features: FeatureSwitches = switches(true, true),
  isPlatformAdmin = false,
): ScreenContext => ({ permissions: new Set(permissions), features, isPlatformAdmin });

const booker = ctx(['fahrzeug_buchen']);
const fremdbucher = ctx(['fahrzeug_fremdbuchung']);
const approver = ctx(['fahrzeug_freigabe_von_sonderfahrten']);
const licenceChecker = ctx(['fahrzeug_fuehrerscheinpruefung']);
const readingRoomOnly = ctx([]);
const admin = ctx([...PERMISSION_NAMES]);

describe('the screen table', () => {
  it('lists every path once, normalised', () => {
    const paths = SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path === '/' || !path.endsWith('/')).toBe(true);
    for (const path of paths) expect(path).toBe(path.toLowerCase());
  });

  it.each<[string, boolean]>([
    ['/', true],
    ['/fahrzeuge', true],
    ['/Fahrzeuge/', true],
    ['/fahrzeuge/freigaben?x=1', true],
    ['/leseraum/karte#top', true],
    ['/admin/postausgang', true],
    ['/auth/recovery', true],
    ['/gibt-es-nicht', false],
    ['/fahrzeuge/unbekannt', false],
    ['/admin/unbekannt', false],
    ['/api/me', false],
    ['/kiosk/raum-3', false],
  ])('%s is a screen: %s', (path, expected) => {
    expect(isScreenPath(path)).toBe(expected);
  });
});

describe('checkScreen: vehicle screens follow the rights of spec §6', () => {
  it.each<[string, ScreenContext, string | null]>([
    ['/fahrzeuge', booker, null],
    ['/fahrzeuge/uebersicht', booker, null],
    ['/fahrzeuge/freigaben', booker, 'guard.no_sonderfahrten_freigabe'],
    ['/fahrzeuge/fuehrerschein', booker, 'guard.no_fuehrerscheinpruefung'],
    ['/fahrzeuge', fremdbucher, null],
    ['/fahrzeuge/uebersicht', fremdbucher, null],
    ['/fahrzeuge', readingRoomOnly, 'guard.no_fahrzeug_modul'],
    ['/fahrzeuge/uebersicht', readingRoomOnly, 'guard.no_fahrzeug_modul'],
    ['/fahrzeuge/freigaben', readingRoomOnly, 'guard.no_sonderfahrten_freigabe'],
    ['/fahrzeuge/fuehrerschein', readingRoomOnly, 'guard.no_fuehrerscheinpruefung'],
    ['/fahrzeuge/freigaben', approver, null],
    ['/fahrzeuge', approver, 'guard.no_fahrzeug_modul'],
    ['/fahrzeuge/fuehrerschein', licenceChecker, null],
    ['/fahrzeuge/freigaben', licenceChecker, 'guard.no_sonderfahrten_freigabe'],
    ['/fahrzeuge/freigaben', admin, null],
    ['/fahrzeuge/fuehrerschein', admin, null],
    ['/leseraum/bestaetigungen', booker, 'guard.no_buchung_pflege'],
    ['/arbeitswelt/bestaetigungen', booker, 'guard.no_buchung_pflege'],
    ['/leseraum/bestaetigungen', ctx(['buchung_pflege']), null],
    ['/arbeitswelt/bestaetigungen', ctx(['buchung_pflege']), null],
  ])('%s for %o: %s', (path, context, expected) => {
    expect(checkScreen(path, context)).toBe(expected);
  });
});

describe('checkScreen: feature switches', () => {
  const noVehicles = switches(false, true);
  const noReadingRoom = switches(true, false);
  const nothing = switches(false, false);
  it.each<[string, ScreenContext, string | null]>([
    ['/fahrzeuge', ctx(['fahrzeug_buchen'], noVehicles), 'not_found'],
    ['/fahrzeuge/freigaben', ctx([...PERMISSION_NAMES], noVehicles), 'not_found'],
    ['/fahrzeuge/fuehrerschein', ctx([...PERMISSION_NAMES], noVehicles), 'not_found'],
    ['/admin/fahrzeuge', ctx([...PERMISSION_NAMES], noVehicles), 'not_found'],
    ['/admin/fahrzeuge', ctx([...PERMISSION_NAMES], noReadingRoom), null],
    ['/leseraum/karte', ctx([], noReadingRoom), 'not_found'],
    ['/leseraum/liste', ctx([], noReadingRoom), 'not_found'],
    ['/leseraum', ctx([], noReadingRoom), 'not_found'],
    ['/leseraum/bestaetigungen', ctx(['buchung_pflege'], noReadingRoom), 'not_found'],
    ['/admin/raeume', ctx([...PERMISSION_NAMES], noReadingRoom), 'not_found'],
    ['/admin/ausstattung', ctx([...PERMISSION_NAMES], noReadingRoom), 'not_found'],
    ['/admin/oeffnungszeiten', ctx([...PERMISSION_NAMES], noReadingRoom), 'not_found'],
    ['/officelocker', ctx([], nothing), 'not_found'],
    ['/officelocker', ctx([], switches(false, false, { Officelocker: true })), null],
    ['/leseraum/passwort', ctx([], nothing), null],
    ['/einstellungen', ctx([], nothing), null],
    ['/', ctx([], nothing), null],
    ['/admin', ctx([...PERMISSION_NAMES], nothing), null],
    ['/admin/benutzer', ctx([...PERMISSION_NAMES], nothing), null],
    ['/admin/einstellungen', ctx([...PERMISSION_NAMES], nothing), null],
    ['/admin/lokationen', ctx([...PERMISSION_NAMES], nothing), null],
    ['/admin', ctx([], nothing), 'guard.no_admin'],
  ])('%s for %o: %s', (path, context, expected) => {
    expect(checkScreen(path, context)).toBe(expected);
  });
});

describe('checkScreen: sign-in, unknown paths and the admin guard', () => {
  it.each<[string, ScreenContext | null, string | null]>([
    ['/login', null, null],
    ['/auth/recovery', null, null],
    ['/auth/fehler', null, null],
    ['/impressum', null, null],
    ['/kiosk', null, null],
    ['/fahrzeuge', null, 'guard.benutzer_muss_existieren'],
    ['/', null, 'guard.benutzer_muss_existieren'],
    ['/gibt-es-nicht', booker, 'not_found'],
    ['/gibt-es-nicht', null, 'not_found'],
    ['/admin', booker, 'guard.no_admin'],
    ['/admin/benutzer', ctx(['objekt_pflege']), 'guard.no_benutzer'],
    ['/admin/mandanten', ctx([], switches(true, true), true), null],
  ])('%s for %o: %s', (path, context, expected) => {
    expect(checkScreen(path, context)).toBe(expected);
  });

  it('mayOpenScreen is checkScreen === null', () => {
    expect(mayOpenScreen('/fahrzeuge', booker)).toBe(true);
    expect(mayOpenScreen('/fahrzeuge/freigaben', booker)).toBe(false);
  });
});

describe('startPage: chosen among the screens the user may open (decision 036)', () => {
  it.each<[string, ScreenContext, string | undefined, string]>([
    ['a booker, both areas on', booker, undefined, '/fahrzeuge'],
    ['a booker preferring the reading room', booker, 'leseraum/karte', '/leseraum/karte'],
    ['a booker preferring vehicles', booker, 'fahrzeuge', '/fahrzeuge'],
    ['a user without vehicle rights', readingRoomOnly, undefined, '/leseraum/karte'],
    ['a user without vehicle rights preferring vehicles', readingRoomOnly, 'fahrzeuge', '/leseraum/karte'],
    ['a booker, vehicles off', ctx(['fahrzeug_buchen'], switches(false, true)), undefined, '/leseraum/karte'],
    [
      'a booker preferring the reading room, reading room off',
      ctx(['fahrzeug_buchen'], switches(true, false)),
      'leseraum/karte',
      '/fahrzeuge',
    ],
    [
      'an approver only, reading room off',
      ctx(['fahrzeug_freigabe_von_sonderfahrten'], switches(true, false)),
      undefined,
      '/fahrzeuge/freigaben',
    ],
    [
      'a licence checker only, reading room off',
      ctx(['fahrzeug_fuehrerscheinpruefung'], switches(true, false)),
      undefined,
      '/fahrzeuge/fuehrerschein',
    ],
    [
      'an administrator, both areas off',
      ctx([...PERMISSION_NAMES], switches(false, false)),
      undefined,
      '/admin',
    ],
    ['a platform administrator, both areas off', ctx([], switches(false, false), true), undefined, '/admin'],
    ['a user, both areas off', ctx(['fahrzeug_buchen'], switches(false, false)), undefined, '/'],
    ['a user without vehicle rights, reading room off', ctx([], switches(true, false)), undefined, '/'],
    [
      'a user, both areas off, workspace on',
      ctx([], switches(false, false, { Arbeitswelt: true })),
      undefined,
      '/arbeitswelt',
    ],
    [
      'a user, both areas off, office locker on',
      ctx([], switches(false, false, { Officelocker: true })),
      undefined,
      '/officelocker',
    ],
  ])('%s starts on %s', (_who, context, preferred, expected) => {
    expect(startPage(context, preferred)).toBe(expected);
    expect(mayOpenScreen(startPage(context, preferred), context)).toBe(true);
  });

  it.each<[string, ScreenContext, string | undefined, string, string]>([
    ['a reader preferring the list', readingRoomOnly, undefined, 'liste', '/leseraum/liste'],
    ['a reader preferring the map', readingRoomOnly, undefined, 'karte', '/leseraum/karte'],
    ['a booker preferring the list, starting on vehicles', booker, undefined, 'liste', '/fahrzeuge'],
    [
      'a booker preferring the reading room and its list',
      booker,
      'leseraum/karte',
      'liste',
      '/leseraum/liste',
    ],
    ['an unknown view', readingRoomOnly, undefined, 'tabelle', '/leseraum/karte'],
  ])(
    "%s: the reading room opens in the user's view (Ansicht)",
    (_who, context, preferred, ansicht, expected) => {
      expect(startPage(context, preferred, ansicht)).toBe(expected);
    },
  );
});

describe('visibleAdminMenu: the admin guard and the feature switches', () => {
  it('shows a user administrator only the entries open to any admin plus users', () => {
    expect(visibleAdminMenu(ctx(['benutzer_pflegen'])).map((e) => e.path)).toEqual([
      '/admin/benutzer',
      // /admin/fahrzeuge needs fahrzeug_pflege (decision 048), /admin/auslastung and /admin/auswertung
      // auslastung_sehen (decisions 165, 195)
      '/admin/protokoll',
      '/admin/postausgang',
    ]);
  });

  it('drops the vehicles entry when vehicle booking is off, the reading-room entries when it is off', () => {
    const all = [...PERMISSION_NAMES];
    const paths = (features: FeatureSwitches) => visibleAdminMenu(ctx(all, features)).map((e) => e.path);
    expect(paths(switches(true, true))).toEqual(
      expect.arrayContaining(['/admin/fahrzeuge', '/admin/raeume']),
    );
    expect(paths(switches(false, true))).not.toContain('/admin/fahrzeuge');
    expect(paths(switches(false, true))).toContain('/admin/raeume');
    expect(paths(switches(true, false))).toEqual(
      expect.not.arrayContaining(['/admin/raeume', '/admin/ausstattung', '/admin/oeffnungszeiten']),
    );
    expect(paths(switches(false, false))).toEqual([
      '/admin/benutzer',
      '/admin/gruppen',
      '/admin/rollen',
      '/admin/lokationen',
      // the kiosks show places and vehicles, and stay while both areas are off (decision 182)
      '/admin/kiosks',
      '/admin/einstellungen',
      // the utilisation has nothing to show with both booking areas off (decision 165)
      '/admin/auswertung',
      '/admin/protokoll',
      '/admin/postausgang',
    ]);
    expect(paths(switches(true, false))).toContain('/admin/auslastung');
    expect(paths(switches(false, true))).toContain('/admin/auslastung');
  });

  it('shows a platform admin without tenant permissions only the tenants and the mailbox', () => {
    expect(visibleAdminMenu(ctx([], switches(true, true), true)).map((e) => e.path)).toEqual([
      '/admin/mandanten',
      '/admin/postausgang',
    ]);
  });

  it('shows nothing without a user', () => {
    expect(visibleAdminMenu(null)).toEqual([]);
  });
});
