import { ZApiError, ZHealth } from '@stellwerk/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { errorBody } from '../../../http/error-handler';
import { requestLanguage } from '../../../http/request-language';
import { routeGuard } from '../../identitaet/auth/auth.guards';
import { checkHealth } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/health',
    {
      config: { guard: routeGuard.public },
      schema: {
        operationId: 'getHealth',
        tags: ['system'],
        summary: 'The server answers and its database is reachable',
        response: { 200: ZHealth, 503: ZApiError },
      },
    },
    async (request, reply) => {
      try {
        return await checkHealth({ database });
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send(errorBody('internal', requestLanguage(request)));
      }
    },
  );
};
