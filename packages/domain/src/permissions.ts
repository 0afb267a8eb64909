/**
 * Permissions (spec §6) and the admin route guard (spec §2).
 *
 * Spec §6 leaves open which permission each guard right is; our mapping:
 * - "admin rights": any of the seven care permissions of `ADMIN_PERMISSIONS` (spec §6 "Admin access");
 * - "equipment right": ausstattungs_pflege; "role/group right": berechtigungs_pflege;
 *   "user right": benutzer_pflegen; "location-care right": objekt_pflege;
 * - "the two settings rights" of /admin/einstellungen: customizing_mandant_pflege (tenant settings) and
 *   fahrzeug_pflege (the vehicle feature settings are tenant-level booking rules maintained by the fleet
 *   side). So: (objekt_pflege AND ausstattungs_pflege) OR customizing_mandant_pflege OR fahrzeug_pflege.
 * - /admin/mandanten (tenant management) is for platform administrators only, who also reach /admin.
 * - /admin/postausgang (the mailbox) is for the user right (its tenant's mails) and platform administrators
 *   (the platform mails), decision 017: it lists who got which mail, so not every admin right reads it.
 */
import type { ErrorCode } from './errors.ts';
import type { Texts } from './language.ts';
import { isPathWithin, normalizePath } from './paths.ts';

export const PERMISSION_NAMES = [
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
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];

export const isPermissionName = (s: string): s is PermissionName =>
  (PERMISSION_NAMES as readonly string[]).includes(s);

export const PERMISSION_DESCRIPTIONS: Record<PermissionName, Texts> = {
  buchung_pflege: { de: 'Buchungen anderer Benutzer pflegen', en: 'Maintain bookings of other users' },
  benutzer_pflegen: { de: 'Benutzer pflegen', en: 'Maintain users' },
  berechtigungs_pflege: {
    de: 'Rollen, Gruppen und Berechtigungen pflegen',
    en: 'Maintain roles, groups and permissions',
  },
  ausstattungs_pflege: { de: 'Ausstattung und Räume pflegen', en: 'Maintain equipment and rooms' },
  oeffnungszeiten_pflege: {
    de: 'Öffnungszeiten und Sonderöffnungszeiten pflegen',
    en: 'Maintain opening hours and special opening hours',
  },
  objekt_pflege: { de: 'Lokationen und Grundrisse pflegen', en: 'Maintain locations and floor plans' },
  fahrzeug_pflege: { de: 'Fahrzeuge pflegen', en: 'Maintain vehicles' },
  fahrzeug_freigabe_von_sonderfahrten: {
    de: 'Sonderfahrten freigeben oder ablehnen',
    en: 'Approve or reject special trips',
  },
  fahrzeug_buchen: { de: 'Fahrzeuge für sich selbst buchen', en: 'Book vehicles for oneself' },
  fahrzeug_fremdbuchung: { de: 'Fahrzeuge für andere Benutzer buchen', en: 'Book vehicles for other users' },
  fahrzeug_logbuch_report: { de: 'Fahrtenbuch-Reports erhalten', en: 'Receive logbook reports' },
  customizing_mandant_pflege: { de: 'Einstellungen des Mandanten pflegen', en: 'Maintain tenant settings' },
  fahrzeug_fuehrerscheinpruefung: { de: 'Führerscheine prüfen', en: 'Check driving licences' },
  auslastung_sehen: {
    de: 'Büroauslastung sehen (nur zusammengefasste Zahlen)',
    en: 'See the office utilisation (aggregated figures only)',
  },
  auswertung_sehen: {
    de: 'Auswertungen sehen, exportieren und per Mail erhalten (nur zusammengefasste Zahlen)',
    en: 'See, export and receive evaluations by mail (aggregated figures only)',
  },
};

/** A permission row from any source: granted when `wert` is exactly `'true'`. */
export type Grant = { name: string; wert: string };

