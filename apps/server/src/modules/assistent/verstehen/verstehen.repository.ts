import { asc } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { standort } from '../../verwaltung/standort/standort.public.ts';

/** The names of the tenant's locations, for the reading to find in a request (a read of another module's table). */
export const findStandortNamen = async (tx: Tx): Promise<string[]> =>
  (await tx.select({ name: standort.name }).from(standort).orderBy(asc(standort.name))).map((r) => r.name);
