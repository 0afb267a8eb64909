import type { PermissionName } from '@stellwerk/domain/permissions';
import type { TZweiFaktorStand } from '@stellwerk/domain/sicherheit/api';

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
  /** The better-auth user and session behind the request (sessions list, sign-out scopes). */
  authUserId: string;
  sessionId: string;
  /** The tenant's two-factor policy for this user; `mussEinrichten` locks the API until a factor is confirmed. */
  zweiFaktor: TZweiFaktorStand;
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /**
     * The tenant whose users a request without a session changed (SCIM provisioning): on success, this instance
     * forgets the tenant's cached sessions at once instead of waiting for the live event to come back.
     */
    changedMandantId: string | null;
  }
}
