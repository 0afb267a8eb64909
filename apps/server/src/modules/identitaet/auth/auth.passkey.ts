import { AsyncLocalStorage } from 'node:async_hooks';
import { hostname } from 'node:os';
import type { Config } from '../../../config.ts';
import type { AnmeldeWeg } from './auth.code-schritt.ts';

/**
 * Which WebAuthn relying-party ids (RP ids) the server accepts, decision 072. The RP id is the host name of the
 * page that enrols or uses a passkey; a browser allows no other. The address users open decides it:
 * - `PUBLIC_URL` set: its host name and those of `TRUSTED_ORIGINS`;
 * - `PUBLIC_URL` unset (the app answers at any address, decision 020): localhost, 127.0.0.1, ::1, the machine's
 *   name and the host names of `TRUSTED_ORIGINS`.
 * A passkey belongs to the RP id it was enrolled at: one enrolled at localhost signs in at localhost only.
 */
export const passkeyRpIds = (
  config: Pick<Config, 'publicUrl' | 'publicUrlSet' | 'trustedOrigins'>,
  machineName: string = hostname(),
): string[] => {
  const hostOf = (url: string) => {
    try {
      return new URL(url).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return undefined;
    }
  };
  const names = config.publicUrlSet
    ? [hostOf(config.publicUrl)]
    : ['localhost', '127.0.0.1', '::1', machineName.toLowerCase()];
  return [...new Set([...names, ...config.trustedOrigins.map(hostOf)].filter((n): n is string => !!n))];
};

/** The host name of `protocol://host[:port]` (without IPv6 brackets). */
export const hostNameOf = (origin: string): string => new URL(origin).hostname.replace(/^\[|\]$/g, '');

/**
 * Puts the page's RP id into the options better-auth generated (`rp.id` when enrolling, `rpId` when signing in).
 * better-auth is given the list of accepted RP ids (it checks an answer against each), so its options name the
 * list; the browser needs the one of the page.
 */
export const withRpId = (options: unknown, rpId: string): unknown => {
  if (!options || typeof options !== 'object') return options;
  const record = options as Record<string, unknown>;
  if ('rpId' in record) return { ...record, rpId };
  if (record.rp && typeof record.rp === 'object') return { ...record, rp: { ...record.rp, id: rpId } };
  return options;
};

/**
 * A sign-in with a passkey being answered (the auth plugin runs better-auth's verify-authentication inside it):
 * better-auth's `afterVerification` notes whether the authenticator verified the user (PIN, fingerprint); the
 * session hook records the session as signed in with two factors then (decision 097), and a sign-in without it that
 * is sent on to the code step names its login (`codeSchritt`, decision 147).
 */
export type PasskeyAnmeldung = { nutzerVerifiziert: boolean; codeSchritt?: { authUserId: string } };
export const passkeyAnmeldung = new AsyncLocalStorage<PasskeyAnmeldung>();

/**
 * The passkey sign-in as a way to the code step (decision 147): without user verification it is one factor.
 */
export const passkeyWeg: AnmeldeWeg = {
  pfade: new Set(['/passkey/verify-authentication']),
  laufend: () => {
    const anmeldung = passkeyAnmeldung.getStore();
    return anmeldung
      ? {
          anmeldung: { art: 'passkey', nutzerVerifiziert: anmeldung.nutzerVerifiziert },
          merkeCodeSchritt: (authUserId) => {
            anmeldung.codeSchritt = { authUserId };
          },
        }
      : undefined;
  },
};
