import { ZApiError } from '@stellwerk/domain/api';
import { ZLesung, ZVerstehenEingabe } from '@stellwerk/domain/assistent/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { understandRequest } from './verstehen.service.ts';

/**
 * The assistant's understanding (decision 177): registered in a scope that checks the tenant's Chatbot switch on every
 * request, before the input (app.ts, decision 178).
 */
export const verstehenRoutes: FastifyPluginAsyncZod<{ database: Database; now: () => Date }> = async (
  app,
  { database, now },
) => {
  app.post(
    '/api/assistent/verstehen',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'understandRequest',
        tags: ['assistent'],
        summary: 'Read a German or English booking request; changes nothing',
        description:
          'Answers the reading of `text`: intent (`absicht`), period (`von`, `bis`: ISO 8601 with the Berlin offset, ' +
          'or null), whether it is the whole day (`ganztags`: von is midnight, bis the midnight after the last day), ' +
          "one of the tenant's location names (`standort`) and, where the text does not decide, a question back in " +
          'the language of the request (`rueckfrage`). Days and times are read in Europe/Berlin relative to `bezug` ' +
          "(default: now, the server's clock). Without any external service. Only where the tenant has switched the " +
          'Chatbot on; otherwise 404 `not_found`, before the input is checked.',
        body: ZVerstehenEingabe,
        response: { 200: ZLesung, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return understandRequest({ database, now }, requireUser(request), request.body);
    },
  );
};
