import { ZApiError } from '@stellwerk/domain/api';
import {
  ZNeuerZugriffstoken,
  ZZugriffstokenEingabe,
  ZZugriffstokenListe,
} from '@stellwerk/domain/identitaet/zugriffstoken/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDarf, requireUser, routeGuard } from '../auth/auth.guards.ts';
import {
  erstelleZugriffstoken,
  listZugriffstoken,
  listZugriffstokenVon,
  widerrufeZugriffstoken,
  widerrufeZugriffstokenVon,
  type ZugriffstokenDeps,
} from './zugriffstoken.service.ts';

const TAGS = ['zugriffstoken'];

/**
 * The signed-in user's personal access tokens for AI clients (decision 226): list, create (the answer is the only
 * time the token is shown), revoke. Always available, so a token can be revoked whatever the tenant's switches.
 */
export const zugriffstokenRoutes: FastifyPluginAsyncZod<ZugriffstokenDeps> = async (app, deps) => {
  app.get(
    '/api/zugriffstoken',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listZugriffstoken',
        tags: TAGS,
        summary: "The caller's personal access tokens that are not revoked (never the tokens themselves)",
        response: { 200: ZZugriffstokenListe, 401: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listZugriffstoken(deps, requireUser(request));
    },
  );
  app.post(
    '/api/zugriffstoken',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'erstelleZugriffstoken',
        tags: TAGS,
        summary:
          'Create a personal access token for the MCP server (`/mcp`): a name, the right (`lesen` or `buchen`) and ' +
          'its last day (today to a year ahead). The answer is the only time the token is shown. Audited.',
        body: ZZugriffstokenEingabe,
        response: { 201: ZNeuerZugriffstoken, 400: ZApiError, 401: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(await erstelleZugriffstoken(deps, requireUser(request), request.body));
    },
  );
  app.delete(
    '/api/zugriffstoken/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'widerrufeZugriffstoken',
        tags: TAGS,
        summary:
          "Revoke one of the caller's tokens: the MCP server answers 401 `zugriffstoken.widerrufen` for it from now on. Audited.",
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await widerrufeZugriffstoken(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  // the user administration (decision 249): another user's tokens, listed and revoked
  app.get(
    '/api/admin/benutzer/:id/zugriffstoken',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'listBenutzerZugriffstoken',
        tags: TAGS,
        summary:
          "A user's personal access tokens that are not revoked (name, right, last day, last use; never the token)",
        params: z.object({ id: z.uuid() }),
        response: {
          200: ZZugriffstokenListe,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listZugriffstokenVon(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id);
    },
  );
  app.delete(
    '/api/admin/benutzer/:id/zugriffstoken/:tokenId',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'widerrufeBenutzerZugriffstoken',
        tags: TAGS,
        summary:
          "Revoke one of a user's tokens (leaked, or the user leaves): the MCP server answers 401 `zugriffstoken.widerrufen` for it. Audited.",
        params: z.object({ id: z.uuid(), tokenId: z.uuid() }),
        response: { 204: z.null(), 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await widerrufeZugriffstokenVon(
        deps,
        requireDarf(request, 'benutzer.pflegen'),
        request.params.id,
        request.params.tokenId,
      );
      return reply.code(204).send(null);
    },
  );
};
