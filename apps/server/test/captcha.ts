import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { TestServer } from './harness.ts';

/**
 * Solves the recovery captcha as the browser's widget does (decision 076): fetches a challenge from the server,
 * finds the counter, and returns the payload the widget would send (base64 of `{ challenge, solution }`).
 */
export const loeseCaptcha = async (server: Pick<TestServer, 'baseUrl'>): Promise<string> => {
  const challenge = (await (await fetch(`${server.baseUrl}/api/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');
};
