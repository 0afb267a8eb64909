import type { TBenutzerListQuery } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import type { GrantValue } from '@stellwerk/domain/identitaet/link-sync';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { fahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.public.ts';
import { leseraumBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.public.ts';
import { mandant, mandantDomain } from '../../verwaltung/mandant/mandant.public.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';
import { gruppe, gruppeRolle } from '../gruppe/gruppe.public.ts';
import { rolle } from '../rolle/rolle.public.ts';
import { benutzer, benutzerGruppe, benutzerPermission, benutzerRolle, GELOESCHT } from './benutzer.table.ts';

export { GELOESCHT };

/** Every query runs inside `withTenant`: row-level security limits it to the tenant. */

const columns = {
  id: benutzer.id,
  vorname: benutzer.vorname,
  nachname: benutzer.nachname,
  email: benutzer.email,
  employeeId: benutzer.employeeId,
  username: benutzer.username,
  status: benutzer.status,
  isPlatformAdmin: benutzer.plattformAdmin,
  isSso: benutzer.isSso,
  authUserId: benutzer.authUserId,
};
export type BenutzerRow = {
  id: string;
  vorname: string;
  nachname: string;
  email: string;
  employeeId: string | null;
  username: string | null;
  status: string;
  isPlatformAdmin: boolean;
  isSso: boolean;
  authUserId: string | null;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const hasRolle = (rolleId: string) =>
  or(
    sql`exists (select 1 from ${benutzerRolle} where ${benutzerRolle.benutzerId} = ${benutzer.id} and ${benutzerRolle.rolleId} = ${rolleId})`,
    sql`exists (select 1 from ${benutzerGruppe} join ${gruppeRolle} on ${gruppeRolle.gruppeId} = ${benutzerGruppe.gruppeId} where ${benutzerGruppe.benutzerId} = ${benutzer.id} and ${gruppeRolle.rolleId} = ${rolleId})`,
  );

const inGruppe = (gruppeId: string) =>
  sql`exists (select 1 from ${benutzerGruppe} where ${benutzerGruppe.benutzerId} = ${benutzer.id} and ${benutzerGruppe.gruppeId} = ${gruppeId})`;

const SORT_COLUMNS = {
  email: benutzer.email,
  vorname: benutzer.vorname,
  nachname: benutzer.nachname,
  employeeId: benutzer.employeeId,
  status: benutzer.status,
} as const;

/**
 * A page of the tenant's users and the total. `standard` is spec §7's order: active users first, then by
 * e-mail; every other order ends with e-mail and id so pages never overlap.
 */
export const listBenutzer = async (
  tx: Tx,
  query: TBenutzerListQuery,
): Promise<{ rows: BenutzerRow[]; total: number }> => {
  // an erased person's remaining row (decision 235) is nobody's to list
  const filters: (SQL | undefined)[] = [ne(benutzer.status, GELOESCHT)];
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    filters.push(
      or(
        ilike(benutzer.vorname, pattern),
        ilike(benutzer.nachname, pattern),
        ilike(benutzer.email, pattern),
        ilike(benutzer.employeeId, pattern),
        ilike(sql`${benutzer.vorname} || ' ' || ${benutzer.nachname}`, pattern),
      ),
    );
  }
  if (query.status) filters.push(eq(benutzer.status, query.status));
  if (query.rolleId) filters.push(hasRolle(query.rolleId));
  if (query.gruppeId) filters.push(inGruppe(query.gruppeId));
  const where = and(...filters);
  const direction = query.dir === 'desc' ? desc : asc;
  const order: SQL[] =
    query.sort === 'standard'
      ? [desc(sql`(${benutzer.status} = 'aktiv')`), direction(benutzer.email)]
      : [direction(SORT_COLUMNS[query.sort]), asc(benutzer.email)];
  const rows = await tx
    .select(columns)
    .from(benutzer)
    .where(where)
    .orderBy(...order, asc(benutzer.id))
    .limit(query.limit)
    .offset(query.offset);
  const [counted] = await tx.select({ total: count() }).from(benutzer).where(where);
  return { rows, total: counted?.total ?? 0 };
};

export const findBenutzerById = async (tx: Tx, id: string): Promise<BenutzerRow | undefined> => {
  const rows = await tx
    .select(columns)
    .from(benutzer)
    .where(and(eq(benutzer.id, id), ne(benutzer.status, GELOESCHT)))
    .limit(1);
  return rows[0];
};

export type LinkRow = { benutzerId: string; id: string; name: string };

/** The direct roles of the given users, by role name. */
export const findRollenOf = async (tx: Tx, benutzerIds: readonly string[]): Promise<LinkRow[]> => {
  if (benutzerIds.length === 0) return [];
  return tx
    .select({ benutzerId: benutzerRolle.benutzerId, id: rolle.id, name: rolle.name })
    .from(benutzerRolle)
    .innerJoin(rolle, and(eq(rolle.id, benutzerRolle.rolleId), eq(rolle.mandantId, benutzerRolle.mandantId)))
    .where(inArray(benutzerRolle.benutzerId, [...benutzerIds]))
    .orderBy(asc(rolle.name));
};

/** The roles of a user that are limited to locations (decision 258), with their locations. */
export const findRollenStandorte = async (
  tx: Tx,
  benutzerId: string,
): Promise<{ rolleId: string; standortIds: string[] }[]> => {
  const rows = await tx
    .select({ rolleId: benutzerRolle.rolleId, standortIds: benutzerRolle.standortIds })
    .from(benutzerRolle)
    .where(and(eq(benutzerRolle.benutzerId, benutzerId), sql`cardinality(${benutzerRolle.standortIds}) > 0`))
    .orderBy(asc(benutzerRolle.rolleId));
  return rows.map((r) => ({ rolleId: r.rolleId, standortIds: [...r.standortIds].sort() }));
};

/** Sets the locations of each of a user's roles: those of `eintraege`, the whole tenant for the others. */
export const setRollenStandorte = async (
  tx: Tx,
  benutzerId: string,
  rolleIds: readonly string[],
  eintraege: readonly { rolleId: string; standortIds: readonly string[] }[],
) => {
  for (const rolleId of rolleIds) {
    const ids = eintraege.find((e) => e.rolleId === rolleId)?.standortIds ?? [];
    await tx
      .update(benutzerRolle)
      .set({ standortIds: [...ids] })
      .where(and(eq(benutzerRolle.benutzerId, benutzerId), eq(benutzerRolle.rolleId, rolleId)));
  }
};

/** The tenant's locations (the choices of a role assignment's limit). */
export const findAlleStandorte = async (tx: Tx): Promise<{ id: string; name: string }[]> =>
  tx.select({ id: standort.id, name: standort.name }).from(standort).orderBy(asc(standort.name));

/** Which of `ids` are the tenant's locations. */
export const findExistingStandortIds = async (tx: Tx, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: standort.id })
    .from(standort)
    .where(inArray(standort.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};

/** The groups of the given users, by group name. */
export const findGruppenOf = async (tx: Tx, benutzerIds: readonly string[]): Promise<LinkRow[]> => {
  if (benutzerIds.length === 0) return [];
  return tx
    .select({ benutzerId: benutzerGruppe.benutzerId, id: gruppe.id, name: gruppe.name })
    .from(benutzerGruppe)
    .innerJoin(
      gruppe,
      and(eq(gruppe.id, benutzerGruppe.gruppeId), eq(gruppe.mandantId, benutzerGruppe.mandantId)),
    )
    .where(inArray(benutzerGruppe.benutzerId, [...benutzerIds]))
    .orderBy(asc(gruppe.name));
};

export const findDirectGrants = async (tx: Tx, benutzerId: string): Promise<GrantValue[]> =>
  tx
    .select({ name: benutzerPermission.permissionName, wert: benutzerPermission.wert })
    .from(benutzerPermission)
    .where(eq(benutzerPermission.benutzerId, benutzerId))
    .orderBy(asc(benutzerPermission.permissionName));

/** The tenant's roles and groups (id and name), by name: for choices and name lookups. */
export const findAllRollen = async (tx: Tx) =>
  tx.select({ id: rolle.id, name: rolle.name }).from(rolle).orderBy(asc(rolle.name));
export const findAllGruppen = async (tx: Tx) =>
  tx.select({ id: gruppe.id, name: gruppe.name }).from(gruppe).orderBy(asc(gruppe.name));

/** Which of `ids` are roles / groups of the tenant. */
export const findExistingRolleIds = async (tx: Tx, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: rolle.id })
    .from(rolle)
    .where(inArray(rolle.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};
export const findExistingGruppeIds = async (tx: Tx, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: gruppe.id })
    .from(gruppe)
    .where(inArray(gruppe.id, [...ids]));
  return new Set(rows.map((r) => r.id));
};

