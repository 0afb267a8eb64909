import { ZApiError } from '@stellwerk/domain/api';
import { ZSmsAusgang } from '@stellwerk/domain/identitaet/sicherheit/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../auth/auth.guards.ts';
import { listSmsAusgang } from './sms.service.ts';

export const smsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/admin/postausgang/sms',
    {
      config: { guard: routeGuard.darf('postausgang.lesen') },
      schema: {
        operationId: 'listSmsAusgang',
        tags: ['admin'],
        summary:
          "The tenant's SMS outbox (decision 083): each SMS with the number masked and the code removed, and whether the gateway took it",
        response: { 200: ZSmsAusgang, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSmsAusgang({ database }, requireDarf(request, 'postausgang.lesen'));
    },
  );
};
