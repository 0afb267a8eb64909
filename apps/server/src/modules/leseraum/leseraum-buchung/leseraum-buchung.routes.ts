import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  BEREICHE,
  ZBelegung,
  ZBelegungQuery,
  ZGrundrissKurz,
  ZLeseraumAblehnungInput,
  ZLeseraumBuchung,
  ZLeseraumBuchungAenderung,
  ZLeseraumBuchungInput,
  ZLeseraumBuchungList,
  ZLeseraumStornoInput,
  ZLieblingsPlaetze,
  ZLieblingsPlatz,
  ZMailErneutAntwort,
  ZMailErneutInput,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { schnellerSerialisierer } from '../../../http/schneller-serialisierer.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import type { EventHub } from '../../plattform/events/events.service.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import {
  getBelegungJson,
  getEigenerPlatz,
  listEigeneBuchungen,
  listGrundrisse,
  listLieblingsPlaetze,
  listWartendeVormerkungen,
} from './leseraum-buchung.abfragen.ts';
import { lehneBuchungAb } from './leseraum-buchung.ablehnen.ts';
import { createBelegungsCache } from './leseraum-buchung.belegung-cache.ts';
import { aendereBuchung } from './leseraum-buchung.aendern.ts';
import { bestaetigeBuchung } from './leseraum-buchung.bestaetigen.ts';
import { checkInBuchung } from './leseraum-buchung.einchecken.ts';
import { betrifftArbeitsweltAnfrage, type LeseraumDeps } from './leseraum-buchung.kontext.ts';
import { sendeMailErneut } from './leseraum-buchung.mail-erneut.ts';
import { storniereBuchung } from './leseraum-buchung.stornieren.ts';
import { createBuchung } from './leseraum-buchung.vormerken.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZBereichQuery = z.object({ bereich: z.enum(BEREICHE).default('leseraum') });
const TAGS = ['leseraum'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const feldVon = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;

/**
 * These routes serve the reading room and the workspace; the workspace is always open (spec §1). With the reading
 * room switched off, a request whose input was refused is the workspace's when it names its area (`bereich`) or the
 * id of one of its plans, places or bookings (path `id`, `leseraumId`, the mail's `buchung`); every other one gets
 * the switch's 404 (decision 126). Read from the unchecked input, only on that error path.
 */
export const arbeitsweltAusnahme =
  (database: Database) =>
  async (request: FastifyRequest): Promise<boolean> => {
    if (!request.sessionUser) return false;
    const ids = [
      feldVon(request.params, 'id'),
      feldVon(request.body, 'leseraumId'),
      feldVon(request.body, 'buchung'),
    ].filter((v): v is string => typeof v === 'string' && UUID.test(v));
    return betrifftArbeitsweltAnfrage(database, request.sessionUser, {
      bereich: [feldVon(request.query, 'bereich'), feldVon(request.body, 'bereich')],
      ids,
    });
  };

/** Reading-room and workspace bookings (spec §2 /leseraum/*, /arbeitswelt/*; §4 next steps). */
export const leseraumBuchungRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
  events: Pick<EventHub, 'onTenantEventAtOnce' | 'onGap'>;
}> = async (app, { database, now, publicUrl, events }) => {
  const deps: LeseraumDeps = { database, now, publicUrl };
  // the seat maps of this instance, dropped on the events that change them (decision 263)
  const belegungen = createBelegungsCache({ aktiv: () => database.listenerConnected() });
  events.onTenantEventAtOnce(belegungen.ereignis);
  events.onGap(belegungen.leeren);

  app.get(
    '/api/grundrisse',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listGrundrisse',
        tags: TAGS,
        summary: 'Active floor plans of an area (reading room or workspace) with their location',
        querystring: ZBereichQuery,
        response: { 200: z.array(ZGrundrissKurz).max(1000), ...errors },
      },
    },
    async (request) => listGrundrisse(deps, requireUser(request), request.query.bereich),
  );

  app.get(
    '/api/grundrisse/:id/belegung',
    {
      config: { guard: routeGuard.user },
      // a hot route: its answer is not checked against the schema on every request (decision 263)
      serializerCompiler: schnellerSerialisierer,
      schema: {
        operationId: 'getGrundrissBelegung',
        tags: TAGS,
        summary:
          "Every place of a plan with its state for a day's chosen period, markers, equipment and booked times",
        params: ZIdParams,
        querystring: ZBelegungQuery,
        response: { 200: ZBelegung, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(
          (await getBelegungJson(
            deps,
            belegungen,
            requireUser(request),
            request.sessionMemo,
            request.params.id,
            request.query,
          )) as never,
        ),
  );

  app.get(
    '/api/leseraum-buchungen',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listEigeneLeseraumBuchungen',
        tags: TAGS,
        summary: "The signed-in user's bookings of an area, with what they may do with each",
        querystring: ZBereichQuery,
        response: { 200: ZLeseraumBuchungList, ...errors },
      },
    },
    async (request) => listEigeneBuchungen(deps, requireUser(request), request.query.bereich),
  );

  app.get(
    '/api/leseraum-lieblingsplaetze',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listLeseraumLieblingsPlaetze',
        tags: TAGS,
        summary:
          "The signed-in user's favourite places of an area (set with PUT /api/customizing/benutzer/LeseraumLieblingsPlatz)",
        querystring: ZBereichQuery,
        response: { 200: ZLieblingsPlaetze, ...errors },
      },
    },
    async (request) => listLieblingsPlaetze(deps, requireUser(request), request.query.bereich),
  );

  app.get(
    '/api/leseraum-eigener-platz',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'getLeseraumEigenerPlatz',
        tags: TAGS,
        summary: "The signed-in user's own place of an area (assigned by booking staff), or null",
        querystring: ZBereichQuery,
        response: { 200: ZLieblingsPlatz.nullable(), ...errors },
      },
    },
    async (request) => getEigenerPlatz(deps, requireUser(request), request.query.bereich),
  );

  app.get(
    '/api/leseraum-buchungen/wartend',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listWartendeVormerkungen',
        tags: TAGS,
        summary: 'Holds waiting for confirmation by booking staff (right buchung_pflege)',
        querystring: ZBereichQuery,
        response: { 200: ZLeseraumBuchungList, ...errors },
      },
    },
    async (request) => listWartendeVormerkungen(deps, requireUser(request), request.query.bereich),
  );

  app.post(
    '/api/leseraum-buchungen',
    {
      config: { guard: routeGuard.user, sitzungBleibt: true },
      schema: {
        operationId: 'createLeseraumBuchung',
        tags: TAGS,
        summary: 'Hold a place for a full day, a half day or hours (status vorgemerkt; pre-booking mail)',
        body: ZLeseraumBuchungInput,
        response: { 201: ZLeseraumBuchung, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBuchung(deps, requireUser(request), request.body)),
  );

  app.put(
    '/api/leseraum-buchungen/:id',
    {
      config: { guard: routeGuard.user, sitzungBleibt: true },
      schema: {
        operationId: 'updateLeseraumBuchung',
        tags: TAGS,
        summary: 'New times for a hold or reservation that has not begun (adjustment mail)',
        params: ZIdParams,
        body: ZLeseraumBuchungAenderung,
        ...weglassbar({ gruppengroesse: 'bleibt' }),
        response: { 200: ZLeseraumBuchung, ...errors },
      },
    },
    async (request) => aendereBuchung(deps, requireUser(request), request.params.id, request.body),
  );

  const step = (path: string, operationId: string, summary: string, run: typeof bestaetigeBuchung) =>
    app.post(
      `/api/leseraum-buchungen/:id/${path}`,
      {
        config: { guard: routeGuard.user, sitzungBleibt: true },
        schema: {
          operationId,
          tags: TAGS,
          summary,
          params: ZIdParams,
          response: { 200: ZLeseraumBuchung, ...errors },
        },
      },
      async (request) => run(deps, requireUser(request), request.params.id),
    );
  step(
    'bestaetigen',
    'confirmLeseraumBuchung',
    'The confirmer reserves a hold before its start (confirmation mail)',
    bestaetigeBuchung,
  );
  app.post(
    '/api/leseraum-buchungen/:id/storno',
    {
      config: { guard: routeGuard.user, sitzungBleibt: true },
      schema: {
        operationId: 'cancelLeseraumBuchung',
        tags: TAGS,
        summary: 'The booker or staff cancel a hold or reservation (cancellation mail)',
        description:
          "Staff (buchung_pflege) cancelling another user's booking must give `grund`; the booker gets it in the " +
          'cancellation mail (400 leseraum_buchung.grund_fehlt without it). The booker needs no body.',
        params: ZIdParams,
        body: ZLeseraumStornoInput.nullish(),
        response: { 200: ZLeseraumBuchung, ...errors },
      },
    },
    async (request) => storniereBuchung(deps, requireUser(request), request.params.id, request.body ?? {}),
  );
  app.post(
    '/api/leseraum-buchungen/:id/ablehnen',
    {
      config: { guard: routeGuard.user, sitzungBleibt: true },
      schema: {
        operationId: 'declineLeseraumBuchung',
        tags: TAGS,
        summary: 'Booking staff decline a hold waiting for their confirmation, with a reason for the booker',
        params: ZIdParams,
        body: ZLeseraumAblehnungInput,
        response: { 200: ZLeseraumBuchung, ...errors },
      },
    },
    async (request) => lehneBuchungAb(deps, requireUser(request), request.params.id, request.body),
  );
  step(
    'check-in',
    'checkInLeseraumBuchung',
    'Check in to a reservation from 15 minutes before to 15 minutes after its start',
    checkInBuchung,
  );

  app.post(
    '/api/mail',
    {
      config: { guard: routeGuard.user, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        operationId: 'sendLeseraumMail',
        tags: TAGS,
        summary:
          "Send one of a reading-room booking's own mails again to its booker or confirmer (spec §7; queued, 202)",
        description:
          'Only the booker, the confirmer or booking staff (buchung_pflege) of the booking may ask; anyone else gets 404. ' +
          'The mail is rendered from the booking: `typ` must fit its status (useMailVormerkung always; ' +
          'useMailBuchungBestaetigt when reserved or performed; useMailBuchungAngepasst with `buchungAlt`, the previous ' +
          'times, unless cancelled; useMailStorno and useMailRaumDeaktivierungSystemStorno when cancelled), otherwise 409.',
        body: ZMailErneutInput,
        response: { 202: ZMailErneutAntwort, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await sendeMailErneut(deps, requireUser(request), request.body)),
  );
};
