import { describe, expect, it } from 'vitest';
import type { SessionMemo, SessionUser } from './auth.context.ts';
import { createSessionCache, SESSION_CACHE_MS } from './auth.session-cache.ts';

const user: SessionUser = {
  benutzerId: 'b',
  mandantId: 'm',
  email: 'a@b.example',
  language: 'de',
  isPlatformAdmin: false,
  permissions: new Set(),
  standortGrenzen: {},
  authUserId: 'u',
  sessionId: 's',
  zweiFaktor: { pflicht: 'optional', erforderlich: false, eingerichtet: false, mussEinrichten: false },
};

describe('session cache', () => {
  it('reuses a resolved session user for five seconds, then asks again', () => {
    let now = 0;
    const cache = createSessionCache(() => now);
    cache.set('token', user);
    now = SESSION_CACHE_MS - 1;
    expect(cache.get('token')).toBe(user);
    now = SESSION_CACHE_MS;
    expect(cache.get('token')).toBeUndefined();
  });

  it('remembers that a cookie carries no valid session', () => {
    const cache = createSessionCache(() => 0);
    cache.set('expired', null);
    expect(cache.get('expired')).toBeNull();
  });

  it('forgets a session at once when it is dropped', () => {
    const cache = createSessionCache(() => 0);
    cache.set('token', user);
    cache.drop('token');
    expect(cache.get('token')).toBeUndefined();
  });

  it('forgets every session of a tenant after an administrative change, and only those', () => {
    const cache = createSessionCache(() => 0);
    cache.set('a', user);
    cache.set('b', { ...user, benutzerId: 'c', mandantId: 'other' });
    cache.dropTenant('m');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
  });

  it('keeps a memo with each entry that is forgotten with it: dropped, dropped with the tenant, or expired', () => {
    let now = 0;
    const cache = createSessionCache(() => now);
    const me = { user: { id: 'b' } } as unknown as NonNullable<SessionMemo['me']>;
    expect(cache.memo('token')).toBeUndefined();
    cache.set('token', user);
    const memo = cache.memo('token');
    if (!memo) throw new Error('a live entry has a memo');
    memo.me = me;
    expect(cache.memo('token')?.me).toBe(me);

    cache.drop('token');
    cache.set('token', user);
    expect(cache.memo('token')?.me).toBeUndefined();
    // An answer computed before the drop lands in the forgotten memo, not in the new entry's.
    memo.me = me;
    expect(cache.memo('token')?.me).toBeUndefined();

    cache.memo('token')!.me = me;
    cache.dropTenant('m');
    cache.set('token', user);
    expect(cache.memo('token')?.me).toBeUndefined();

    cache.memo('token')!.me = me;
    now = SESSION_CACHE_MS;
    expect(cache.memo('token')).toBeUndefined();
    cache.set('token', user);
    expect(cache.memo('token')?.me).toBeUndefined();
  });
});
