import { ZApiError } from '@stellwerk/domain/api';
import {
  ZMeinSpind,
  ZSpindAenderung,
  ZSpindbank,
  ZSpindbankAenderung,
  ZSpindbankAufPlan,
  ZSpindbankNeu,
  ZSpindFrei,
  ZSpindFreiSuche,
  ZSpindImport,
  ZSpindImportErgebnis,
  ZSpindPlanSuche,
  ZSpindSchlossAuftrag,
  ZSpindStandort,
  ZSpindTagBuchen,
  ZSpindZuweisung,
  ZSpindZuweisungEintrag,
  ZSpindZuweisungSuche,
} from '@stellwerk/domain/leseraum/spind/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireDarf, requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { listeSchlossAuftraege, sendeSchlossAuftragErneut } from './spind.auftraege.ts';
import { importiereSpinde, legeSpindbankAn, listeSpindbanken } from './spind.banken.ts';
import { bucheSpindFuerTag, weiseSpindZu } from './spind.buchen.ts';
import type { SpindDeps } from './spind.kontext.ts';
import { bestaetigeGeleert, meineSpinde, raeumeSpind, zuRaeumendeSpinde } from './spind.mein.ts';
import {
  aendereSpind,
  aendereSpindbank,
  freieSpinde,
  spindbankenAufPlan,
  spindStandorte,
} from './spind.pflege.ts';
import { gibSpindZurueck } from './spind.zurueckgeben.ts';
import { beendeSpindZuweisung, listeZuweisungen } from './spind.zuweisungen.ts';

const TAGS = ['spind'];
const refusals = { 401: ZApiError, 403: ZApiError, 404: ZApiError } as const;
const ZId = z.object({ id: z.uuid() });
const ZBuchungKurz = z.object({ id: z.uuid(), spindId: z.uuid(), von: z.string(), bis: z.string() });
const kurz = (b: { id: string; spindId: string; von: Date; bis: Date }) => ({
  id: b.id,
  spindId: b.spindId,
  von: b.von.toISOString(),
  bis: b.bis.toISOString(),
});

