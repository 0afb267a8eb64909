import {
  ZBetroffeneBuchungen,
  ZGrundrissAuswahlList,
  ZIdParams,
  ZOeffnungszeitenInput,
  ZOeffnungszeitenWoche,
  ZSonderoeffnungszeitInput,
  ZSonderoeffnungszeitList,
  ZSonderoeffnungszeitParams,
  ZSonderoeffnungszeitSaved,
  ZStornierungBestaetigen,
} from '@stellwerk/domain/admin-stammdaten.api';
import { ZApiError } from '@stellwerk/domain/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { errorBody } from '../../http/error-handler.ts';
import { requestLanguage } from '../../http/request-language.ts';
import { requireAdminRoute } from '../auth/auth.guards.ts';
import {
  getWoche,
  listGrundrisse,
  listSonderzeiten,
  previewSonderzeit,
  putWoche,
  removeSonderzeit,
  type SonderzeitResult,
  saveSonderzeit,
} from './oeffnungszeit.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const SCREEN = '/admin/oeffnungszeiten';

/** 409 with the bookings a closing period would cancel, or the saved special opening time. */
const replySaved = (
  request: FastifyRequest,
  reply: FastifyReply,
  result: SonderzeitResult,
  status: 200 | 201,
) => {
  if (result.kind === 'confirmation_required') {
    const { error } = errorBody('oeffnungszeit.stornierung_bestaetigen', requestLanguage(request), {
      anzahl: result.buchungen.length,
    });
    return reply.code(409).send({ error, buchungen: result.buchungen });
  }
  return reply
    .code(status)
    .send({ sonderoeffnungszeit: result.sonderoeffnungszeit, storniert: result.storniert });
};

/** /admin/oeffnungszeiten: weekly and special opening hours per floor plan (right oeffnungszeiten_pflege). */
export const oeffnungszeitRoutes: FastifyPluginAsyncZod<{ database: Database; now: () => Date }> = async (
  app,
  { database, now },
) => {
  const deps = { database, now };

  app.get(
    '/api/admin/grundrisse',
    {
      schema: {
        tags: ['admin'],
        summary: 'Floor plans with their location, to choose whose opening hours to edit',
        response: { 200: ZGrundrissAuswahlList, ...errors },
      },
    },
    async (request) => listGrundrisse(deps, requireAdminRoute(request, SCREEN)),
  );

  app.get(
    '/api/admin/grundrisse/:id/oeffnungszeiten',
    {
      schema: {
        tags: ['admin'],
        summary: 'The 7 weekday rows of a floor plan (08:00–18:00 suggested when none are stored)',
        params: ZIdParams,
        response: { 200: ZOeffnungszeitenWoche, ...errors },
      },
    },
    async (request) => getWoche(deps, requireAdminRoute(request, SCREEN), request.params.id),
  );

  app.put(
    '/api/admin/grundrisse/:id/oeffnungszeiten',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace the 7 weekday rows (wochentag 0 = Sunday … 6, von/bis HH:mm, geoeffnet)',
        params: ZIdParams,
        body: ZOeffnungszeitenInput,
        response: { 200: ZOeffnungszeitenWoche, ...errors },
      },
    },
    async (request) => putWoche(deps, requireAdminRoute(request, SCREEN), request.params.id, request.body),
  );

  app.get(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten',
    {
      schema: {
        tags: ['admin'],
        summary: 'Special opening times of a floor plan, by start day',
        params: ZIdParams,
        response: { 200: ZSonderoeffnungszeitList, ...errors },
      },
    },
    async (request) => listSonderzeiten(deps, requireAdminRoute(request, SCREEN), request.params.id),
  );

  app.post(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'The holds and reservations a closing period would cancel (nothing is saved)',
        params: ZIdParams,
        body: ZSonderoeffnungszeitInput,
        response: { 200: ZBetroffeneBuchungen, ...errors },
      },
    },
    async (request) => ({
      buchungen: await previewSonderzeit(
        deps,
        requireAdminRoute(request, SCREEN),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a special opening time; closing over bookings needs confirmCancel (409 lists them)',
        params: ZIdParams,
        body: ZSonderoeffnungszeitInput,
        response: { 201: ZSonderoeffnungszeitSaved, 409: ZStornierungBestaetigen, ...errors },
      },
    },
    async (request, reply) =>
      replySaved(
        request,
        reply,
        await saveSonderzeit(deps, requireAdminRoute(request, SCREEN), request.params.id, null, request.body),
        201,
      ),
  );

  app.put(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten/:sid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a special opening time; closing over bookings needs confirmCancel (409 lists them)',
        params: ZSonderoeffnungszeitParams,
        body: ZSonderoeffnungszeitInput,
        response: { 200: ZSonderoeffnungszeitSaved, 409: ZStornierungBestaetigen, ...errors },
      },
    },
    async (request, reply) =>
      replySaved(
        request,
        reply,
        await saveSonderzeit(
          deps,
          requireAdminRoute(request, SCREEN),
          request.params.id,
          request.params.sid,
          request.body,
        ),
        200,
      ),
  );

  app.delete(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten/:sid',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a special opening time',
        params: ZSonderoeffnungszeitParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSonderzeit(deps, requireAdminRoute(request, SCREEN), request.params.id, request.params.sid);
      return reply.code(204).send(null);
    },
  );
};
