import { DomainError } from '@stellwerk/domain/errors';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { TAusstattung, TAusstattungInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  deleteAusstattung,
  findAusstattungByName,
  findAusstattungen,
  findGrundrisseMitAusstattung,
  insertAusstattung,
  updateAusstattungName,
} from './ausstattung.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'> };

const assertAusstattungsPflege = (user: SessionUser) => {
  assertDarf(user, 'ausstattung.pflegen');
};

const loadOne = async (tx: Tx, id: string): Promise<TAusstattung> => {
  const found = (await findAusstattungen(tx)).find((a) => a.id === id);
  if (!found) throw nichtGefunden('ausstattung', id);
  return found;
};

const assertNameFree = async (tx: Tx, name: string, ownId?: string) => {
  const other = await findAusstattungByName(tx, name);
  if (other && other.id !== ownId) throw new DomainError('ausstattung.name_vergeben', { name });
};

export const listAusstattung = async ({ database }: Deps, user: SessionUser): Promise<TAusstattung[]> => {
  assertAusstattungsPflege(user);
  return database.withTenant(user.mandantId, findAusstattungen);
};

export const createAusstattung = async (
  { database }: Deps,
  user: SessionUser,
  input: TAusstattungInput,
): Promise<TAusstattung> => {
  assertAusstattungsPflege(user);
  const name = input.name.trim();
  return database.withTenant(user.mandantId, async (tx) => {
    await assertNameFree(tx, name);
    const id = await insertAusstattung(tx, { mandantId: user.mandantId, name });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'ausstattung',
      entityId: id,
      newValue: { name },
    });
    return loadOne(tx, id);
  });
};

export const updateAusstattung = async (
  { database }: Deps,
  user: SessionUser,
  id: string,
  input: TAusstattungInput,
): Promise<TAusstattung> => {
  assertAusstattungsPflege(user);
  const name = input.name.trim();
  return database.withTenant(user.mandantId, async (tx) => {
    const existing = await loadOne(tx, id);
    if (existing.name === name) return existing;
    await assertNameFree(tx, name, id);
    await updateAusstattungName(tx, id, name);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'ausstattung',
      entityId: id,
      oldValue: { name: existing.name },
      newValue: { name },
    });
    // the plans whose places have it show its new name (their pages, and the seat maps kept: decision 263)
    for (const grundrissId of await findGrundrisseMitAusstattung(tx, id))
      await publishEvent(tx, user.mandantId, { type: 'grundriss_leseraum', id: grundrissId });
    return loadOne(tx, id);
  });
};

/** Equipment assigned to rooms is kept (409 naming how many rooms); remove it from the rooms first. */
export const removeAusstattung = async ({ database }: Deps, user: SessionUser, id: string): Promise<void> => {
  assertAusstattungsPflege(user);
  await database.withTenant(user.mandantId, async (tx) => {
    const existing = await loadOne(tx, id);
    if (existing.raeume > 0)
      throw new DomainError('ausstattung.in_verwendung', { name: existing.name, raeume: existing.raeume });
    await deleteAusstattung(tx, id);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'ausstattung',
      entityId: id,
      oldValue: { name: existing.name },
    });
  });
};
