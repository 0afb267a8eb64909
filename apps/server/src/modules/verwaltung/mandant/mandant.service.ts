import { DomainError } from '@stellwerk/domain/errors';
import {
  DEFAULT_FEATURE_SWITCHES,
  isSwitchableFeature,
  SWITCHABLE_FEATURES,
} from '@stellwerk/domain/features';
import { normalizeDomains, syncDomains } from '@stellwerk/domain/identitaet/domain-sync';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type {
  TMandant,
  TMandantAdministrator,
  TMandantAdministratorInputParsed,
  TMandantDelete,
  TMandantFeaturesInput,
  TMandantInput,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyBaseLogger } from 'fastify';
import { asTenant, type Database, type Tx } from '../../../db/client.ts';
import { assertKeinAufzubewahrendesFahrtenbuch } from '../../fahrten/fahrzeug-aufbewahrung/fahrzeug-aufbewahrung.mandant.ts';
import { deleteAuthUsers } from '../../identitaet/auth/auth.accounts.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  insertBenutzerWithLogin,
  mapBenutzerUniqueViolation,
} from '../../identitaet/benutzer/benutzer.service.ts';
import { ensureRolleWithAllPermissions } from '../../identitaet/rolle/rolle.service.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { removeMandantFiles } from '../../plattform/storage/storage.service.ts';
import { upsertFeatureSwitch } from '../customizing/customizing.features.ts';
import {
  countBenutzerPerMandant,
  deleteDomains,
  deleteMandant,
  findAllDomains,
  findAuthUserIdsOf,
  findDomainOwners,
  findDomainsOf,
  findFeatureIds,
  findFeatureRows,
  findMandant,
  findMandanten,
  insertDomains,
  insertMandant,
  lockMandant,
  updateMandantName,
} from './mandant.repository.ts';

/**
 * Tenant management (/admin/mandanten) for platform administrators: the explicit bypass of row-level
 * security (`withAllTenants`, decisions 010 and 029). Every change writes an audit row in the same transaction as a
 * platform action (`mandant_id` null, `entity_id` the tenant changed): it concerns more than one tenant, so
 * no tenant's log shows it; platform administrators read it at GET /api/admin/mandanten/protokoll.
 */
type Deps = { database: Pick<Database, 'withAllTenants'> };
/** Deleting also removes the tenant's stored files under `dataDir`, logging what could not be removed. */
type RemoveDeps = Deps & { dataDir: string; log: Pick<FastifyBaseLogger, 'warn'>; now: () => Date };
/** Creating an administrator sends the invitation: link base and clock as for the user screen. */
type AdministratorDeps = Deps & { publicUrl: string; now: () => Date };

/** The role a tenant's first administrators get: all 13 permissions, as the demo tenants' role of that name. */
const ADMINISTRATION_ROLLE = 'Administration';

const assertPlatformAdmin = (user: SessionUser) => {
  if (!user.isPlatformAdmin) throw new DomainError('guard.no_plattform_admin');
};

const audit = (
  tx: Tx,
  user: SessionUser,
  e: { action: string; entity?: string; entityId: string; oldValue?: unknown; newValue?: unknown },
) => writeAudit(tx, { mandantId: null, benutzerId: user.benutzerId, entity: 'mandant', ...e });

const loadAll = async (tx: Tx): Promise<TMandant[]> => {
  const mandanten = await findMandanten(tx);
  const domains = await findAllDomains(tx);
  const features = await findFeatureRows(tx);
  const counts = await countBenutzerPerMandant(tx);
  return mandanten.map((m) => {
    const switches = { ...DEFAULT_FEATURE_SWITCHES };
    for (const f of features)
      if (f.mandantId === m.id && isSwitchableFeature(f.name)) switches[f.name] = f.aktiv;
    return {
      id: m.id,
      name: m.name,
      kundenname: m.kundenname,
      domains: domains.filter((d) => d.mandantId === m.id).map((d) => d.domain),
      features: switches,
      benutzerAnzahl: counts.get(m.id) ?? 0,
    };
  });
};

const loadOne = async (tx: Tx, id: string): Promise<TMandant> => {
  const found = (await loadAll(tx)).find((m) => m.id === id);
  if (!found) throw nichtGefunden('mandant', id);
  return found;
};

