import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZMandant,
  ZMandantAdministrator,
  ZMandantAdministratorInput,
  ZMandantDelete,
  ZMandantFeaturesInput,
  ZMandantInput,
  ZMandantList,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import {
  createMandant,
  createMandantAdministrator,
  listMandanten,
  removeMandant,
  setMandantFeatures,
  updateMandant,
} from './mandant.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** /admin/mandanten: tenants, their domains and feature switches (platform administrators only). */
export const mandantRoutes: FastifyPluginAsyncZod<{
  database: Database;
  /** Root of the stored files, removed with their tenant. */
  dataDir: string;
  /** Base of the invitation link a new administrator gets. */
  publicUrl: string;
  now: () => Date;
}> = async (app, { database, dataDir, publicUrl, now }) => {
  app.get(
    '/api/admin/mandanten',
    {
      config: { guard: routeGuard.darf('mandanten.verwalten') },
      schema: {
        operationId: 'listMandanten',
        tags: ['admin'],
        summary: 'Every tenant with domains, feature switches and number of users',
        response: { 200: ZMandantList, ...errors },
      },
    },
    async (request) => listMandanten({ database }, requireDarf(request, 'mandanten.verwalten')),
  );

  app.post(
    '/api/admin/mandanten',
    {
      config: { guard: routeGuard.darf('mandanten.verwalten') },
      schema: {
        operationId: 'createMandant',
        tags: ['admin'],
        summary: 'Create a tenant with its domains',
        body: ZMandantInput,
        response: { 201: ZMandant, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createMandant({ database }, requireDarf(request, 'mandanten.verwalten'), request.body)),
  );

  app.put(
    '/api/admin/mandanten/:id',
    {
      config: { guard: routeGuard.darf('mandanten.verwalten') },
      schema: {
        operationId: 'updateMandant',
        tags: ['admin'],
        summary: 'Rename a tenant and sync its domains (missing added, removed deleted)',
        params: ZIdParams,
        body: ZMandantInput,
        ...weglassbar({ kundenname: 'bleibt' }),
        response: { 200: ZMandant, ...errors },
      },
    },
    async (request) =>
      updateMandant(
        { database },
        requireDarf(request, 'mandanten.verwalten'),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/admin/mandanten/:id',
    {
      config: { guard: routeGuard.darf('mandanten.verwalten') },
      schema: {
        operationId: 'deleteMandant',
        tags: ['admin'],
        summary: 'Delete a tenant and all of its data; body { confirmName } must equal its name',
        params: ZIdParams,
        body: ZMandantDelete,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeMandant(
        { database, dataDir, log: request.log, now },
        requireDarf(request, 'mandanten.verwalten'),
        request.params.id,
        request.body,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/mandanten/:id/administratoren',
    {
      config: { guard: routeGuard.darf('mandanten.verwalten') },
      schema: {
        operationId: 'createMandantAdministrator',
        tags: ['admin'],
        summary:
          'Give a tenant an administrator: active user with the role "Administration" (all permissions; created when missing), login and invitation mail',
        params: ZIdParams,
        body: ZMandantAdministratorInput,
        response: { 201: ZMandantAdministrator, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createMandantAdministrator(
            { database, publicUrl, now },
            requireDarf(request, 'mandanten.verwalten'),
            request.params.id,
            request.body,
          ),
        ),
  );

  app.put(
    '/api/admin/mandanten/:id/features',
    {
      config: { guard: routeGuard.darf('mandanten.verwalten') },
      schema: {
        operationId: 'setMandantFeatures',
        tags: ['admin'],
        summary: 'Switch the feature areas of a tenant',
        params: ZIdParams,
        body: ZMandantFeaturesInput,
        response: { 200: ZMandant, ...errors },
      },
    },
    async (request) =>
      setMandantFeatures(
        { database },
        requireDarf(request, 'mandanten.verwalten'),
        request.params.id,
        request.body,
      ),
  );
};
