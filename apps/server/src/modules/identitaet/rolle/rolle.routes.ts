import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZPermissionList,
  ZRolle,
  ZRolleAenderung,
  ZRolleInput,
  ZRolleList,
  ZUsage,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import { requireDarf, routeGuard } from '../auth/auth.guards.ts';
import {
  createRolle,
  deleteRolle,
  getRolleUsage,
  listPermissions,
  listRollen,
  updateRolle,
} from './rolle.service.ts';

/** The screen whose guard the role routes apply (spec §2): right berechtigungs_pflege. */
const TAGS = ['admin-rollen'];
const PERMISSIONS_PATH = '/api/admin/permissions';
const refusals = { 401: ZApiError, 403: ZApiError } as const;

/** Signed in, else 401 `auth.unauthenticated` (decision 126); the service decides which screen admits. */
/** The permission list serves the role and the user screen; its service checks which one admits. */
const PERMISSIONS_GUARD = routeGuard.darf('rechte.lesen');

export const rolleRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const deps = { database };
  app.get(
    '/api/admin/rollen',
    {
      config: { guard: routeGuard.darf('rollen.pflegen') },
      schema: {
        operationId: 'listRollen',
        tags: TAGS,
        summary: "The tenant's roles with their permissions and how many users hold each",
        response: { 200: ZRolleList, ...refusals },
      },
    },
    async (request) => listRollen(deps, requireDarf(request, 'rollen.pflegen')),
  );

  app.post(
    '/api/admin/rollen',
    {
      config: { guard: routeGuard.darf('rollen.pflegen') },
      schema: {
        operationId: 'createRolle',
        tags: TAGS,
        summary: 'Create a role with permissions',
        body: ZRolleInput,
        response: { 201: ZRolle, 400: ZApiError, ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'rollen.pflegen');
      return reply.code(201).send(await createRolle(deps, user, request.body));
    },
  );

  app.put(
    '/api/admin/rollen/:id',
    {
      config: { guard: routeGuard.darf('rollen.pflegen') },
      schema: {
        operationId: 'updateRolle',
        tags: TAGS,
        summary: 'Rename a role and set its permissions (the complete desired list)',
        params: ZIdParams,
        body: ZRolleAenderung,
        ...weglassbar({ permissions: 'bleibt' }),
        response: { 200: ZRolle, 400: ZApiError, ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      updateRolle(deps, requireDarf(request, 'rollen.pflegen'), request.params.id, request.body),
  );

  app.get(
    '/api/admin/rollen/:id/usage',
    {
      config: { guard: routeGuard.darf('rollen.pflegen') },
      schema: {
        operationId: 'getRolleUsage',
        tags: TAGS,
        summary: 'How many users hold the role (directly or through a group): for the delete confirmation',
        params: ZIdParams,
        response: { 200: ZUsage, 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request) => getRolleUsage(deps, requireDarf(request, 'rollen.pflegen'), request.params.id),
  );

  app.delete(
    '/api/admin/rollen/:id',
    {
      config: { guard: routeGuard.darf('rollen.pflegen') },
      schema: {
        operationId: 'deleteRolle',
        tags: TAGS,
        summary: 'Delete a role; users and groups lose it',
        params: ZIdParams,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteRolle(deps, requireDarf(request, 'rollen.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    PERMISSIONS_PATH,
    {
      config: { guard: PERMISSIONS_GUARD },
      schema: {
        operationId: 'listPermissions',
        tags: TAGS,
        summary: 'The 13 permissions of spec §6 with German and English descriptions',
        response: { 200: ZPermissionList, ...refusals },
      },
    },
    async (request) => listPermissions(requireDarf(request, 'rechte.lesen')),
  );
};
