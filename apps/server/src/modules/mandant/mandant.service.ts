import type {
  TMandant,
  TMandantDelete,
  TMandantFeaturesInput,
  TMandantInput,
} from '@stellwerk/domain/admin-stammdaten.api';
import { normalizeDomains, syncDomains } from '@stellwerk/domain/domain-sync';
import { DomainError } from '@stellwerk/domain/errors';
import {
  DEFAULT_FEATURE_SWITCHES,
  isSwitchableFeature,
  SWITCHABLE_FEATURES,
} from '@stellwerk/domain/features';
import type { Database, Tx } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { publishEvent } from '../events/events.service.ts';
import {
  countBenutzerPerMandant,
  deleteAuthUsersOf,
  deleteDomains,
  deleteMandant,
  findAllDomains,
  findDomainOwners,
  findDomainsOf,
  findFeatureIds,
  findFeatureRows,
  findMandant,
  findMandanten,
  insertDomains,
  insertMandant,
  updateMandantName,
  upsertFeatureSwitch,
} from './mandant.repository.ts';

/**
 * Tenant management (/admin/mandanten) for platform administrators: the explicit bypass of row-level
 * security (`withOwner`, decision 010). Every change writes an audit row in the same transaction as a
 * platform action (`mandant_id` null, `entity_id` the tenant changed): it concerns more than one tenant, so
 * no tenant's log shows it; platform administrators read it at GET /api/admin/mandanten/protokoll.
 */
type Deps = { database: Pick<Database, 'withOwner'> };

const assertPlatformAdmin = (user: SessionUser) => {
  if (!user.isPlatformAdmin) throw new DomainError('guard.no_plattform_admin');
};

const audit = (
  tx: Tx,
  user: SessionUser,
  e: { action: string; entityId: string; oldValue?: unknown; newValue?: unknown },
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
      domains: domains.filter((d) => d.mandantId === m.id).map((d) => d.domain),
      features: switches,
      benutzerAnzahl: counts.get(m.id) ?? 0,
    };
  });
};

const loadOne = async (tx: Tx, id: string): Promise<TMandant> => {
  const found = (await loadAll(tx)).find((m) => m.id === id);
  if (!found) throw new DomainError('not_found');
  return found;
};

/** A domain resolves the tenant, so it belongs to one tenant only. */
const assertDomainsFree = async (tx: Tx, mandantId: string | null, domains: readonly string[]) => {
  const taken = (await findDomainOwners(tx, domains)).find((d) => d.mandantId !== mandantId);
  if (taken) throw new DomainError('mandant.domain_vergeben', { domain: taken.domain });
};

export const listMandanten = async ({ database }: Deps, user: SessionUser): Promise<TMandant[]> => {
  assertPlatformAdmin(user);
  return database.withOwner(loadAll);
};

export const createMandant = async (
  { database }: Deps,
  user: SessionUser,
  input: TMandantInput,
): Promise<TMandant> => {
  assertPlatformAdmin(user);
  const name = input.name.trim();
  const domains = normalizeDomains(input.domains);
  return database.withOwner(async (tx) => {
    await assertDomainsFree(tx, null, domains);
    const id = await insertMandant(tx, name);
    await insertDomains(tx, id, domains);
    await audit(tx, user, { action: 'create', entityId: id, newValue: { name, domains } });
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
  return database.withOwner(async (tx) => {
    const existing = await findMandant(tx, id);
    if (!existing) throw new DomainError('not_found');
    const current = await findDomainsOf(tx, id);
    const plan = syncDomains({ current, desired: input.domains });
    await assertDomainsFree(tx, id, plan.add);
    if (existing.name !== name) await updateMandantName(tx, id, name);
    await deleteDomains(tx, id, plan.remove);
    await insertDomains(tx, id, plan.add);
    await audit(tx, user, {
      action: 'update',
      entityId: id,
      oldValue: { name: existing.name, domains: current },
      newValue: { name, domains: [...plan.keep, ...plan.add], hinzugefuegt: plan.add, entfernt: plan.remove },
    });
    await publishEvent(tx, { mandantId: id, type: 'settings.changed' });
    return loadOne(tx, id);
  });
};

/**
 * Deletes a tenant after the administrator typed its name; domain rows first, then the tenant (spec §7),
 * whose data follows by cascade, and the sign-in accounts of its users. The own tenant cannot be deleted.
 */
export const removeMandant = async (
  { database }: Deps,
  user: SessionUser,
  id: string,
  input: TMandantDelete,
): Promise<void> => {
  assertPlatformAdmin(user);
  await database.withOwner(async (tx) => {
    const existing = await findMandant(tx, id);
    if (!existing) throw new DomainError('not_found');
    if (input.confirmName.trim() !== existing.name)
      throw new DomainError('mandant.name_bestaetigung_falsch', { name: existing.name });
    if (id === user.mandantId) throw new DomainError('mandant.eigener_mandant');
    const domains = await findDomainsOf(tx, id);
    await deleteDomains(tx, id);
    await deleteAuthUsersOf(tx, id);
    await deleteMandant(tx, id);
    await audit(tx, user, { action: 'delete', entityId: id, oldValue: { name: existing.name, domains } });
  });
};

/** Switches the tenant's feature areas (mandant_feature upsert); its open pages refresh. */
export const setMandantFeatures = async (
  { database }: Deps,
  user: SessionUser,
  id: string,
  input: TMandantFeaturesInput,
): Promise<TMandant> => {
  assertPlatformAdmin(user);
  return database.withOwner(async (tx) => {
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
    await publishEvent(tx, { mandantId: id, type: 'settings.changed' });
    return loadOne(tx, id);
  });
};
