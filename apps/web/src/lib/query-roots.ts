/**
 * The first parts of the TanStack Query keys of the resources that live events refresh. Each feature builds
 * its keys under its root; the events feature maps every event type to the roots it invalidates
 * (decision 025), so features need not import each other. Invalidating a root refetches only the queries
 * of it that are in use and marks the others stale.
 */
export const QUERY_ROOTS = {
  /** GET /api/me (user, permissions, features, effective settings) and the user's own settings page. */
  me: ['me'],
  /** Customizing at every level (tenant, group, the user's own). */
  customizing: ['customizing'],
  /** Floor plans with their weekly and special opening hours. */
  grundrisse: ['admin', 'grundrisse'],
  benutzer: ['admin-benutzer'],
  gruppen: ['admin-gruppen'],
  rollen: ['admin-rollen'],
  mandanten: ['admin-mandanten'],
  protokoll: ['admin-protokoll'],
  uebersicht: ['admin-uebersicht'],
  /** Floor plans, their occupancy and the user's reading-room and workspace bookings. */
  leseraum: ['leseraum'],
  /** /admin/raeume: floor plans and their places. */
  raeume: ['admin-raeume'],
  /** the vehicle list, a vehicle and the vehicle bookings */
  fahrzeuge: ['fahrzeuge'],
  fahrzeugBuchungen: ['fahrzeug-buchungen'],
  /** the licence list of /fahrzeuge/fuehrerschein and the menu's count of due checks */
  fuehrerscheine: ['fuehrerscheine'],
} as const satisfies Record<string, readonly string[]>;
