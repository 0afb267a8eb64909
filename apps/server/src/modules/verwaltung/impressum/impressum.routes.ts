import { ZImpressum } from '@stellwerk/domain/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeGuard } from '../../identitaet/auth/auth.guards.ts';
import { readImprint } from './impressum.service.ts';

/** Public: the imprint must be reachable without signing in. */
export const impressumRoutes: FastifyPluginAsyncZod<{ imprintFile: string }> = async (
  app,
  { imprintFile },
) => {
  app.get(
    '/api/impressum',
    {
      config: { guard: routeGuard.public },
      schema: {
        operationId: 'getImpressum',
        tags: ['system'],
        summary: "The operator's imprint (plain text; null when none is configured)",
        response: { 200: ZImpressum },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { text: await readImprint(imprintFile) };
    },
  );
};
