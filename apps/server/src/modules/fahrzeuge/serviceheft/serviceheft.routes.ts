import { ZApiError } from '@stellwerk/domain/api';
import { ZServiceheft, ZServiceheftEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug/serviceheft';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { createServiceheftEintrag, getServiceheft } from './serviceheft.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const TAGS = ['fahrzeuge'];
const params = z.object({ id: z.uuid() });

/** Reading: a right of the vehicle module, the fleet's care or its logbook report; writing: the fleet's care. */
const leseGuard = routeGuard.darf('serviceheft.lesen');
const schreibGuard = routeGuard.darf('fuhrpark.verwalten');

/** The service book of a vehicle (decision 068). */
export const serviceheftRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const deps = { database };
  app.get(
    '/api/fahrzeuge/:id/serviceheft',
    {
      config: { guard: leseGuard },
      schema: {
        operationId: 'getServiceheft',
        tags: TAGS,
        summary: "A vehicle's service book: its entries and its maintenance and service blocks, newest first",
        params,
        response: { 200: ZServiceheft, ...errors },
      },
    },
    async (request) => getServiceheft(deps, requireUser(request), request.params.id),
  );
  app.post(
    '/api/fahrzeuge/:id/serviceheft',
    {
      config: { guard: schreibGuard },
      schema: {
        operationId: 'createServiceheftEintrag',
        tags: TAGS,
        summary: 'Adds an entry to the service book (an HU or UVV entry may set the next due day)',
        params,
        body: ZServiceheftEingabe,
        response: { 201: ZServiceheft, ...errors },
      },
    },
    async (request, reply) => {
      const heft = await createServiceheftEintrag(
        deps,
        requireUser(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(heft);
    },
  );
};
