import { ZApiError } from '@stellwerk/domain/api';
import {
  ZPushAbmeldung,
  ZPushAbo,
  ZPushAboEingabe,
  ZPushAboListe,
  ZVapidSchluessel,
} from '@stellwerk/domain/plattform/push/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { abonniere, entferneGeraet, listPushAbos, meldeAb, type PushDeps } from './push.service.ts';

const TAGS = ['push'];

/**
 * Web push for the signed-in user's devices (decision 245): the VAPID public key the browser subscribes with, the
 * own devices, subscribe (or change the kinds of) this device, unsubscribe it. Always available: a device can be
 * unsubscribed whatever the tenant's switches.
 */
export const pushRoutes: FastifyPluginAsyncZod<PushDeps> = async (app, deps) => {
  app.get(
    '/api/push/schluessel',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'vapidSchluessel',
        tags: TAGS,
        summary:
          "The server's VAPID public key (base64url), the applicationServerKey of PushManager.subscribe",
        response: { 200: ZVapidSchluessel, 401: ZApiError },
      },
    },
    async (request) => {
      requireUser(request);
      return { publicKey: deps.vapidPublicKey };
    },
  );
  app.get(
    '/api/push/geraete',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listPushGeraete',
        tags: TAGS,
        summary: "The caller's devices subscribed to web push, with the kinds each receives",
        response: { 200: ZPushAboListe, 401: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPushAbos(deps, requireUser(request));
    },
  );
  app.put(
    '/api/push/abo',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'abonnierePush',
        tags: TAGS,
        summary:
          "Subscribe this device (the browser's PushSubscription: endpoint and keys) for the chosen kinds " +
          '(`checkin`, `vormerkung`, `checkout`, `freigabe`), or change its kinds. An endpoint must be https.',
        body: ZPushAboEingabe,
        response: { 200: ZPushAbo, 400: ZApiError, 401: ZApiError, 409: ZApiError },
      },
    },
    async (request) => abonniere(deps, requireUser(request), request.body),
  );
  app.post(
    '/api/push/abmelden',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'meldePushAb',
        tags: TAGS,
        summary: 'Unsubscribe this device by its endpoint: no more pushes go to it',
        body: ZPushAbmeldung,
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await meldeAb(deps, requireUser(request), request.body.endpoint);
      return reply.code(204).send(null);
    },
  );
  app.delete(
    '/api/push/geraete/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'entfernePushGeraet',
        tags: TAGS,
        summary: "Remove one of the caller's devices from web push (also one not at hand)",
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await entferneGeraet(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
