import { DomainError } from '@stellwerk/domain/errors';
import type { PermissionName } from '@stellwerk/domain/permissions';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from './auth.context.ts';
import { requireAdminRoute, requirePermission, requireUser } from './auth.guards.ts';

const user = (permissions: PermissionName[], isPlatformAdmin = false): SessionUser => ({
  benutzerId: '00000000-0000-4000-8000-000000000001',
  mandantId: '00000000-0000-4000-8000-000000000002',
  email: 'a@b.example',
  language: 'de',
  isPlatformAdmin,
  permissions: new Set(permissions),
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
    expect(codeOf(() => requireAdminRoute(request(null), '/admin/benutzer'))).toBe('auth.unauthenticated');
  });

  it.each([
    ['/admin', [], 'guard.no_admin'],
    ['/admin/benutzer', ['fahrzeug_pflege'], 'guard.no_benutzer'],
    ['/admin/rollen', ['benutzer_pflegen'], 'guard.no_rolle_gruppe'],
    ['/admin/raeume', ['objekt_pflege'], 'guard.no_ausstattung'],
    ['/admin/lokationen', ['ausstattungs_pflege'], 'guard.no_objekt_pflege'],
    ['/admin/benutzer', ['benutzer_pflegen'], null],
  ] as const)('%s with %j fails with %s', (path, permissions, expected) => {
    expect(codeOf(() => requireAdminRoute(request(user([...permissions])), path))).toBe(expected);
  });

  it('a permission check refuses a user without it with auth.forbidden', () => {
    expect(
      codeOf(() => requirePermission(request(user(['fahrzeug_buchen'])), 'customizing_mandant_pflege')),
    ).toBe('auth.forbidden');
    expect(
      codeOf(() =>
        requirePermission(request(user(['customizing_mandant_pflege'])), 'customizing_mandant_pflege'),
      ),
    ).toBeNull();
  });

  it('admin access follows spec §6: any admin right opens /admin, a booking right does not', () => {
    expect(codeOf(() => requireAdminRoute(request(user(['fahrzeug_buchen'])), '/admin'))).toBe(
      'guard.no_admin',
    );
    expect(codeOf(() => requireAdminRoute(request(user(['oeffnungszeiten_pflege'])), '/admin'))).toBeNull();
    expect(codeOf(() => requireAdminRoute(request(user([], true)), '/admin'))).toBeNull();
  });

  it('the mailbox is for the user right (tenant mails) and the platform administrator (platform mails)', () => {
    expect(
      codeOf(() => requireAdminRoute(request(user(['benutzer_pflegen'])), '/admin/postausgang')),
    ).toBeNull();
    expect(codeOf(() => requireAdminRoute(request(user([], true)), '/admin/postausgang'))).toBeNull();
    expect(codeOf(() => requireAdminRoute(request(user(['fahrzeug_pflege'])), '/admin/postausgang'))).toBe(
      'guard.no_postausgang',
    );
    expect(codeOf(() => requireAdminRoute(request(user(['fahrzeug_buchen'])), '/admin/postausgang'))).toBe(
      'guard.no_admin',
    );
  });
});
