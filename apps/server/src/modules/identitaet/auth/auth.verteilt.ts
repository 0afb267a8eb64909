import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import type { LoginThrottle } from './auth.login-throttle.ts';
import { type createSessionCache, sessionKeyHash } from './auth.session-cache.ts';

/** The channel on which instances tell each other what their session caches and throttles learnt (decision 243). */
export const AUTH_CHANNEL = 'stellwerk_auth';

type SessionCache = ReturnType<typeof createSessionCache>;

const ZNachricht = z.object({
  /** The sending instance; it applied the change itself already. */
  von: z.string(),
  was: z.discriminatedUnion('art', [
    z.object({ art: z.literal('sitzung'), hash: z.string() }),
    z.object({ art: z.literal('sitzungen'), ids: z.array(z.string()) }),
    z.object({ art: z.literal('mandant'), mandantId: z.string() }),
    z.object({ art: z.literal('fehlschlag'), konto: z.string(), adresse: z.string() }),
    z.object({ art: z.literal('erfolg'), konto: z.string(), adresse: z.string() }),
  ]),
});
type Was = z.infer<typeof ZNachricht>['was'];

/**
 * Several instances on one PostgreSQL (decision 243): what one instance's session cache forgets (a sign-out, a
 * changed password or language, an administrative change) and what its sign-in throttle records (a failed or
 * successful sign-in) is told to every other instance over `LISTEN/NOTIFY`, which applies it to its own. So a
 * session ended through one instance is not served from another's cache, and failed sign-ins count the same
 * whichever instance they reach. On the embedded database (one process) the cache and throttle stay as they are.
 */
export const verteileAuthZustand = async ({
  database,
  sessions,
  throttle,
  log,
}: {
  database: Pick<Database, 'driver' | 'listen' | 'notify'>;
  sessions: SessionCache;
  throttle: LoginThrottle;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Promise<{ sessions: SessionCache; throttle: LoginThrottle; stop: () => Promise<void> }> => {
  if (database.driver !== 'pg') return { sessions, throttle, stop: async () => {} };
  const ich = randomUUID();
  const sende = (was: Was) => {
    database.notify(AUTH_CHANNEL, JSON.stringify({ von: ich, was })).catch((err: unknown) => {
      log.warn({ err }, 'auth: could not tell the other instances');
    });
  };
  const unlisten = await database.listen(AUTH_CHANNEL, (payload) => {
    let nachricht: z.infer<typeof ZNachricht>;
    try {
      nachricht = ZNachricht.parse(JSON.parse(payload));
    } catch (err) {
      log.warn({ err }, 'auth: ignored a malformed notification');
      return;
    }
    if (nachricht.von === ich) return;
    const was = nachricht.was;
    if (was.art === 'sitzung') sessions.dropHash(was.hash);
    else if (was.art === 'sitzungen') sessions.dropSessions(was.ids);
    else if (was.art === 'mandant') sessions.dropTenant(was.mandantId);
    else if (was.art === 'fehlschlag') throttle.recordFailure(was.konto, was.adresse);
    else throttle.recordSuccess(was.konto, was.adresse);
  });
  return {
    sessions: {
      ...sessions,
      drop: (key) => {
        sessions.drop(key);
        sende({ art: 'sitzung', hash: sessionKeyHash(key) });
      },
      dropSessions: (ids) => {
        sessions.dropSessions(ids);
        if (ids.length > 0) sende({ art: 'sitzungen', ids: [...ids] });
      },
      dropTenant: (mandantId) => {
        sessions.dropTenant(mandantId);
        sende({ art: 'mandant', mandantId });
      },
    },
    throttle: {
      ...throttle,
      recordFailure: (konto, adresse) => {
        throttle.recordFailure(konto, adresse);
        sende({ art: 'fehlschlag', konto, adresse });
      },
      recordSuccess: (konto, adresse) => {
        throttle.recordSuccess(konto, adresse);
        sende({ art: 'erfolg', konto, adresse });
      },
    },
    stop: async () => {
      try {
        await unlisten();
      } catch (err) {
        log.warn({ err }, 'auth: could not stop listening (database already closed?)');
      }
    },
  };
};
