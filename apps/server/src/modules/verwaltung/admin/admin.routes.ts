import { ZApiError } from '@stellwerk/domain/api';
import { ZAdminUebersicht } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { getUebersicht } from './admin.service.ts';

/** /admin: the start page's counts of the areas the user may open. */
export const adminRoutes: FastifyPluginAsyncZod<{ database: Database; now: () => Date }> = async (
  app,
  { database, now },
) => {
  app.get(
    '/api/admin/uebersicht',
    {
      config: { guard: routeGuard.darf('verwaltung.oeffnen') },
      schema: {
        operationId: 'getAdminUebersicht',
        tags: ['admin'],
        summary: 'Counts per admin area the user may open (null where not allowed)',
        response: { 200: ZAdminUebersicht, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getUebersicht({ database, now }, requireDarf(request, 'verwaltung.oeffnen'));
    },
  );
};
