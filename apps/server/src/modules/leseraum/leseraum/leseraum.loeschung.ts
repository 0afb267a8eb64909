/** Erasing a person (decision 235): a place assigned to them as its owner is free for everyone again. */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { leseraum } from './leseraum.table.ts';

export const gibEigenePlaetzeFrei = async (tx: Tx, benutzerId: string): Promise<number> =>
  (
    await tx
      .update(leseraum)
      .set({ eigentuemerId: null })
      .where(eq(leseraum.eigentuemerId, benutzerId))
      .returning({ id: leseraum.id })
  ).length;
