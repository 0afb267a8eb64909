/**
 * The screens of the web app (spec §2) in one table: every route the web router knows, the feature area
 * it belongs to and the rights that open it. The web router guards its routes with `checkScreen`, menus
 * and admin cards show what `mayOpenScreen` allows, the server answers 404 for paths that are no screen
 * (`isScreenPath`) and picks the start page with `startPage` (decision 036).
 *
 * Vehicle screens (spec §6): /fahrzeuge/freigaben needs fahrzeug_freigabe_von_sonderfahrten,
 * /fahrzeuge/fuehrerschein fahrzeug_fuehrerscheinpruefung, the other vehicle screens the vehicle module
 * (fahrzeug_buchen or fahrzeug_fremdbuchung). Screens of a switched-off area answer 404 (spec §8: an
 * unknown route guard gives the 404 page); the admin screens keep their guard of spec §2
 * (`checkAdminRoute`).
 */
import type { ErrorCode } from './errors.ts';
import type { FeatureSwitches, SwitchableFeature } from './features.ts';
import { isPublicRoute } from './navigation.ts';
import { normalizePath } from './paths.ts';
import {
  ADMIN_MENU,
  type AdminMenuEntry,
  checkAdminRoute,
  type GuardContext,
  needsVehicleModule,
} from './permissions.ts';

/** What a screen guard looks at: the user's rights and the tenant's feature switches. */
export type ScreenContext = GuardContext & { features: FeatureSwitches };

export type Screen = {
  /** The route's path (normalised: lower case, no trailing slash). */
  readonly path: string;
  /** The feature area that must be switched on; otherwise the screen answers 404. */
  readonly feature?: SwitchableFeature;
  /** Rights beyond sign-in (and beyond the admin guard for /admin screens). */
  readonly allows?: (ctx: ScreenContext) => boolean;
  /** The failure when `allows` says no. */
  readonly error?: ErrorCode;
};

const vehicleModule = {
  feature: 'FahrzeugBuchung',
  allows: (ctx: ScreenContext) => needsVehicleModule(ctx.permissions),
  error: 'guard.no_fahrzeug_modul',
} as const;

/** Booking staff (buchung_pflege) confirm or decline holds of places that need them (R170). */
const bookingStaff = {
  allows: (ctx: ScreenContext) => ctx.permissions.has('buchung_pflege'),
  error: 'guard.no_buchung_pflege',
} as const;

/** Every route of the web app. The web router's test proves that router and table list the same paths. */
export const SCREENS: readonly Screen[] = [
  { path: '/' },
  { path: '/login' },
  { path: '/public' },
  { path: '/logout' },
  { path: '/auth/confirm' },
  { path: '/auth/recovery' },
  { path: '/auth/fehler' },
  { path: '/kiosk' },
  // check-in by scanning a kiosk's code (decision 183): signed in, in the app's normal layout
  { path: '/kiosk/einchecken' },
  { path: '/impressum' },
  { path: '/leseraum', feature: 'Leseraum' },
  { path: '/leseraum/karte', feature: 'Leseraum' },
  { path: '/leseraum/liste', feature: 'Leseraum' },
  // the holds booking staff confirm (R170, decision 136), one list per area like the map and the list
  { path: '/leseraum/bestaetigungen', feature: 'Leseraum', ...bookingStaff },
  { path: '/leseraum/passwort' },
  { path: '/einstellungen' },
  { path: '/einstellungen/sicherheit' },
  { path: '/arbeitswelt' },
  { path: '/arbeitswelt/karte' },
  { path: '/arbeitswelt/liste' },
  { path: '/arbeitswelt/bestaetigungen', ...bookingStaff },
  { path: '/officelocker', feature: 'Officelocker' },
  { path: '/fahrzeuge', ...vehicleModule },
  { path: '/fahrzeuge/uebersicht', ...vehicleModule },
  {
    path: '/fahrzeuge/freigaben',
    feature: 'FahrzeugBuchung',
    allows: (ctx) => ctx.permissions.has('fahrzeug_freigabe_von_sonderfahrten'),
    error: 'guard.no_sonderfahrten_freigabe',
  },
  {
    path: '/fahrzeuge/fuehrerschein',
    feature: 'FahrzeugBuchung',
    allows: (ctx) => ctx.permissions.has('fahrzeug_fuehrerscheinpruefung'),
    error: 'guard.no_fuehrerscheinpruefung',
  },
  { path: '/admin' },
  { path: '/admin/benutzer' },
  { path: '/admin/gruppen' },
  { path: '/admin/rollen' },
  { path: '/admin/lokationen' },
  // wall screens at a location (decision 182)
  { path: '/admin/kiosks' },
  // rooms and floor plans, their equipment and special opening hours belong to the reading room
  { path: '/admin/raeume', feature: 'Leseraum' },
  { path: '/admin/ausstattung', feature: 'Leseraum' },
  { path: '/admin/oeffnungszeiten', feature: 'Leseraum' },
  { path: '/admin/fahrzeuge', feature: 'FahrzeugBuchung' },
  { path: '/admin/mandanten' },
  { path: '/admin/einstellungen' },
  // utilisation of reading rooms and vehicles (decision 165): shown while at least one of the two areas is on
  {
    path: '/admin/auslastung',
    allows: (ctx) => ctx.features.Leseraum || ctx.features.FahrzeugBuchung,
    error: 'not_found',
  },
  { path: '/admin/auswertung' },
  { path: '/admin/protokoll' },
  { path: '/admin/postausgang' },
];

