import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import { ZDatenauskunft, ZLoeschbericht } from '@stellwerk/domain/verwaltung/datenschutz/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { erstelleAuskunft } from './datenschutz.auskunft.ts';
import { erstelleDokument } from './datenschutz.dokumente.ts';
import { leseLoeschbericht, loeschePerson } from './datenschutz.loeschung.ts';
import { auskunftAlsPdf } from './datenschutz.pdf.ts';

type Optionen = { database: Database; now: () => Date; publicUrl: string };
const errors = { 401: ZApiError, 403: ZApiError, 404: ZApiError };
const ZSprache = z.object({ sprache: z.enum(['de', 'en']).optional() });

/**
 * The access request (Art. 15 and 20 GDPR, decision 200) as JSON and PDF: `/api/me/datenauskunft.*` for the
 * signed-in person in their language, `/api/benutzer/:id/datenauskunft.*` for administrators with the users
 * right (an access request that reached them), in the language asked for (default: the administrator's).
 */
export const datenschutzRoutes: FastifyPluginAsyncZod<Optionen> = async (app, deps) => {
  const datei = (id: string, format: 'json' | 'pdf') =>
    `attachment; filename="datenauskunft-${id.slice(0, 8)}.${format}"`;

  app.get(
    '/api/me/datenauskunft.json',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getEigeneDatenauskunft',
        tags: ['me'],
        summary: 'Everything stored about you (Art. 15 and 20 GDPR), machine-readable, per data category',
        response: { 200: ZDatenauskunft, 401: ZApiError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'no-store').header('content-disposition', datei(user.benutzerId, 'json'));
      return erstelleAuskunft(deps, user, user.benutzerId, user.language);
    },
  );

  app.get(
    '/api/me/datenauskunft.pdf',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getEigeneDatenauskunftPdf',
        tags: ['me'],
        summary: 'Everything stored about you (Art. 15 GDPR) as a readable PDF in your language',
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The file (application/pdf)'), 401: ZApiError },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const pdf = await auskunftAlsPdf(await erstelleAuskunft(deps, user, user.benutzerId, user.language));
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/pdf')
        .header('content-disposition', datei(user.benutzerId, 'pdf'))
        .send(pdf);
    },
  );

  app.get(
    '/api/benutzer/:id/datenauskunft.json',
    {
      config: { guard: routeGuard.darf('datenauskunft.erstellen') },
      schema: {
        operationId: 'getBenutzerDatenauskunft',
        tags: ['admin'],
        summary:
          'Everything stored about a user of the tenant (an access request, Art. 15 GDPR), machine-readable; audited',
        params: ZIdParams,
        querystring: ZSprache,
        response: { 200: ZDatenauskunft, 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'datenauskunft.erstellen');
      reply
        .header('cache-control', 'no-store')
        .header('content-disposition', datei(request.params.id, 'json'));
      return erstelleAuskunft(deps, user, request.params.id, request.query.sprache ?? user.language);
    },
  );

  app.get(
    '/api/benutzer/:id/datenauskunft.pdf',
    {
      config: { guard: routeGuard.darf('datenauskunft.erstellen') },
      schema: {
        operationId: 'getBenutzerDatenauskunftPdf',
        tags: ['admin'],
        summary:
          'Everything stored about a user of the tenant (an access request, Art. 15 GDPR) as PDF; audited',
        produces: ['application/pdf'],
        params: ZIdParams,
        querystring: ZSprache,
        response: { 200: z.any().describe('The file (application/pdf)'), 400: ZApiError, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'datenauskunft.erstellen');
      const a = await erstelleAuskunft(deps, user, request.params.id, request.query.sprache ?? user.language);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/pdf')
        .header('content-disposition', datei(request.params.id, 'pdf'))
        .send(await auskunftAlsPdf(a));
    },
  );

  app.post(
    '/api/benutzer/:id/loeschung',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'loescheBenutzerDsgvo',
        tags: ['admin'],
        summary:
          'Erase a user (Art. 17 GDPR): future bookings cancelled, personal data deleted or anonymised everywhere except what the law keeps (the logbook); answers and stores the report per data category; audited',
        params: ZIdParams,
        response: { 200: ZLoeschbericht, 400: ZApiError, 409: ZApiError, ...errors },
      },
    },
    async (request) => loeschePerson(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id),
  );

  app.get(
    '/api/benutzer/:id/loeschbericht',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'getLoeschbericht',
        tags: ['admin'],
        summary:
          'The stored report of erasing a user: what was deleted, anonymised and kept, with the reasons',
        params: ZIdParams,
        response: { 200: ZLoeschbericht, 400: ZApiError, ...errors },
      },
    },
    async (request) => leseLoeschbericht(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id),
  );

  for (const [dokument, operationId, summary] of [
    [
      'betriebsrat',
      'getDatenblattBetriebsrat',
      'The data sheet for the works council (German PDF), generated from the declarations: every metric, its aggregation level, threshold, who may see it, retention',
    ],
    [
      'verarbeitungsverzeichnis',
      'getVerarbeitungsverzeichnis',
      'The record of processing activities (Art. 30 GDPR, German PDF), generated from the declarations: purposes, data categories, recipients, retention per category',
    ],
  ] as const)
    app.get(
      `/api/datenschutz/${dokument}.pdf`,
      {
        config: { guard: routeGuard.darf('datenschutz.dokumente') },
        schema: {
          operationId,
          tags: ['admin'],
          summary,
          produces: ['application/pdf'],
          response: { 200: z.any().describe('The file (application/pdf)'), 401: ZApiError, 403: ZApiError },
        },
      },
      async (request, reply) => {
        const pdf = await erstelleDokument(deps, requireDarf(request, 'datenschutz.dokumente'), dokument);
        return reply
          .header('cache-control', 'no-store')
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${dokument}.pdf"`)
          .send(pdf);
      },
    );
};
