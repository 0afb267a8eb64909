import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZAusstattung,
  ZAusstattungInput,
  ZAusstattungList,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import {
  createAusstattung,
  listAusstattung,
  removeAusstattung,
  updateAusstattung,
} from './ausstattung.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** /admin/ausstattung: the equipment catalogue used by rooms (right ausstattungs_pflege). */
export const ausstattungRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/api/admin/ausstattung',
    {
      config: { guard: routeGuard.darf('ausstattung.pflegen') },
      schema: {
        operationId: 'listAusstattung',
        tags: ['admin'],
        summary: 'The equipment catalogue with the number of rooms using each item',
        response: { 200: ZAusstattungList, ...errors },
      },
    },
    async (request) => listAusstattung({ database }, requireDarf(request, 'ausstattung.pflegen')),
  );

  app.post(
    '/api/admin/ausstattung',
    {
      config: { guard: routeGuard.darf('ausstattung.pflegen') },
      schema: {
        operationId: 'createAusstattung',
        tags: ['admin'],
        summary: 'Add equipment (name unique per tenant)',
        body: ZAusstattungInput,
        response: { 201: ZAusstattung, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createAusstattung({ database }, requireDarf(request, 'ausstattung.pflegen'), request.body),
        ),
  );

  app.put(
    '/api/admin/ausstattung/:id',
    {
      config: { guard: routeGuard.darf('ausstattung.pflegen') },
      schema: {
        operationId: 'updateAusstattung',
        tags: ['admin'],
        summary: 'Rename equipment',
        params: ZIdParams,
        body: ZAusstattungInput,
        response: { 200: ZAusstattung, ...errors },
      },
    },
    async (request) =>
      updateAusstattung(
        { database },
        requireDarf(request, 'ausstattung.pflegen'),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/api/admin/ausstattung/:id',
    {
      config: { guard: routeGuard.darf('ausstattung.pflegen') },
      schema: {
        operationId: 'deleteAusstattung',
        tags: ['admin'],
        summary: 'Delete equipment no room uses (409 with the number of rooms otherwise)',
        params: ZIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeAusstattung({ database }, requireDarf(request, 'ausstattung.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