/**
 * The permissions a user holds: the union of direct grants, role grants and grants of the roles of
 * the user's groups (spec §6). A grant counts when `wert === 'true'`; names outside `PERMISSION_NAMES`
 * are ignored. A `'false'` never revokes: if any source says `'true'` the permission is held, because
 * the spec lists three sources of grants and no source of denials.
 */
export const resolvePermissions = ({
  direct,
  roles,
  groupRoles,
}: {
  direct: readonly Grant[];
  roles: readonly Grant[];
  groupRoles: readonly Grant[];
}): Set<PermissionName> => {
  const held = new Set<PermissionName>();
  for (const grant of [...direct, ...roles, ...groupRoles]) {
    if (grant.wert === 'true' && isPermissionName(grant.name)) held.add(grant.name);
  }
  return held;
};

/** Spec §6: any of these opens the administration. */
export const ADMIN_PERMISSIONS = [
  'oeffnungszeiten_pflege',
  'benutzer_pflegen',
  'berechtigungs_pflege',
  'ausstattungs_pflege',
  'objekt_pflege',
  'fahrzeug_pflege',
  'customizing_mandant_pflege',
] as const satisfies readonly PermissionName[];

export const hasAdminAccess = (perms: ReadonlySet<PermissionName>): boolean =>
  ADMIN_PERMISSIONS.some((p) => perms.has(p));

/** Spec §6: the vehicle module is loaded with fahrzeug_buchen or fahrzeug_fremdbuchung. */
export const needsVehicleModule = (perms: ReadonlySet<PermissionName>): boolean =>
  perms.has('fahrzeug_buchen') || perms.has('fahrzeug_fremdbuchung');

export type GuardContext = { permissions: ReadonlySet<PermissionName>; isPlatformAdmin: boolean };

export type AdminRouteGuard = {
  /** The guarded path; the guard covers it and everything below it. */
  readonly path: string;
  readonly allows: (ctx: GuardContext) => boolean;
  readonly error: ErrorCode;
};

const has = (p: PermissionName) => (ctx: GuardContext) => ctx.permissions.has(p);

/**
 * Guards of the admin sub-routes beyond "needs admin access" (spec §2, plus equipment and opening
 * hours, which the spec's menu names). Paths not listed only need admin access.
 */
export const ADMIN_ROUTE_GUARDS: readonly AdminRouteGuard[] = [
  {
    path: '/admin/einstellungen',
    allows: ({ permissions: p }) =>
      (p.has('objekt_pflege') && p.has('ausstattungs_pflege')) ||
      p.has('customizing_mandant_pflege') ||
      p.has('fahrzeug_pflege'),
    error: 'guard.no_einstellungen',
  },
  { path: '/admin/raeume', allows: has('ausstattungs_pflege'), error: 'guard.no_ausstattung' },
  { path: '/admin/ausstattung', allows: has('ausstattungs_pflege'), error: 'guard.no_ausstattung' },
  { path: '/admin/rollen', allows: has('berechtigungs_pflege'), error: 'guard.no_rolle_gruppe' },
  { path: '/admin/gruppen', allows: has('berechtigungs_pflege'), error: 'guard.no_rolle_gruppe' },
  { path: '/admin/benutzer', allows: has('benutzer_pflegen'), error: 'guard.no_benutzer' },
  { path: '/admin/lokationen', allows: has('objekt_pflege'), error: 'guard.no_objekt_pflege' },
  // decision 182: the kiosks show the objects this right cares for (policy kiosks.verwalten)
  { path: '/admin/kiosks', allows: has('objekt_pflege'), error: 'guard.no_objekt_pflege' },
  { path: '/admin/fahrzeuge', allows: has('fahrzeug_pflege'), error: 'guard.no_fahrzeug_pflege' },
  {
    path: '/admin/oeffnungszeiten',
    allows: has('oeffnungszeiten_pflege'),
    error: 'guard.no_oeffnungszeiten_pflege',
  },
  { path: '/admin/mandanten', allows: (ctx) => ctx.isPlatformAdmin, error: 'guard.no_plattform_admin' },
  // decision 165: the utilisation needs its own right beside admin access
  { path: '/admin/auslastung', allows: has('auslastung_sehen'), error: 'guard.no_auslastung' },
  // decision 246: the evaluation has its own right (decision 195 had it under auslastung_sehen)
  { path: '/admin/auswertung', allows: has('auswertung_sehen'), error: 'guard.no_auswertung' },
  {
    path: '/admin/postausgang',
    allows: (ctx) => ctx.isPlatformAdmin || ctx.permissions.has('benutzer_pflegen'),
    error: 'guard.no_postausgang',
  },
];

