import { randomBytes } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { saveVerknuepfung, takeVerknuepfung } from '../auth/auth.accounts.ts';

/** How long a nonce waits for the provider's answer (as better-auth's state). */
const NONCE_MINUTEN = 10;

const nonceKennung = (state: string) => `sso-nonce:${state}`;

/**
 * OIDC sign-in starts (decision 098): better-auth's authorization address gets a fresh `nonce`, remembered under
 * the request's `state`; the callback's ID token must carry it. Other addresses (SAML) are returned unchanged.
 */
export const mitNonce = async (database: Database, adresse: string, now: Date): Promise<string> => {
  if (!URL.canParse(adresse)) return adresse;
  const url = new URL(adresse);
  const state = url.searchParams.get('state');
  if (!state || url.searchParams.get('response_type') !== 'code') return adresse;
  const nonce = randomBytes(24).toString('base64url');
  await database.withoutTenant((tx) =>
    saveVerknuepfung(tx, {
      identifier: nonceKennung(state),
      authUserId: nonce,
      expiresAt: new Date(now.getTime() + NONCE_MINUTEN * 60_000),
      now,
    }),
  );
  url.searchParams.set('nonce', nonce);
  return url.toString();
};

/** Takes (uses up) the nonce waiting under `state`, if it has not expired. */
export const nimmNonce = (database: Database, state: string, now: Date): Promise<string | undefined> =>
  database.withoutTenant((tx) => takeVerknuepfung(tx, nonceKennung(state), now));
