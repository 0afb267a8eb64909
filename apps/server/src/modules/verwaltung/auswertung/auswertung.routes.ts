import { ZApiError } from '@stellwerk/domain/api';
import {
  ZAuswertung,
  ZAuswertungEmpfaenger,
  ZAuswertungExportQuery,
  ZAuswertungQuery,
} from '@stellwerk/domain/verwaltung/auswertung/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { auswertungCsv, auswertungDateiname, auswertungXlsx } from './auswertung.export.ts';
import { auswertung } from './auswertung.service.ts';
import { moeglicheEmpfaenger } from './auswertung.versand.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

type Optionen = { database: Database; now: () => Date };

/** /admin/auswertung: aggregates only (decisions 164, 195). */
export const auswertungRoutes: FastifyPluginAsyncZod<Optionen> = async (app, { database, now }) => {
  app.get(
    '/api/auswertung',
    {
      config: { guard: routeGuard.darf('auswertung.sehen') },
      schema: {
        operationId: 'getAuswertung',
        tags: ['admin'],
        summary:
          'Evaluation over a period and the one before: utilisation, trips and km by purpose and location, approvals, licence checks, damages; breakdowns only with at least k people per cell',
        querystring: ZAuswertungQuery,
        response: { 200: ZAuswertung, ...errors },
      },
    },
    async (request) => auswertung({ database, now }, requireDarf(request, 'auswertung.sehen'), request.query),
  );

  app.get(
    '/api/auswertung/export',
    {
      config: { guard: routeGuard.darf('auswertung.sehen') },
      schema: {
        operationId: 'exportAuswertung',
        tags: ['admin'],
        summary: 'The evaluation as CSV or Excel: the figures of the screen, each with its denominator',
        querystring: ZAuswertungExportQuery,
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'auswertung.sehen');
      const { format, ...q } = request.query;
      const a = await auswertung({ database, now }, user, q);
      const inhalt =
        format === 'csv' ? auswertungCsv(a, user.language) : await auswertungXlsx(a, user.language);
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="${auswertungDateiname(a, format)}"`)
        .send(inhalt);
    },
  );

  app.get(
    '/api/auswertung/empfaenger',
    {
      config: { guard: routeGuard.darf('customizing.pflegen') },
      schema: {
        operationId: 'listAuswertungEmpfaenger',
        tags: ['admin'],
        summary:
          'Who the evaluation may be mailed to on a rhythm (decision 247): active users with admin access and auswertung_sehen; for the settings administrator choosing the recipients',
        response: { 200: ZAuswertungEmpfaenger, ...errors },
      },
    },
    async (request) => moeglicheEmpfaenger({ database }, requireDarf(request, 'customizing.pflegen')),
  );
};
