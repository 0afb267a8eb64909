import { ZApiError } from '@stellwerk/domain/api';
import {
  KIOSK_TOKEN_HEADER,
  ZKiosk,
  ZKioskEinchecken,
  ZKioskEingecheckt,
  ZKioskEinstellung,
  ZKioskGeraet,
  ZKioskKoppeln,
  ZKioskKopplung,
  ZKioskListe,
  ZKioskTafel,
} from '@stellwerk/domain/plattform/kiosk/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDarf, requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { sendStoredFile } from '../storage/storage.antwort.ts';
import { ZFileBody } from '../storage/storage.schemas.ts';
import { aendereKiosk, koppleKiosk, listeKiosks, widerrufeKiosk } from './kiosk.admin.service.ts';
import { eincheckenPerKiosk } from './kiosk.einchecken.service.ts';
import { erstelleKopplung, type KioskDeps, kioskGeraet } from './kiosk.kopplung.service.ts';
import { kioskTafel, kioskTafelBild } from './kiosk.tafel.service.ts';

const TAGS = ['kiosk'];
const admin = routeGuard.darf('kiosks.verwalten');
const refusals = { 401: ZApiError, 403: ZApiError } as const;

/** Pairing codes per address and minute: a screen asks for one every ten minutes at most. */
export const KIOSK_KOPPLUNG_LIMIT = 10;

const tokenVon = (headers: Record<string, unknown>) => {
  const value = headers[KIOSK_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Kiosks (decision 182): the device's pairing code and its own settings (`/api/kiosk/…`, no session: the device token
 * in the `x-kiosk-token` header), and Administration › Kiosks (`/api/admin/kiosks`, right `objekt_pflege`).
 */
export const kioskRoutes: FastifyPluginAsyncZod<KioskDeps> = async (app, deps) => {
  app.post(
    '/api/kiosk/kopplung',
    {
      config: {
        guard: routeGuard.public,
        rateLimit: { max: KIOSK_KOPPLUNG_LIMIT, timeWindow: '1 minute' },
      },
      schema: {
        operationId: 'erstelleKioskKopplung',
        tags: TAGS,
        summary:
          "A pairing code for an unpaired screen (valid 10 minutes) and the device's secret, which becomes its device token once an administrator entered the code",
        response: { 201: ZKioskKopplung, 429: ZApiError },
      },
    },
    async (_request, reply) => reply.code(201).send(await erstelleKopplung(deps)),
  );
  app.get(
    '/api/kiosk/geraet',
    {
      config: { guard: routeGuard.public },
      schema: {
        operationId: 'getKioskGeraet',
        tags: TAGS,
        summary:
          "The screen's own settings, addressed by its device token (header x-kiosk-token); 401 kiosk.nicht_gekoppelt while not paired or after revoking. A rotated token comes back as neuerToken.",
        querystring: z.object({ version: z.string().max(40).optional() }),
        response: { 200: ZKioskGeraet, 401: ZApiError },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await kioskGeraet(deps, tokenVon(request.headers), request.query.version)),
  );
  app.post(
    '/api/kiosk/einchecken',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'eincheckenPerKiosk',
        tags: TAGS,
        summary:
          "Check in to one's own reservation at the kiosk's location with the code its board shows (signed for kiosk, location and minute; valid in its minute and the next; once per person). The reading room's check-in window applies.",
        body: ZKioskEinchecken,
        response: {
          200: ZKioskEingecheckt,
          400: ZApiError,
          401: ZApiError,
          404: ZApiError,
          409: ZApiError,
          410: ZApiError,
        },
      },
    },
    async (request) => eincheckenPerKiosk(deps, requireUser(request), request.body.code),
  );
  app.get(
    '/api/kiosk/tafel',
    {
      config: { guard: routeGuard.public },
      schema: {
        operationId: 'getKioskTafel',
        tags: TAGS,
        summary:
          "The paired screen's board now (header x-kiosk-token): its location's floor plans with each place's state (frei, gehalten, gebucht, geschlossen) and counts, today's hours and special closures, the pool cars when shown, and this minute's check-in URL. Names only as the kiosk's setting allows; 401 kiosk.nicht_gekoppelt as /api/kiosk/geraet.",
        querystring: z.object({ version: z.string().max(40).optional() }),
        response: { 200: ZKioskTafel, 401: ZApiError },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await kioskTafel(deps, tokenVon(request.headers), request.query.version)),
  );
  app.get(
    '/api/kiosk/tafel/plaene/:id/bild',
    {
      config: { guard: routeGuard.public },
      schema: {
        operationId: 'getKioskTafelBild',
        tags: TAGS,
        summary:
          "The image of a floor plan on the paired screen's board (header x-kiosk-token), with the same headers as /api/dateien/{id}; 404 for a plan not on this board or without an image, 401 kiosk.nicht_gekoppelt as /api/kiosk/tafel.",
        params: z.object({ id: z.uuid() }),
        response: { 200: ZFileBody, 400: ZApiError, 401: ZApiError, 404: ZApiError },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await kioskTafelBild(deps, tokenVon(request.headers), request.params.id)),
  );
  app.get(
    '/api/admin/kiosks',
    {
      config: { guard: admin },
      schema: {
        operationId: 'listeKiosks',
        tags: TAGS,
        summary: 'The kiosks of the tenant with location, last contact and version',
        response: { 200: ZKioskListe, ...refusals },
      },
    },
    async (request) => listeKiosks(deps, requireDarf(request, 'kiosks.verwalten')),
  );
  app.post(
    '/api/admin/kiosks',
    {
      config: { guard: admin },
      schema: {
        operationId: 'koppleKiosk',
        tags: TAGS,
        summary: 'Pair the screen showing the code, with what it shows. Audited.',
        body: ZKioskKoppeln,
        response: { 201: ZKiosk, 400: ZApiError, 404: ZApiError, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await koppleKiosk(deps, requireDarf(request, 'kiosks.verwalten'), request.body)),
  );
  app.patch(
    '/api/admin/kiosks/:id',
    {
      config: { guard: admin },
      schema: {
        operationId: 'aendereKiosk',
        tags: TAGS,
        summary:
          'Change what a kiosk shows (name, location, floor plans, names, vehicles, language). Audited.',
        params: z.object({ id: z.uuid() }),
        body: ZKioskEinstellung,
        response: { 200: ZKiosk, 404: ZApiError, ...refusals },
      },
    },
    async (request) =>
      aendereKiosk(deps, requireDarf(request, 'kiosks.verwalten'), request.params.id, request.body),
  );
  app.delete(
    '/api/admin/kiosks/:id',
    {
      config: { guard: admin },
      schema: {
        operationId: 'widerrufeKiosk',
        tags: TAGS,
        summary: 'Revoke a kiosk: its device token stops at once. Audited.',
        params: z.object({ id: z.uuid() }),
        response: { 200: ZKiosk, 404: ZApiError, ...refusals },
      },
    },
    async (request) => widerrufeKiosk(deps, requireDarf(request, 'kiosks.verwalten'), request.params.id),
  );
};
