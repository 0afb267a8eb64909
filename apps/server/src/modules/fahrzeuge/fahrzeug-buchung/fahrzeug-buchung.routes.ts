import { ZApiError, ZIdParams } from '@stellwerk/domain/api';
import {
  ZFahrzeugBuchung,
  ZFahrzeugBuchungListe,
  ZFahrzeugBuchungQuery,
  ZFahrzeugDetail,
  ZFahrzeugListe,
  ZFahrzeugListeQuery,
  ZFahrzeugPersonListe,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import {
  ZFahrzeugBuchungAenderung,
  ZFahrzeugBuchungEingabe,
  ZFahrzeugBuchungStorno,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client.ts';
import { schnellerSerialisierer } from '../../../http/schneller-serialisierer.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { weglassbar } from '../../plattform/openapi/openapi.plugin.ts';
import {
  getFahrzeug,
  listBuchungen,
  listFahrzeuge,
  listMoeglicheFreigeber,
  listWaehlbareFahrer,
} from './fahrzeug-buchung.abfragen.ts';
import { updateFahrzeugBuchung } from './fahrzeug-buchung.aendern.ts';
import { createBuchung } from './fahrzeug-buchung.anlegen.ts';
import type { FahrzeugBuchungDeps } from './fahrzeug-buchung.kontext.ts';
import { storniereBuchung } from './fahrzeug-buchung.stornieren.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };
const writeErrors = { ...errors, 409: ZApiError, 422: ZApiError };
const TAGS = ['fahrzeuge'];

/**
 * Spec §6: the vehicle module is open to users holding fahrzeug_buchen or fahrzeug_fremdbuchung (401 without a
 * session, 403 without either right), before the input is read; the service checks again and adds the
 * tenant's FahrzeugBuchung switch (404).
 */
export const fahrzeugModul = routeGuard.darf('fahrzeuge.buchen');
const config = { guard: fahrzeugModul };
/** Booking, changing and cancelling leave the session as it is (decision 089). */
const schreibConfig = { ...config, sitzungBleibt: true } as const;

/** Vehicle booking (spec §2 /fahrzeuge): vehicles with availability, booking, change, cancellation. */
export const fahrzeugBuchungRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
}> = async (app, { database, now, publicUrl }) => {
  const deps: FahrzeugBuchungDeps = { database, now, publicUrl };

  app.get(
    '/api/fahrzeuge',
    {
      config,
      // a hot route (the free search): its answer is not checked against the schema on every request (decision 263)
      serializerCompiler: schnellerSerialisierer,
      schema: {
        operationId: 'listFahrzeuge',
        tags: TAGS,
        summary:
          'Active vehicles with key data and photo; with von and bis whether each is free then (nurFrei: only free ones); favourites first',
        querystring: ZFahrzeugListeQuery,
        response: { 200: ZFahrzeugListe, ...errors },
      },
    },
    async (request) => listFahrzeuge(deps, requireUser(request), request.query, request.sessionMemo),
  );

  app.get(
    '/api/fahrzeuge/:id',
    {
      config,
      schema: {
        operationId: 'getFahrzeug',
        tags: TAGS,
        summary: 'A vehicle with its booking window and its bookings and blocks still to come',
        params: ZIdParams,
        response: { 200: ZFahrzeugDetail, ...errors },
      },
    },
    async (request) => getFahrzeug(deps, requireUser(request), request.params.id, request.sessionMemo),
  );

  app.get(
    '/api/fahrzeug-buchungen',
    {
      config,
      schema: {
        operationId: 'listFahrzeugBuchungen',
        tags: TAGS,
        summary:
          "The user's own trips (eigene=true, booked or driven) or every trip of the tenant (eigene=false, maintainers), each with what the user may do",
        querystring: ZFahrzeugBuchungQuery,
        response: { 200: ZFahrzeugBuchungListe, ...errors },
      },
    },
    async (request) => listBuchungen(deps, requireUser(request), request.query),
  );

  app.get(
    '/api/fahrzeug-buchungen/fahrer',
    {
      config,
      schema: {
        operationId: 'listWaehlbareFahrer',
        tags: TAGS,
        summary:
          'Whom the user may choose as driver: with fahrzeug_fremdbuchung every active booker whose next licence check is in the future, otherwise themself',
        response: { 200: ZFahrzeugPersonListe, ...errors },
      },
    },
    async (request) => listWaehlbareFahrer(deps, requireUser(request)),
  );

  app.get(
    '/api/fahrzeug-buchungen/freigeber',
    {
      config,
      schema: {
        operationId: 'listMoeglicheFreigeber',
        tags: TAGS,
        summary:
          'Possible approvers of a special trip (fahrzeug_freigabe_von_sonderfahrten); empty while booking outside the booking times is off',
        response: { 200: ZFahrzeugPersonListe, ...errors },
      },
    },
    async (request) => listMoeglicheFreigeber(deps, requireUser(request)),
  );

  app.post(
    '/api/fahrzeug-buchungen',
    {
      config: schreibConfig,
      schema: {
        operationId: 'createFahrzeugBuchung',
        tags: TAGS,
        summary:
          'Book a vehicle (every rule of spec §5 and §6 checked after locking the vehicle; 409 on a clash, 422 when a rule refuses); confirmation mail',
        body: ZFahrzeugBuchungEingabe,
        response: { 201: ZFahrzeugBuchung, ...writeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBuchung(deps, requireUser(request), request.body)),
  );

  app.put(
    '/api/fahrzeug-buchungen/:id',
    {
      config: schreibConfig,
      schema: {
        operationId: 'updateFahrzeugBuchung',
        tags: TAGS,
        summary: 'Change a trip under the same rules (approvers asked again for a new or moved special trip)',
        params: ZIdParams,
        body: ZFahrzeugBuchungAenderung,
        response: { 200: ZFahrzeugBuchung, ...writeErrors },
        // the type is checked, never stored: a booking stays a booking (blocks have their own API); the
        // rest left out stays as stored (decision 125)
        ...weglassbar({
          typ: 'bleibt',
          fahrerId: 'bleibt',
          anlass: 'bleibt',
          zielAdresse: 'bleibt',
          zielPerson: 'bleibt',
          umweg: 'bleibt',
          informationstext: 'bleibt',
          mitfahrer: 'bleibt',
          freigeberIds: 'bleibt',
        }),
      },
    },
    async (request) => updateFahrzeugBuchung(deps, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/fahrzeug-buchungen/:id/storno',
    {
      config: schreibConfig,
      schema: {
        operationId: 'cancelFahrzeugBuchung',
        tags: TAGS,
        summary:
          "The booker or a maintainer cancels a trip before check-in; someone else's trip only with a reason (400 fahrzeug_buchung.grund_fehlt without it); cancellation mail to booker and driver",
        params: ZIdParams,
        body: ZFahrzeugBuchungStorno.nullish(),
        response: { 200: ZFahrzeugBuchung, ...writeErrors },
      },
    },
    async (request) =>
      storniereBuchung(deps, requireUser(request), request.params.id, request.body?.grund || undefined),
  );
};
