import type { PermissionName } from '@stellwerk/domain/permissions';

/**
 * The signed-in user as every route sees it (filled by the auth module's onRequest hook).
 * `null` when the request carries no valid session.
 */
export type SessionUser = {
  benutzerId: string;
  mandantId: string;
  email: string;
  language: 'de' | 'en';
  isPlatformAdmin: boolean;
  permissions: ReadonlySet<PermissionName>;
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}
