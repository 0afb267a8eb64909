import { ZApiError, ZMe, ZSettingName, ZUpdateSetting } from '@stellwerk/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireUser } from '../auth/auth.guards.ts';
import { getMe, updateOwnSetting } from './me.service.ts';

export const meRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/me',
    {
      schema: {
        tags: ['me'],
        summary: 'The signed-in user, their tenant, permissions, features and effective settings',
        response: { 200: ZMe, 401: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMe({ database }, requireUser(request));
    },
  );

  app.put(
    '/api/me/settings/:name',
    {
      schema: {
        tags: ['me'],
        summary: 'Change one of your personal settings (user level), e.g. Sprache',
        params: ZSettingName,
        body: ZUpdateSetting,
        response: { 200: ZMe, 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request) =>
      updateOwnSetting({ database }, requireUser(request), {
        name: request.params.name,
        value: request.body.value,
      }),
  );
};
