import { LOGIN_THROTTLE, lockedForMs, recentFailures } from '@stellwerk/domain/login-throttle';

/**
 * Remembers failed sign-ins per login name and per client address in memory (per server instance) and
 * answers how long a new attempt has to wait. The rule itself is `lockedForMs` of the domain package.
 */
export const createLoginThrottle = (now: () => number = Date.now) => {
  const failures = new Map<string, number[]>();

  const keysOf = (login: string, address: string) => [
    { key: `login:${login.trim().toLowerCase()}`, maxFailures: LOGIN_THROTTLE.maxFailuresPerLogin },
    { key: `address:${address}`, maxFailures: LOGIN_THROTTLE.maxFailuresPerAddress },
  ];

  const prune = () => {
    if (failures.size < 10_000) return;
    const at = now();
    for (const [key, list] of failures) {
      if (recentFailures(list, at, LOGIN_THROTTLE.windowMs).length === 0) failures.delete(key);
    }
  };

  return {
    /** Milliseconds to wait before this login may be tried again (0: go ahead). */
    waitMs(login: string, address: string): number {
      const at = now();
      return Math.max(
        ...keysOf(login, address).map(({ key, maxFailures }) =>
          lockedForMs(failures.get(key) ?? [], at, { windowMs: LOGIN_THROTTLE.windowMs, maxFailures }),
        ),
      );
    },
    recordFailure(login: string, address: string): void {
      prune();
      const at = now();
      for (const { key } of keysOf(login, address)) {
        failures.set(key, [...recentFailures(failures.get(key) ?? [], at, LOGIN_THROTTLE.windowMs), at]);
      }
    },
    recordSuccess(login: string): void {
      failures.delete(`login:${login.trim().toLowerCase()}`);
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
