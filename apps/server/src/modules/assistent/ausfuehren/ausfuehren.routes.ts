import { ZApiError } from '@stellwerk/domain/api';
import { ZAusfuehrenAntwort, ZAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SprachmodellConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import { requireUser, routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { fuehreAus } from './ausfuehren.service.ts';

/** The assistant's action (decisions 190, 219), in the Chatbot scope like `verstehen` (decision 178). */
export const ausfuehrenRoutes: FastifyPluginAsyncZod<{
  database: Database;
  now: () => Date;
  publicUrl: string;
  sprachmodell: SprachmodellConfig | undefined;
}> = async (app, deps) => {
  app.post(
    '/api/assistent/ausfuehren',
    {
      config: { guard: routeGuard.user },
      schema: {
        operationId: 'executeRequest',
        tags: ['assistent'],
        summary: 'Repeat the reading of a request (dry run) or carry it out with bestaetigt: true',
        description:
          'Reads `text` like `understandRequest`. Without `bestaetigt` nothing changes: the answer repeats the ' +
          'reading in words (`zusammenfassung`: resource, location, day and time in Berlin, whole day or hours) and ' +
          'names what the rules allow (free cars, free places, the own bookings meant). With `bestaetigt: true` it ' +
          'books a car (`fahrzeugId`) or a place (`platzId`), cancels an own booking or checks in to one ' +
          '(`buchungId`) through the same operations as the screens: same rights, rules, errors, audit entries and ' +
          'mails. `art` says what the answer is; a refusal carries the catalogue code and text in `fehler` and, where ' +
          'cheap, the alternatives. Own bookings (`buchungen_anzeigen`) and questions about opening hours and ' +
          "booking rules (`frage`) are answered from the caller's own data only; a request about other people is " +
          'refused (`assistent.fremde_personen`). Where the operator configured a language model (`LLM_URL`) and the ' +
          'tenant switched `AssistentSprachmodell` on, free text is read by the model with the MCP tools ' +
          '(`verstanden: sprachmodell`); a write it chooses comes back as `werkzeug`, which the client sends again ' +
          'with `bestaetigt: true`. When the model fails the built-in reading answers (`verstanden: ersatz`). Only ' +
          'where the tenant has switched the Chatbot on.',
        body: ZAusfuehrenEingabe,
        response: {
          200: ZAusfuehrenAntwort,
          400: ZApiError,
          401: ZApiError,
          403: ZApiError,
          404: ZApiError,
          409: ZApiError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return fuehreAus({ ...deps, log: request.log }, requireUser(request), request.body);
    },
  );
};
