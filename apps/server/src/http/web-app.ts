import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isScreenPath } from '@stellwerk/domain/screens';
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
    // Nothing under /api is a file: such a GET falls through to the API's 404 in the error shape instead of
    // a 403/404 of the file server.
    allowedPath: (pathName) => pathName !== '/api' && !pathName.startsWith('/api/'),
  });
  // The root is a directory for @fastify/static (403 without an index); it is the app's entry point.
  app.get('/', { schema: { hide: true } }, webAppFallback);
};

/**
 * The single-page app's entry point, for every non-file GET outside `/api`: status 200 for the web app's
 * routes (the screen table of the domain), 404 for any other path, so the browser shows the app's
 * 'Page Not Found' page and crawlers and monitors see a real 404.
 */
export const webAppFallback = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .code(isScreenPath(request.url) ? 200 : 404)
    .header('cache-control', NO_CACHE)
    .type('text/html; charset=utf-8')
    .sendFile('index.html');
