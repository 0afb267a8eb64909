import { ZApiError } from '@stellwerk/domain/api';
import { ZFahrzeugBuchung, ZFahrzeugBuchungListe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import {
  ZSonderfreigabeAblehnen,
  ZSonderfreigabenAnzahl,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/freigabe-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import {
  countOffeneFreigaben,
  entscheideFreigabe,
  listOffeneFreigaben,
  type SonderfreigabeDeps,
} from './sonderfreigabe.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 409: ZApiError, 422: ZApiError };
const ZBuchungParams = z.object({ buchungId: z.uuid() });
const TAGS = ['fahrzeuge'];

/** Reading: a signed-in user holding fahrzeug_freigabe_von_sonderfahrten (401, then 403). */
const freigeberGuard = routeGuard.darf('sonderfahrten.freigeben');

/**
 * Deciding (spec §8): without a session user the update fails with 'User not found! Kein update der
 * Sonderfreigabe möglich.' (401), then the right (403), before the body is read.
 */
const entscheidungGuard = routeGuard.darf('sonderfahrten.freigeben', {
  ohneSitzung: 'sonderfreigabe.user_not_found',
});

/** Special-trip approvals (spec §2 /fahrzeuge/freigaben; decision 049). */
export const sonderfreigabeRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
}> = async (app, { database, now, publicUrl }) => {
  const deps: SonderfreigabeDeps = { database, now, publicUrl };

  app.get(
    '/api/sonderfreigaben',
    {
      config: { guard: freigeberGuard },
      schema: {
        operationId: 'listSonderfreigaben',
        tags: TAGS,
        summary:
          "Special trips awaiting the current user's approval (not ended, nobody approved yet), by start; empty list when none",
        response: { 200: ZFahrzeugBuchungListe, ...errors },
      },
    },
    async (request) => listOffeneFreigaben(deps, requireUser(request)),
  );

  app.get(
    '/api/sonderfreigaben/anzahl',
    {
      config: { guard: freigeberGuard },
      schema: {
        operationId: 'countSonderfreigaben',
        tags: TAGS,
        summary: "How many special trips await the current user's approval (the menu count)",
        response: { 200: ZSonderfreigabenAnzahl, ...errors },
      },
    },
    async (request) => countOffeneFreigaben(deps, requireUser(request)),
  );

  app.post(
    '/api/sonderfreigaben/:buchungId/freigeben',
    {
      config: { guard: entscheidungGuard },
      schema: {
        operationId: 'approveSonderfreigabe',
        tags: TAGS,
        summary: 'Approve a special trip (releases it); mail to the booker',
        params: ZBuchungParams,
        response: { 200: ZFahrzeugBuchung, ...writeErrors },
      },
    },
    async (request) =>
      entscheideFreigabe(deps, request.sessionUser, request.params.buchungId, { freigegeben: true }),
  );

  app.post(
    '/api/sonderfreigaben/:buchungId/ablehnen',
    {
      config: { guard: entscheidungGuard },
      schema: {
        operationId: 'rejectSonderfreigabe',
        tags: TAGS,
        summary: 'Reject a special trip with a reason: the trip is cancelled and the booker mailed',
        params: ZBuchungParams,
        body: ZSonderfreigabeAblehnen,
        response: { 200: ZFahrzeugBuchung, ...writeErrors },
      },
    },
    async (request) =>
      entscheideFreigabe(deps, request.sessionUser, request.params.buchungId, {
        freigegeben: false,
        begruendung: request.body.begruendung,
      }),
  );
};
