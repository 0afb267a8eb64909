import { ZApiError } from '@stellwerk/domain/api';
import { ZProtokollPage, ZProtokollQuery } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { listAudit, listPlatformAudit } from './audit.service.ts';

/** /admin/protokoll: who changed what, when, with old and new value (any administrator of the tenant). */
export const auditRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/admin/protokoll',
    {
      config: { guard: routeGuard.darf('protokoll.lesen') },
      schema: {
        operationId: 'listProtokoll',
        tags: ['admin'],
        summary: "The tenant's audit log, newest first; filter by entity, action, user and days (from/to)",
        querystring: ZProtokollQuery,
        response: { 200: ZProtokollPage, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) => listAudit({ database }, requireDarf(request, 'protokoll.lesen'), request.query),
  );

  app.get(
    '/api/admin/mandanten/protokoll',
    {
      config: { guard: routeGuard.darf('mandanten.verwalten') },
      schema: {
        operationId: 'listPlatformProtokoll',
        tags: ['admin'],
        summary: 'The audit log of tenant management (platform actions), newest first; same filters',
        querystring: ZProtokollQuery,
        response: { 200: ZProtokollPage, 400: ZApiError, 401: ZApiError, 403: ZApiError },
      },
    },
    async (request) =>
      listPlatformAudit({ database }, requireDarf(request, 'mandanten.verwalten'), request.query),
  );
};
