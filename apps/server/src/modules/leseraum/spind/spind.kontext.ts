import { DomainError } from '@stellwerk/domain/errors';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';

export type SpindDeps = { database: Database; now: () => Date; zufall?: (n: number) => number };

/** A tenant without the Officelocker switch has no locker pages: 404, like a page that is not there (decision 186). */
export const assertSpindFeature = async (tx: Tx): Promise<void> => {
  if (!(await loadFeatureSwitches(tx)).Officelocker) throw new DomainError('not_found');
};

/** Runs `fn` in the tenant's transaction after the feature check. */
export const inSpindModul = <T>(deps: SpindDeps, user: SessionUser, fn: (tx: Tx) => Promise<T>) =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    await assertSpindFeature(tx);
    return fn(tx);
  });
