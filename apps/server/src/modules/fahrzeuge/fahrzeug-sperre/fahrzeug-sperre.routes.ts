import { ZApiError } from '@stellwerk/domain/api';
import { ZFahrzeugSperreEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import {
  ZFahrzeugSperreErgebnis,
  ZFahrzeugSperreListe,
  ZFahrzeugSperrenQuery,
  ZFahrzeugSperreVorschau,
  ZFahrzeugSperreVorschauEingabe,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/sperre-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import {
  type FahrzeugSperreDeps,
  hebeSperreAufById,
  legeSperreAn,
  listSperren,
  vorschauSperre,
} from './fahrzeug-sperre.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 409: ZApiError, 422: ZApiError };
const TAGS = ['fahrzeuge'];

/** Fleet managers (fahrzeug_pflege): 401 without a session, 403 without the right, before the body is read. */
const pflegeGuard = routeGuard.darf('fuhrpark.verwalten');
const config = { guard: pflegeGuard };

/** Maintenance, service and defect blocks of a vehicle (decision 056). */
export const fahrzeugSperreRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
}> = async (app, { database, now, publicUrl }) => {
  const deps: FahrzeugSperreDeps = { database, now, publicUrl };

  app.get(
    '/api/fahrzeug-sperren',
    {
      config,
      schema: {
        operationId: 'listFahrzeugSperren',
        tags: TAGS,
        summary: "A vehicle's maintenance, service and defect blocks that have not ended",
        querystring: ZFahrzeugSperrenQuery,
        response: { 200: ZFahrzeugSperreListe, ...errors },
      },
    },
    async (request) => listSperren(deps, requireUser(request), request.query.fahrzeugId),
  );

  app.post(
    '/api/fahrzeug-sperren/vorschau',
    {
      config,
      schema: {
        operationId: 'previewFahrzeugSperre',
        tags: TAGS,
        summary:
          'What a block would do before anything changes: the bookings it overlaps, each with a free vehicle of the same location and licence class or cancelled',
        body: ZFahrzeugSperreVorschauEingabe,
        response: { 200: ZFahrzeugSperreVorschau, ...errors },
      },
    },
    async (request) => vorschauSperre(deps, requireUser(request), request.body),
  );

  app.post(
    '/api/fahrzeug-sperren',
    {
      config,
      schema: {
        operationId: 'createFahrzeugSperre',
        tags: TAGS,
        summary:
          'Enter a block: accepted moves keep their bookings on the offered vehicle, the other overlapping bookings are cancelled (never durchgeführt ones); every booker mailed. 409 when the bookings changed since the preview',
        body: ZFahrzeugSperreEingabe,
        response: { 201: ZFahrzeugSperreErgebnis, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await legeSperreAn(deps, requireUser(request), request.body)),
  );

  app.delete(
    '/api/fahrzeug-sperren/:id',
    {
      config,
      schema: {
        operationId: 'deleteFahrzeugSperre',
        tags: TAGS,
        summary: 'Lift a block that has not ended (kept as storniert); cancelled bookings stay cancelled',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (request, reply) => {
      await hebeSperreAufById(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
