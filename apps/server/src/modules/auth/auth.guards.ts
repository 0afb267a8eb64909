import { DomainError } from '@stellwerk/domain/errors';
import { checkAdminRoute, type PermissionName } from '@stellwerk/domain/permissions';
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from './auth.context';

/** The signed-in user, or 401 `auth.unauthenticated`. Call first in every route that needs a session. */
export const requireUser = (request: FastifyRequest): SessionUser => {
  if (!request.sessionUser) throw new DomainError('auth.unauthenticated');
  return request.sessionUser;
};

/** The signed-in user holding `permission`, or 403 `auth.forbidden`. */
export const requirePermission = (request: FastifyRequest, permission: PermissionName): SessionUser => {
  const user = requireUser(request);
  if (!user.permissions.has(permission)) throw new DomainError('auth.forbidden');
  return user;
};

/** The platform administrator (tenant management), or 403 `guard.no_plattform_admin`. */
export const requirePlatformAdmin = (request: FastifyRequest): SessionUser => {
  const user = requireUser(request);
  if (!user.isPlatformAdmin) throw new DomainError('guard.no_plattform_admin');
  return user;
};

/**
 * The admin route guard of spec §2 on the server: the API behind an admin screen answers exactly as the
 * screen's guard does. Without a signed-in user it fails with 'Ein Benutzer muss existieren'.
 */
export const requireAdminRoute = (request: FastifyRequest, path: `/admin${string}`): SessionUser => {
  const failure = checkAdminRoute(path, request.sessionUser);
  if (failure) throw new DomainError(failure);
  return request.sessionUser!;
};
