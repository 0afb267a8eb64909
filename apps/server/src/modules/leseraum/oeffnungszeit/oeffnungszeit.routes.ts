import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  type TBetroffeneBuchung,
  ZBetroffeneBuchungen,
  ZGrundrissAuswahlList,
  ZOeffnungszeitenGespeichert,
  ZOeffnungszeitenInput,
  ZOeffnungszeitenWoche,
  ZSonderoeffnungszeitInput,
  ZSonderoeffnungszeitList,
  ZSonderoeffnungszeitParams,
  ZSonderoeffnungszeitSaved,
  ZStornierungBestaetigen,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { errorBody } from '../../../http/error-handler.ts';
import { requestLanguage } from '../../../http/request-language.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
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

/** 409 with the bookings a closing would cancel (nothing was saved). */
const replyConfirm = (request: FastifyRequest, reply: FastifyReply, buchungen: TBetroffeneBuchung[]) => {
  const { error } = errorBody('oeffnungszeit.stornierung_bestaetigen', requestLanguage(request), {
    anzahl: buchungen.length,
  });
  return reply.code(409).send({ error, buchungen });
};

/** 409 with the bookings a closing period would cancel, or the saved special opening time. */
const replySaved = (
  request: FastifyRequest,
  reply: FastifyReply,
  result: SonderzeitResult,
  status: 200 | 201,
) => {
  if (result.kind === 'confirmation_required') return replyConfirm(request, reply, result.buchungen);
  return reply
    .code(status)
    .send({ sonderoeffnungszeit: result.sonderoeffnungszeit, storniert: result.storniert });
};

/** /admin/oeffnungszeiten: weekly and special opening hours per floor plan (right oeffnungszeiten_pflege). */
export const oeffnungszeitRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
}> = async (app, { database, now, publicUrl }) => {
  const deps = { database, now, publicUrl };

  app.get(
    '/api/admin/grundrisse',
    {
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'listOeffnungszeitGrundrisse',
        tags: ['admin'],
        summary: 'Floor plans with their location, to choose whose opening hours to edit',
        response: { 200: ZGrundrissAuswahlList, ...errors },
      },
    },
    async (request) => listGrundrisse(deps, requireDarf(request, 'oeffnungszeiten.pflegen')),
  );

  app.get(
    '/api/admin/grundrisse/:id/oeffnungszeiten',
    {
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'getOeffnungszeiten',
        tags: ['admin'],
        summary: 'The 7 weekday rows of a floor plan (08:00–18:00 suggested when none are stored)',
        params: ZIdParams,
        response: { 200: ZOeffnungszeitenWoche, ...errors },
      },
    },
    async (request) => getWoche(deps, requireDarf(request, 'oeffnungszeiten.pflegen'), request.params.id),
  );

  app.put(
    '/api/admin/grundrisse/:id/oeffnungszeiten',
    {
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'replaceOeffnungszeiten',
        tags: ['admin'],
        summary:
          'Replace the 7 weekday rows (wochentag 0 = Sunday … 6, von/bis HH:mm, geoeffnet); closing a weekday over bookings needs confirmCancel (409 lists them)',
        params: ZIdParams,
        body: ZOeffnungszeitenInput,
        ...weglassbar({ confirmCancel: 'bestaetigung' }),
        response: { 200: ZOeffnungszeitenGespeichert, 409: ZStornierungBestaetigen, ...errors },
      },
    },
    async (request, reply) => {
      const result = await putWoche(
        deps,
        requireDarf(request, 'oeffnungszeiten.pflegen'),
        request.params.id,
        request.body,
      );
      if (result.kind === 'confirmation_required') return replyConfirm(request, reply, result.buchungen);
      return reply.code(200).send(result.woche);
    },
  );

  app.get(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten',
    {
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'listSonderoeffnungszeiten',
        tags: ['admin'],
        summary: 'Special opening times of a floor plan, by start day',
        params: ZIdParams,
        response: { 200: ZSonderoeffnungszeitList, ...errors },
      },
    },
    async (request) =>
      listSonderzeiten(deps, requireDarf(request, 'oeffnungszeiten.pflegen'), request.params.id),
  );

  app.post(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten/preview',
    {
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'previewSonderoeffnungszeit',
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
        requireDarf(request, 'oeffnungszeiten.pflegen'),
        request.params.id,
        request.body,
      ),
    }),
  );

  app.post(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten',
    {
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'createSonderoeffnungszeit',
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
        await saveSonderzeit(
          deps,
          requireDarf(request, 'oeffnungszeiten.pflegen'),
          request.params.id,
          null,
          request.body,
        ),
        201,
      ),
  );

  app.put(
    '/api/admin/grundrisse/:id/sonderoeffnungszeiten/:sid',
    {
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'updateSonderoeffnungszeit',
        tags: ['admin'],
        summary: 'Change a special opening time; closing over bookings needs confirmCancel (409 lists them)',
        params: ZSonderoeffnungszeitParams,
        body: ZSonderoeffnungszeitInput,
        ...weglassbar({
          beschreibung: 'bleibt',
          von: 'bleibt',
          bis: 'bleibt',
          confirmCancel: 'bestaetigung',
        }),
        response: { 200: ZSonderoeffnungszeitSaved, 409: ZStornierungBestaetigen, ...errors },
      },
    },
    async (request, reply) =>
      replySaved(
        request,
        reply,
        await saveSonderzeit(
          deps,
          requireDarf(request, 'oeffnungszeiten.pflegen'),
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
      config: { guard: routeGuard.darf('oeffnungszeiten.pflegen') },
      schema: {
        operationId: 'deleteSonderoeffnungszeit',
        tags: ['admin'],
        summary: 'Delete a special opening time',
        params: ZSonderoeffnungszeitParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeSonderzeit(
        deps,
        requireDarf(request, 'oeffnungszeiten.pflegen'),
        request.params.id,
        request.params.sid,
      );
      return reply.code(204).send(null);
    },
  );
};
