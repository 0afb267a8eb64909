import {
  LOGIN_THROTTLE,
  recentFailures,
  type SignInHistory,
  signInNeedsCaptcha,
  signInWaitMs,
} from '@stellwerk/domain/identitaet/login-throttle';

/** Bound on remembered keys per map; past it, entries that no longer matter are pruned. */
const MAX_KEYS = 50_000;

/**
 * Remembers failed and successful sign-ins in memory (per server instance) and answers how long a new attempt
 * has to wait. The rules are `signInWaitMs` of the domain package (decision 021). `account` is the throttle's
 * key of the account (`user:<id>`, or `login:<kind>:<name>` for a login nobody has), `address` the client
 * address Fastify determined (TRUST_PROXY).
 */
export const createLoginThrottle = (now: () => number = Date.now) => {
  /** account -> failure times from any address */
  const byAccount = new Map<string, number[]>();
  /** account + address -> failure times */
  const byPair = new Map<string, number[]>();
  /** address -> (account -> last failure time) */
  const byAddress = new Map<string, Map<string, number>>();
  /** account + address -> last successful sign-in */
  const successes = new Map<string, number>();

  const pairKey = (account: string, address: string) => `${account}\u0000${address}`;
  const { windowMs } = LOGIN_THROTTLE;

  const prune = (at: number) => {
    if (byAccount.size > MAX_KEYS || byPair.size > MAX_KEYS) {
      for (const map of [byAccount, byPair]) {
        for (const [key, list] of map) if (recentFailures(list, at, windowMs).length === 0) map.delete(key);
      }
    }
    if (byAddress.size > MAX_KEYS) {
      for (const [address, accounts] of byAddress) {
        for (const [account, last] of accounts) if (at - last >= windowMs) accounts.delete(account);
        if (accounts.size === 0) byAddress.delete(address);
      }
    }
    if (successes.size > MAX_KEYS) {
      for (const [key, last] of successes)
        if (at - last >= LOGIN_THROTTLE.familiarForMs) successes.delete(key);
      // still full of recent successes: forget the oldest half rather than grow without bound
      if (successes.size > MAX_KEYS) {
        const oldest = [...successes].sort((a, b) => a[1] - b[1]).slice(0, successes.size / 2);
        for (const [key] of oldest) successes.delete(key);
      }
    }
  };

  const addressFailures = (address: string, at: number): number[] =>
    [...(byAddress.get(address)?.values() ?? [])].filter((last) => at - last < windowMs);

  const historyOf = (account: string, address: string, at: number): SignInHistory => ({
    pairFailures: byPair.get(pairKey(account, address)) ?? [],
    accountFailures: byAccount.get(account) ?? [],
    addressAccountFailures: addressFailures(address, at),
    lastSuccessFromAddress: successes.get(pairKey(account, address)),
  });

  return {
    /** Milliseconds to wait before this account may be tried from this address again (0: go ahead). */
    waitMs(account: string, address: string): number {
      const at = now();
      return signInWaitMs(historyOf(account, address, at), at);
    },
    /** Whether a sign-in of this account from this address must carry a solved security check (decision 077). */
    needsCaptcha(account: string, address: string): boolean {
      const at = now();
      return signInNeedsCaptcha(historyOf(account, address, at), at);
    },
    recordFailure(account: string, address: string): void {
      const at = now();
      prune(at);
      const append = (map: Map<string, number[]>, key: string) =>
        map.set(key, [...recentFailures(map.get(key) ?? [], at, windowMs), at]);
      append(byAccount, account);
      append(byPair, pairKey(account, address));
      const accounts = byAddress.get(address) ?? new Map<string, number>();
      accounts.set(account, at);
      byAddress.set(address, accounts);
    },
    /** The right password from this address: its own failures are forgotten and the address becomes familiar. */
    recordSuccess(account: string, address: string): void {
      const at = now();
      prune(at);
      byPair.delete(pairKey(account, address));
      byAddress.get(address)?.delete(account);
      successes.set(pairKey(account, address), at);
    },
  };
};

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
