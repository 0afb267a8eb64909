/**
 * Failed sign-ins are limited per login name and per client address (issue 2: "Failed logins are
 * rate-limited and answer the same whether the user exists or not"). Successful sign-ins are not counted.
 */
export const LOGIN_THROTTLE = {
  windowMs: 15 * 60 * 1000,
  maxFailuresPerLogin: 5,
  maxFailuresPerAddress: 20,
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
