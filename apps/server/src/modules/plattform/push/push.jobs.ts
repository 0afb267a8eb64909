import type { Config } from '../../../config.ts';
import type { Job } from '../../../jobs/scheduler.ts';
import { dispatchPushes } from './push.dispatcher.ts';

/**
 * The push module's job: the dispatcher, platform-wide like the mail's (its claim deletes the rows it takes, so two
 * instances never send one push).
 */
export const pushJobs = (config: Pick<Config, 'vapid'>): Job[] => [
  {
    kind: 'global',
    name: 'push.dispatch',
    run: ({ database }) => dispatchPushes({ database, vapid: config.vapid }),
  },
];
