import type { TServerEvent, TServerEventType } from '@stellwerk/domain/events';
import { QUERY_ROOTS } from '../../../../lib/query-roots';
import type { ServerEvent } from './event-connection';

type QueryKeyRoot = readonly string[];
type EventOf<T extends TServerEventType> = Extract<TServerEvent, { type: T }>;
/** Who is looking: some events concern /api/me only when they are about this user. */
export type Viewer = { benutzerId: string };

/**
 * For every live event type (packages/domain `events.ts`) the query roots it makes stale (decision 025).
 * The type checker insists on an entry per type, so a new event type cannot be forgotten here. Every
 * change is audited, so each one also refreshes the audit log.
 */
export const EVENT_INVALIDATIONS: {
  [T in TServerEventType]: (event: EventOf<T>, viewer: Viewer) => QueryKeyRoot[];
} = {
  customizing: () => [QUERY_ROOTS.me, QUERY_ROOTS.customizing, QUERY_ROOTS.protokoll],
  oeffnungszeit: () => [QUERY_ROOTS.grundrisse, QUERY_ROOTS.protokoll],
  abweichende_oeffnungszeit: () => [QUERY_ROOTS.grundrisse, QUERY_ROOTS.protokoll],
  benutzer: (event, viewer) => [
    // Another user's change does not touch this user's /api/me (every open page would refetch it).
    ...(event.id === viewer.benutzerId ? [QUERY_ROOTS.me] : []),
    QUERY_ROOTS.benutzer,
    QUERY_ROOTS.gruppen,
    QUERY_ROOTS.rollen,
    QUERY_ROOTS.uebersicht,
    QUERY_ROOTS.protokoll,
  ],
  // A group's or role's change may change this user's permissions.
  gruppe: () => [
    QUERY_ROOTS.me,
    QUERY_ROOTS.gruppen,
    QUERY_ROOTS.benutzer,
    QUERY_ROOTS.customizing,
    QUERY_ROOTS.uebersicht,
    QUERY_ROOTS.protokoll,
  ],
  rolle: () => [
    QUERY_ROOTS.me,
    QUERY_ROOTS.rollen,
    QUERY_ROOTS.gruppen,
    QUERY_ROOTS.benutzer,
    QUERY_ROOTS.uebersicht,
    QUERY_ROOTS.protokoll,
  ],
  mandant: () => [QUERY_ROOTS.me, QUERY_ROOTS.mandanten, QUERY_ROOTS.protokoll],
  // Occupancy of the plans and the user's own bookings (the sidebar) follow every booking change; only the
  // booker and the staff hear a booking's own event, everyone else its plan's occupancy (decision 115).
  leseraum_buchung: () => [QUERY_ROOTS.leseraum, QUERY_ROOTS.raeume],
  leseraum_belegung: () => [QUERY_ROOTS.leseraum, QUERY_ROOTS.raeume],
  // A plan or its places changed: the booking pages, the rooms admin, the admin counts.
  grundriss_leseraum: () => [
    QUERY_ROOTS.leseraum,
    QUERY_ROOTS.raeume,
    QUERY_ROOTS.grundrisse,
    QUERY_ROOTS.uebersicht,
    QUERY_ROOTS.protokoll,
  ],
  fahrzeug_buchung: () => [QUERY_ROOTS.fahrzeuge, QUERY_ROOTS.fahrzeugBuchungen],
  // another user's trip: the vehicle lists and the timeline show the vehicle's occupancy
  fahrzeug_belegung: () => [QUERY_ROOTS.fahrzeuge, QUERY_ROOTS.fahrzeugBuchungen],
  // the vehicle list, the administration's table and bookings that name the vehicle
  fahrzeug: () => [QUERY_ROOTS.fahrzeuge, QUERY_ROOTS.fahrzeugBuchungen, QUERY_ROOTS.uebersicht],
  // a licence check or driving ban changes who may drive (driver lists) and the due count
  fuehrerschein: () => [QUERY_ROOTS.fuehrerscheine, QUERY_ROOTS.uebersicht, QUERY_ROOTS.fahrzeugBuchungen],
};

/** The event types the web app listens for. */
export const LISTENED_EVENT_TYPES = Object.keys(EVENT_INVALIDATIONS) as TServerEventType[];

const isKnown = (type: string): type is TServerEventType => Object.hasOwn(EVENT_INVALIDATIONS, type);

/** The query roots `event` makes stale; none for a type this version of the app does not know. */
export const invalidationsOf = (event: ServerEvent, viewer: Viewer): QueryKeyRoot[] => {
  if (!isKnown(event.type)) return [];
  const invalidate = EVENT_INVALIDATIONS[event.type] as (
    event: ServerEvent,
    viewer: Viewer,
  ) => QueryKeyRoot[];
  return invalidate(event, viewer);
};
