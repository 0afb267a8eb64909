/**
 * Live events (ARCHITECTURE §9, decision 025): what the server tells the open pages of a tenant after a change
 * committed, typed once for server and web. Each event names the resource that changed (its type, the
 * spec's table name) and the id of what changed; the web app maps each type to the queries it refreshes.
 * Later issues add their types here (`fahrzeug_buchung`, `leseraum_buchung`).
 */
import { z } from 'zod';
import { PERMISSION_NAMES, type PermissionName } from './permissions.ts';

/** Levels of a setting (spec: Customizing; option, value, level user/group/tenant). */
export const CUSTOMIZING_EBENEN = ['mandant', 'gruppe', 'benutzer'] as const;

const ZEventId = z.string().min(1).max(128);

export const ZServerEvent = z.discriminatedUnion('type', [
  /** A setting changed; `id` is the owner of the level: the tenant, the group or the user. */
  z.object({
    type: z.literal('customizing'),
    ebene: z.enum(CUSTOMIZING_EBENEN),
    id: ZEventId,
    name: z.string().min(1).max(200),
  }),
  /** The weekly opening hours of a floor plan (`id`: the floor plan). */
  z.object({ type: z.literal('oeffnungszeit'), id: ZEventId }),
  /** A special opening time was saved or removed (`id`: it; `grundrissId`: its floor plan). */
  z.object({ type: z.literal('abweichende_oeffnungszeit'), id: ZEventId, grundrissId: ZEventId }),
  /** A user (profile, roles, groups, deleted). */
  z.object({ type: z.literal('benutzer'), id: ZEventId }),
  /** A group (name, roles, members, deleted). */
  z.object({ type: z.literal('gruppe'), id: ZEventId }),
  /** A role (name, permissions, deleted). */
  z.object({ type: z.literal('rolle'), id: ZEventId }),
  /** The tenant itself: name, switched features, logo or privacy file. */
  z.object({ type: z.literal('mandant'), id: ZEventId }),
  /**
   * A reading-room or workspace booking changed (`id`: it, `grundrissId`: its plan). Personal (decision 115):
   * only its booker and staff with buchung_pflege hear it; everyone else hears `leseraum_belegung`.
   */
  z.object({ type: z.literal('leseraum_buchung'), id: ZEventId, grundrissId: ZEventId }),
  /** The occupancy of a floor plan changed (`id`: the plan); names no booking and no person (decision 115). */
  z.object({ type: z.literal('leseraum_belegung'), id: ZEventId }),
  /** A floor plan or its places were changed in /admin/raeume (`id`: the plan). */
  z.object({ type: z.literal('grundriss_leseraum'), id: ZEventId }),
  /**
   * A vehicle booking or block was made, changed or cancelled (`id`: it; `fahrzeugId`: its vehicle). Personal
   * (decision 115): only its booker, driver and approvers and the fleet staff hear it; everyone else hears
   * `fahrzeug_belegung`.
   */
  z.object({ type: z.literal('fahrzeug_buchung'), id: ZEventId, fahrzeugId: ZEventId }),
  /** The occupancy of a vehicle changed (`id`: the vehicle); names no booking and no person (decision 115). */
  z.object({ type: z.literal('fahrzeug_belegung'), id: ZEventId }),
  /** A vehicle was created, changed, deactivated or deleted, or its photo changed (`id`: the vehicle). */
  z.object({ type: z.literal('fahrzeug'), id: ZEventId }),
  /** A driving-licence record or check changed (`id`: the licence holder, a benutzer). Personal (decision 115). */
  z.object({ type: z.literal('fuehrerschein'), id: ZEventId }),
]);
export type TServerEvent = z.infer<typeof ZServerEvent>;
export type TServerEventType = TServerEvent['type'];

export const SERVER_EVENT_TYPES = [
  'customizing',
  'oeffnungszeit',
  'abweichende_oeffnungszeit',
  'benutzer',
  'gruppe',
  'rolle',
  'mandant',
  'leseraum_buchung',
  'leseraum_belegung',
  'grundriss_leseraum',
  'fahrzeug_buchung',
  'fahrzeug_belegung',
  'fahrzeug',
  'fuehrerschein',
] as const satisfies readonly TServerEventType[];

/**
 * Whether an event of this type can change what a signed-in user's session holds (decisions 012, 088, 089): who
 * they are, their rights (roles, groups, grants), their settings, the tenant's switches, name and files. The
 * server forgets the tenant's cached sessions only on these; a booking, a vehicle or a floor plan changing leaves
 * every session as it is. A new event type must be decided here.
 */
export const AENDERT_SITZUNGEN: Readonly<Record<TServerEventType, boolean>> = {
  customizing: true,
  benutzer: true,
  gruppe: true,
  rolle: true,
  mandant: true,
  oeffnungszeit: false,
  abweichende_oeffnungszeit: false,
  leseraum_buchung: false,
  leseraum_belegung: false,
  grundriss_leseraum: false,
  fahrzeug_buchung: false,
  fahrzeug_belegung: false,
  fahrzeug: false,
  fuehrerschein: false,
};

/**
 * What an event changes of the seat maps a server keeps (decision 263): the plan it names (`plan`), every plan of
 * the tenant (`mandant`: users are the helpers the markers show and the bookers of their own states; the tenant's
 * switches open the areas), or nothing. A new event type must be decided here.
 */
