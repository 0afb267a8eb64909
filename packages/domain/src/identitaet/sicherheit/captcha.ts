/**
 * The proof-of-work captcha (ALTCHA, decision 076) in front of password recovery: the browser spends
 * about a second of computing on a challenge the server signed, so sending recovery mails in bulk costs an
 * attacker real work. Nothing about the person is collected: no cookie, no address, no tracking service.
 */
export const CAPTCHA = {
  /** The hash the browser repeats (WebCrypto in the browser, node:crypto on the server). */
  algorithm: 'SHA-256',
  /**
   * The solution is a counter drawn from this range: the browser tries every number from 0 upward, so on
   * average about 50,000 hashes, well under a second on a phone, milliseconds to check on the server.
   */
  zaehlerMin: 20_000,
  zaehlerMax: 80_000,
  /** A challenge must be solved and used within this time. */
  gueltigMs: 10 * 60 * 1000,
} as const;

/** What a solved captcha carries back: the signed challenge and the browser's solution. */
export type CaptchaLoesung = {
  challenge: { parameters: Record<string, unknown> & { expiresAt?: number }; signature: string };
  solution: { counter: number; derivedKey: string; time?: number };
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The widget's payload is base64 of JSON; longer ones are refused unread. */
export const CAPTCHA_MAX_LAENGE = 4096;

/**
 * Reads the widget's payload once decoded from base64 (JSON `{ challenge: { parameters, signature }, solution }`);
 * anything else is `null`, never an exception. The signature and the solution are checked by the server.
 */
export const leseCaptcha = (json: string): CaptchaLoesung | null => {
  if (json.length === 0 || json.length > CAPTCHA_MAX_LAENGE) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !isRecord(parsed.challenge) || !isRecord(parsed.solution)) return null;
  const { parameters, signature } = parsed.challenge;
  const { counter, derivedKey, time } = parsed.solution;
  if (!isRecord(parameters) || typeof signature !== 'string' || signature.length === 0) return null;
  if (typeof counter !== 'number' || !Number.isInteger(counter) || counter < 0) return null;
  if (typeof derivedKey !== 'string' || !/^[0-9a-f]+$/i.test(derivedKey)) return null;
  if (parameters.expiresAt !== undefined && typeof parameters.expiresAt !== 'number') return null;
  return {
    challenge: { parameters: parameters as CaptchaLoesung['challenge']['parameters'], signature },
    solution: { counter, derivedKey, ...(typeof time === 'number' ? { time } : {}) },
  };
};

/** Whether a challenge that expires at `expiresAt` (seconds, as the challenge carries it) is still usable. */
export const captchaGueltig = (expiresAt: number | undefined, nowMs: number): boolean =>
  expiresAt !== undefined && expiresAt * 1000 > nowMs;
