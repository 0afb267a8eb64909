import {
  ZEigeneEinstellungen,
  ZEinstellung,
  ZEinstellungInput,
  ZGruppenEinstellungen,
  ZGruppeSettingParams,
  ZIdParams,
  ZMandantEinstellungen,
  ZProfil,
  ZProfilInput,
} from '@stellwerk/domain/admin-stammdaten.api';
import { ZApiError, ZSettingName } from '@stellwerk/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { requireAdminRoute, requireUser } from '../auth/auth.guards.ts';
import {
  getEigeneEinstellungen,
  getGruppenEinstellungen,
  getMandantEinstellungen,
  setGruppenEinstellung,
  setMandantEinstellung,
  updateEigenesProfil,
} from './einstellungen.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const SCREEN = '/admin/einstellungen';

/**
 * /admin/einstellungen (tenant and group level; guard of spec §2, decision 009) and the personal settings of
 * every user (/api/me/einstellungen, /api/me/profil; single values go through PUT /api/me/settings/:name).
 */
export const einstellungenRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  const deps = { database };

  app.get(
    '/api/admin/einstellungen',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every customizing option with its tenant-level value (null = default), plus the groups',
        response: { 200: ZMandantEinstellungen, ...errors },
      },
    },
    async (request) => getMandantEinstellungen(deps, requireAdminRoute(request, SCREEN)),
  );

  app.put(
    '/api/admin/einstellungen/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set (or with null remove) an option at tenant level',
        description:
          'customizing_mandant_pflege writes every option, fahrzeug_pflege the FahrzeugBuchung options.',
        params: ZSettingName,
        body: ZEinstellungInput,
        response: { 200: ZEinstellung, ...errors },
      },
    },
    async (request) =>
      setMandantEinstellung(
        deps,
        requireAdminRoute(request, SCREEN),
        request.params.name,
        request.body.value,
      ),
  );

  app.get(
    '/api/admin/gruppen/:id/einstellungen',
    {
      schema: {
        tags: ['admin'],
        summary: 'The options a group may override, with the group-level values',
        params: ZIdParams,
        response: { 200: ZGruppenEinstellungen, ...errors },
      },
    },
    async (request) => getGruppenEinstellungen(deps, requireAdminRoute(request, SCREEN), request.params.id),
  );

  app.put(
    '/api/admin/gruppen/:id/einstellungen/:name',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set (or with null remove) an option at group level',
        params: ZGruppeSettingParams,
        body: ZEinstellungInput,
        response: { 200: ZEinstellung, ...errors },
      },
    },
    async (request) =>
      setGruppenEinstellung(
        deps,
        requireAdminRoute(request, SCREEN),
        request.params.id,
        request.params.name,
        request.body.value,
      ),
  );

  app.get(
    '/api/me/einstellungen',
    {
      schema: {
        tags: ['me'],
        summary: 'Personal settings: profile and the options you may change, with own and effective values',
        response: { 200: ZEigeneEinstellungen, 401: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getEigeneEinstellungen(deps, requireUser(request));
    },
  );

  app.put(
    '/api/me/profil',
    {
      schema: {
        tags: ['me'],
        summary: 'Change your first and last name (the e-mail address is changed by administrators)',
        body: ZProfilInput,
        response: { 200: ZProfil, 400: ZApiError, 401: ZApiError },
      },
    },
    async (request) => updateEigenesProfil(deps, requireUser(request), request.body),
  );
};
