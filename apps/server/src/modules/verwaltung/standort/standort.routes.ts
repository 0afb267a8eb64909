import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import { ZStandort, ZStandortInput, ZStandortList } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import { createStandort, listStandorte, removeStandort, updateStandort } from './standort.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** /admin/lokationen: locations with their parking spots (right objekt_pflege). */
export const standortRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/admin/standorte',
    {
      config: { guard: routeGuard.darf('lokationen.pflegen') },
      schema: {
        operationId: 'listStandorte',
        tags: ['admin'],
        summary: 'Locations with parking spots and how many vehicles and floor plans use them',
        response: { 200: ZStandortList, ...errors },
      },
    },
    async (request) => listStandorte({ database }, requireDarf(request, 'lokationen.pflegen')),
  );

  app.post(
    '/api/admin/standorte',
    {
      config: { guard: routeGuard.darf('lokationen.pflegen') },
      schema: {
        operationId: 'createStandort',
        tags: ['admin'],
        summary: 'Create a location',
        body: ZStandortInput,
        response: { 201: ZStandort, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createStandort({ database }, requireDarf(request, 'lokationen.pflegen'), request.body)),
  );

  app.put(
    '/api/admin/standorte/:id',
    {
      config: { guard: routeGuard.darf('lokationen.pflegen') },
      schema: {
        operationId: 'updateStandort',
        tags: ['admin'],
        summary: 'Rename a location and sync its parking spots (missing added, removed deleted)',
        params: ZIdParams,
        body: ZStandortInput,
        ...weglassbar({ abstellplaetze: 'bleibt', bundesland: 'bleibt' }),
        response: { 200: ZStandort, ...errors },
      },
    },
    async (request) =>
      updateStandort(
        { database },
        requireDarf(request, 'lokationen.pflegen'),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/admin/standorte/:id',
    {
      config: { guard: routeGuard.darf('lokationen.pflegen') },
      schema: {
        operationId: 'deleteStandort',
        tags: ['admin'],
        summary: 'Delete a location that no vehicle or floor plan uses (409 otherwise)',
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeStandort({ database }, requireDarf(request, 'lokationen.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
