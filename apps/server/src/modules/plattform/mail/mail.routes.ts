import { ZApiError } from '@stellwerk/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards';
import { ZOutboxPage, ZOutboxQuery } from './mail.schemas';
import { listOutbox } from './mail.service';

export const mailRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/admin/postausgang',
    {
      config: { guard: routeGuard.darf('postausgang.lesen') },
      schema: {
        operationId: 'listPostausgang',
        tags: ['admin'],
        summary: "The tenant's mail outbox (what was sent, or would be sent without SMTP_URL)",
        querystring: ZOutboxQuery,
        response: { 200: ZOutboxPage, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => {
      const user = requireDarf(request, 'postausgang.lesen');
      return listOutbox({ database, user }, request.query);
    },
  );
};
