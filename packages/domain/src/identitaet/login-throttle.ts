/**
 * The sign-in throttle (decision 021): it stops attackers, not the office.
 *
 * - An account is one key whichever login was typed (e-mail or user name); an unknown login is its own key, so
 *   existing and unknown accounts are throttled alike and the answer tells nothing about who exists.
 * - Account and address together: 5 failures in 15 minutes make that address wait for that account (the
 *   mistyping colleague, or one attacker guessing one password).
 * - Account from everywhere: 5 failures in 15 minutes make every address wait for that account, except
 *   addresses the account has signed in from successfully within the last 30 days ("familiar"), so an attacker
 *   elsewhere cannot lock a user out at their usual desk.
 * - Address: failures for 50 different accounts in 15 minutes (credential stuffing) make that address wait for
 *   every account not familiar there. One mistyping colleague, or the usual typos of a whole office at nine in
 *   the morning, stay far below that; colleagues who signed in there before are never locked by it.
 *
 * Successful sign-ins are not failures; a success clears the failures of its account and address.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerAccountAndAddress: 5,
  maxFailuresPerAccount: 5,
  maxAccountsPerAddress: 50,
  familiarForMs: 30 * 24 * 60 * 60 * 1000,
  /** Failures (of the account from this address, or from everywhere at an unfamiliar address) before a sign-in needs the security check. */
  captchaAfterFailures: 3,
  /** Accounts failing from one address before every unfamiliar sign-in there needs the security check. */
  captchaAfterAccountsPerAddress: 10,
} as const;

export type LoginThrottleLimits = { windowMs: number; maxFailures: number };

/** Failures still inside the window, oldest first. */
export const recentFailures = (failures: readonly number[], now: number, windowMs: number): number[] =>
  failures.filter((at) => now - at < windowMs);

/**
 * Milliseconds until the next attempt is allowed, or 0 when an attempt may be made now.
 * Locked while `maxFailures` or more failures lie inside the window; the lock ends when the oldest of them leaves it.
 */
export const lockedForMs = (
  failures: readonly number[],
  now: number,
  limits: LoginThrottleLimits,
): number => {
  const recent = recentFailures(failures, now, limits.windowMs);
  if (recent.length < limits.maxFailures) return 0;
  const decisive = recent[recent.length - limits.maxFailures]!;
  return Math.max(0, decisive + limits.windowMs - now);
};

/** What the throttle knows about one sign-in attempt (times in ms, any order). */
export type SignInHistory = {
  /** Failures of this account from this address. */
  pairFailures: readonly number[];
  /** Failures of this account from every address. */
  accountFailures: readonly number[];
  /** Per account that failed from this address: the time of its last failure there. */
  addressAccountFailures: readonly number[];
  /** When this account last signed in successfully from this address, if ever. */
  lastSuccessFromAddress: number | undefined;
};

export type SignInThrottleLimits = typeof LOGIN_THROTTLE;

/** Whether the account signed in from this address recently enough to be exempt from the wider locks. */
export const isFamiliarAddress = (
  lastSuccess: number | undefined,
  now: number,
  limits: Pick<SignInThrottleLimits, 'familiarForMs'> = LOGIN_THROTTLE,
): boolean => lastSuccess !== undefined && now - lastSuccess < limits.familiarForMs;

/**
 * Milliseconds the attempt has to wait (0: go ahead), the longest of the locks that apply. The account lock
 * and the address lock do not apply to an address the account is familiar with; the lock of account and
 * address always does.
 */
export const signInWaitMs = (
  history: SignInHistory,
  now: number,
  limits: SignInThrottleLimits = LOGIN_THROTTLE,
): number => {
  const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);
  const pair = lockedForMs(sorted(history.pairFailures), now, {
    windowMs: limits.windowMs,
    maxFailures: limits.maxFailuresPerAccountAndAddress,
  });
  if (isFamiliarAddress(history.lastSuccessFromAddress, now, limits)) return pair;
  const account = lockedForMs(sorted(history.accountFailures), now, {
    windowMs: limits.windowMs,
    maxFailures: limits.maxFailuresPerAccount,
  });
  const address = lockedForMs(sorted(history.addressAccountFailures), now, {
    windowMs: limits.windowMs,
    maxFailures: limits.maxAccountsPerAddress,
  });
  return Math.max(pair, account, address);
};

/**
 * Whether this sign-in must carry a solved proof-of-work check (ALTCHA, decision 077) before its password is
 * even looked at. It comes well before the locks: a colleague who mistypes twice is never asked; from the
 * third failure of their account at this address (or of the account from anywhere, or of ten accounts at this
 * address, when the address is not familiar) every further guess costs a second of the guesser's computer.
 * At a familiar address only the account's failures there count, as for the locks.
 */
export const signInNeedsCaptcha = (
  history: SignInHistory,
  now: number,
  limits: SignInThrottleLimits = LOGIN_THROTTLE,
): boolean => {
  const recent = (list: readonly number[]) => recentFailures(list, now, limits.windowMs).length;
  if (recent(history.pairFailures) >= limits.captchaAfterFailures) return true;
  if (isFamiliarAddress(history.lastSuccessFromAddress, now, limits)) return false;
  return (
    recent(history.accountFailures) >= limits.captchaAfterFailures ||
    recent(history.addressAccountFailures) >= limits.captchaAfterAccountsPerAddress
  );
};

/** Whole minutes to tell the user (at least 1), for the message "Bitte warten Sie {minuten} Min." */
export const waitMinutes = (waitMs: number): number => Math.max(1, Math.ceil(waitMs / 60_000));
