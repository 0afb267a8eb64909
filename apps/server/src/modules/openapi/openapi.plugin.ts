import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../config';

/** Tags of the OpenAPI document, one per module; every route names one. */
export const OPENAPI_TAGS = [
  { name: 'system', description: 'Health and API description' },
  { name: 'auth', description: 'Sign-in and sessions (better-auth at /api/auth)' },
  { name: 'me', description: 'The signed-in user, tenant, rights, features and settings' },
  { name: 'events', description: 'Server-Sent Events of the tenant' },
  { name: 'mandant', description: 'Tenant settings: logo and privacy policy' },
  { name: 'dateien', description: 'Stored files' },
  { name: 'admin', description: 'Administration' },
] as const;

export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];

/**
 * The OpenAPI document at `GET /api/openapi.json` (built from the routes' zod schemas) and the
 * reference page at `/api/docs` (assets bundled with @fastify/swagger-ui, nothing loaded from the web).
 * Register before any route so every route is collected.
 */
export const registerOpenApi = async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Stellwerk API',
        description:
          'Multi-tenant workplace booking. Sign in with `POST /api/auth/sign-in/email` and send the session cookie it sets. ' +
          'Errors answer `{ "error": { "code", "message", "params" } }` in the user\'s language.',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
      tags: OPENAPI_TAGS.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'stellwerk.session_token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    staticCSP: false,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
