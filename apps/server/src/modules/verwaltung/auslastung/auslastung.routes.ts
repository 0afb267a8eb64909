import { ZApiError } from '@stellwerk/domain/api';
import {
  ZFahrzeugAuslastung,
  ZFahrzeugAuslastungQuery,
  ZLeseraumAuslastung,
  ZLeseraumAuslastungQuery,
} from '@stellwerk/domain/verwaltung/auslastung/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { fahrzeugAuslastung } from './auslastung.fahrzeuge.ts';
import { leseraumAuslastung } from './auslastung.leseraum.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

type Optionen = { database: Database; now: () => Date };

/** /admin/auslastung, reading rooms and workspaces: aggregates only (decisions 163–166); needs the Leseraum switch. */
export const auslastungLeseraumRoutes: FastifyPluginAsyncZod<Optionen> = async (app, { database, now }) => {
  app.get(
    '/api/auslastung/leseraum',
    {
      config: { guard: routeGuard.darf('auslastung.sehen') },
      schema: {
        operationId: 'getLeseraumAuslastung',
        tags: ['admin'],
        summary:
          'Utilisation of reading rooms and workspaces over a period: by day, weekday × hour, check-ins, no-shows, cancellations, the next 14 days; breakdowns only with at least k people per cell',
        querystring: ZLeseraumAuslastungQuery,
        response: { 200: ZLeseraumAuslastung, ...errors },
      },
    },
    async (request) =>
      leseraumAuslastung({ database, now }, requireDarf(request, 'auslastung.sehen'), request.query),
  );
};

/** /admin/auslastung, vehicles: aggregates only (decisions 163–166); needs the FahrzeugBuchung switch. */
export const auslastungFahrzeugRoutes: FastifyPluginAsyncZod<Optionen> = async (app, { database, now }) => {
  app.get(
    '/api/auslastung/fahrzeuge',
    {
      config: { guard: routeGuard.darf('auslastung.sehen') },
      schema: {
        operationId: 'getFahrzeugAuslastung',
        tags: ['admin'],
        summary:
          'Utilisation of the pool vehicles over a period: booked and driven hours of the bookable hours, trips and kilometres per month, private and commute share, idle days, vehicles below the threshold over 90 days',
        querystring: ZFahrzeugAuslastungQuery,
        response: { 200: ZFahrzeugAuslastung, ...errors },
      },
    },
    async (request) =>
      fahrzeugAuslastung({ database, now }, requireDarf(request, 'auslastung.sehen'), request.query),
  );
};
