import { CAPTCHA } from '@stellwerk/domain/identitaet/sicherheit/captcha';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { createCaptcha } from './auth.captcha.ts';

const payloadOf = (
  challenge: Awaited<ReturnType<ReturnType<typeof createCaptcha>['challenge']>>,
  solution: unknown,
) =>
  Buffer.from(
    JSON.stringify({
      challenge: { parameters: challenge.parameters, signature: challenge.signature },
      solution,
    }),
  ).toString('base64');

const geloest = async (captcha: ReturnType<typeof createCaptcha>) => {
  const challenge = await captcha.challenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return { challenge, solution: solution!, payload: payloadOf(challenge, solution) };
};

describe('the recovery captcha (decision 076)', () => {
  it('accepts a solved challenge once', async () => {
    const captcha = createCaptcha({ secret: 'geheim' });
    const { payload, solution } = await geloest(captcha);
    expect(solution.counter).toBeGreaterThanOrEqual(CAPTCHA.zaehlerMin);
    expect(solution.counter).toBeLessThanOrEqual(CAPTCHA.zaehlerMax);
    expect(await captcha.pruefe(payload)).toBe('ok');
    expect(await captcha.pruefe(payload)).toBe('ungueltig');
  });

  it('lets only one of two requests with the same solution pass', async () => {
    const captcha = createCaptcha({ secret: 'geheim' });
    const { payload } = await geloest(captcha);
    const results = await Promise.all([captcha.pruefe(payload), captcha.pruefe(payload)]);
    expect(results.sort()).toEqual(['ok', 'ungueltig']);
  });

  it('refuses a missing, a malformed, a wrong and a forged solution', async () => {
    const captcha = createCaptcha({ secret: 'geheim' });
    const { challenge, solution } = await geloest(captcha);
    expect(await captcha.pruefe(undefined)).toBe('fehlt');
    expect(await captcha.pruefe('')).toBe('fehlt');
    expect(await captcha.pruefe('kein-captcha')).toBe('ungueltig');
    // the derived key is the proof (the server signed it when it made the challenge); a made-up one fails
    expect(await captcha.pruefe(payloadOf(challenge, { ...solution, derivedKey: '00'.repeat(32) }))).toBe(
      'ungueltig',
    );
    expect(
      await captcha.pruefe(
        payloadOf({ ...challenge, parameters: { ...challenge.parameters, cost: 0 } }, solution),
      ),
    ).toBe('ungueltig');
    // solved for another server's secret
    const fremd = await geloest(createCaptcha({ secret: 'anderes-geheimnis' }));
    expect(await captcha.pruefe(fremd.payload)).toBe('ungueltig');
    // the failed attempts did not use the challenge up
    expect(await captcha.pruefe(payloadOf(challenge, solution))).toBe('ok');
  });

  it('refuses a challenge older than ten minutes', async () => {
    let now = Date.now();
    const captcha = createCaptcha({ secret: 'geheim', now: () => now });
    const { payload } = await geloest(captcha);
    now += CAPTCHA.gueltigMs + 1;
    expect(await captcha.pruefe(payload)).toBe('ungueltig');
  });
});
