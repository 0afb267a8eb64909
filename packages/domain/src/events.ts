/**
 * Live events (ARCHITECTURE §9, decision 025): what the server tells the open pages of a tenant after a change
 * committed, typed once for server and web. Each event names the resource that changed (its type, the
 * spec's table name) and the id of what changed; the web app maps each type to the queries it refreshes.
 * Later issues add their types here (`fahrzeug_buchung`, `leseraum_buchung`).
 */
import { z } from 'zod';

/** Levels of a setting (spec: Customizing; option, value, level user/group/tenant). */
export const EINSTELLUNG_EBENEN = ['mandant', 'gruppe', 'benutzer'] as const;

const ZEventId = z.string().min(1).max(128);

export const ZServerEvent = z.discriminatedUnion('type', [
  /** A setting changed; `id` is the owner of the level: the tenant, the group or the user. */
  z.object({
    type: z.literal('einstellung'),
    ebene: z.enum(EINSTELLUNG_EBENEN),
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
  /** Reading-room or workspace bookings of a floor plan changed (`id`: a booking, `grundrissId`: its plan). */
  z.object({ type: z.literal('leseraum_buchung'), id: ZEventId, grundrissId: ZEventId }),
  /** A floor plan or its places were changed in /admin/raeume (`id`: the plan). */
  z.object({ type: z.literal('grundriss_leseraum'), id: ZEventId }),
  /** A vehicle booking was made, changed or cancelled (`id`: it; `fahrzeugId`: its vehicle). */
  z.object({ type: z.literal('fahrzeug_buchung'), id: ZEventId, fahrzeugId: ZEventId }),
  /** A vehicle was created, changed, deactivated or deleted, or its photo changed (`id`: the vehicle). */
  z.object({ type: z.literal('fahrzeug'), id: ZEventId }),
  /** A driving-licence record or check changed (`id`: the licence holder, a benutzer). */
  z.object({ type: z.literal('fuehrerschein'), id: ZEventId }),
]);
export type TServerEvent = z.infer<typeof ZServerEvent>;
export type TServerEventType = TServerEvent['type'];

export const SERVER_EVENT_TYPES = [
  'einstellung',
  'oeffnungszeit',
  'abweichende_oeffnungszeit',
  'benutzer',
  'gruppe',
  'rolle',
  'mandant',
  'leseraum_buchung',
  'grundriss_leseraum',
  'fahrzeug_buchung',
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
  einstellung: true,
  benutzer: true,
  gruppe: true,
  rolle: true,
  mandant: true,
  oeffnungszeit: false,
  abweichende_oeffnungszeit: false,
  leseraum_buchung: false,
  grundriss_leseraum: false,
  fahrzeug_buchung: false,
  fahrzeug: false,
  fuehrerschein: false,
};
