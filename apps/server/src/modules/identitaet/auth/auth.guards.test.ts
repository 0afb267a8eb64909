import { DomainError } from '@stellwerk/domain/errors';
import type { PermissionName } from '@stellwerk/domain/permissions';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from './auth.context.ts';
import { requireDarf, requireUser } from './auth.guards.ts';

const user = (permissions: PermissionName[], isPlatformAdmin = false): SessionUser => ({
  benutzerId: '00000000-0000-4000-8000-000000000001',
  mandantId: '00000000-0000-4000-8000-000000000002',
  email: 'a@b.example',
  language: 'de',
  isPlatformAdmin,
  permissions: new Set(permissions),
  standortGrenzen: {},
  authUserId: 'u',
  sessionId: 's',
  zweiFaktor: { pflicht: 'optional', erforderlich: false, eingerichtet: false, mussEinrichten: false },
});
const request = (sessionUser: SessionUser | null) => ({ sessionUser }) as FastifyRequest;
const codeOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof DomainError ? err.code : 'not a DomainError';
  }
};

describe('server route guards', () => {
  it('without a session, a signed-in route answers auth.unauthenticated', () => {
    expect(codeOf(() => requireUser(request(null)))).toBe('auth.unauthenticated');
  });

  it('without a session, an admin route answers auth.unauthenticated like every route (decision 126)', () => {
    expect(codeOf(() => requireDarf(request(null), 'benutzer.pflegen'))).toBe('auth.unauthenticated');
  });

  it.each([
    ['verwaltung.oeffnen', [], 'guard.no_admin'],
    ['benutzer.pflegen', ['fahrzeug_pflege'], 'guard.no_benutzer'],
    ['rollen.pflegen', ['benutzer_pflegen'], 'guard.no_rolle_gruppe'],
    ['raeume.pflegen', ['objekt_pflege'], 'guard.no_ausstattung'],
    ['lokationen.pflegen', ['ausstattungs_pflege'], 'guard.no_objekt_pflege'],
    ['benutzer.pflegen', ['benutzer_pflegen'], null],
  ] as const)('%s with %j fails with %s', (aktion, permissions, expected) => {
    expect(codeOf(() => requireDarf(request(user([...permissions])), aktion))).toBe(expected);
  });

  it('an action guarded by a right refuses a user without it with auth.forbidden', () => {
    expect(codeOf(() => requireDarf(request(user(['fahrzeug_buchen'])), 'sso.pflegen'))).toBe(
      'auth.forbidden',
    );
    expect(
      codeOf(() => requireDarf(request(user(['customizing_mandant_pflege'])), 'sso.pflegen')),
    ).toBeNull();
  });

  it('admin access follows spec §6: any admin right opens /admin, a booking right does not', () => {
    expect(codeOf(() => requireDarf(request(user(['fahrzeug_buchen'])), 'verwaltung.oeffnen'))).toBe(
      'guard.no_admin',
    );
    expect(
      codeOf(() => requireDarf(request(user(['oeffnungszeiten_pflege'])), 'verwaltung.oeffnen')),
    ).toBeNull();
    expect(codeOf(() => requireDarf(request(user([], true)), 'verwaltung.oeffnen'))).toBeNull();
  });

  it('the mailbox is for the user right (tenant mails) and the platform administrator (platform mails)', () => {
    expect(codeOf(() => requireDarf(request(user(['benutzer_pflegen'])), 'postausgang.lesen'))).toBeNull();
    expect(codeOf(() => requireDarf(request(user([], true)), 'postausgang.lesen'))).toBeNull();
    expect(codeOf(() => requireDarf(request(user(['fahrzeug_pflege'])), 'postausgang.lesen'))).toBe(
      'guard.no_postausgang',
    );
    expect(codeOf(() => requireDarf(request(user(['fahrzeug_buchen'])), 'postausgang.lesen'))).toBe(
      'guard.no_admin',
    );
  });
});
