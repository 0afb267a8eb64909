import { randomUUID } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type {
  TBenutzerDetail,
  TBenutzerInputParsed,
  TBenutzerList,
  TBenutzerListItem,
  TBenutzerListQuery,
  TBenutzerOptionen,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { syncGrants, syncLinks } from '@stellwerk/domain/identitaet/link-sync';
import { adresseInDomains } from '@stellwerk/domain/identitaet/sso/sso';
import {
  MAX_STANDORTE_JE_ZUWEISUNG,
  pruefeRollenStandorte,
} from '@stellwerk/domain/identitaet/standort-grenze';
import { parseLanguage } from '@stellwerk/domain/language';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { isPermissionName, PERMISSION_DESCRIPTIONS, PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import { constraintOf, SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import {
  createLogins,
  deleteLogin,
  findTakenLoginEmails,
  isLoginUsernameTaken,
} from '../auth/auth.accounts.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { assertDarf } from '../auth/auth.guards.ts';
import {
  type BenutzerRow,
  deleteBenutzer as deleteBenutzerRow,
  findAlleStandorte,
  findAllGruppen,
  findAllRollen,
  findBenutzerById,
  findDirectGrants,
  findExistingGruppeIds,
  findExistingRolleIds,
  findExistingStandortIds,
  findGruppenOf,
  findMandantDomains,
  findMandantName,
  findRollenOf,
  findRollenStandorte,
  findTakenTenantEmails,
  hasBookings,
  insertBenutzer,
  insertBenutzerGruppen,
  insertBenutzerRollen,
  insertDirectGrants,
  type LinkRow,
  listBenutzer as listBenutzerRows,
  setRollenStandorte,
} from './benutzer.repository.ts';

export type BenutzerDeps = {
  database: Pick<Database, 'withTenant'>;
  /** Base of the invitation link (`${publicUrl}/auth/confirm?token=…`). */
  publicUrl: string;
  now: () => Date;
};

const ref = ({ id, name }: LinkRow) => ({ id, name });

const toItem = (row: BenutzerRow, rollen: LinkRow[], gruppen: LinkRow[]): TBenutzerListItem => ({
  id: row.id,
  vorname: row.vorname,
  nachname: row.nachname,
  email: row.email,
  employeeId: row.employeeId,
  username: row.username,
  status: row.status,
  isPlatformAdmin: row.isPlatformAdmin,
  isSso: row.isSso,
  rollen: rollen.filter((r) => r.benutzerId === row.id).map(ref),
  gruppen: gruppen.filter((g) => g.benutzerId === row.id).map(ref),
});

/** The user with roles, groups and direct permissions, or undefined when the tenant has no such user. */
export const loadBenutzerDetail = async (tx: Tx, id: string): Promise<TBenutzerDetail | undefined> => {
  const row = await findBenutzerById(tx, id);
  if (!row) return undefined;
  const rollen = await findRollenOf(tx, [id]);
  const gruppen = await findGruppenOf(tx, [id]);
  const grants = await findDirectGrants(tx, id);
  return {
    ...toItem(row, rollen, gruppen),
    rollenStandorte: await findRollenStandorte(tx, id),
    // Names the catalogue no longer knows are not shown (and grant nothing, spec §6).
    permissions: grants.flatMap((g) =>
      isPermissionName(g.name) ? [{ name: g.name, wert: g.wert === 'true' ? 'true' : 'false' }] : [],
    ),
  };
};

/** What the audit log keeps of a user: the maintained fields, roles and groups by name, direct grants. */
export const auditSnapshot = (d: TBenutzerDetail) => ({
  vorname: d.vorname,
  nachname: d.nachname,
  email: d.email,
  employeeId: d.employeeId,
  username: d.username,
  status: d.status,
  rollen: d.rollen.map((r) => r.name),
  gruppen: d.gruppen.map((g) => g.name),
  permissions: d.permissions,
  // decision 258: a role limited to locations, by role name (the locations by id)
  rollenStandorte: d.rollenStandorte.map((e) => ({
    rolle: d.rollen.find((r) => r.id === e.rolleId)?.name ?? e.rolleId,
    standortIds: e.standortIds,
  })),
});

/**
 * Unique violations of a racing request answer like the checks before them (catalogue conflicts at the
 * field). For callers of `insertBenutzerWithLogin`: map the error their transaction threw.
 */
export const mapBenutzerUniqueViolation = (
  err: unknown,
  input: { email: string; username: string | null },
): unknown => {
  if (sqlStateOf(err) !== SQLSTATE.uniqueViolation) return err;
  const constraint = constraintOf(err) ?? '';
  if (constraint.includes('email'))
    return new DomainError('benutzer.email_vergeben', { email: input.email, field: 'email' });
  if (constraint.includes('username'))
    return new DomainError('benutzer.username_vergeben', {
      username: input.username ?? '',
      field: 'username',
    });
  return err;
};

/** Spec §7 "select active users ordered by email", searchable, filterable and paged. */
export const listBenutzer = async (
  { database }: BenutzerDeps,
  user: SessionUser,
  query: TBenutzerListQuery,
): Promise<TBenutzerList> => {
  assertDarf(user, 'benutzer.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const { rows, total } = await listBenutzerRows(tx, query);
    const ids = rows.map((r) => r.id);
    const rollen = await findRollenOf(tx, ids);
    const gruppen = await findGruppenOf(tx, ids);
    return { items: rows.map((r) => toItem(r, rollen, gruppen)), total };
  });
};

export const getBenutzer = async (
  { database }: BenutzerDeps,
  user: SessionUser,
  id: string,
): Promise<TBenutzerDetail> => {
  assertDarf(user, 'benutzer.pflegen');
  const found = await database.withTenant(user.mandantId, (tx) => loadBenutzerDetail(tx, id));
  if (!found) throw nichtGefunden('benutzer', id);
  return found;
};

/** The choices of the user form: the tenant's roles and groups and the 13 permissions. */
export const getBenutzerOptionen = async (
  { database }: BenutzerDeps,
  user: SessionUser,
): Promise<TBenutzerOptionen> => {
  assertDarf(user, 'benutzer.pflegen');
  return database.withTenant(user.mandantId, async (tx) => ({
    rollen: await findAllRollen(tx),
    standorte: await findAlleStandorte(tx),
    gruppen: await findAllGruppen(tx),
    permissions: PERMISSION_NAMES.map((name) => ({
      name,
      description: { ...PERMISSION_DESCRIPTIONS[name] },
    })),
  }));
};

/** Roles and groups must be the tenant's own; another tenant's id is as unknown as a made-up one. */
export const assertReferencesExist = async (
  tx: Tx,
  input: Pick<TBenutzerInputParsed, 'rolleIds' | 'gruppeIds'> & {
    rollenStandorte?: TBenutzerInputParsed['rollenStandorte'];
  },
) => {
  const rollen = await findExistingRolleIds(tx, input.rolleIds);
  const missingRolle = input.rolleIds.find((id) => !rollen.has(id));
  if (missingRolle)
    throw new DomainError('benutzer.rolle_unbekannt', { name: missingRolle, field: 'rolleIds' });
  const eintraege = input.rollenStandorte ?? [];
  const fehler = pruefeRollenStandorte(eintraege, {
    rolleIds: input.rolleIds,
    standortIds: await findExistingStandortIds(
      tx,
      eintraege.flatMap((e) => e.standortIds),
    ),
  });
  if (fehler?.code === 'benutzer.standort_unbekannt')
    throw new DomainError(fehler.code, { name: fehler.standortId, field: 'rollenStandorte' });
  if (fehler?.code === 'benutzer.standorte_ungueltig')
    throw new DomainError(fehler.code, { max: MAX_STANDORTE_JE_ZUWEISUNG, field: 'rollenStandorte' });
  if (fehler) throw new DomainError(fehler.code, { field: 'rollenStandorte' });
  const gruppen = await findExistingGruppeIds(tx, input.gruppeIds);
  const missingGruppe = input.gruppeIds.find((id) => !gruppen.has(id));
  if (missingGruppe)
    throw new DomainError('benutzer.gruppe_unbekannt', { name: missingGruppe, field: 'gruppeIds' });
};

/** E-mail unique in the tenant and among all logins; user name unique among all logins. */
export const assertIdentityFree = async (
  tx: Tx,
  input: { email: string; username: string | null },
  except?: { id: string; authUserId: string | null },
) => {
  const inTenant = await findTakenTenantEmails(tx, [input.email], except?.id);
  const asLogin = await findTakenLoginEmails(tx, [input.email], except?.authUserId ?? except?.id);
  if (inTenant.size > 0 || asLogin.size > 0)
    throw new DomainError('benutzer.email_vergeben', { email: input.email, field: 'email' });
  if (input.username && (await isLoginUsernameTaken(tx, input.username, except?.authUserId ?? except?.id)))
    throw new DomainError('benutzer.username_vergeben', { username: input.username, field: 'username' });
};

/** The invitation: a mail in the new user's language with the link that sets the first password. */
export const queueInvitation = async (
  tx: Tx,
  deps: Pick<BenutzerDeps, 'publicUrl' | 'now'>,
  invited: {
    mandantId: string;
    benutzerId: string;
    email: string;
    name: string;
    mandant: string;
    token: string;
  },
): Promise<void> => {
  const settings = await loadEffectiveCustomizing(tx, invited.benutzerId);
  await enqueueMail(
    tx,
    {
      mandantId: invited.mandantId,
      to: invited.email,
      template: 'einladung',
      language: parseLanguage(stringCustomizing(settings, 'Sprache')),
      params: {
        name: invited.name,
        mandant: invited.mandant,
        url: `${deps.publicUrl}/auth/confirm?token=${encodeURIComponent(invited.token)}`,
      },
    },
    deps.now(),
  );
};

/**
 * A tenant's users have addresses in the tenant's domains only (decision 096): the administration, the import and
 * SCIM create (or move) a user only there. Run in the tenant's transaction.
 */
export const assertAdresseDesMandanten = async (tx: Tx, email: string): Promise<void> => {
  const domains = await findMandantDomains(tx);
  if (!adresseInDomains(email, domains))
    throw new DomainError('benutzer.domain_fremd', {
      field: 'email',
      email,
      domains: domains.join(', ') || '–',
    });
};

/**
 * The tenant side of creating a user, inside the caller's tenant transaction (`withTenant`, or a platform
 * path scoped to the tenant): checks that roles and groups are the tenant's and that e-mail and user name
 * are free, creates the login (better-auth user and a credential account nobody can use), the benutzer
 * with roles, groups and direct permissions, and, for an active user, queues the invitation mail whose
 * link sets the first password. The caller has authorised the change and writes the audit row; unique
 * violations of a racing request surface from its transaction (map them with `mapBenutzerUniqueViolation`).
 */
export const insertBenutzerWithLogin = async (
  tx: Tx,
  deps: Pick<BenutzerDeps, 'publicUrl' | 'now'>,
  mandantId: string,
  input: TBenutzerInputParsed,
): Promise<TBenutzerDetail> => {
  await assertReferencesExist(tx, input);
  await assertIdentityFree(tx, input);
  const id = randomUUID();
  const name = `${input.vorname} ${input.nachname}`;
  const tokens = await createLogins(
    tx,
    [{ id, name, email: input.email, username: input.username }],
    deps.now(),
  );
  await insertBenutzer(tx, [
    {
      id,
      mandantId,
      vorname: input.vorname,
      nachname: input.nachname,
      email: input.email,
      employeeId: input.employeeId,
      username: input.username,
      status: input.status,
      authUserId: id,
    },
  ]);
  const keys = { mandantId, benutzerId: id };
  await insertBenutzerRollen(tx, keys, syncLinks([], input.rolleIds).add);
  await setRollenStandorte(tx, id, input.rolleIds, input.rollenStandorte ?? []);
  await insertBenutzerGruppen(tx, keys, syncLinks([], input.gruppeIds).add);
  await insertDirectGrants(tx, keys, syncGrants([], input.permissions).add);
  if (input.status === 'aktiv') {
    await queueInvitation(tx, deps, {
      mandantId,
      benutzerId: id,
      email: input.email,
      name,
      mandant: await findMandantName(tx, mandantId),
      token: tokens.get(id)!,
    });
  }
  return (await loadBenutzerDetail(tx, id))!;
};

/**
 * Creates a user of the tenant with their login, roles, groups and direct permissions, and, for an active
 * user, queues the invitation mail (`insertBenutzerWithLogin`). One transaction, audited.
 */
export const createBenutzer = async (
  deps: BenutzerDeps,
  user: SessionUser,
  input: TBenutzerInputParsed,
): Promise<TBenutzerDetail> => {
  assertDarf(user, 'benutzer.pflegen');
  try {
    return await deps.database.withTenant(user.mandantId, async (tx) => {
      // a taken address is told as such first; then the tenant's domains (decision 096)
      await assertIdentityFree(tx, input);
      await assertAdresseDesMandanten(tx, input.email);
      const created = await insertBenutzerWithLogin(tx, deps, user.mandantId, input);
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'create',
        entity: 'benutzer',
        entityId: created.id,
        newValue: auditSnapshot(created),
      });
      await publishEvent(tx, user.mandantId, { type: 'benutzer', id: created.id });
      return created;
    });
  } catch (err) {
    throw mapBenutzerUniqueViolation(err, input);
  }
};

