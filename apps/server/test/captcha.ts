import { createHash } from 'node:crypto';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TestServer } from './harness.ts';

/**
 * The counter the browser would find, searched synchronously: altcha-lib's own solver awaits every hash, which
 * made the throttle tests spend most of a minute in the event loop. Only for the challenge this server issues
 * (SHA-256, one iteration, counter as a big-endian uint32 after the nonce); anything else goes to altcha-lib.
 */
const solveSync = (challenge: Challenge): { counter: number; derivedKey: string } | null => {
  const { algorithm, cost, salt, nonce, keyPrefix, keyLength = 32 } = challenge.parameters;
  if (algorithm !== 'SHA-256' || cost !== 1 || keyLength !== 32 || keyPrefix.length % 2 !== 0) return null;
  const prefix = Buffer.from(keyPrefix, 'hex');
  const input = Buffer.concat([Buffer.from(salt, 'hex'), Buffer.from(nonce, 'hex'), Buffer.alloc(4)]);
  for (let counter = 0; counter <= 0xffff_ffff; counter++) {
    input.writeUInt32BE(counter, input.length - 4);
    const key = createHash('sha256').update(input).digest();
    if (key.subarray(0, prefix.length).equals(prefix)) return { counter, derivedKey: key.toString('hex') };
  }
  return null;
};

/**
 * Solves the security check as the browser's widget does (decisions 076, 077): fetches a challenge from the
 * server, finds the counter, and returns the payload the widget would send (base64 of `{ challenge, solution }`).
 */
export const loeseCaptcha = async (server: Pick<TestServer, 'baseUrl'>): Promise<string> => {
  const challenge = (await (await fetch(`${server.baseUrl}/api/captcha`)).json()) as Challenge;
  const solution = solveSync(challenge) ?? (await solveChallenge({ challenge, deriveKey }));
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
};
