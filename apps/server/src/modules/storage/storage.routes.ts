import { ZApiError } from '@stellwerk/domain/api';
import { DomainError } from '@stellwerk/domain/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { MAX_UPLOAD_BYTES } from '../../http/error-handler';
import { requirePermission, requireUser } from '../auth/auth.guards';
import { ZDateiParams, ZFileBody, ZStoredFile } from './storage.schemas';
import {
  type FileContent,
  getDatei,
  getMandantFile,
  type MandantFile,
  uploadMandantFile,
} from './storage.service';

/** Spec §7/§9: stored files are cached for 3600 s, privately (they are tenant data). */
const FILE_CACHE_CONTROL = 'private, max-age=3600';

const contentDisposition = (name: string) =>
  `inline; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const sendStoredFile = (reply: FastifyReply, file: FileContent) => {
  reply
    .header('content-type', file.mime)
    .header('content-length', file.size)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', FILE_CACHE_CONTROL)
    .header('content-disposition', contentDisposition(file.originalName))
    .header('cross-origin-resource-policy', 'same-origin');
  // An SVG opened directly must not run anything, even if the sanitiser missed something.
  if (file.mime === 'image/svg+xml')
    reply.header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
  return reply.send(file.data);
};

/** The single multipart field `file`, read into memory within the upload limit (413 beyond it). */
const readUpload = async (request: FastifyRequest) => {
  const part = await request.file();
  if (part?.fieldname !== 'file') {
    throw new DomainError('upload.failed', { message: "Es wurde keine Datei im Feld 'file' gesendet." });
  }
  const data = await part.toBuffer();
  // toBuffer() misses the limit when busboy truncates on the last chunk; the flag does not.
  if (part.file.truncated)
    throw new DomainError('upload.too_large', { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 });
  return { filename: part.filename, data };
};

const UPLOAD_DESCRIPTION = 'multipart/form-data with one field `file`; checked by content, at most 5 MB.';

export const storageRoutes: FastifyPluginAsyncZod<{
  database: Database;
  dataDir: string;
  now: () => Date;
}> = async (app, deps) => {
  const mandantFiles: { path: string; bucket: MandantFile; what: string }[] = [
    { path: '/api/mandant/logo', bucket: 'logos', what: 'logo (PNG, JPG or SVG)' },
    { path: '/api/mandant/datenschutz', bucket: 'datenschutz', what: 'privacy policy (PDF)' },
  ];

  for (const { path, bucket, what } of mandantFiles) {
    app.post(
      path,
      {
        schema: {
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
        const user = requirePermission(request, 'customizing_mandant_pflege');
        const stored = await uploadMandantFile(deps, user, bucket, await readUpload(request));
        return reply.code(201).send(stored);
      },
    );

    app.get(
      path,
      {
        schema: {
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
      schema: {
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
