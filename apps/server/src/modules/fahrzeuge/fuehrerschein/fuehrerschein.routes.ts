import { ZApiError } from '@stellwerk/domain/api';
import {
  ZBenutzerIdParams,
  ZFahrverbotBuchungen,
  ZFuehrerscheinAnzahl,
  ZFuehrerscheinGespeichert,
  ZFuehrerscheinListe,
  ZFuehrerscheinListeQuery,
  ZFuehrerscheinZeile,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/api';
import {
  ZFahrverbotEingabe,
  ZFuehrerscheinAenderung,
  ZFuehrerscheinPruefungEingabe,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import {
  type FuehrerscheinDeps,
  fahrverbotVorschau,
  getAnzahlFaellige,
  listFuehrerscheine,
  recordPruefung,
  saveFuehrerschein,
} from './fuehrerschein.service.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 409: ZApiError, 422: ZApiError };
const TAGS = ['fuehrerscheine'];

/** /fahrzeuge/fuehrerschein: 401 without a session, 403 without fahrzeug_fuehrerscheinpruefung, before the input. */
const fuehrerscheinPruefung = routeGuard.darf('fuehrerscheine.pruefen');
const config = { guard: fuehrerscheinPruefung };

/** Licence checks (spec §2 /fahrzeuge/fuehrerschein, §3, §7; decisions 050, 057). */
export const fuehrerscheinRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
}> = async (app, { database, now, publicUrl }) => {
  const deps: FuehrerscheinDeps = { database, now, publicUrl };

  app.get(
    '/api/fuehrerscheine',
    {
      config,
      schema: {
        operationId: 'listFuehrerscheine',
        tags: TAGS,
        summary:
          'Everyone who may book vehicles with their licence record and check state (no record, overdue, due soon, current), by next check; search and state filter',
        querystring: ZFuehrerscheinListeQuery,
        response: { 200: ZFuehrerscheinListe, ...errors },
      },
    },
    async (request) => listFuehrerscheine(deps, requireUser(request), request.query),
  );

  app.get(
    '/api/fuehrerscheine/anzahl',
    {
      config,
      schema: {
        operationId: 'countFaelligeFuehrerscheine',
        tags: TAGS,
        summary:
          'How many licence checks need action (no record, overdue, due within the lead): the menu badge',
        response: { 200: ZFuehrerscheinAnzahl, ...errors },
      },
    },
    async (request) => getAnzahlFaellige(deps, requireUser(request)),
  );

  app.put(
    '/api/fuehrerscheine/:benutzerId',
    {
      config,
      schema: {
        operationId: 'saveFuehrerschein',
        tags: TAGS,
        summary:
          "Create or change a user's licence record (number, issue date, classes, class and document expiry, restrictions, driving ban); a ban cancels the trips it covers with a mail",
        params: ZBenutzerIdParams,
        body: ZFuehrerscheinAenderung,
        ...weglassbar({
          fuehrerscheinnummer: 'bleibt',
          zusatzinfo: 'bleibt',
          fahrverbot: 'bleibt',
          fahrverbotVon: 'bleibt',
          fahrverbotBis: 'bleibt',
          klassenAblauf: 'bleibt',
          dokumentAblauf: 'bleibt',
        }),
        response: { 200: ZFuehrerscheinGespeichert, ...writeErrors },
      },
    },
    async (request) => saveFuehrerschein(deps, requireUser(request), request.params.benutzerId, request.body),
  );

  app.post(
    '/api/fuehrerscheine/:benutzerId/fahrverbot-vorschau',
    {
      config,
      schema: {
        operationId: 'previewFahrverbot',
        tags: TAGS,
        summary: "The user's trips a driving ban would cancel (nothing is changed)",
        params: ZBenutzerIdParams,
        body: ZFahrverbotEingabe,
        response: { 200: ZFahrverbotBuchungen, ...writeErrors },
      },
    },
    async (request) =>
      fahrverbotVorschau(deps, requireUser(request), request.params.benutzerId, request.body),
  );

  app.post(
    '/api/fuehrerscheine/:benutzerId/pruefung',
    {
      config,
      schema: {
        operationId: 'recordFuehrerscheinPruefung',
        tags: TAGS,
        summary:
          'Record a licence check by the current user today: method, original seen; the next check follows from the tenant interval',
        params: ZBenutzerIdParams,
        body: ZFuehrerscheinPruefungEingabe,
        response: { 200: ZFuehrerscheinZeile, ...writeErrors },
      },
    },
    async (request) => recordPruefung(deps, requireUser(request), request.params.benutzerId, request.body),
  );
};
