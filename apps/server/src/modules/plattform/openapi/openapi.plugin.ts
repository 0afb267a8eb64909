import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../../config';

/** Tags of the OpenAPI document, one per module; every route names one. */
export const OPENAPI_TAGS = [
  { name: 'system', description: 'Health and API description' },
  { name: 'auth', description: 'Sign-in and sessions (better-auth at /api/auth)' },
  { name: 'me', description: 'The signed-in user, tenant, rights, features and settings' },
  {
    name: 'customizing',
    description: 'Settings (Customizing): options and their values at tenant, group and user level',
  },
  { name: 'events', description: 'Server-Sent Events of the tenant' },
  { name: 'mandant', description: 'Tenant settings: logo and privacy policy' },
  { name: 'dateien', description: 'Stored files' },
  { name: 'leseraum', description: 'Reading-room and workspace bookings on floor plans' },
  { name: 'admin', description: 'Administration' },
  { name: 'fahrzeuge', description: 'Vehicles and vehicle bookings' },
  {
    name: 'kalender',
    description:
      "The user's personal calendar subscription and its iCalendar feed (token in the link, no session)",
  },
  {
    name: 'kiosk',
    description:
      'Wall screens at a location: pairing by a short code, the device token, Administration › Kiosks',
  },
  {
    name: 'admin-fahrzeuge',
    description: 'Fleet administration: vehicles, opening times, photo (right fahrzeug_pflege)',
  },
  {
    name: 'assistent',
    description: 'The assistant (feature Chatbot): reading German and English booking requests',
  },
] as const;

export type OpenApiTag = (typeof OPENAPI_TAGS)[number]['name'];

/** Marks an upload route (schema.consumes has multipart/form-data) until the document is assembled. */
const UPLOAD_MARK = 'x-stellwerk-upload';

/**
 * A body the handler reads itself (JSON or multipart, e.g. check-in and check-out): documented, not validated
 * by Fastify. `dokumentierterKoerper` puts its zod schema and its multipart fields into the route schema.
 */
const DOC_BODY = 'x-stellwerk-body';
const DOC_MULTIPART = 'x-stellwerk-multipart';

type JsonSchemaObject = {
  type: 'object';
  description?: string;
  required?: string[];
  properties: Record<string, unknown>;
  additionalProperties?: unknown;
};

/**
 * What leaving out a property of a PUT body means (decision 105): `bleibt` — the stored value stays as it is;
 * `bestaetigung` — a confirmation or precondition of the request, not stored (left out: not given, e.g.
 * `confirmCancel`); `alternative` — one of several ways to give one value (SAML metadata as XML or as its
 * address), at least one is required. Every other property of a PUT body is required; `put-walk.int.test.ts` checks the document.
 */
export type Weglassbar = Record<string, 'bleibt' | 'bestaetigung' | 'alternative'>;

/** Documents a PUT's properties that may be left out, as `x-weglassbar` of its operation; spread into the schema. */
export const weglassbar = (felder: Weglassbar) =>
  ({ 'x-weglassbar': felder }) as unknown as Record<never, never>;

export const dokumentierterKoerper = (body: unknown, multipart: JsonSchemaObject) =>
  ({ [DOC_BODY]: body, [DOC_MULTIPART]: multipart }) as unknown as Record<never, never>;

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Operation = Record<string, unknown> & {
  requestBody?: { required?: boolean; content: Record<string, unknown> };
};

/** Route schemas to JSON schema, marking uploads (their file is read by the handler, not by a body schema). */
const transform = (input: TransformInput) => {
  const declared = input.schema as Record<string, unknown> | undefined;
  const documented = declared?.[DOC_BODY];
  const output = jsonSchemaTransform(
    documented
      ? { ...input, schema: { ...input.schema, body: documented } as TransformInput['schema'] }
      : input,
  );
  if (documented) delete (output.schema as Record<string, unknown>)[DOC_BODY];
  const consumes = (input.schema as { consumes?: unknown } | undefined)?.consumes;
  if (Array.isArray(consumes) && consumes.includes('multipart/form-data')) {
    return { ...output, schema: { ...output.schema, [UPLOAD_MARK]: declared?.[DOC_MULTIPART] ?? true } };
  }
  return output;
};

/** An upload route documents its multipart body: one binary field `file` (plus the JSON body, if any). */
const documentUploads = (document: ReturnType<typeof jsonSchemaTransformObject>) => {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations ?? {}) as Operation[]) {
      if (!operation || typeof operation !== 'object' || !(UPLOAD_MARK in operation)) continue;
      const fields = operation[UPLOAD_MARK];
      delete operation[UPLOAD_MARK];
      delete operation[DOC_MULTIPART];
      operation.requestBody = {
        required: true,
        content: {
          ...operation.requestBody?.content,
          'multipart/form-data': {
            schema:
              typeof fields === 'object' && fields !== null
                ? fields
                : {
                    type: 'object',
                    required: ['file'],
                    properties: { file: { type: 'string', format: 'binary' } },
                  },
          },
        },
      };
    }
  }
  return document;
};

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
    transform,
    transformObject: (input) => documentUploads(jsonSchemaTransformObject(input)),
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null },
    staticCSP: false,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
};