/** The legacy customer name as stored: trimmed, empty means none. */
const cleanKundenname = (value: string | null | undefined): string | null => value?.trim() || null;

/** A domain resolves the tenant, so it belongs to one tenant only. */
const assertDomainsFree = async (tx: Tx, mandantId: string | null, domains: readonly string[]) => {
  const taken = (await findDomainOwners(tx, domains)).find((d) => d.mandantId !== mandantId);
  if (taken) throw new DomainError('mandant.domain_vergeben', { domain: taken.domain });
};

/**
 * Every tenant's id, for the scheduler, which runs each tenant job once per tenant through the tenant helper
 * (decision 024). Reads only the tenant list; no tenant data.
 */
export const listMandantIds = async ({ database }: Deps): Promise<string[]> =>
  database.withAllTenants(async (tx) => (await findMandanten(tx)).map((m) => m.id));

/**
 * The tenant's name inside a transaction of that tenant (the data controller on the privacy documents and in a
 * person's access report), '' when there is none.
 */
export const nameDesMandanten = async (tx: Tx, mandantId: string): Promise<string> =>
  (await findMandant(tx, mandantId))?.name ?? '';

export const listMandanten = async ({ database }: Deps, user: SessionUser): Promise<TMandant[]> => {
  assertPlatformAdmin(user);
  return database.withAllTenants(loadAll);
};

export const createMandant = async (
  { database }: Deps,
  user: SessionUser,
  input: TMandantInput,
): Promise<TMandant> => {
  assertPlatformAdmin(user);
  const name = input.name.trim();
  const kundenname = cleanKundenname(input.kundenname);
  const domains = normalizeDomains(input.domains);
  return database.withAllTenants(async (tx) => {
    await assertDomainsFree(tx, null, domains);
    const id = await insertMandant(tx, name, kundenname);
    await insertDomains(tx, id, domains);
    await audit(tx, user, { action: 'create', entityId: id, newValue: { name, kundenname, domains } });
    return loadOne(tx, id);
  });
};

/** Renames the tenant and syncs its domains (spec §7: missing ones added, removed ones deleted). */
export const updateMandant = async (
  { database }: Deps,
  user: SessionUser,
  id: string,
  input: TMandantInput,
): Promise<TMandant> => {
  assertPlatformAdmin(user);
  const name = input.name.trim();
  return database.withAllTenants(async (tx) => {
    const existing = await findMandant(tx, id);
    if (!existing) throw nichtGefunden('mandant', id);
    // a client that does not send the legacy customer name keeps it
    const kundenname =
      input.kundenname === undefined ? existing.kundenname : cleanKundenname(input.kundenname);
    const current = await findDomainsOf(tx, id);
    const plan = syncDomains({ current, desired: input.domains });
    await assertDomainsFree(tx, id, plan.add);
    if (existing.name !== name || existing.kundenname !== kundenname)
      await updateMandantName(tx, id, { name, kundenname });
    await deleteDomains(tx, id, plan.remove);
    await insertDomains(tx, id, plan.add);
    await audit(tx, user, {
      action: 'update',
      entityId: id,
      oldValue: { name: existing.name, kundenname: existing.kundenname, domains: current },
      newValue: {
        name,
        kundenname,
        domains: [...plan.keep, ...plan.add],
        hinzugefuegt: plan.add,
        entfernt: plan.remove,
      },
    });
    await publishEvent(tx, id, { type: 'mandant', id });
    return loadOne(tx, id);
  });
};

/**
 * Deletes a tenant after the administrator typed its name; domain rows first, then the tenant (spec §7),
 * whose data follows by cascade, and the sign-in accounts of its users. The own tenant cannot be deleted.
 * Once the transaction committed, the tenant's stored files go too (best effort: a directory that cannot be
 * removed is logged, the deletion stands).
 */
