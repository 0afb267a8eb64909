import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { PUSH_QUEUED_CHANNEL } from './push.service.ts';

/**
 * Right after a push's transaction commits (its id arrives on `PUSH_QUEUED_CHANNEL`) the dispatcher runs, one run
 * at a time (pushes committed meanwhile get another run), so a reminder arrives within seconds; the scheduler's
 * minute job sends what a crashed instance left. Resolves to the function that stops listening.
 */
export const startPushDelivery = async ({
  database,
  dispatch,
  log,
}: {
  database: Pick<Database, 'listen'>;
  dispatch: () => Promise<unknown>;
  log: Pick<FastifyBaseLogger, 'error'>;
}): Promise<() => Promise<void>> => {
  let running: Promise<void> | undefined;
  let again = false;
  return database.listen(PUSH_QUEUED_CHANNEL, () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await dispatch();
      } while (again);
    })()
      .catch((err: unknown) => log.error({ err }, 'push dispatch after commit failed'))
      .finally(() => {
        running = undefined;
      });
  });
};
