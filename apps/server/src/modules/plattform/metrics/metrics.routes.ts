import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { AppMetrics } from './metrics.registry';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <token>` against the configured token, in constant time (equal-length digests). */
export const bearerMatches = (header: string | undefined, token: string): boolean => {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1] as string), digest(token));
};

/**
 * `GET /metrics` in the Prometheus text format (decision 232): answered only when `METRICS_TOKEN` is set and the
 * scraper sends it as a bearer token (401 otherwise); without the token the route answers 404, as if it were
 * not there. Outside `/api`: it is no part of the API and not in its description.
 */
export const metricsRoutes: FastifyPluginAsync<{ metrics: AppMetrics; token: string | undefined }> = async (
  app,
  { metrics, token },
) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new DomainError('not_found');
    if (!bearerMatches(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new DomainError('auth.unauthenticated');
    }
    const body = await metrics.registry.metrics();
    return reply
      .header('content-type', metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(body);
  });
};