/**
 * A platform administrator's record is changed only by a platform administrator: a tenant's user
 * administrator could otherwise point its e-mail at themself and take over the platform sign-in through
 * password recovery.
 */
export const assertMayChange = (user: SessionUser, target: BenutzerRow) => {
  if (target.isPlatformAdmin && !user.isPlatformAdmin)
    throw new DomainError('benutzer.plattform_admin_geschuetzt');
};

/** Nobody deactivates or deletes themself (they would lock themself out). */
export const assertNotSelf = (user: SessionUser, target: BenutzerRow) => {
  if (target.id === user.benutzerId)
    throw new DomainError('benutzer.selbst_nicht_erlaubt', { field: 'status' });
};

/**
 * Deletes a user and their login. A user with bookings (vehicle bookings as booker or driver,
 * reading-room bookings by their e-mail) or other records pointing at them is refused with
 * `benutzer.hat_buchungen`: deactivate instead. Nobody deletes themself.
 */
export const deleteBenutzer = async (
  { database }: BenutzerDeps,
  user: SessionUser,
  id: string,
): Promise<void> => {
  assertDarf(user, 'benutzer.pflegen');
  try {
    await database.withTenant(user.mandantId, async (tx) => {
      const row = await findBenutzerById(tx, id);
      const before = row && (await loadBenutzerDetail(tx, id));
      if (!row || !before) throw nichtGefunden('benutzer', id);
      assertNotSelf(user, row);
      assertMayChange(user, row);
      if (await hasBookings(tx, row)) throw new DomainError('benutzer.hat_buchungen');
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'delete',
        entity: 'benutzer',
        entityId: id,
        oldValue: auditSnapshot(before),
      });
      await deleteBenutzerRow(tx, id);
      if (row.authUserId) await deleteLogin(tx, row.authUserId);
      await publishEvent(tx, user.mandantId, { type: 'benutzer', id });
    });
  } catch (err) {
    // Licence checks, approvals, logbook entries … still point at the user: keep them, deactivate instead.
    if (sqlStateOf(err) === SQLSTATE.foreignKeyViolation) throw new DomainError('benutzer.hat_buchungen');
    throw err;
  }
};
