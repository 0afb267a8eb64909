import { ZApiError, ZCustomizingName, ZIdParams } from '@stellwerk/domain/api';
import {
  ZCustomizingEintrag,
  ZCustomizingEintragInput,
  ZEigenesCustomizing,
  ZGruppeCustomizingParams,
  ZGruppenCustomizing,
  ZMandantenCustomizing,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireDarf, requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import {
  getEigenesCustomizing,
  getGruppenCustomizing,
  getMandantenCustomizing,
  setEigenesCustomizing,
  setGruppenCustomizing,
  setMandantenCustomizing,
} from './customizing.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/**
 * The one API family of Customizing (spec §3; decision 032), one level per path:
 * `/api/customizing/mandant` and `/api/customizing/gruppen/:id` for administrators (the guard of
 * /admin/einstellungen, spec §2, decision 009), `/api/customizing/benutzer` for every user's own values.
 * GET lists the options of the level with their values, PUT `…/:name` sets one (`{ value }`, null removes it).
 */
export const customizingRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const deps = { database };

  app.get(
    '/api/customizing/mandant',
    {
      config: { guard: routeGuard.darf('customizing.pflegen') },
      schema: {
        operationId: 'getCustomizingMandant',
        tags: ['customizing'],
        summary: 'Every customizing option with its tenant-level value (null = default), plus the groups',
        response: { 200: ZMandantenCustomizing, ...errors },
      },
    },
    async (request) => getMandantenCustomizing(deps, requireDarf(request, 'customizing.pflegen')),
  );

  app.put(
    '/api/customizing/mandant/:name',
    {
      config: { guard: routeGuard.darf('customizing.pflegen') },
      schema: {
        operationId: 'setCustomizingMandant',
        tags: ['customizing'],
        summary: 'Set (or with null remove) an option at tenant level',
        description:
          'customizing_mandant_pflege writes every option, fahrzeug_pflege the FahrzeugBuchung options.',
        params: ZCustomizingName,
        body: ZCustomizingEintragInput,
        response: { 200: ZCustomizingEintrag, ...errors },
      },
    },
    async (request) =>
      setMandantenCustomizing(
        deps,
        requireDarf(request, 'customizing.pflegen'),
        request.params.name,
        request.body.value,
      ),
  );

  app.get(
    '/api/customizing/gruppen/:id',
    {
      config: { guard: routeGuard.darf('customizing.pflegen') },
      schema: {
        operationId: 'getCustomizingGruppe',
        tags: ['customizing'],
        summary: 'The options a group may override, with the group-level values',
        params: ZIdParams,
        response: { 200: ZGruppenCustomizing, ...errors },
      },
    },
    async (request) =>
      getGruppenCustomizing(deps, requireDarf(request, 'customizing.pflegen'), request.params.id),
  );

  app.put(
    '/api/customizing/gruppen/:id/:name',
    {
      config: { guard: routeGuard.darf('customizing.pflegen') },
      schema: {
        operationId: 'setCustomizingGruppe',
        tags: ['customizing'],
        summary: 'Set (or with null remove) an option at group level',
        params: ZGruppeCustomizingParams,
        body: ZCustomizingEintragInput,
        response: { 200: ZCustomizingEintrag, ...errors },
      },
    },
    async (request) =>
      setGruppenCustomizing(
        deps,
        requireDarf(request, 'customizing.pflegen'),
        request.params.id,
        request.params.name,
        request.body.value,
      ),
  );

  app.get(
    '/api/customizing/benutzer',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getCustomizingBenutzer',
        tags: ['customizing'],
        summary: 'Your personal settings: the options you may change, with own and effective values',
        response: { 200: ZEigenesCustomizing, 401: ZApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getEigenesCustomizing(deps, requireUser(request));
    },
  );

  app.put(
    '/api/customizing/benutzer/:name',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'setCustomizingBenutzer',
        tags: ['customizing'],
        summary: 'Set (or with null remove) one of your personal settings (user level), e.g. Sprache',
        params: ZCustomizingName,
        body: ZCustomizingEintragInput,
        response: { 200: ZCustomizingEintrag, ...errors },
      },
    },
    async (request) =>
      setEigenesCustomizing(deps, requireUser(request), request.params.name, request.body.value),
  );
};
