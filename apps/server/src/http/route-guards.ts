import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/** One shared hook, so a GET's HEAD twin (same options) does not get it twice. */
const runRouteGuard = async (request: FastifyRequest) => {
  request.routeOptions.config.guard?.check(request);
};

const hooksOf = (route: RouteOptions) => (route.onRequest ? [route.onRequest].flat() : []);

/**
 * Every API route declares who may call it (`config.guard`, see `routeGuard` in auth.guards.ts) and an
 * `operationId` (readable names for generated clients); the server does not start otherwise. The guard
 * runs as the route's last `onRequest` hook: after the session is read, before the body is parsed and
 * validated, so 401 comes before 403 before 400 on every route. Routes registered before this call
 * (the API reference pages of @fastify/swagger-ui) are not checked.
 */
export const enforceRouteDeclarations = (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (!isApiUrl(route.url)) return;
    const name = `${[route.method].flat().join(',')} ${route.url}`;
    const guard = route.config?.guard;
    if (!guard) throw new Error(`${name}: an API route must declare config.guard (routeGuard.*)`);
    if (!route.schema?.hide && !route.schema?.operationId)
      throw new Error(`${name}: an API route must declare schema.operationId`);
    const hooks = hooksOf(route);
    if (!hooks.includes(runRouteGuard)) route.onRequest = [...hooks, runRouteGuard];
    if (guard.describe !== 'public' && route.schema && !route.schema.hide && !route.schema.security)
      route.schema = { ...route.schema, security: [{ session: [] }] };
    // who may call, as data: @fastify/swagger copies `x-` keys into the operation
    if (route.schema && !route.schema.hide)
      route.schema = { ...route.schema, 'x-access': guard.access } as typeof route.schema;
  });
};
