import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards';
import { loadSessionUser } from '../../identitaet/auth/auth.session-user';
import { type EventHub, subscribeToEvents } from './events.service';

/** Reconnect hint for EventSource; the web app backs off 1, 2, 5, 10 s itself (spec §9). */
const RETRY_MS = 1000;

export const eventsRoutes: FastifyPluginAsyncZod<{ events: EventHub; database: Database }> = async (
  app,
  { events, database },
) => {
  app.get(
    '/api/events',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'streamEvents',
        tags: ['events'],
        summary: "Server-Sent Events of the signed-in user's tenant",
        description:
          'A `text/event-stream`. Each message is one live event of `@stellwerk/domain/events`, the resource and id that changed, e.g. `data: {"type":"abweichende_oeffnungszeit","id":"…","grundrissId":"…"}`; a comment line every 30 s keeps the connection open.',
        produces: ['text/event-stream'],
        response: { 200: z.string().describe('text/event-stream') },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      let nextId = 1;
      const unsubscribe = subscribeToEvents(user, events, {
        send: (event) => {
          raw.write(`id: ${nextId++}\ndata: ${JSON.stringify(event)}\n\n`);
        },
        heartbeat: () => {
          raw.write(': heartbeat\n\n');
        },
        close: () => {
          raw.end();
        },
        // after a change of users, groups or roles: the rights the session holds now (decision 115)
        refreshPermissions: async () =>
          (await loadSessionUser(database, user.authUserId, user.sessionId))?.permissions ?? null,
      });
      request.raw.once('close', unsubscribe);
    },
  );
};
