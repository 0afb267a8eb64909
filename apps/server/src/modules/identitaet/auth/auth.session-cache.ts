import { createHash } from 'node:crypto';
import type { SessionMemo, SessionUser } from './auth.context.ts';

/** The name another instance knows a session cookie by (decision 243): never the cookie itself. */
export const sessionKeyHash = (key: string): string => createHash('sha256').update(key).digest('base64url');

/** How long a resolved session user is reused (ARCHITECTURE §12: /api/me p95 ≤ 10 ms). */
export const SESSION_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Remembers, per session cookie, who the request is for, so that a burst of requests does not look the
 * session, the user and their grants up again each time. Entries live `SESSION_CACHE_MS`; a mutating request
 * drops the entry of its own session at once (own sign-out, password or language change) unless its route declares
 * `sitzungBleibt` (bookings), and a successful administrative change drops all sessions of its tenant on this
 * instance (roles, groups, deactivation, tenant settings); a live event of a tenant that can change sessions
 * (`AENDERT_SITZUNGEN`), from any instance, drops that tenant's sessions too (decisions 025, 089).
 */
export const createSessionCache = (now: () => number = Date.now) => {
  const entries = new Map<
    string,
    { user: SessionUser | null; until: number; memo: SessionMemo; hash: string }
  >();
  const live = (key: string) => {
    const hit = entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return hit;
  };
  return {
    get(key: string): SessionUser | null | undefined {
      return live(key)?.user;
    },
    set(key: string, user: SessionUser | null): void {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(key, { user, until: now() + SESSION_CACHE_MS, memo: {}, hash: sessionKeyHash(key) });
    },
    /**
     * What routes remember for the session while its entry lives (decision 088): a new object with each entry,
     * so whatever drops or expires the entry forgets it too, and an answer computed before the drop can only
     * land in the forgotten object.
     */
    memo(key: string): SessionMemo | undefined {
      return live(key)?.memo;
    },
    drop(key: string): void {
      entries.delete(key);
    },
    /** Forgets the session whose cookie has this `sessionKeyHash` (dropped by another instance, decision 243). */
    dropHash(hash: string): void {
      for (const [key, entry] of entries) if (entry.hash === hash) entries.delete(key);
    },
    /** Forgets the sessions with these ids (signed out by another session of their user). */
    dropSessions(sessionIds: readonly string[]): void {
      const ended = new Set(sessionIds);
      for (const [key, { user }] of entries) if (user && ended.has(user.sessionId)) entries.delete(key);
    },
    /** Forgets every session of a tenant (after an administrator changed users, roles, groups or settings). */
    dropTenant(mandantId: string): void {
      for (const [key, { user }] of entries) if (user?.mandantId === mandantId) entries.delete(key);
    },
  };
};
