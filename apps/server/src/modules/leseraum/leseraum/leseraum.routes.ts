import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZGrundrissAdmin,
  ZGrundrissAdminList,
  ZGrundrissAenderung,
  ZGrundrissGespeichert,
  ZGrundrissInput,
  ZPlatzAdmin,
  ZPlatzAdminList,
  ZPlatzAenderung,
  ZPlatzGespeichert,
  ZPlatzInput,
  ZPlatzPositionInput,
} from '@stellwerk/domain/leseraum/admin-raeume.api';
import {
  ZBetroffeneBuchungen,
  ZStornierungBestaetigen,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { errorBody } from '../../../http/error-handler.ts';
import { readUploadedFile } from '../../../http/multipart-upload.ts';
import { requestLanguage } from '../../../http/request-language.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import {
  createPlatz,
  listPlaetze,
  movePlatz,
  previewPlatzDeaktivierung,
  removePlatz,
  savePlatz,
} from './leseraum.plaetze.ts';
import {
  createGrundriss,
  type Gespeichert,
  listGrundrisse,
  listStandorte,
  previewGrundrissDeaktivierung,
  removeGrundriss,
  saveGrundriss,
  uploadGrundrissPlan,
} from './leseraum.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const guard = { guard: routeGuard.darf('raeume.pflegen') };

/** 409 with the bookings a deactivation would cancel (nothing was saved), or the saved value. */
const replySaved = <T, K extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  result: Gespeichert<T>,
  key: K,
) => {
  if (result.kind === 'confirmation_required') {
    const { error } = errorBody('leseraum.deaktivierung_bestaetigen', requestLanguage(request), {
      name: result.name,
      anzahl: result.buchungen.length,
    });
    return reply.code(409).send({ error, buchungen: result.buchungen });
  }
  return reply.code(200).send({ [key]: result.value, storniert: result.storniert });
};

