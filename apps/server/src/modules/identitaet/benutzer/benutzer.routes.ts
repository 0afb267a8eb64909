import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import { DomainError } from '@stellwerk/domain/errors';
import {
  ZBenutzerAenderung,
  ZBenutzerDetail,
  ZBenutzerImportFailure,
  ZBenutzerImportJson,
  ZBenutzerImportPreview,
  ZBenutzerImportResult,
  ZBenutzerInput,
  ZBenutzerLeseraum,
  ZBenutzerList,
  ZBenutzerListQuery,
  ZBenutzerOptionen,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import {
  ZAdminPasskeyParams,
  ZAdminPasskeys,
  ZFaktorenZurueckgesetzt,
} from '@stellwerk/domain/identitaet/sicherheit/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { errorBody } from '../../../http/error-handler.ts';
import { readUploadedFile } from '../../../http/multipart-upload.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import { requireDarf, routeGuard } from '../auth/auth.guards.ts';
import { updateBenutzer } from './benutzer.aendern.ts';
import { listBenutzerPasskeys, resetBenutzerFaktoren, revokeBenutzerPasskey } from './benutzer.faktoren.ts';
import { previewBenutzerImport, runBenutzerImport } from './benutzer.import.ts';
import { getBenutzerLeseraum, setBenutzerLeseraum } from './benutzer.leseraum.ts';
import {
  createBenutzer,
  deleteBenutzer,
  getBenutzer,
  getBenutzerOptionen,
  listBenutzer,
} from './benutzer.service.ts';

/** The screen whose guard every route here applies (spec §2): right benutzer_pflegen. */
const TAGS = ['admin-benutzer'];

const refusals = { 401: ZApiError, 403: ZApiError } as const;

/** The CSV of an import request: multipart field `file`, or JSON `{ csv }`. */
const readCsv = async (request: FastifyRequest): Promise<string> => {
  if (request.isMultipart()) {
    const { data } = await readUploadedFile(request);
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      throw new DomainError('upload.kodierung');
    }
  }
  const parsed = ZBenutzerImportJson.safeParse(request.body);
  if (!parsed.success) throw new DomainError('validation.failed', { body: 'csv: string expected' });
  return parsed.data.csv;
};

const IMPORT_DESCRIPTION =
  'multipart/form-data with one field `file`, or JSON `{ "csv": "…" }`. UTF-8 with or without BOM, separator `;` or `,`, ' +
  'header `vorname;nachname;email;employeeId;rollen;gruppen` (roles and groups by name, several separated by `|`), at most 1000 rows.';

