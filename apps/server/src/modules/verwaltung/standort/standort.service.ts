import { DomainError } from '@stellwerk/domain/errors';
import { cleanNames, syncNames } from '@stellwerk/domain/identitaet/domain-sync';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { TStandort, TStandortInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  countUsages,
  deleteAbstellplaetze,
  deleteStandort,
  findAbstellplaetze,
  findGrundrissIdsAmStandort,
  findStandort,
  findStandortByName,
  findStandorte,
  insertAbstellplaetze,
  insertStandort,
  updateAbstellplatzSortierung,
  updateStandortBundesland,
  updateStandortName,
} from './standort.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'> };

/** Locations are kept by holders of objekt_pflege (/admin/lokationen); the route guard checked it already. */
const assertObjektPflege = (user: SessionUser) => {
  assertDarf(user, 'lokationen.pflegen');
};

const loadAll = async (tx: Tx): Promise<TStandort[]> => {
  const standorte = await findStandorte(tx);
  const spots = await findAbstellplaetze(
    tx,
    standorte.map((s) => s.id),
  );
  const usage = await countUsages(tx);
  return standorte.map((s) => ({
    id: s.id,
    name: s.name,
    bundesland: s.bundesland as TStandort['bundesland'],
    abstellplaetze: spots.filter((p) => p.standortId === s.id).map((p) => ({ id: p.id, name: p.name })),
    fahrzeuge: usage.fahrzeuge.get(s.id) ?? 0,
    grundrisse: usage.grundrisse.get(s.id) ?? 0,
  }));
};

const loadOne = async (tx: Tx, id: string): Promise<TStandort> => {
  const found = (await loadAll(tx)).find((s) => s.id === id);
  if (!found) throw nichtGefunden('standort', id);
  return found;
};

export const listStandorte = async ({ database }: Deps, user: SessionUser): Promise<TStandort[]> => {
  assertObjektPflege(user);
  return database.withTenant(user.mandantId, loadAll);
};

const assertNameFree = async (tx: Tx, name: string, ownId?: string) => {
  const other = await findStandortByName(tx, name);
  if (other && other.id !== ownId) throw new DomainError('standort.name_vergeben', { name });
};

/** Parking spots synced by name (spec §7 style): missing ones added, removed ones deleted, order kept. */
const syncAbstellplaetze = async (
  tx: Tx,
  { mandantId, standortId, desired }: { mandantId: string; standortId: string; desired: string[] },
) => {
  const current = (await findAbstellplaetze(tx, [standortId])).map((p) => p.name);
  const plan = syncNames({ current, desired });
  await deleteAbstellplaetze(tx, standortId, plan.remove);
  await insertAbstellplaetze(
    tx,
    plan.add.map((name) => ({ mandantId, standortId, name, sortierung: desired.indexOf(name) + 1 })),
  );
  for (const name of plan.keep)
    await updateAbstellplatzSortierung(tx, standortId, name, desired.indexOf(name) + 1);
  return { current, plan };
};

export const createStandort = async (
  { database }: Deps,
  user: SessionUser,
  input: TStandortInput,
): Promise<TStandort> => {
  assertObjektPflege(user);
  const name = input.name.trim();
  const abstellplaetze = cleanNames(input.abstellplaetze ?? []);
  return database.withTenant(user.mandantId, async (tx) => {
    await assertNameFree(tx, name);
    const bundesland = input.bundesland ?? null;
    const row = await insertStandort(tx, { mandantId: user.mandantId, name, bundesland });
    await syncAbstellplaetze(tx, { mandantId: user.mandantId, standortId: row.id, desired: abstellplaetze });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'standort',
      entityId: row.id,
      newValue: { name, bundesland, abstellplaetze },
    });
    return loadOne(tx, row.id);
  });
};

export const updateStandort = async (
  { database }: Deps,
  user: SessionUser,
  id: string,
  input: TStandortInput,
): Promise<TStandort> => {
  assertObjektPflege(user);
  const name = input.name.trim();
  return database.withTenant(user.mandantId, async (tx) => {
    const existing = await findStandort(tx, id);
    if (!existing) throw nichtGefunden('standort', id);
    await assertNameFree(tx, name, id);
    if (existing.name !== name) await updateStandortName(tx, id, name);
    const bundesland = input.bundesland === undefined ? existing.bundesland : input.bundesland;
    if (bundesland !== existing.bundesland) await updateStandortBundesland(tx, id, bundesland);
    const current = (await findAbstellplaetze(tx, [id])).map((p) => p.name);
    // Without a list the parking spots stay as they are.
    const abstellplaetze = input.abstellplaetze ? cleanNames(input.abstellplaetze) : current;
    const { plan } = await syncAbstellplaetze(tx, {
      mandantId: user.mandantId,
      standortId: id,
      desired: abstellplaetze,
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'standort',
      entityId: id,
      oldValue: { name: existing.name, bundesland: existing.bundesland, abstellplaetze: current },
      newValue: { name, bundesland, abstellplaetze, hinzugefuegt: plan.add, entfernt: plan.remove },
    });
    // the plans at the location show its name: their pages and the kept seat maps (decision 273)
    if (existing.name !== name)
      for (const grundrissId of await findGrundrissIdsAmStandort(tx, id))
        await publishEvent(tx, user.mandantId, { type: 'grundriss_leseraum', id: grundrissId });
    return loadOne(tx, id);
  });
};

/** A location still used by vehicles or floor plans is kept (409 naming how many use it). */
export const removeStandort = async ({ database }: Deps, user: SessionUser, id: string): Promise<void> => {
  assertObjektPflege(user);
  await database.withTenant(user.mandantId, async (tx) => {
    const existing = await loadOne(tx, id);
    if (existing.fahrzeuge > 0 || existing.grundrisse > 0)
      throw new DomainError('standort.in_verwendung', {
        name: existing.name,
        fahrzeuge: existing.fahrzeuge,
        grundrisse: existing.grundrisse,
      });
    await deleteStandort(tx, id);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'standort',
      entityId: id,
      oldValue: { name: existing.name, abstellplaetze: existing.abstellplaetze.map((p) => p.name) },
    });
  });
};