/** /admin/raeume: floor plans and their places (right ausstattungs_pflege, decision 051). */
export const leseraumRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
  dataDir: string;
}> = async (app, deps) => {
  app.get(
    '/api/admin/raeume/grundrisse',
    {
      config: guard,
      schema: {
        operationId: 'listRaeumeGrundrisse',
        tags: ['admin'],
        summary: 'Every floor plan with its location and place counts, in creation order',
        response: { 200: ZGrundrissAdminList, ...errors },
      },
    },
    async (request) => listGrundrisse(deps, requireDarf(request, 'raeume.pflegen')),
  );

  app.get(
    '/api/admin/raeume/standorte',
    {
      config: guard,
      schema: {
        operationId: 'listRaeumeStandorte',
        tags: ['admin'],
        summary: 'The locations a floor plan can belong to',
        response: {
          200: z.array(z.object({ id: z.uuid(), name: z.string().max(200) })),
          ...errors,
        },
      },
    },
    async (request) => listStandorte(deps, requireDarf(request, 'raeume.pflegen')),
  );

  app.post(
    '/api/admin/raeume/grundrisse',
    {
      config: guard,
      schema: {
        operationId: 'createRaeumeGrundriss',
        tags: ['admin'],
        summary: 'Add a floor plan (upload its SVG with POST …/{id}/plan)',
        body: ZGrundrissInput,
        response: { 201: ZGrundrissAdmin, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createGrundriss(deps, requireDarf(request, 'raeume.pflegen'), request.body)),
  );

  app.put(
    '/api/admin/raeume/grundrisse/:id',
    {
      config: guard,
      schema: {
        operationId: 'updateRaeumeGrundriss',
        tags: ['admin'],
        summary:
          'Change a floor plan; deactivating it over bookings that have not ended needs confirmCancel (409 lists them), then they are cancelled with the deactivation mail',
        params: ZIdParams,
        body: ZGrundrissAenderung,
        ...weglassbar({
          beschreibung: 'bleibt',
          link: 'bleibt',
          aktiv: 'bleibt',
          bereich: 'bleibt',
          standortId: 'bleibt',
          confirmCancel: 'bestaetigung',
        }),
        response: { 200: ZGrundrissGespeichert, 409: ZStornierungBestaetigen, ...errors },
      },
    },
    async (request, reply) =>
      replySaved(
        request,
        reply,
        await saveGrundriss(deps, requireDarf(request, 'raeume.pflegen'), request.params.id, request.body),
        'grundriss',
      ),
  );

  app.delete(
    '/api/admin/raeume/grundrisse/:id',
    {
      config: guard,
      schema: {
        operationId: 'deleteRaeumeGrundriss',
        tags: ['admin'],
        summary: 'Delete a floor plan whose places were never booked (409 otherwise: deactivate it)',
        params: ZIdParams,
        response: { 204: z.null(), 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await removeGrundriss(deps, requireDarf(request, 'raeume.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/raeume/grundrisse/:id/plan',
    {
      config: guard,
      schema: {
        operationId: 'uploadRaeumeGrundrissPlan',
        tags: ['admin'],
        summary:
          "Upload the floor plan's SVG (bucket grundrisse); scripts and external references are removed",
        description: 'multipart/form-data with one field `file`; checked by content, at most 5 MB.',
        consumes: ['multipart/form-data'],
        params: ZIdParams,
        response: { 200: ZGrundrissAdmin, 413: ZApiError, 415: ZApiError, ...errors },
      },
    },
    async (request) => {
      const user = requireDarf(request, 'raeume.pflegen');
      return uploadGrundrissPlan(deps, user, request.params.id, await readUploadedFile(request));
    },
  );

  app.get(
    '/api/admin/raeume/grundrisse/:id/deaktivierung',
    {
      config: guard,
      schema: {
        operationId: 'previewRaeumeGrundrissDeaktivierung',
        tags: ['admin'],
        summary: 'The bookings deactivating the floor plan would cancel (nothing is changed)',
        params: ZIdParams,
        response: { 200: ZBetroffeneBuchungen, ...errors },
      },
    },
    async (request) => ({
      buchungen: await previewGrundrissDeaktivierung(
        deps,
        requireDarf(request, 'raeume.pflegen'),
        request.params.id,
      ),
    }),
  );

  app.get(
    '/api/admin/raeume/grundrisse/:id/plaetze',
    {
      config: guard,
      schema: {
        operationId: 'listRaeumePlaetze',
        tags: ['admin'],
        summary: 'The places of a floor plan with position, markers and equipment, by name',
        params: ZIdParams,
        response: { 200: ZPlatzAdminList, ...errors },
      },
    },
    async (request) => listPlaetze(deps, requireDarf(request, 'raeume.pflegen'), request.params.id),
  );

  app.post(
    '/api/admin/raeume/grundrisse/:id/plaetze',
    {
      config: guard,
      schema: {
        operationId: 'createRaeumePlatz',
        tags: ['admin'],
        summary: 'Add a place (a seat, or a room with a capacity) to a floor plan',
        params: ZIdParams,
        body: ZPlatzInput,
        response: { 201: ZPlatzAdmin, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createPlatz(deps, requireDarf(request, 'raeume.pflegen'), request.params.id, request.body),
        ),
  );

  app.put(
    '/api/admin/raeume/plaetze/:id',
    {
      config: guard,
      schema: {
        operationId: 'updateRaeumePlatz',
        tags: ['admin'],
        summary:
          'Change a place, its equipment rows replaced; deactivating it over bookings that have not ended needs confirmCancel (409 lists them)',
        params: ZIdParams,
        body: ZPlatzAenderung,
        ...weglassbar({
          kapazitaet: 'bleibt',
          position: 'bleibt',
          beschreibung: 'bleibt',
          bedingungen: 'bleibt',
          aktiv: 'bleibt',
          brandschutzhelfer: 'bleibt',
          ersthelfer: 'bleibt',
          bestaetigungDurchPersonal: 'bleibt',
          ausstattung: 'bleibt',
          confirmCancel: 'bestaetigung',
        }),
        response: { 200: ZPlatzGespeichert, 409: ZStornierungBestaetigen, ...errors },
      },
    },
    async (request, reply) =>
      replySaved(
        request,
        reply,
        await savePlatz(deps, requireDarf(request, 'raeume.pflegen'), request.params.id, request.body),
        'platz',
      ),
  );

  app.put(
    '/api/admin/raeume/plaetze/:id/position',
    {
      config: guard,
      schema: {
        operationId: 'moveRaeumePlatz',
        tags: ['admin'],
        summary: 'Move a place on its plan (plan coordinates: the SVG’s user units)',
        params: ZIdParams,
        body: ZPlatzPositionInput,
        response: { 200: ZPlatzAdmin, ...errors },
      },
    },
    async (request) =>
      movePlatz(deps, requireDarf(request, 'raeume.pflegen'), request.params.id, request.body.position),
  );

  app.get(
    '/api/admin/raeume/plaetze/:id/deaktivierung',
    {
      config: guard,
      schema: {
        operationId: 'previewRaeumePlatzDeaktivierung',
        tags: ['admin'],
        summary: 'The bookings deactivating the place would cancel (nothing is changed)',
        params: ZIdParams,
        response: { 200: ZBetroffeneBuchungen, ...errors },
      },
    },
    async (request) => ({
      buchungen: await previewPlatzDeaktivierung(
        deps,
        requireDarf(request, 'raeume.pflegen'),
        request.params.id,
      ),
    }),
  );

  app.delete(
    '/api/admin/raeume/plaetze/:id',
    {
      config: guard,
      schema: {
        operationId: 'deleteRaeumePlatz',
        tags: ['admin'],
        summary: 'Delete a place that was never booked (409 otherwise: deactivate it)',
        params: ZIdParams,
        response: { 204: z.null(), 409: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      await removePlatz(deps, requireDarf(request, 'raeume.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