export const AENDERT_SITZPLAN: Readonly<Record<TServerEventType, 'plan' | 'mandant' | false>> = {
  leseraum_buchung: 'plan',
  leseraum_belegung: 'plan',
  grundriss_leseraum: 'plan',
  oeffnungszeit: 'plan',
  abweichende_oeffnungszeit: 'plan',
  benutzer: 'mandant',
  mandant: 'mandant',
  // a user's or group's settings are read per request, never kept with the map
  customizing: false,
  gruppe: false,
  rolle: false,
  fahrzeug_buchung: false,
  fahrzeug_belegung: false,
  fahrzeug: false,
  fuehrerschein: false,
};

/** The seat maps an event changes: one plan's (its id), every plan of the tenant, or none (`AENDERT_SITZPLAN`). */
export const geaenderteSitzplaene = (event: TServerEvent): { grundrissId: string } | 'mandant' | null => {
  const was = AENDERT_SITZPLAN[event.type];
  if (was === 'mandant') return 'mandant';
  if (was === false) return null;
  switch (event.type) {
    case 'leseraum_buchung':
    case 'abweichende_oeffnungszeit':
      return { grundrissId: event.grundrissId };
    case 'leseraum_belegung':
    case 'grundriss_leseraum':
    case 'oeffnungszeit':
      return { grundrissId: event.id };
    default:
      // a type marked 'plan' without a plan here: every plan of the tenant, to be safe
      return 'mandant';
  }
};

// --- who hears an event (decision 115) ------------------------------------------------------------------

/**
 * The event types that name a person's booking or record. Each is published to an audience (`TEventPublikum`):
 * the people it concerns and the holders of the rights that see every such thing; never to the whole tenant.
 */
export const PERSOENLICHE_EVENT_TYPES = [
  'leseraum_buchung',
  'fahrzeug_buchung',
  'fuehrerschein',
] as const satisfies readonly TServerEventType[];
export type TPersoenlichesEventType = (typeof PERSOENLICHE_EVENT_TYPES)[number];
export type TPersoenlichesEvent = Extract<TServerEvent, { type: TPersoenlichesEventType }>;
export type TOeffentlichesEvent = Exclude<TServerEvent, TPersoenlichesEvent>;

export const istPersoenlich = (event: TServerEvent): event is TPersoenlichesEvent =>
  (PERSOENLICHE_EVENT_TYPES as readonly string[]).includes(event.type);

/** The rights that see every such thing of the tenant, so their holders hear every such event. */
export const PUBLIKUM_RECHTE: Readonly<Record<TPersoenlichesEventType, readonly PermissionName[]>> = {
  // the reading-room staff's lists (confirmations, check-in, every booking): buchung_pflege (spec §6)
  leseraum_buchung: ['buchung_pflege'],
  // every trip: booking and fleet maintainers; the approvers' list of special trips
  fahrzeug_buchung: ['buchung_pflege', 'fahrzeug_pflege', 'fahrzeug_freigabe_von_sonderfahrten'],
  // the licence checkers' list; whoever books for others picks among the drivers with a valid licence
  fuehrerschein: ['fahrzeug_fuehrerscheinpruefung', 'fahrzeug_fremdbuchung'],
};

/** Who hears a personal event: these users, and everyone holding one of these rights. */
export const ZEventPublikum = z.object({
  benutzerIds: z.array(z.uuid()).max(100),
  rechte: z.array(z.enum(PERMISSION_NAMES)).max(PERMISSION_NAMES.length),
});
export type TEventPublikum = z.infer<typeof ZEventPublikum>;

/** The audience of a personal event: the people it concerns (duplicates and gaps dropped) and the type's rights. */
export const publikumFuer = (
  type: TPersoenlichesEventType,
  betroffene: readonly (string | null | undefined)[],
): TEventPublikum => ({
  benutzerIds: [...new Set(betroffene.filter((id): id is string => Boolean(id)))],
  rechte: [...PUBLIKUM_RECHTE[type]],
});

/**
 * What everyone else of the tenant hears of a personal event: the plan's or vehicle's occupancy changed, with
 * no booking and no person; nothing for a licence.
 */
export const oeffentlicheFassung = (event: TPersoenlichesEvent): TOeffentlichesEvent | null => {
  switch (event.type) {
    case 'leseraum_buchung':
      return { type: 'leseraum_belegung', id: event.grundrissId };
    case 'fahrzeug_buchung':
      return { type: 'fahrzeug_belegung', id: event.fahrzeugId };
    case 'fuehrerschein':
      return null;
  }
};

/**
 * Whether an open page hears an event: with no audience and no addressee every page of the tenant does; with an
 * addressee only that user's; with an audience the users it names and the holders of its rights.
 */
export const hoertEvent = ({
  an,
  benutzerId,
  empfaenger,
}: {
  an: TEventPublikum | null;
  benutzerId: string | null;
  empfaenger: { benutzerId: string; permissions: ReadonlySet<PermissionName> };
}): boolean => {
  if (benutzerId && benutzerId !== empfaenger.benutzerId) return false;
  if (!an) return true;
  return (
    an.benutzerIds.includes(empfaenger.benutzerId) || an.rechte.some((r) => empfaenger.permissions.has(r))
  );
};