/** Which of `emails` (lower-case) belong to another user of the tenant. */
export const findTakenTenantEmails = async (
  tx: Tx,
  emails: readonly string[],
  exceptId?: string,
): Promise<Set<string>> => {
  if (emails.length === 0) return new Set();
  const rows = await tx
    .select({ email: benutzer.email })
    .from(benutzer)
    .where(
      and(
        inArray(sql`lower(${benutzer.email})`, [...emails]),
        exceptId ? ne(benutzer.id, exceptId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.email.toLowerCase()));
};

export type NewBenutzer = {
  id: string;
  mandantId: string;
  vorname: string;
  nachname: string;
  email: string;
  employeeId: string | null;
  username: string | null;
  status: string;
  authUserId: string;
};

export const insertBenutzer = async (tx: Tx, rows: readonly NewBenutzer[]): Promise<void> => {
  if (rows.length > 0) await tx.insert(benutzer).values([...rows]);
};

export const updateBenutzer = async (
  tx: Tx,
  id: string,
  values: Pick<NewBenutzer, 'vorname' | 'nachname' | 'email' | 'employeeId' | 'username' | 'status'>,
): Promise<void> => {
  await tx.update(benutzer).set(values).where(eq(benutzer.id, id));
};

export const deleteBenutzer = async (tx: Tx, id: string): Promise<void> => {
  await tx.delete(benutzer).where(eq(benutzer.id, id));
};

type LinkKeys = { mandantId: string; benutzerId: string };

export const insertBenutzerRollen = async (
  tx: Tx,
  { mandantId, benutzerId }: LinkKeys,
  ids: readonly string[],
) => {
  if (ids.length > 0)
    await tx.insert(benutzerRolle).values(ids.map((rolleId) => ({ mandantId, benutzerId, rolleId })));
};
export const deleteBenutzerRollen = async (tx: Tx, benutzerId: string, ids: readonly string[]) => {
  if (ids.length > 0)
    await tx
      .delete(benutzerRolle)
      .where(and(eq(benutzerRolle.benutzerId, benutzerId), inArray(benutzerRolle.rolleId, [...ids])));
};
export const insertBenutzerGruppen = async (
  tx: Tx,
  { mandantId, benutzerId }: LinkKeys,
  ids: readonly string[],
) => {
  if (ids.length > 0)
    await tx.insert(benutzerGruppe).values(ids.map((gruppeId) => ({ mandantId, benutzerId, gruppeId })));
};
export const deleteBenutzerGruppen = async (tx: Tx, benutzerId: string, ids: readonly string[]) => {
  if (ids.length > 0)
    await tx
      .delete(benutzerGruppe)
      .where(and(eq(benutzerGruppe.benutzerId, benutzerId), inArray(benutzerGruppe.gruppeId, [...ids])));
};

/** Links of many new users at once (the import). */
export const insertLinks = async (
  tx: Tx,
  rollen: { mandantId: string; benutzerId: string; rolleId: string }[],
  gruppen: { mandantId: string; benutzerId: string; gruppeId: string }[],
) => {
  if (rollen.length > 0) await tx.insert(benutzerRolle).values(rollen);
  if (gruppen.length > 0) await tx.insert(benutzerGruppe).values(gruppen);
};

export const insertDirectGrants = async (
  tx: Tx,
  { mandantId, benutzerId }: LinkKeys,
  grants: GrantValue[],
) => {
  if (grants.length > 0)
    await tx
      .insert(benutzerPermission)
      .values(grants.map((g) => ({ mandantId, benutzerId, permissionName: g.name, wert: g.wert })));
};
export const updateDirectGrant = async (tx: Tx, benutzerId: string, grant: GrantValue) => {
  await tx
    .update(benutzerPermission)
    .set({ wert: grant.wert })
    .where(
      and(eq(benutzerPermission.benutzerId, benutzerId), eq(benutzerPermission.permissionName, grant.name)),
    );
};
export const deleteDirectGrants = async (tx: Tx, benutzerId: string, names: readonly string[]) => {
  if (names.length > 0)
    await tx
      .delete(benutzerPermission)
      .where(
        and(
          eq(benutzerPermission.benutzerId, benutzerId),
          inArray(benutzerPermission.permissionName, [...names]),
        ),
      );
};

/** Whether the user booked or drove a vehicle or booked a reading-room seat (any status). */
export const hasBookings = async (tx: Tx, { id, email }: { id: string; email: string }): Promise<boolean> => {
  const fahrzeug = await tx
    .select({ id: fahrzeugBuchung.id })
    .from(fahrzeugBuchung)
    .where(or(eq(fahrzeugBuchung.benutzerId, id), eq(fahrzeugBuchung.fahrerId, id)))
    .limit(1);
  if (fahrzeug.length > 0) return true;
  const leseraum = await tx
    .select({ id: leseraumBuchung.id })
    .from(leseraumBuchung)
    .where(eq(sql`lower(${leseraumBuchung.systembenutzer1Mail})`, email.toLowerCase()))
    .limit(1);
  return leseraum.length > 0;
};

export const findMandantName = async (tx: Tx, mandantId: string): Promise<string> => {
  const rows = await tx.select({ name: mandant.name }).from(mandant).where(eq(mandant.id, mandantId));
  return rows[0]?.name ?? '';
};

/** The tenant's domains (tenant transaction). */
export const findMandantDomains = async (tx: Tx): Promise<string[]> =>
  (await tx.select({ domain: mandantDomain.domain }).from(mandantDomain)).map((r) => r.domain).sort();

/** The helper flags of a user (decision 138), or undefined when the tenant has no such user. */
export const findHelferFlags = async (
  tx: Tx,
  id: string,
): Promise<{ brandschutzhelfer: boolean; ersthelfer: boolean } | undefined> =>
  (
    await tx
      .select({ brandschutzhelfer: benutzer.brandschutzhelfer, ersthelfer: benutzer.ersthelfer })
      .from(benutzer)
      .where(eq(benutzer.id, id))
      .limit(1)
  )[0];

export const updateHelferFlags = async (
  tx: Tx,
  id: string,
  values: { brandschutzhelfer: boolean; ersthelfer: boolean },
): Promise<void> => {
  await tx.update(benutzer).set(values).where(eq(benutzer.id, id));
};

/** A user's own name, changed on their profile page. */
export const updateProfil = async (
  tx: Tx,
  benutzerId: string,
  values: { vorname: string; nachname: string },
): Promise<void> => {
  await tx.update(benutzer).set(values).where(eq(benutzer.id, benutzerId));
};

/** A platform administrator: an active benutzer of `mandantId` with the flag and no tenant roles. */
export const insertPlatformAdmin = async (
  tx: Tx,
  row: {
    id: string;
    mandantId: string;
    vorname: string;
    nachname: string;
    email: string;
    username: string | null;
  },
): Promise<void> => {
  await tx.insert(benutzer).values({ ...row, status: 'aktiv', plattformAdmin: true, authUserId: row.id });
};

/** A user's fields as the identity provider sends them (SCIM), with the change time. */
export const updateBenutzerRow = (
  tx: Tx,
  id: string,
  change: Partial<
    Pick<
      typeof benutzer.$inferInsert,
      'vorname' | 'nachname' | 'email' | 'username' | 'status' | 'employeeId'
    >
  >,
  now: Date,
) =>
  tx
    .update(benutzer)
    .set({ ...change, updatedAt: now })
    .where(eq(benutzer.id, id));

/** Sets a group's members to exactly `benutzerIds` (ids of this tenant's users; others are ignored by the caller). */
export const setMembers = async (
  tx: Tx,
  mandantId: string,
  gruppeId: string,
  benutzerIds: readonly string[],
) => {
  await tx.delete(benutzerGruppe).where(eq(benutzerGruppe.gruppeId, gruppeId));
  if (benutzerIds.length > 0) {
    await tx
      .insert(benutzerGruppe)
      .values(benutzerIds.map((benutzerId) => ({ mandantId, gruppeId, benutzerId })));
  }
};

/** Name and e-mail from the provider; the user is marked as a single-sign-on user. */
export const updateSsoBenutzer = async (
  tx: Tx,
  id: string,
  values: { vorname: string; nachname: string; email: string },
): Promise<void> => {
  await tx
    .update(benutzer)
    .set({ ...values, isSso: true, updatedAt: new Date() })
    .where(eq(benutzer.id, id));
};

/** A user created just in time by the first sign-in through the provider (id = better-auth user id). */
export const insertSsoBenutzer = async (
  tx: Tx,
  row: { id: string; mandantId: string; vorname: string; nachname: string; email: string },
): Promise<void> => {
  await tx.insert(benutzer).values({ ...row, status: 'aktiv', isSso: true, authUserId: row.id });
};

/** Adds memberships (single sign-on: the groups the provider reports). */
export const addGruppen = async (tx: Tx, mandantId: string, benutzerId: string, ids: readonly string[]) => {
  if (ids.length > 0)
    await tx.insert(benutzerGruppe).values(ids.map((gruppeId) => ({ mandantId, benutzerId, gruppeId })));
};

/** Removes memberships (single sign-on: groups the provider no longer reports). */
export const removeGruppen = async (tx: Tx, benutzerId: string, ids: readonly string[]) => {
  if (ids.length > 0)
    await tx
      .delete(benutzerGruppe)
      .where(and(eq(benutzerGruppe.benutzerId, benutzerId), inArray(benutzerGruppe.gruppeId, [...ids])));
};
