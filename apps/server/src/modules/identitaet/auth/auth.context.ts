import type { TMe } from '@stellwerk/domain/api';
import type { TZweiFaktorStand } from '@stellwerk/domain/identitaet/sicherheit/api';
import type { StandortGrenzen } from '@stellwerk/domain/identitaet/standort-grenze';
import type { PermissionName } from '@stellwerk/domain/permissions';
import type { CustomizingLevels } from '@stellwerk/domain/verwaltung/customizing';

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
  /** Per right, the locations it is limited to (decision 258); a right not named holds for the whole tenant. */
  standortGrenzen: StandortGrenzen;
  /** The better-auth user and session behind the request (sessions list, sign-out scopes). */
  authUserId: string;
  sessionId: string;
  /** The tenant's two-factor policy for this user; `mussEinrichten` locks the API until a factor is confirmed. */
  zweiFaktor: TZweiFaktorStand;
};

/**
 * What is remembered with a cached session user and dies with it (decision 088): `/api/me`'s answer, which
 * changes only through what drops the session's entry (its own mutating requests, administrative changes and
 * live events of its tenant).
 */
export type SessionMemo = {
  me?: TMe;
  /**
   * The session user's stored settings by level (tenant, groups, own), read once per entry (decision 090); they
   * change only through what drops the entry (settings, groups and users publish events that do). `benutzerId`
   * is whose they are, so they are never taken for anyone else's.
   */
  einstellungen?: { benutzerId: string; ebenen: CustomizingLevels };
};

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
    /** The memo of the request's cached session entry; null without a session cookie. */
    sessionMemo: SessionMemo | null;
    /**
     * The tenant whose users a request without a session changed (SCIM provisioning): on success, this instance
     * forgets the tenant's cached sessions at once instead of waiting for the live event to come back.
     */
    changedMandantId: string | null;
  }
}
