import { DomainError, type ErrorCode } from '@stellwerk/domain/errors';
import type { TUsage } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Database, Tx } from '../../../db/client.ts';
import { constraintOf, SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { publishEvent } from '../events/events.service.ts';
import { writeAudit } from './audit.service.ts';

/** Something of the tenant's with a name unique in the tenant that users hold (a group, a role). */
type NamedEntity = { id: string; name: string; benutzerAnzahl: number };

/**
 * How a module stores one kind of named entity, for the audited create, update and delete below. Every
 * function runs inside the tenant's transaction.
 */
export type NamedEntityStore<T extends NamedEntity, I extends { name: string }> = {
  /** The audit log's `entity`, also the type of the live event its changes publish. */
  entity: 'gruppe' | 'rolle';
  /** The error for a name the tenant already uses; it names the name and the field `name`. */
  nameTaken: ErrorCode;
  /** The unique constraint on (mandant, name): a concurrent insert or rename that loses the race. */
  uniqueConstraint: string;
  load: (tx: Tx, id: string) => Promise<T | undefined>;
  isNameTaken: (tx: Tx, name: string, exceptId?: string) => Promise<boolean>;
  insert: (tx: Tx, row: { mandantId: string; name: string }) => Promise<string>;
  rename: (tx: Tx, id: string, name: string) => Promise<void>;
  remove: (tx: Tx, id: string) => Promise<void>;
  /** Writes what the entity links to (its roles, its permissions) from `before` (none when created) to `input`. */
  writeLinks: (
    tx: Tx,
    keys: { mandantId: string; id: string },
    before: T | undefined,
    input: I,
  ) => Promise<void>;
  /** What the audit log keeps of the entity. */
  snapshot: (entity: T) => Record<string, unknown>;
};

type Deps = { database: Pick<Database, 'withTenant'> };

type NameRule = { nameTaken: ErrorCode; uniqueConstraint: string };

const nameTaken = (store: NameRule, name: string) =>
  new DomainError(store.nameTaken, { name, field: 'name' });

/** The unique constraint's violation as the same error the check before it gives. */
const withUniqueName = async <R>(store: NameRule, name: string, run: () => Promise<R>) => {
  try {
    return await run();
  } catch (err) {
    throw sqlStateOf(err) === SQLSTATE.uniqueViolation && constraintOf(err) === store.uniqueConstraint
      ? nameTaken(store, name)
      : err;
  }
};

/** Creates the entity with its links and audits it; the caller has authorised the change. */
export const createNamedEntity = <T extends NamedEntity, I extends { name: string }>(
  store: NamedEntityStore<T, I>,
  { database }: Deps,
  user: SessionUser,
  input: I,
): Promise<T> =>
  withUniqueName(store, input.name, () =>
    database.withTenant(user.mandantId, async (tx) => {
      if (await store.isNameTaken(tx, input.name)) throw nameTaken(store, input.name);
      const id = await store.insert(tx, { mandantId: user.mandantId, name: input.name });
      await store.writeLinks(tx, { mandantId: user.mandantId, id }, undefined, input);
      const created = (await store.load(tx, id))!;
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'create',
        entity: store.entity,
        entityId: id,
        newValue: store.snapshot(created),
      });
      await publishEvent(tx, user.mandantId, { type: store.entity, id });
      return created;
    }),
  );

/** Renames the entity when the name changed, rewrites its links and audits before and after. */
export const updateNamedEntity = <T extends NamedEntity, I extends { name: string }>(
  store: NamedEntityStore<T, I>,
  { database }: Deps,
  user: SessionUser,
  id: string,
  input: I,
): Promise<T> =>
  withUniqueName(store, input.name, () =>
    database.withTenant(user.mandantId, async (tx) => {
      const before = await store.load(tx, id);
      if (!before) throw nichtGefunden(store.entity, id);
      if (input.name !== before.name) {
        if (await store.isNameTaken(tx, input.name, id)) throw nameTaken(store, input.name);
        await store.rename(tx, id, input.name);
      }
      await store.writeLinks(tx, { mandantId: user.mandantId, id }, before, input);
      const after = (await store.load(tx, id))!;
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'update',
        entity: store.entity,
        entityId: id,
        oldValue: store.snapshot(before),
        newValue: store.snapshot(after),
      });
      await publishEvent(tx, user.mandantId, { type: store.entity, id });
      return after;
    }),
  );

/** How many users hold the entity: for the delete confirmation. */
export const getNamedEntityUsage = async <T extends NamedEntity>(
  store: { entity: 'gruppe' | 'rolle'; load: (tx: Tx, id: string) => Promise<T | undefined> },
  { database }: Deps,
  user: SessionUser,
  id: string,
): Promise<TUsage> => {
  const found = await database.withTenant(user.mandantId, (tx) => store.load(tx, id));
  if (!found) throw nichtGefunden(store.entity, id);
  return { benutzerAnzahl: found.benutzerAnzahl };
};

/** Deletes the entity, audited with what it was and how many users held it. */
export const deleteNamedEntity = async <T extends NamedEntity, I extends { name: string }>(
  store: NamedEntityStore<T, I>,
  { database }: Deps,
  user: SessionUser,
  id: string,
): Promise<void> => {
  await database.withTenant(user.mandantId, async (tx) => {
    const before = await store.load(tx, id);
    if (!before) throw nichtGefunden(store.entity, id);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: store.entity,
      entityId: id,
      oldValue: { ...store.snapshot(before), benutzerAnzahl: before.benutzerAnzahl },
    });
    await store.remove(tx, id);
    await publishEvent(tx, user.mandantId, { type: store.entity, id });
  });
};
