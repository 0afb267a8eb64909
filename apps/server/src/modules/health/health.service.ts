import type { Database } from '../../db/client';

export type Health = { status: 'ok'; database: Database['driver'] };

/** The server answers and its database is reachable; throws when the database is not. Public. */
export const checkHealth = async ({
  database,
}: {
  database: Pick<Database, 'driver' | 'ping'>;
}): Promise<Health> => {
  await database.ping();
  return { status: 'ok', database: database.driver };
};
