import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const NO_CACHE = 'no-cache';
const LONG_CACHE = 'public, max-age=31536000, immutable';

/** Vite puts content-hashed files under `assets/`; everything else may change between builds. */
const cacheControlOf = (filePath: string): string => {
  const normalised = filePath.split(path.sep).join('/');
  if (/\/assets\/[^/]+$/.test(normalised)) return LONG_CACHE;
  return NO_CACHE; // index.html, builds/latest.json, favicon, robots.txt
};

/**
 * Serves the built web app (production): its files, and `index.html` for every other GET outside
 * `/api` so the client-side router can take over (see `webAppFallback`).
 */
export const registerWebApp = async (app: FastifyInstance, { webDist }: { webDist: string }) => {
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    index: false,
    wildcard: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlOf(filePath));
    },
    schemaHide: true,
  });
  // The root is a directory for @fastify/static (403 without an index); it is the app's entry point.
  app.get('/', { schema: { hide: true } }, webAppFallback);
};

/** The single-page app's entry point, for every non-file GET outside `/api`. */
export const webAppFallback = (_request: FastifyRequest, reply: FastifyReply) =>
  reply.header('cache-control', NO_CACHE).type('text/html; charset=utf-8').sendFile('index.html');
