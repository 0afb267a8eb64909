import { ZProtokollPage, ZProtokollQuery } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { ZApiError } from '@stellwerk/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireAdminRoute, requirePlatformAdmin, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { listAudit, listPlatformAudit } from './audit.service.ts';

/** /admin/protokoll: who changed what, when, with old and new value (any administrator of the tenant). */
export const auditRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/admin/protokoll',
    {
      config: { guard: routeGuard.adminRoute('/admin/protokoll') },
      schema: {
        operationId: 'listProtokoll',
        tags: ['admin'],
        summary: "The tenant's audit log, newest first; filter by entity, action, user and days (from/to)",
        querystring: ZProtokollQuery,
        response: { 200: ZProtokollPage, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listAudit({ database }, requireAdminRoute(request, '/admin/protokoll'), request.query),
  );

  app.get(
    '/api/admin/mandanten/protokoll',
    {
      config: { guard: routeGuard.platformAdmin },
      schema: {
        operationId: 'listPlatformProtokoll',
        tags: ['admin'],
        summary: 'The audit log of tenant management (platform actions), newest first; same filters',
        querystring: ZProtokollQuery,
        response: { 200: ZProtokollPage, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listPlatformAudit({ database }, requirePlatformAdmin(request), request.query),
  );
};
