/**
 * The proof-of-work captcha in front of password recovery (ALTCHA, decision 076): challenges signed with keys
 * derived from the session secret, so any instance of the server can check them, and a solution accepted once
 * per instance (a used challenge is remembered until it expires).
 */
import { createHmac } from 'node:crypto';
import {
  CAPTCHA,
  CAPTCHA_MAX_LAENGE,
  captchaGueltig,
  leseCaptcha,
} from '@stellwerk/domain/identitaet/sicherheit/captcha';
import { type Challenge, createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export type CaptchaPruefung = 'ok' | 'fehlt' | 'ungueltig';

/** Bound on remembered used challenges; past it, expired ones are forgotten first. */
const MAX_VERBRAUCHT = 100_000;

export const createCaptcha = ({ secret, now = Date.now }: { secret: string; now?: () => number }) => {
  const schluessel = (zweck: string) => createHmac('sha256', secret).update(zweck).digest('base64url');
  const hmacSignatureSecret = schluessel('stellwerk-captcha-signatur');
  const hmacKeySignatureSecret = schluessel('stellwerk-captcha-schluessel');
  /** signature of a used challenge -> its expiry (ms) */
  const verbraucht = new Map<string, number>();

  const vergiss = (at: number) => {
    for (const [signatur, bis] of verbraucht) if (bis <= at) verbraucht.delete(signatur);
    if (verbraucht.size >= MAX_VERBRAUCHT) verbraucht.clear();
  };

  return {
    /** A new challenge for the widget (`GET /api/captcha`). */
    challenge: (): Promise<Challenge> =>
      createChallenge({
        algorithm: CAPTCHA.algorithm,
        cost: 1,
        counter: randomInt(CAPTCHA.zaehlerMin, CAPTCHA.zaehlerMax),
        deriveKey,
        expiresAt: new Date(now() + CAPTCHA.gueltigMs),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }),

    /** Checks the widget's payload and uses it up: `fehlt` without one, `ungueltig` for anything not usable. */
    async pruefe(payload: unknown): Promise<CaptchaPruefung> {
      if (payload === undefined || payload === null || payload === '') return 'fehlt';
      const loesung =
        typeof payload === 'string' && payload.length <= CAPTCHA_MAX_LAENGE
          ? leseCaptcha(Buffer.from(payload, 'base64').toString('utf8'))
          : null;
      const at = now();
      if (!loesung || !captchaGueltig(loesung.challenge.parameters.expiresAt, at)) return 'ungueltig';
      const signatur = loesung.challenge.signature;
      if (verbraucht.has(signatur)) return 'ungueltig';
      // taken before the check, so two requests with the same solution cannot both pass
      vergiss(at);
      verbraucht.set(signatur, (loesung.challenge.parameters.expiresAt ?? 0) * 1000);
      const result = await verifySolution({
        challenge: loesung.challenge as unknown as Challenge,
        solution: loesung.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) {
        verbraucht.delete(signatur);
        return 'ungueltig';
      }
      return 'ok';
    },
  };
};

export type Captcha = ReturnType<typeof createCaptcha>;
