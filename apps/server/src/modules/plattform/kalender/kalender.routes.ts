import { ZApiError } from '@stellwerk/domain/api';
import {
  ZKalenderAboLinks,
  ZKalenderAboStand,
  ZKalenderFilter,
} from '@stellwerk/domain/plattform/kalender/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import {
  aendereKalenderFilter,
  erstelleKalenderAbo,
  getKalenderAbo,
  type KalenderDeps,
  widerrufeKalenderAbo,
} from './kalender.abo.service.ts';
import { kalenderFeed } from './kalender.feed.service.ts';

const TAGS = ['kalender'];
const refusals = { 401: ZApiError } as const;

/** Feed requests per token and minute: calendar clients poll every few minutes at most. */
export const KALENDER_FEED_LIMIT = 20;

/**
 * The personal calendar subscription (decision 168): the signed-in user's own subscription (`/api/kalender-abo`)
 * and the feed it links to (`/api/kalender/{token}.ics`: no session, the token alone; limited per token).
 */
export const kalenderRoutes: FastifyPluginAsyncZod<KalenderDeps> = async (app, deps) => {
  app.get(
    '/api/kalender-abo',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getKalenderAbo',
        tags: TAGS,
        summary: "The user's calendar subscription (without its token), or null",
        response: { 200: ZKalenderAboStand, ...refusals },
      },
    },
    async (request) => getKalenderAbo(deps, requireUser(request)),
  );
  app.post(
    '/api/kalender-abo',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'erstelleKalenderAbo',
        tags: TAGS,
        summary:
          'Create the calendar subscription, or rotate its token (the old link answers 404 at once); the answer is the only time the links are shown. Audited.',
        body: ZKalenderFilter,
        response: { 201: ZKalenderAboLinks, 400: ZApiError, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await erstelleKalenderAbo(deps, requireUser(request), request.body)),
  );
  app.put(
    '/api/kalender-abo',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'aendereKalenderFilter',
        tags: TAGS,
        summary: 'Change what the feed shows (vehicle bookings, place bookings); the link stays. Audited.',
        body: ZKalenderFilter,
        response: { 200: ZKalenderAboStand, 400: ZApiError, 404: ZApiError, ...refusals },
      },
    },
    async (request) => aendereKalenderFilter(deps, requireUser(request), request.body),
  );
  app.delete(
    '/api/kalender-abo',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'widerrufeKalenderAbo',
        tags: TAGS,
        summary: 'Revoke the calendar subscription: its link answers 404 from now on. Audited.',
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await widerrufeKalenderAbo(deps, requireUser(request));
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/kalender/:datei',
    {
      config: {
        guard: routeGuard.public,
        rateLimit: {
          max: KALENDER_FEED_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request) => `kalender:${(request.params as { datei?: string }).datei ?? ''}`,
        },
      },
      schema: {
        operationId: 'getKalenderFeed',
        tags: TAGS,
        summary:
          "The user's bookings as an iCalendar feed (text/calendar), addressed by the subscription's secret token; 404 for an unknown, rotated or revoked token",
        produces: ['text/calendar'],
        params: z.object({ datei: z.string().max(120).describe('`{token}.ics`') }),
        response: {
          200: z.any().describe('The feed (text/calendar)'),
          404: ZApiError,
          429: ZApiError,
        },
      },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="stellwerk.ics"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(await kalenderFeed(deps, request.params.datei)),
  );
};
