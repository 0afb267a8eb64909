import { ZApiError } from '@stellwerk/domain/api';
import { ZFahrzeugBelegung, ZFahrzeugBelegungQuery } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { schnellerSerialisierer } from '../../../http/schneller-serialisierer.ts';
import { requireUser } from '../../identitaet/auth/auth.guards.ts';
import { fahrzeugModul } from './fahrzeug-buchung.routes.ts';
import { getFahrzeugBelegung } from './fahrzeug-uebersicht.service.ts';

/** The timeline of /fahrzeuge/uebersicht (decision 047), guarded like every vehicle route. */
export const fahrzeugUebersichtRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
}> = async (app, deps) => {
  app.get(
    '/api/fahrzeuge/belegung',
    {
      config: { guard: fahrzeugModul },
      // a hot route: its answer is not checked against the schema on every request (decision 263)
      serializerCompiler: schnellerSerialisierer,
      schema: {
        operationId: 'getFahrzeugBelegung',
        tags: ['fahrzeuge'],
        summary:
          "The timeline of one location for a day or a week (at most 8 days): each active vehicle with its bookings and blocks (times only; `eigene` marks the user's) and its closed times (outside the booking window or the validity)",
        querystring: ZFahrzeugBelegungQuery,
        response: {
          200: ZFahrzeugBelegung,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request) => getFahrzeugBelegung(deps, requireUser(request), request.query, request.sessionMemo),
  );
};
