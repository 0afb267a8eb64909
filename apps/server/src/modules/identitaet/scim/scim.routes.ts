import { ZApiError } from '@stellwerk/domain/api';
import { DomainError, ERRORS, formatError } from '@stellwerk/domain/errors';
import {
  ZScimAuswahlQuery,
  ZScimIdParams,
  ZScimListQuery,
  ZScimPatch,
  ZScimResource,
  ZScimTokenCreated,
  ZScimTokenInput,
  ZScimTokenList,
} from '@stellwerk/domain/identitaet/scim/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, routeGuard } from '../auth/auth.guards.ts';
import {
  createScimUser,
  deleteScimUser,
  getScimUser,
  listScimUsers,
  patchScimUser,
  replaceScimUser,
} from './scim.benutzer.ts';
import {
  resourceTypeById,
  resourceTypeList,
  schemaById,
  schemaList,
  serviceProviderConfig,
} from './scim.discovery.ts';
import {
  createScimGroup,
  deleteScimGroup,
  getScimGroup,
  listScimGroups,
  patchScimGroup,
  replaceScimGroup,
} from './scim.gruppen.ts';
import { authenticateScim, SCIM_ERROR, type ScimDeps, ScimError } from './scim.kontext.ts';
import { createScimToken, listScimTokens, revokeScimToken } from './scim.token.service.ts';

/** Tokens are managed by whoever maintains users (the users screen's guard). */
const refusals = { 401: ZApiError, 403: ZApiError } as const;
const SCIM_MEDIA = 'application/scim+json';

type Options = { database: Database; publicUrl: string; now: () => Date };

