import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZGruppe,
  ZGruppeAenderung,
  ZGruppeInput,
  ZGruppeList,
  ZUsage,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import { requireDarf, routeGuard } from '../auth/auth.guards.ts';
import { createGruppe, deleteGruppe, getGruppeUsage, listGruppen, updateGruppe } from './gruppe.service.ts';

/** The screen whose guard every route here applies (spec §2): right berechtigungs_pflege. */
const TAGS = ['admin-gruppen'];
const refusals = { 401: ZApiError, 403: ZApiError } as const;

export const gruppeRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const deps = { database };
  app.get(
    '/api/admin/gruppen',
    {
      config: { guard: routeGuard.darf('gruppen.pflegen') },
      schema: {
        operationId: 'listGruppen',
        tags: TAGS,
        summary: "The tenant's groups with their roles and number of members",
        response: { 200: ZGruppeList, ...refusals },
      },
    },
    async (request) => listGruppen(deps, requireDarf(request, 'gruppen.pflegen')),
  );

  app.post(
    '/api/admin/gruppen',
    {
      config: { guard: routeGuard.darf('gruppen.pflegen') },
      schema: {
        operationId: 'createGruppe',
        tags: TAGS,
        summary: 'Create a group with roles',
        body: ZGruppeInput,
        response: { 201: ZGruppe, 400: ZApiError, ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'gruppen.pflegen');
      return reply.code(201).send(await createGruppe(deps, user, request.body));
    },
  );

  app.put(
    '/api/admin/gruppen/:id',
    {
      config: { guard: routeGuard.darf('gruppen.pflegen') },
      schema: {
        operationId: 'updateGruppe',
        tags: TAGS,
        summary: 'Rename a group and set its roles (the complete desired list)',
        params: ZIdParams,
        body: ZGruppeAenderung,
        ...weglassbar({ rolleIds: 'bleibt' }),
        response: { 200: ZGruppe, 400: ZApiError, ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      updateGruppe(deps, requireDarf(request, 'gruppen.pflegen'), request.params.id, request.body),
  );

  app.get(
    '/api/admin/gruppen/:id/usage',
    {
      config: { guard: routeGuard.darf('gruppen.pflegen') },
      schema: {
        operationId: 'getGruppeUsage',
        tags: TAGS,
        summary: 'How many members the group has: for the delete confirmation',
        params: ZIdParams,
        response: { 200: ZUsage, 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request) => getGruppeUsage(deps, requireDarf(request, 'gruppen.pflegen'), request.params.id),
  );

  app.delete(
    '/api/admin/gruppen/:id',
    {
      config: { guard: routeGuard.darf('gruppen.pflegen') },
      schema: {
        operationId: 'deleteGruppe',
        tags: TAGS,
        summary: 'Delete a group; its members lose its roles',
        params: ZIdParams,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteGruppe(deps, requireDarf(request, 'gruppen.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
