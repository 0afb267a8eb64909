import { ZApiError } from '@stellwerk/domain/api';
import { ZAusfuehrenAntwort, ZAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { fuehreAus } from './ausfuehren.service.ts';

/** The assistant's action (decision 190), in the Chatbot scope like `verstehen` (decision 178). */
export const ausfuehrenRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
}> = async (app, deps) => {
  app.post(
    '/api/assistent/ausfuehren',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'executeRequest',
        tags: ['assistent'],
        summary: 'Repeat the reading of a request (dry run) or carry it out with bestaetigt: true',
        description:
          'Reads `text` like `understandRequest`. Without `bestaetigt` nothing changes: the answer repeats the ' +
          'reading in words (`zusammenfassung`: resource, location, day and time in Berlin, whole day or hours) and, ' +
          'for a vehicle, lists the cars free for the user under every booking rule. With `bestaetigt: true` the ' +
          'vehicle is booked (`fahrzeugId`, default the first free one) through the same operation as ' +
          '`POST /api/fahrzeug-buchungen`: same rights, rules, errors, audit entries and mails. Other intents ' +
          'answer their reading and change nothing yet. Only where the tenant has switched the Chatbot on.',
        body: ZAusfuehrenEingabe,
        response: {
          200: ZAusfuehrenAntwort,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return fuehreAus(deps, requireUser(request), request.body);
    },
  );
};
