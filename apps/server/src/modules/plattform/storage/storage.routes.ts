import { ZApiError } from '@stellwerk/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { readUploadedFile } from '../../../http/multipart-upload';
import { requireDarf, requireUser, routeGuard } from '../../identitaet/auth/auth.guards';
import { sendStoredFile } from './storage.antwort';
import { ZDateiParams, ZFileBody, ZStoredFile } from './storage.schemas';
import {
  getDatei,
  getMandantFile,
  type MandantFile,
  removeMandantFile,
  uploadMandantFile,
} from './storage.service';

const UPLOAD_DESCRIPTION = 'multipart/form-data with one field `file`; checked by content, at most 5 MB.';

export const storageRoutes: FastifyPluginAsyncZod<{
  database: Database;
  dataDir: string;
  now: () => Date;
}> = async (app, deps) => {
  const mandantFiles: { path: string; bucket: MandantFile; what: string; name: string }[] = [
    { path: '/api/mandant/logo', bucket: 'logos', what: 'logo (PNG, JPG or SVG)', name: 'MandantLogo' },
    {
      path: '/api/mandant/datenschutz',
      bucket: 'datenschutz',
      what: 'privacy policy (PDF)',
      name: 'MandantDatenschutz',
    },
  ];

  for (const { path, bucket, what, name } of mandantFiles) {
    app.post(
      path,
      {
        config: { guard: routeGuard.darf('mandant.gestalten') },
        schema: {
          operationId: `upload${name}`,
          tags: ['mandant'],
          summary: `Replace the tenant's ${what}`,
          description: `${UPLOAD_DESCRIPTION} Needs customizing_mandant_pflege.`,
          consumes: ['multipart/form-data'],
          response: {
            201: ZStoredFile,
            400: ZApiError,
            401: ZApiError,
            403: ZApiError,
            413: ZApiError,
            415: ZApiError,
          },
        },
      },
      async (request, reply) => {
        const user = requireDarf(request, 'mandant.gestalten');
        const stored = await uploadMandantFile(deps, user, bucket, await readUploadedFile(request));
        return reply.code(201).send(stored);
      },
    );

    app.delete(
      path,
      {
        config: { guard: routeGuard.darf('mandant.gestalten') },
        schema: {
          operationId: `remove${name}`,
          tags: ['mandant'],
          summary: `Remove the tenant's ${what}`,
          description: 'The stored file is deleted. Needs customizing_mandant_pflege.',
          response: { 204: z.null(), 401: ZApiError, 403: ZApiError, 404: ZApiError },
        },
      },
      async (request, reply) => {
        const user = requireDarf(request, 'mandant.gestalten');
        await removeMandantFile(deps, user, bucket);
        return reply.code(204).send(null);
      },
    );

    app.get(
      path,
      {
        config: { guard: routeGuard.user },
        schema: {
          operationId: `get${name}`,
          tags: ['mandant'],
          summary: `The tenant's current ${what}`,
          produces: bucket === 'logos' ? ['image/png', 'image/jpeg', 'image/svg+xml'] : ['application/pdf'],
          response: { 200: ZFileBody, 401: ZApiError, 404: ZApiError },
        },
      },
      async (request, reply) =>
        sendStoredFile(reply, await getMandantFile(deps, requireUser(request), bucket)),
    );
  }

  app.get(
    '/api/dateien/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getDatei',
        tags: ['dateien'],
        summary: "A stored file of the signed-in user's tenant",
        params: ZDateiParams,
        response: { 200: ZFileBody, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await getDatei(deps, requireUser(request), request.params.id)),
  );
};
