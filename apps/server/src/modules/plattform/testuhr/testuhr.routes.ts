import { ZApiError } from '@stellwerk/domain/api';
import { ZInstantInput } from '@stellwerk/domain/date-input';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeGuard } from '../../identitaet/auth/auth.guards.ts';
import type { TestClock } from './testuhr.clock.ts';

const ZUhr = z.object({ jetzt: z.string().max(40), versatzMs: z.number() });

/**
 * `GET|PUT /api/test/uhr`: read and move the server's clock in end-to-end journeys (decision 059). Registered
 * only when the server was started with `TEST_CLOCK=true` and `NODE_ENV=test`; never in the OpenAPI document.
 */
export const testUhrRoutes: FastifyPluginAsyncZod<{ clock: TestClock }> = async (app, { clock }) => {
  const answer = () => ({ jetzt: clock.now().toISOString(), versatzMs: clock.offsetMs() });
  app.get(
    '/api/test/uhr',
    {
      config: { guard: routeGuard.public },
      schema: { operationId: 'getTestUhr', hide: true, response: { 200: ZUhr } },
    },
    async () => answer(),
  );
  app.put(
    '/api/test/uhr',
    {
      config: { guard: routeGuard.public },
      schema: {
        operationId: 'setTestUhr',
        hide: true,
        body: z.object({ jetzt: ZInstantInput.nullable() }),
        response: { 200: ZUhr, 400: ZApiError },
      },
    },
    async (request) => {
      clock.set(request.body.jetzt ? new Date(request.body.jetzt) : null);
      request.log.warn({ jetzt: clock.now().toISOString() }, 'test clock moved');
      return answer();
    },
  );
};
