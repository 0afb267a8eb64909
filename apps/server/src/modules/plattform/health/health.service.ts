import type { THealth } from '@stellwerk/domain/api';
import type { Database } from '../../../db/client';

/**
 * The server answers and its database is reachable (throws when it is not), and whether the realtime
 * listener between instances is connected. Public.
 */
export const checkHealth = async ({
  database,
}: {
  database: Pick<Database, 'driver' | 'ping' | 'listenerConnected'>;
}): Promise<THealth> => {
  await database.ping();
  return {
    status: 'ok',
    database: database.driver,
    realtime: database.listenerConnected() ? 'connected' : 'disconnected',
  };
};