const BY_PATH = new Map(SCREENS.map((screen) => [screen.path, screen]));

/** The screen at `path` (query, hash, case and trailing slashes ignored), if the web app has one. */
export const findScreen = (path: string): Screen | undefined => BY_PATH.get(normalizePath(path));

/** True when `path` is a route of the web app (the server answers 404 for any other page path). */
export const isScreenPath = (path: string): boolean => findScreen(path) !== undefined;

/**
 * The screen guard: `null` when `ctx` may open `path`, else the failure's error code — `not_found` for
 * paths that are no screen and for screens of a switched-off area (the 404 page),
 * 'guard.benutzer_muss_existieren' without a user, the admin guard's code under /admin, the screen's own
 * code when its rights are missing.
 */
export const checkScreen = (path: string, ctx: ScreenContext | null): ErrorCode | null => {
  const screen = findScreen(path);
  if (!screen) return 'not_found';
  if (isPublicRoute(screen.path)) return null; // the exclude list of spec §2
  if (ctx === null) return 'guard.benutzer_muss_existieren';
  if (screen.feature && !ctx.features[screen.feature]) return 'not_found';
  const admin = checkAdminRoute(screen.path, ctx);
  if (admin) return admin;
  if (screen.allows && !screen.allows(ctx)) return screen.error ?? 'auth.forbidden';
  return null;
};

/** True when `ctx` may open `path`: menus, admin cards and counts show exactly these. */
export const mayOpenScreen = (path: string, ctx: ScreenContext | null): boolean =>
  checkScreen(path, ctx) === null;

/** The admin menu entries (and /admin cards) `ctx` may open, in display order. */
export const visibleAdminMenu = (ctx: ScreenContext | null): AdminMenuEntry[] =>
  ADMIN_MENU.filter((entry) => mayOpenScreen(entry.path, ctx));

/** Where a signed-in user starts when no area screen is open to them: the page that says what is on. */
export const NO_AREA_START_PAGE = '/';

/**
 * The start page (spec §2: 'fahrzeuge' when vehicle booking is on, otherwise 'leseraum/karte'), chosen
 * among the screens the user may open (decision 036): the user's `Startseite` setting ('fahrzeuge' or
 * 'leseraum/karte') first, then the vehicle list, the reading-room map, the approvals, the licence
 * checks, the administration, the workspace and the office locker when their switch is on; with none of
 * them '/', which shows what the tenant has switched on and offers sign-out. The reading room opens in the user's
 * view (`Ansicht` 'liste': the list, spec §2 "Views: map or list (default map)").
 */
export const startPage = (ctx: ScreenContext, preferred?: string | null, ansicht?: string | null): string => {
  const areas =
    preferred === 'leseraum/karte' ? ['/leseraum/karte', '/fahrzeuge'] : ['/fahrzeuge', '/leseraum/karte'];
  const candidates = [
    ...areas,
    '/fahrzeuge/freigaben',
    '/fahrzeuge/fuehrerschein',
    '/admin',
    ...(ctx.features.Arbeitswelt ? ['/arbeitswelt'] : []),
    ...(ctx.features.Officelocker ? ['/officelocker'] : []),
  ];
  const start = candidates.find((path) => mayOpenScreen(path, ctx)) ?? NO_AREA_START_PAGE;
  return start === '/leseraum/karte' && ansicht === 'liste' && mayOpenScreen('/leseraum/liste', ctx)
    ? '/leseraum/liste'
    : start;
};
