import { PassThrough } from 'node:stream';
import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZCheckInEingabe,
  ZCheckInVorlage,
  ZCheckOutEingabe,
  ZFahrtenbuch,
  ZFahrtenbuchFassung,
  ZFahrtenbuchQuery,
  ZFassungEingabe,
  ZHandEintragEingabe,
  ZKettenPruefung,
  ZOffenerSchaden,
} from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { ZFahrzeugHistorie, ZFahrzeugHistorieQuery } from '@stellwerk/domain/fahrzeuge/fahrzeug/historie-api';
import { ZFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { dokumentierterKoerper } from '../../plattform/openapi/openapi.plugin.ts';
import { checkOut } from './fahrt.auschecken.ts';
import { checkIn } from './fahrt.einchecken.ts';
import { neueFassung } from './fahrt.ergaenzen.ts';
import type { ExportFormat } from './fahrt.export.kontext.ts';
import { bereiteExportVor } from './fahrt.export.ts';
import { getFahrtenbuch } from './fahrt.fahrtenbuch.ts';
import { handEintrag } from './fahrt.hand-eintrag.ts';
import { getHistorie } from './fahrt.historie.ts';
import { pruefeFahrtenbuch } from './fahrt.kette.ts';
import type { FahrtDeps } from './fahrt.kontext.ts';
import { checkInVorlage, listOffeneSchaeden, markiereSchadenBehoben } from './fahrt.schaeden.ts';
import { leseSchritt } from './fahrt.upload.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 409: ZApiError, 422: ZApiError };
const TAGS = ['fahrten'];

/** Check-in and check-out: the vehicle module's users (the service checks that they drive the trip). */
const fahrzeugModul = routeGuard.darf('fahrzeuge.buchen');

/** The logbook: fleet administrators and holders of fahrzeug_logbuch_report; a driver completes own trips. */
const fahrtenbuchLeser = routeGuard.darf('fahrtenbuch.lesen');
const fahrtenbuchSchreiber = routeGuard.darf('fahrten.eintragen');
const fuhrpark = routeGuard.darf('fuhrpark.verwalten');

/** Trips: check-in, check-out and the append-only, hash-chained logbook (decision 062). */
export const fahrtRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
  dataDir: string;
}> = async (app, { database, now, publicUrl, dataDir }) => {
  const deps: FahrtDeps = { database, now, publicUrl, dataDir };

  /** The multipart form of a check-in or check-out (fahrt.upload.ts). */
  const schrittFormular = (body: string) => ({
    type: 'object' as const,
    description:
      'Files beyond `daten` and `beleg`: each damage’s photo as `schaden.{index}.foto` (index of the damage in `daten.schaeden`), png or jpg.',
    required: ['daten'],
    properties: {
      daten: { type: 'string', description: `The JSON body (${body}) as text.` },
      beleg: {
        type: 'array',
        items: { type: 'string', format: 'binary' },
        description: 'Receipts: png, jpg or pdf, several.',
      },
    },
    additionalProperties: { type: 'string', format: 'binary' },
  });

  const SCHRITT_BESCHREIBUNG =
    'JSON, or multipart/form-data with the JSON body as the text field `daten`, receipts as files `beleg` (png, jpg, pdf; several) and each damage’s photo as `schaden.{index}.foto` (png, jpg), each checked by content, at most 5 MB. Nothing is written when a check fails.';

  app.get(
    '/api/fahrzeug-buchungen/:id/check-in',
    {
      config: { guard: fahrzeugModul },
      schema: {
        operationId: 'getCheckInVorlage',
        tags: TAGS,
        summary:
          'What the check-in and check-out dialogs show: proposed mileage, cleaning states, parking spots, the vehicle’s open damages with photos',
        params: ZIdParams,
        response: { 200: ZCheckInVorlage, ...errors },
      },
    },
    async (request) => checkInVorlage(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/api/fahrzeug-buchungen/:id/check-in',
    {
      config: { guard: fahrzeugModul },
      schema: {
        operationId: 'checkInFahrzeugBuchung',
        tags: TAGS,
        summary:
          'The driver starts the trip: mileage, fuel, cleanliness, damages found with photos, receipts (history entry CHECK_IN)',
        description: SCHRITT_BESCHREIBUNG,
        consumes: ['application/json', 'multipart/form-data'],
        ...dokumentierterKoerper(ZCheckInEingabe, schrittFormular('ZCheckInEingabe')),
        params: ZIdParams,
        response: { 200: ZFahrzeugBuchung, ...writeErrors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (request) => {
      const { daten, dateien } = await leseSchritt(request, ZCheckInEingabe);
      return checkIn(deps, requireUser(request), request.params.id, daten, dateien);
    },
  );

  app.post(
    '/api/fahrzeug-buchungen/:id/check-out',
    {
      config: { guard: fahrzeugModul },
      schema: {
        operationId: 'checkOutFahrzeugBuchung',
        tags: TAGS,
        summary:
          'The driver ends the trip: readings, parking spot, damages with photos, receipts (history entry CHECK_OUT) and the trip for the logbook (kind, destination, purpose, partner)',
        description: SCHRITT_BESCHREIBUNG,
        consumes: ['application/json', 'multipart/form-data'],
        ...dokumentierterKoerper(ZCheckOutEingabe, schrittFormular('ZCheckOutEingabe')),
        params: ZIdParams,
        response: { 200: ZFahrzeugBuchung, ...writeErrors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (request) => {
      const { daten, dateien } = await leseSchritt(request, ZCheckOutEingabe);
      return checkOut(deps, requireUser(request), request.params.id, daten, dateien);
    },
  );

  app.get(
    '/api/fahrzeuge/:id/fahrtenbuch',
    {
      config: { guard: fahrtenbuchLeser },
      schema: {
        operationId: 'getFahrtenbuch',
        tags: TAGS,
        summary:
          'A vehicle’s logbook for a period (default: this calendar year): each trip’s current version with the versions it replaced, mileage gaps',
        params: ZIdParams,
        querystring: ZFahrtenbuchQuery,
        response: { 200: ZFahrtenbuch, ...errors, 422: ZApiError },
      },
    },
    async (request) => getFahrtenbuch(deps, requireUser(request), request.params.id, request.query),
  );

  app.post(
    '/api/fahrzeuge/:id/fahrtenbuch',
    {
      config: { guard: fuhrpark },
      schema: {
        operationId: 'createFahrtenbuchHandEintrag',
        tags: TAGS,
        summary:
          'A trip recorded by hand (a mileage gap explained): complete, fitting the mileage chain, with a reason',
        params: ZIdParams,
        body: ZHandEintragEingabe,
        response: { 201: ZFahrtenbuchFassung, ...writeErrors },
      },
    },
    async (request, reply) => {
      const fassung = await handEintrag(deps, requireUser(request), request.params.id, request.body);
      return reply.code(201).send(fassung);
    },
  );

  app.post(
    '/api/fahrtenbuch/:id/fassungen',
    {
      config: { guard: fahrtenbuchSchreiber },
      schema: {
        operationId: 'createFahrtenbuchFassung',
        tags: TAGS,
        summary:
          'A new version of a logbook entry: an addition, or a correction with its reason, within 7 days of the trip; the earlier version stays',
        params: ZIdParams,
        body: ZFassungEingabe,
        response: { 201: ZFahrtenbuchFassung, ...writeErrors },
      },
    },
    async (request, reply) => {
      const fassung = await neueFassung(deps, requireUser(request), request.params.id, request.body);
      return reply.code(201).send(fassung);
    },
  );

  app.post(
    '/api/fahrzeuge/:id/fahrtenbuch/pruefung',
    {
      config: { guard: fahrtenbuchLeser },
      schema: {
        operationId: 'pruefeFahrtenbuch',
        tags: TAGS,
        summary:
          'Recomputes the hash chain of the vehicle’s whole logbook: ok with the final hash, or the first version that does not fit',
        params: ZIdParams,
        response: { 200: ZKettenPruefung, ...errors },
      },
    },
    async (request) => pruefeFahrtenbuch(deps, requireUser(request), request.params.id),
  );

  app.get(
    '/api/fahrzeuge/:id/schaeden',
    {
      config: { guard: fuhrpark },
      schema: {
        operationId: 'listOffeneSchaeden',
        tags: TAGS,
        summary:
          'The vehicle’s open damages (reported at check-in or check-out, not yet repaired), newest first',
        params: ZIdParams,
        response: { 200: z.array(ZOffenerSchaden), ...errors },
      },
    },
    async (request) => listOffeneSchaeden(deps, requireUser(request), request.params.id),
  );

  app.post(
    '/api/fahrzeuge/:id/schaeden/:schadenId/behoben',
    {
      config: { guard: fuhrpark },
      schema: {
        operationId: 'markiereSchadenBehoben',
        tags: TAGS,
        summary:
          'Marks a damage repaired: it is no longer shown at check-in (again: no change). A DEFEKT block stays until lifted',
        params: z.object({ id: z.uuid(), schadenId: z.uuid() }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markiereSchadenBehoben(deps, requireUser(request), request.params.id, request.params.schadenId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/fahrzeuge/:id/historie',
    {
      config: { guard: fahrtenbuchLeser },
      schema: {
        operationId: 'getFahrzeugHistorie',
        tags: TAGS,
        summary:
          'A vehicle’s history (spec §3: ERSTELLUNG, STATUSAENDERUNG, WARTUNG, CHECK_IN, CHECK_OUT, SERVICE, DEAKTIVIERUNG), newest first; an unknown `typ` answers ‘Typ {x} unbekannt’',
        params: ZIdParams,
        querystring: ZFahrzeugHistorieQuery,
        response: { 200: ZFahrzeugHistorie, ...errors },
      },
    },
    async (request) => getHistorie(deps, requireUser(request), request.params.id, request.query),
  );

  for (const [format, produces] of [
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pdf', 'application/pdf'],
  ] as const satisfies ReadonlyArray<readonly [ExportFormat, string]>)
    app.get(
      `/api/fahrzeuge/:id/fahrtenbuch/export.${format}`,
      {
        config: { guard: routeGuard.darf('fahrtenbuch.report') },
        schema: {
          operationId: format === 'xlsx' ? 'exportFahrtenbuchXlsx' : 'exportFahrtenbuchPdf',
          tags: TAGS,
          summary:
            format === 'xlsx'
              ? 'The vehicle’s logbook for a period (default: this calendar year) as Excel: the trips with totals, the corrections field by field, a legend and the chain’s final hash; streamed'
              : 'The vehicle’s logbook for a period (default: this calendar year) as PDF: logo, vehicle, period, every version with corrections, “Seite x von y”, the chain’s final hash; streamed',
          produces: [produces],
          params: ZIdParams,
          querystring: ZFahrtenbuchQuery,
          response: { 200: z.any().describe(`The file (${produces})`), ...errors, 422: ZApiError },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const exp = await bereiteExportVor(
          { database, now, dataDir },
          user,
          request.params.id,
          request.query,
          format,
        );
        const out = new PassThrough();
        exp.schreibe(out).catch((err: unknown) => {
          request.log.error({ err }, 'logbook export failed while streaming');
          out.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        return reply
          .header('content-type', exp.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${exp.dateiname}"; filename*=UTF-8''${encodeURIComponent(exp.dateiname)}`,
          )
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(out);
      },
    );
};