/** Office lockers (decision 186): every operation answers 404 while the tenant's Officelocker switch is off. */
export const spindRoutes: FastifyPluginAsyncZod<SpindDeps> = async (app, deps) => {
  app.get(
    '/api/spindbanken',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'listeSpindbanken',
        tags: TAGS,
        summary: "The tenant's locker banks with their lockers (no bookings, no PINs)",
        querystring: z.object({ standortId: z.uuid().optional() }),
        response: { 200: z.array(ZSpindbank), ...refusals },
      },
    },
    async (request) => listeSpindbanken(deps, requireUser(request), request.query.standortId),
  );
  app.post(
    '/api/spindbanken',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'legeSpindbankAn',
        tags: TAGS,
        summary: 'Create a locker bank at a location with `anzahl` lockers numbered 1…n of one size',
        body: ZSpindbankNeu,
        response: { 201: ZSpindbank, 400: ZApiError, 409: ZApiError, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await legeSpindbankAn(deps, requireDarf(request, 'spinde.verwalten'), request.body)),
  );
  app.post(
    '/api/spindbanken/:id/import',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'importiereSpinde',
        tags: TAGS,
        summary:
          'Import lockers into a bank from CSV (`nummer;groesse;barrierefrei;ausser_betrieb`); all or nothing, errors per line',
        params: ZId,
        body: ZSpindImport,
        response: { 200: ZSpindImportErgebnis, 400: ZApiError, ...refusals },
      },
    },
    async (request) =>
      importiereSpinde(deps, requireDarf(request, 'spinde.verwalten'), request.params.id, request.body.csv),
  );
  app.post(
    '/api/spind-buchungen',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'bucheSpindFuerTag',
        tags: TAGS,
        summary: 'Book the nearest free locker of the size (or larger) for one day at a location',
        body: ZSpindTagBuchen,
        response: { 201: ZBuchungKurz, 400: ZApiError, 409: ZApiError, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(kurz(await bucheSpindFuerTag(deps, requireUser(request), request.body))),
  );
  app.post(
    '/api/spind-zuweisungen',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'weiseSpindZu',
        tags: TAGS,
        summary: 'Assign a locker permanently to a user until `bis`',
        body: ZSpindZuweisung,
        response: { 201: ZBuchungKurz, 400: ZApiError, 409: ZApiError, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        kurz(
          await weiseSpindZu(deps, requireDarf(request, 'spinde.verwalten'), {
            ...request.body,
            bis: new Date(request.body.bis),
          }),
        ),
      ),
  );
  app.get(
    '/api/spind-zuweisungen',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'listeSpindZuweisungen',
        tags: TAGS,
        summary: 'Current and coming permanent assignments, optionally of one bank or location (never a PIN)',
        querystring: ZSpindZuweisungSuche,
        response: { 200: z.array(ZSpindZuweisungEintrag), 400: ZApiError, ...refusals },
      },
    },
    async (request) => listeZuweisungen(deps, requireDarf(request, 'spinde.verwalten'), request.query),
  );
  app.delete(
    '/api/spind-zuweisungen/:id',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'beendeSpindZuweisung',
        tags: TAGS,
        summary:
          'End a permanent assignment now (then the locker waits to be emptied), or cancel it before its start; an ended one answers 409',
        params: ZId,
        response: { 204: z.null(), 409: ZApiError, ...refusals },
      },
    },
    async (request, reply) => {
      await beendeSpindZuweisung(deps, requireDarf(request, 'spinde.verwalten'), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/mein-spind',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'meineSpinde',
        tags: TAGS,
        summary: "The user's current and coming lockers; the PIN only on the booking's day",
        response: { 200: z.array(ZMeinSpind), ...refusals },
      },
    },
    async (request) => meineSpinde(deps, requireUser(request)),
  );
  app.delete(
    '/api/mein-spind/:id',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'gibSpindZurueck',
        tags: TAGS,
        summary:
          'Give back an own day locker: cancelled before its start, ended now after it (then it waits to be emptied); a locker of a place booking or a permanent assignment is refused',
        params: ZId,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await gibSpindZurueck(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/mein-spind/:id/geleert',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'bestaetigeSpindGeleert',
        tags: TAGS,
        summary: 'Confirm the own locker emptied (free again once its period ended)',
        params: ZId,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await bestaetigeGeleert(deps, requireUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/spinde-zu-raeumen',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'zuRaeumendeSpinde',
        tags: TAGS,
        summary: 'Lockers whose period ended and that nobody confirmed emptied (never with a PIN)',
        response: { 200: z.array(ZMeinSpind), ...refusals },
      },
    },
    async (request) => zuRaeumendeSpinde(deps, requireDarf(request, 'spinde.verwalten')),
  );
  app.post(
    '/api/spinde-zu-raeumen/:id',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'raeumeSpind',
        tags: TAGS,
        summary: 'Facility staff cleared the locker: free again',
        params: ZId,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await raeumeSpind(deps, requireDarf(request, 'spinde.verwalten'), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/api/spind-schloss-auftraege',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'listeSpindSchlossAuftraege',
        tags: TAGS,
        summary:
          "Releases the vendor's lock system has not taken yet: waiting for the next attempt or given up (decision 250)",
        response: { 200: z.array(ZSpindSchlossAuftrag), ...refusals },
      },
    },
    async (request) => listeSchlossAuftraege(deps, requireDarf(request, 'spinde.verwalten')),
  );
  app.post(
    '/api/spind-schloss-auftraege/:id/erneut',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'sendeSpindSchlossAuftragErneut',
        tags: TAGS,
        summary: 'Send a given-up release to the lock system once more, now; 404 unless it was given up',
        params: ZId,
        response: {
          200: z.object({ gesendet: z.number().int(), fehlgeschlagen: z.number().int() }),
          ...refusals,
        },
      },
    },
    async (request) =>
      sendeSchlossAuftragErneut(deps, requireDarf(request, 'spinde.verwalten'), request.params.id),
  );
  app.get(
    '/api/spind-standorte',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'spindStandorte',
        tags: TAGS,
        summary: "The tenant's locations with the number of locker banks at each",
        response: { 200: z.array(ZSpindStandort), ...refusals },
      },
    },
    async (request) => spindStandorte(deps, requireUser(request)),
  );
  app.get(
    '/api/spinde-frei',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'freieSpinde',
        tags: TAGS,
        summary: 'The lockers of a location that are free for a whole day (in service, not booked, emptied)',
        querystring: ZSpindFreiSuche,
        response: { 200: z.array(ZSpindFrei), 400: ZApiError, ...refusals },
      },
    },
    async (request) => freieSpinde(deps, requireUser(request), request.query.tag, request.query.standortId),
  );
  app.get(
    '/api/grundrisse/:id/spindbanken',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'spindbankenAufPlan',
        tags: TAGS,
        summary:
          'The locker banks drawn on a floor plan with their free, held and out-of-service lockers on the day (no bookings, no names)',
        params: ZId,
        querystring: ZSpindPlanSuche,
        response: { 200: z.array(ZSpindbankAufPlan), 400: ZApiError, ...refusals },
      },
    },
    async (request) => spindbankenAufPlan(deps, requireUser(request), request.params.id, request.query.tag),
  );
  app.patch(
    '/api/spindbanken/:id',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'aendereSpindbank',
        tags: TAGS,
        summary: 'Rename a locker bank or set its place on a floor plan (`ort: null` removes it)',
        params: ZId,
        body: ZSpindbankAenderung,
        response: { 200: ZSpindbank, 400: ZApiError, 409: ZApiError, ...refusals },
      },
    },
    async (request) =>
      aendereSpindbank(deps, requireDarf(request, 'spinde.verwalten'), request.params.id, request.body),
  );
  app.patch(
    '/api/spinde/:id',
    {
      config: { guard: routeGuard.darf('spinde.verwalten') },
      schema: {
        operationId: 'aendereSpind',
        tags: TAGS,
        summary: "Change a locker's number, size, accessibility or service state; answers its bank",
        params: ZId,
        body: ZSpindAenderung,
        response: { 200: ZSpindbank, 400: ZApiError, 409: ZApiError, ...refusals },
      },
    },
    async (request) =>
      aendereSpind(deps, requireDarf(request, 'spinde.verwalten'), request.params.id, request.body),
  );
};