/** The administrators' token API: list, create (shown once), revoke; audited. */
export const scimTokenRoutes: FastifyPluginAsyncZod<Options> = async (app, deps) => {
  app.get(
    '/api/admin/scim-tokens',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'listScimTokens',
        tags: ['admin-scim'],
        summary: "The tenant's SCIM tokens (without the tokens) and the SCIM base URL",
        response: { 200: ZScimTokenList, ...refusals },
      },
    },
    async (request) => listScimTokens(deps, requireDarf(request, 'benutzer.pflegen')),
  );
  app.post(
    '/api/admin/scim-tokens',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'createScimToken',
        tags: ['admin-scim'],
        summary: 'Create a SCIM token; the answer is the only time the token is shown',
        body: ZScimTokenInput,
        response: { 201: ZScimTokenCreated, 400: ZApiError, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createScimToken(deps, requireDarf(request, 'benutzer.pflegen'), request.body)),
  );
  app.delete(
    '/api/admin/scim-tokens/:id',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'revokeScimToken',
        tags: ['admin-scim'],
        summary: 'Revoke a SCIM token (it stops working at once)',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await revokeScimToken(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

const scimErrorBody = (status: number, detail: string, scimType?: string) => ({
  schemas: [SCIM_ERROR],
  status: String(status),
  ...(scimType ? { scimType } : {}),
  detail,
});

/**
 * SCIM 2.0 service provider at /scim/v2 (decision 071): Users and Groups of the token's tenant. Bearer token
 * instead of a session; answers and errors in SCIM's shape and media type.
 */
export const scimRoutes: FastifyPluginAsyncZod<Options> = async (app, options) => {
  const deps: ScimDeps = options;
  app.addContentTypeParser(SCIM_MEDIA, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  app.setErrorHandler((error, request, reply) => {
    const send = (status: number, detail: string, scimType?: string) =>
      reply
        .code(status)
        .type(SCIM_MEDIA)
        .send(JSON.stringify(scimErrorBody(status, detail, scimType)));
    if (error instanceof ScimError) return send(error.status, error.message, error.scimType);
    if (error instanceof DomainError) {
      const status = ERRORS[error.code].status;
      return send(status, formatError(error.code, 'en', error.params));
    }
    const status = (error as { statusCode?: number }).statusCode;
    if ((error as { validation?: unknown }).validation || status === 400 || status === 415) {
      return send(400, (error as Error).message.slice(0, 300), 'invalidSyntax');
    }
    if (status === 413) return send(413, 'Request too large');
    request.log.error({ err: error }, 'SCIM request failed');
    return send(500, 'Internal error');
  });
  const caller = async (request: FastifyRequest) => {
    const found = await authenticateScim(deps, request.headers.authorization);
    // a deactivation or a changed group is seen by the tenant's next request on this instance (session cache)
    if (request.method !== 'GET') request.changedMandantId = found.mandantId;
    return found;
  };
  const scim = (reply: FastifyReply, status: number, body: unknown) =>
    reply.code(status).type(SCIM_MEDIA).send(JSON.stringify(body));
  // SCIM is RFC 7644's protocol with its own error shape, not this application's API: not in the OpenAPI document
  // (whose operations all answer the catalogue's error shape); docs/betrieb.md "SCIM: technical details" lists the endpoints.
  const common = { tags: ['scim'], hide: true };

  app.get(
    '/scim/v2/Users',
    {
      schema: {
        ...common,
        operationId: 'scimListUsers',
        summary: 'List users (filter userName/externalId eq)',
        querystring: ZScimListQuery,
      },
    },
    async (request, reply) =>
      scim(reply, 200, await listScimUsers(deps, await caller(request), request.query)),
  );
  app.post(
    '/scim/v2/Users',
    { schema: { ...common, operationId: 'scimCreateUser', summary: 'Create a user', body: ZScimResource } },
    async (request, reply) =>
      scim(reply, 201, await createScimUser(deps, await caller(request), request.body)),
  );
  app.get(
    '/scim/v2/Users/:id',
    {
      schema: {
        ...common,
        operationId: 'scimGetUser',
        summary: 'One user (attributes / excludedAttributes)',
        params: ZScimIdParams,
        querystring: ZScimAuswahlQuery,
      },
    },
    async (request, reply) =>
      scim(reply, 200, await getScimUser(deps, await caller(request), request.params.id, request.query)),
  );
  app.put(
    '/scim/v2/Users/:id',
    {
      schema: {
        ...common,
        operationId: 'scimReplaceUser',
        summary: 'Replace a user',
        params: ZScimIdParams,
        body: ZScimResource,
      },
    },
    async (request, reply) =>
      scim(reply, 200, await replaceScimUser(deps, await caller(request), request.params.id, request.body)),
  );
  app.patch(
    '/scim/v2/Users/:id',
    {
      schema: {
        ...common,
        operationId: 'scimPatchUser',
        summary: 'Change a user (active=false deactivates)',
        params: ZScimIdParams,
        body: ZScimPatch,
      },
    },
    async (request, reply) =>
      scim(
        reply,
        200,
        await patchScimUser(deps, await caller(request), request.params.id, request.body.Operations),
      ),
  );
  app.delete(
    '/scim/v2/Users/:id',
    {
      schema: {
        ...common,
        operationId: 'scimDeleteUser',
        summary: 'Delete a user: deactivated and answered 404 from now on (the records stay)',
        params: ZScimIdParams,
      },
    },
    async (request, reply) => {
      await deleteScimUser(deps, await caller(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/scim/v2/Groups',
    {
      schema: {
        ...common,
        operationId: 'scimListGroups',
        summary: 'List groups (filter displayName/externalId eq)',
        querystring: ZScimListQuery,
      },
    },
    async (request, reply) =>
      scim(reply, 200, await listScimGroups(deps, await caller(request), request.query)),
  );
  app.post(
    '/scim/v2/Groups',
    { schema: { ...common, operationId: 'scimCreateGroup', summary: 'Create a group', body: ZScimResource } },
    async (request, reply) =>
      scim(reply, 201, await createScimGroup(deps, await caller(request), request.body)),
  );
  app.get(
    '/scim/v2/Groups/:id',
    {
      schema: {
        ...common,
        operationId: 'scimGetGroup',
        summary: 'One group with its members',
        params: ZScimIdParams,
        querystring: ZScimAuswahlQuery,
      },
    },
    async (request, reply) =>
      scim(reply, 200, await getScimGroup(deps, await caller(request), request.params.id, request.query)),
  );
  app.put(
    '/scim/v2/Groups/:id',
    {
      schema: {
        ...common,
        operationId: 'scimReplaceGroup',
        summary: 'Replace a group',
        params: ZScimIdParams,
        body: ZScimResource,
      },
    },
    async (request, reply) =>
      scim(reply, 200, await replaceScimGroup(deps, await caller(request), request.params.id, request.body)),
  );
  app.patch(
    '/scim/v2/Groups/:id',
    {
      schema: {
        ...common,
        operationId: 'scimPatchGroup',
        summary: 'Change a group (members add/remove/replace)',
        params: ZScimIdParams,
        body: ZScimPatch,
      },
    },
    async (request, reply) =>
      scim(
        reply,
        200,
        await patchScimGroup(deps, await caller(request), request.params.id, request.body.Operations),
      ),
  );
  app.delete(
    '/scim/v2/Groups/:id',
    {
      schema: { ...common, operationId: 'scimDeleteGroup', summary: 'Delete a group', params: ZScimIdParams },
    },
    async (request, reply) => {
      await deleteScimGroup(deps, await caller(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // Discovery (RFC 7644 §4, decision 099): the same for every tenant, so answered without a token.
  const base = `${options.publicUrl}/scim/v2`;
  const discovery = { ...common, params: z.object({ id: z.string().max(200) }) };
  app.get(
    '/scim/v2/ServiceProviderConfig',
    { schema: { ...common, operationId: 'scimServiceProviderConfig' } },
    (_r, reply) => scim(reply, 200, serviceProviderConfig(base)),
  );
  app.get('/scim/v2/Schemas', { schema: { ...common, operationId: 'scimSchemas' } }, (_r, reply) =>
    scim(reply, 200, schemaList(base)),
  );
  app.get(
    '/scim/v2/Schemas/:id',
    { schema: { ...discovery, operationId: 'scimSchema' } },
    (request, reply) => {
      const found = schemaById(base, request.params.id);
      if (!found) throw new ScimError(404, `Schema ${request.params.id} not found`);
      return scim(reply, 200, found);
    },
  );
  app.get(
    '/scim/v2/ResourceTypes',
    { schema: { ...common, operationId: 'scimResourceTypes' } },
    (_r, reply) => scim(reply, 200, resourceTypeList(base)),
  );
  app.get(
    '/scim/v2/ResourceTypes/:id',
    { schema: { ...discovery, operationId: 'scimResourceType' } },
    (request, reply) => {
      const found = resourceTypeById(base, request.params.id);
      if (!found) throw new ScimError(404, `Resource type ${request.params.id} not found`);
      return scim(reply, 200, found);
    },
  );
  // Anything else under /scim/ is a SCIM 404, never the web app's page.
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    url: '/scim/*',
    schema: { hide: true },
    handler: async () => {
      throw new ScimError(404, 'Unknown SCIM endpoint');
    },
  });
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    url: '/scim',
    schema: { hide: true },
    handler: async () => {
      throw new ScimError(404, 'Unknown SCIM endpoint');
    },
  });
};