export const removeMandant = async (
  { database, dataDir, log, now }: RemoveDeps,
  user: SessionUser,
  id: string,
  input: TMandantDelete,
): Promise<void> => {
  assertPlatformAdmin(user);
  await database.withAllTenants(async (tx) => {
    const existing = await findMandant(tx, id);
    if (!existing) throw nichtGefunden('mandant', id);
    if (input.confirmName.trim() !== existing.name)
      throw new DomainError('mandant.name_bestaetigung_falsch', { name: existing.name });
    if (id === user.mandantId) throw new DomainError('mandant.eigener_mandant');
    // decision 127: the logbook is kept 10 years (§ 147 AO) also when its tenant goes; until the purge has
    // removed the last version inside the period, the tenant stays (the database refuses the cascade too, 0027)
    await assertKeinAufzubewahrendesFahrtenbuch(tx, existing, now());
    const domains = await findDomainsOf(tx, id);
    await deleteDomains(tx, id);
    await deleteAuthUsers(tx, await findAuthUserIdsOf(tx, id));
    await deleteMandant(tx, id);
    await audit(tx, user, { action: 'delete', entityId: id, oldValue: { name: existing.name, domains } });
    // its kept seat maps and sessions go at once, its open pages hear that it changed (decision 273)
    await publishEvent(tx, id, { type: 'mandant', id });
  });
  // Only after the commit: a rolled-back deletion must keep its files.
  for (const { bucket, error } of await removeMandantFiles(dataDir, id))
    log.warn(
      { err: error, mandantId: id, bucket },
      'mandant: stored files of the deleted tenant not removed',
    );
};

/**
 * Gives a tenant an administrator, so that it can be administered without touching the database (e.g. the
 * first one of a tenant just created). One transaction: as owner the tenant row is locked (unknown id:
 * `not_found`; parallel calls for one tenant wait for each other, so they share one role); scoped to the tenant (row-level security) its role "Administration" is made to hold all
 * permissions (created when missing), the user is created active with that role, a login and the
 * invitation mail whose link sets the first password; as owner the platform audit row is written.
 * An e-mail or user name in use anywhere is the user form's conflict at the field.
 */
export const createMandantAdministrator = async (
  deps: AdministratorDeps,
  user: SessionUser,
  id: string,
  input: TMandantAdministratorInputParsed,
): Promise<TMandantAdministrator> => {
  assertPlatformAdmin(user);
  try {
    return await deps.database.withAllTenants(async (tx) => {
      if (!(await lockMandant(tx, id))) throw nichtGefunden('mandant', id);
      const { rolle, created } = await asTenant(tx, id, async (tenantTx) => {
        const rolle = await ensureRolleWithAllPermissions(tenantTx, id, ADMINISTRATION_ROLLE);
        const created = await insertBenutzerWithLogin(tenantTx, deps, id, {
          ...input,
          employeeId: null,
          status: 'aktiv',
          rolleIds: [rolle.id],
          gruppeIds: [],
          permissions: [],
          // a tenant's first administrator holds the role for the whole tenant (decision 258)
          rollenStandorte: [],
        });
        return { rolle, created };
      });
      const administrator = {
        id: created.id,
        email: created.email,
        vorname: created.vorname,
        nachname: created.nachname,
      };
      await audit(tx, user, {
        action: 'create',
        entity: 'mandant.administrator',
        entityId: id,
        newValue: { benutzer: { ...administrator, username: created.username }, rolle },
      });
      return administrator;
    });
  } catch (err) {
    throw mapBenutzerUniqueViolation(err, input);
  }
};

/** Switches the tenant's feature areas (mandant_feature upsert); its open pages refresh. */
export const setMandantFeatures = async (
  { database }: Deps,
  user: SessionUser,
  id: string,
  input: TMandantFeaturesInput,
): Promise<TMandant> => {
  assertPlatformAdmin(user);
  return database.withAllTenants(async (tx) => {
    const before = await loadOne(tx, id);
    const featureIds = await findFeatureIds(tx);
    for (const name of SWITCHABLE_FEATURES) {
      const featureId = featureIds.get(name);
      if (!featureId) throw new Error(`feature ${name} missing from the catalogue`);
      await upsertFeatureSwitch(tx, { mandantId: id, featureId, aktiv: input[name] });
    }
    await audit(tx, user, {
      action: 'update',
      entityId: id,
      oldValue: { features: before.features },
      newValue: { features: input },
    });
    await publishEvent(tx, id, { type: 'mandant', id });
    return loadOne(tx, id);
  });
};