export const benutzerRoutes: FastifyPluginAsyncZod<{
  database: Database;
  publicUrl: string;
  now: () => Date;
}> = async (app, { database, publicUrl, now }) => {
  const deps = { database, publicUrl, now };
  app.get(
    '/api/admin/benutzer',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'listBenutzer',
        tags: TAGS,
        summary: "The tenant's users: active first, then by e-mail; searchable, filterable, paged",
        querystring: ZBenutzerListQuery,
        response: { 200: ZBenutzerList, 400: ZApiError, ...refusals },
      },
    },
    async (request) => listBenutzer(deps, requireDarf(request, 'benutzer.pflegen'), request.query),
  );

  app.get(
    '/api/admin/benutzer/optionen',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'getBenutzerOptionen',
        tags: TAGS,
        summary: 'The roles, groups and permissions the user form offers',
        response: { 200: ZBenutzerOptionen, ...refusals },
      },
    },
    async (request) => getBenutzerOptionen(deps, requireDarf(request, 'benutzer.pflegen')),
  );

  app.get(
    '/api/admin/benutzer/:id',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'getBenutzer',
        tags: TAGS,
        summary: 'One user with roles, groups and direct permissions',
        params: ZIdParams,
        response: { 200: ZBenutzerDetail, 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request) => getBenutzer(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id),
  );

  app.post(
    '/api/admin/benutzer',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'createBenutzer',
        tags: TAGS,
        summary: 'Create a user with login; active users get an invitation mail to set their password',
        body: ZBenutzerInput,
        response: { 201: ZBenutzerDetail, 400: ZApiError, ...refusals, 409: ZApiError },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'benutzer.pflegen');
      return reply.code(201).send(await createBenutzer(deps, user, request.body));
    },
  );

  app.put(
    '/api/admin/benutzer/:id',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'updateBenutzer',
        tags: TAGS,
        summary:
          'Update a user; roles, groups and direct permissions are the complete desired lists. Only name and e-mail are required: a field left out stays as it is (decision 105)',
        params: ZIdParams,
        body: ZBenutzerAenderung,
        ...weglassbar({
          employeeId: 'bleibt',
          username: 'bleibt',
          status: 'bleibt',
          rolleIds: 'bleibt',
          gruppeIds: 'bleibt',
          permissions: 'bleibt',
          rollenStandorte: 'bleibt',
        }),
        response: { 200: ZBenutzerDetail, 400: ZApiError, ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      updateBenutzer(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id, request.body),
  );

  app.get(
    '/api/admin/benutzer/:id/leseraum',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'getBenutzerLeseraum',
        tags: TAGS,
        summary: "A user's fire-safety and first-aid helper flags and own place (decision 138)",
        params: ZIdParams,
        response: { 200: ZBenutzerLeseraum, 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request) => getBenutzerLeseraum(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id),
  );

  app.put(
    '/api/admin/benutzer/:id/leseraum',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'setBenutzerLeseraum',
        tags: TAGS,
        summary:
          'Mark a user as fire-safety or first-aid helper and assign their own place (or none); the whole representation',
        params: ZIdParams,
        body: ZBenutzerLeseraum,
        response: { 200: ZBenutzerLeseraum, 400: ZApiError, ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request) =>
      setBenutzerLeseraum(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id, request.body),
  );

  app.post(
    '/api/admin/benutzer/:id/faktoren-zuruecksetzen',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'resetBenutzerFaktoren',
        tags: TAGS,
        summary:
          "Reset a user's second factors (authenticator app and backup codes, phone factors, passkeys) and end all their sessions (lost phone); audited",
        params: ZIdParams,
        response: { 200: ZFaktorenZurueckgesetzt, 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request) =>
      resetBenutzerFaktoren(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id),
  );

  app.get(
    '/api/admin/benutzer/:id/passkeys',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'listBenutzerPasskeys',
        tags: TAGS,
        summary: "A user's passkeys (name, kind, enrolled); never the key",
        params: ZIdParams,
        response: { 200: ZAdminPasskeys, 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listBenutzerPasskeys(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id);
    },
  );

  app.delete(
    '/api/admin/benutzer/:id/passkeys/:passkeyId',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'revokeBenutzerPasskey',
        tags: TAGS,
        summary: "Revoke one of a user's passkeys (lost or stolen device); audited",
        params: ZAdminPasskeyParams,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError },
      },
    },
    async (request, reply) => {
      await revokeBenutzerPasskey(
        deps,
        requireDarf(request, 'benutzer.pflegen'),
        request.params.id,
        request.params.passkeyId,
      );
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/admin/benutzer/:id',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'deleteBenutzer',
        tags: TAGS,
        summary:
          'Delete a user without bookings and their login (409 benutzer.hat_buchungen: deactivate instead)',
        params: ZIdParams,
        response: { 204: z.null(), 400: ZApiError, ...refusals, 404: ZApiError, 409: ZApiError },
      },
    },
    async (request, reply) => {
      await deleteBenutzer(deps, requireDarf(request, 'benutzer.pflegen'), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/admin/benutzer/import/preview',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'previewBenutzerImport',
        tags: TAGS,
        summary: 'Check a CSV file of users row by row; nothing is written',
        description: IMPORT_DESCRIPTION,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZBenutzerImportPreview, 400: ZApiError, ...refusals, 413: ZApiError },
      },
    },
    async (request) => {
      const user = requireDarf(request, 'benutzer.pflegen');
      return previewBenutzerImport(deps, user, await readCsv(request));
    },
  );

  app.post(
    '/api/admin/benutzer/import',
    {
      config: { guard: routeGuard.darf('benutzer.pflegen') },
      schema: {
        operationId: 'importBenutzer',
        tags: TAGS,
        summary: 'Import a CSV file of users: all rows or none (400 with the rows when any is invalid)',
        description: IMPORT_DESCRIPTION,
        consumes: ['multipart/form-data', 'application/json'],
        response: {
          201: ZBenutzerImportResult,
          400: z.union([ZBenutzerImportFailure, ZApiError]),
          ...refusals,
          413: ZApiError,
        },
      },
    },
    async (request, reply) => {
      const user = requireDarf(request, 'benutzer.pflegen');
      const outcome = await runBenutzerImport(deps, user, await readCsv(request));
      if (outcome.ok) return reply.code(201).send({ created: outcome.created });
      const { summary, rows } = outcome.preview;
      return reply.code(400).send({
        ...errorBody('import.zeilen_fehlerhaft', user.language, { anzahl: summary.invalid }),
        rows,
        summary,
      });
    },
  );
};
