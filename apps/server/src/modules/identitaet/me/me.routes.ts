import { ZApiError, ZMe } from '@stellwerk/domain/api';
import { ZProfil, ZProfilInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../auth/auth.guards.ts';
import { getMe, updateEigenesProfil } from './me.service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/me',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getMe',
        tags: ['me'],
        summary: 'The signed-in user, their tenant, permissions, features and effective settings',
        response: { 200: ZMe, 401: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = requireUser(request);
      const memo = request.sessionMemo;
      if (memo?.me) return memo.me;
      const me = await getMe({ database }, user);
      if (memo) memo.me = me;
      return me;
    },
  );

  app.put(
    '/api/me/profil',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'updateOwnProfile',
        tags: ['me'],
        summary: 'Change your first and last name (the e-mail address is changed by administrators)',
        body: ZProfilInput,
        response: { 200: ZProfil, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => updateEigenesProfil({ database }, requireUser(request), request.body),
  );
};