/**
 * The admin route guard of spec §2: `null` when `ctx` may open `path`, else the failure's error code.
 * Paths outside /admin are not this guard's business and return `null` (sign-in is checked elsewhere).
 * Without a user (`ctx === null`) every admin path fails with 'guard.benutzer_muss_existieren'.
 * A platform administrator passes /admin, /admin/mandanten and /admin/postausgang without tenant permissions.
 */
export const checkAdminRoute = (path: string, ctx: GuardContext | null): ErrorCode | null => {
  const p = normalizePath(path);
  if (!isPathWithin(p, '/admin')) return null;
  if (ctx === null) return 'guard.benutzer_muss_existieren';
  const isAdmin = hasAdminAccess(ctx.permissions);
  if (p === '/admin') return isAdmin || ctx.isPlatformAdmin ? null : 'guard.no_admin';
  const guard = ADMIN_ROUTE_GUARDS.find((g) => isPathWithin(p, g.path));
  if (guard?.path === '/admin/mandanten') {
    if (ctx.isPlatformAdmin) return null;
    return isAdmin ? guard.error : 'guard.no_admin';
  }
  if (guard?.path === '/admin/postausgang' && ctx.isPlatformAdmin) return null;
  if (!isAdmin) return 'guard.no_admin';
  if (guard && !guard.allows(ctx)) return guard.error;
  return null;
};

export type AdminMenuEntry = {
  readonly path: string;
  readonly label: Texts;
};

/**
 * The admin menu in display order; an entry is shown when the screen table lets the user open it
 * (`visibleAdminMenu` of screens.ts: this guard plus the tenant's feature switches).
 */
export const ADMIN_MENU: readonly AdminMenuEntry[] = [
  { path: '/admin/benutzer', label: { de: 'Benutzer', en: 'Users' } },
  { path: '/admin/gruppen', label: { de: 'Gruppen', en: 'Groups' } },
  { path: '/admin/rollen', label: { de: 'Rollen', en: 'Roles' } },
  {
    path: '/admin/lokationen',
    label: { de: 'Lokationen', en: 'Locations' },
  },
  { path: '/admin/raeume', label: { de: 'Räume', en: 'Rooms' } },
  { path: '/admin/kiosks', label: { de: 'Kiosks', en: 'Kiosks' } },
  // named apart from the personal menu's 'Fahrzeuge' and 'Meine Einstellungen' (both menus show for admins)
  { path: '/admin/fahrzeuge', label: { de: 'Fahrzeugverwaltung', en: 'Vehicle administration' } },
  { path: '/admin/mandanten', label: { de: 'Mandanten', en: 'Tenants' } },
  {
    path: '/admin/einstellungen',
    label: { de: 'Einstellungen (Mandant)', en: 'Settings (tenant)' },
  },
  {
    path: '/admin/ausstattung',
    label: { de: 'Ausstattung', en: 'Equipment' },
  },
  {
    path: '/admin/oeffnungszeiten',
    label: { de: 'Sonderöffnungszeiten', en: 'Special opening hours' },
  },
  {
    path: '/admin/auslastung',
    label: { de: 'Büroauslastung', en: 'Office utilisation' },
  },
  {
    path: '/admin/auswertung',
    label: { de: 'Auswertung', en: 'Evaluation' },
  },
  {
    path: '/admin/protokoll',
    label: { de: 'Protokoll', en: 'Audit log' },
  },
  {
    path: '/admin/postausgang',
    label: { de: 'Postausgang', en: 'Outbox' },
  },
];
