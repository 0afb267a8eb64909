import { ZApiError } from '@stellwerk/domain/api';
import {
  ZAnmeldeMethoden,
  ZAnmeldeMethodenQuery,
  ZSsoKonfiguration,
  ZSsoKonfigurationInput,
} from '@stellwerk/domain/identitaet/sso/api';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import { requireDarf, routeGuard } from '../auth/auth.guards.ts';
import { getAnmeldeMethoden } from './sso.anmeldemethoden.ts';
import {
  deleteSsoKonfiguration,
  getSsoKonfiguration,
  type SsoDeps,
  saveSsoKonfiguration,
} from './sso.konfiguration.ts';
import { erneuereSpMetadaten, getSpMetadaten, signiereAlleSamlAnbieter } from './sso.saml-signatur.ts';

const TAGS = ['sso'];
/** The tenant's provider is part of the tenant's settings (Customizing, tenant level). */
const refusals = { 401: ZApiError, 403: ZApiError } as const;

/** Single sign-on per tenant: the administrator's configuration and /login's routing by domain. */
export const ssoRoutes: FastifyPluginAsyncZod<{
  database: Database;
  publicUrl: string;
  fetchText?: SsoDeps['fetchText'];
}> = async (app, { database, publicUrl, fetchText }) => {
  const deps: SsoDeps = { database, publicUrl, fetchText };

  // SAML providers saved before the SP key (decision 122) sign their requests from the start on (decision 148)
  app.addHook('onReady', async () => {
    const geaendert = await signiereAlleSamlAnbieter(deps, app.log).catch((error: unknown) => {
      app.log.warn({ err: error }, 'SAML providers could not be checked for an SP key');
      return 0;
    });
    if (geaendert > 0) app.log.info({ geaendert }, 'SAML providers given an SP key');
  });

  app.get(
    '/api/anmeldung/methoden',
    {
      config: { guard: routeGuard.public },
      schema: {
        operationId: 'getAnmeldeMethoden',
        tags: TAGS,
        summary:
          'How the address may sign in: the provider of the tenant its domain belongs to (start with POST /api/auth/sign-in/sso { providerId, callbackURL, errorCallbackURL }) and whether the password is accepted',
        querystring: ZAnmeldeMethodenQuery,
        response: { 200: ZAnmeldeMethoden, 400: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAnmeldeMethoden(database, request.query.email);
    },
  );

  app.get(
    '/api/admin/sso',
    {
      config: { guard: routeGuard.darf('sso.pflegen') },
      schema: {
        operationId: 'getSsoKonfiguration',
        tags: TAGS,
        summary:
          "The tenant's identity provider (OIDC or SAML) without its secret, with the addresses to enter at the provider",
        response: { 200: ZSsoKonfiguration, ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSsoKonfiguration(deps, requireDarf(request, 'sso.pflegen'));
    },
  );

  app.put(
    '/api/admin/sso',
    {
      config: { guard: routeGuard.darf('sso.pflegen') },
      schema: {
        operationId: 'saveSsoKonfiguration',
        tags: TAGS,
        summary:
          "Configure the tenant's identity provider: OIDC (issuer with discovery, client id and secret, scopes; PKCE always) or SAML 2.0 (IdP metadata as XML or address); the groups claim; whether password sign-in stays allowed",
        body: ZSsoKonfigurationInput,
        ...weglassbar({
          clientSecret: 'bleibt',
          mfaVertrauen: 'bleibt',
          metadataXml: 'alternative',
          metadataUrl: 'alternative',
        }),
        response: { 200: ZSsoKonfiguration, 400: ZApiError, ...refusals },
      },
    },
    async (request) => saveSsoKonfiguration(deps, requireDarf(request, 'sso.pflegen'), request.body),
  );

  const sendeMetadaten = (reply: FastifyReply, xml: string) =>
    reply
      .header('content-type', 'application/samlmetadata+xml; charset=utf-8')
      .header('content-disposition', 'attachment; filename="stellwerk-sp-metadata.xml"')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .send(xml);

  app.get(
    '/api/admin/sso/saml-metadaten',
    {
      config: { guard: routeGuard.darf('sso.pflegen') },
      schema: {
        operationId: 'getSamlSpMetadaten',
        tags: TAGS,
        summary:
          "The tenant's SAML service-provider metadata (entity id, ACS, signing certificate; AuthnRequests signed), also before a provider is saved; the signing key is made on first need and never answered",
        produces: ['application/samlmetadata+xml'],
        // no parameters: a request carrying any is refused before the key is made on first need
        querystring: z.object({}).strict(),
        response: { 200: z.any().describe('The SP metadata (XML)'), 400: ZApiError, ...refusals },
      },
    },
    async (request, reply) =>
      sendeMetadaten(reply, await getSpMetadaten(deps, requireDarf(request, 'sso.pflegen'))),
  );

  app.post(
    '/api/admin/sso/saml-schluessel',
    {
      config: { guard: routeGuard.darf('sso.pflegen') },
      schema: {
        operationId: 'erneuereSamlSpSchluessel',
        tags: TAGS,
        summary:
          "Replace the tenant's SAML signing key (a saved SAML provider signs with the new key at once; give the IdP the new metadata); answers the new SP metadata",
        produces: ['application/samlmetadata+xml'],
        response: { 200: z.any().describe('The new SP metadata (XML)'), ...refusals },
      },
    },
    async (request, reply) =>
      sendeMetadaten(reply, await erneuereSpMetadaten(deps, requireDarf(request, 'sso.pflegen'))),
  );

  app.delete(
    '/api/admin/sso',
    {
      config: { guard: routeGuard.darf('sso.pflegen') },
      schema: {
        operationId: 'deleteSsoKonfiguration',
        tags: TAGS,
        summary: "Remove the tenant's identity provider (password sign-in applies again)",
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await deleteSsoKonfiguration(deps, requireDarf(request, 'sso.pflegen'));
      return reply.code(204).send(null);
    },
  );
};
