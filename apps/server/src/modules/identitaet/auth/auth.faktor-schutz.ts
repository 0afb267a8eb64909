import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import {
  FAKTOR_BESTAETIGUNG_MS,
  faktorHinzufuegen,
  TOTP_PERIODE_S,
  totpSchritteUm,
  totpSchrittNeu,
} from '@stellwerk/domain/identitaet/sicherheit/faktor-schutz';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Tx } from '../../../db/client.ts';
import { account, session, twoFactor, verification } from './auth.table.ts';

/**
 * Second factors that cannot be replayed or added behind the user's back (decision 100): a TOTP code is
 * accepted once (the last accepted time step per login), and adding a factor needs the password (or, without
 * one, a fresh sign-in).
 */

/** better-auth's TOTP digits (auth.service.ts). */
const TOTP_STELLEN = 6;

/**
 * The HOTP value (RFC 4226) of one counter, as better-auth computes it: HMAC-SHA-1 keyed with the secret's text
 * (better-auth keeps the secret as a string of 32 letters and digits and uses its UTF-8 bytes as the key).
 */
const hotp = (secret: string, counter: number): string => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', Buffer.from(secret, 'utf8')).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 15;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** TOTP_STELLEN).padStart(TOTP_STELLEN, '0');
};

const gleich = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Which accepted step (if any) a code belongs to; every candidate is compared, in constant time each. */
export const totpSchrittVon = (secret: string, code: string, jetztMs: number): number | null => {
  let treffer: number | null = null;
  for (const schritt of totpSchritteUm(jetztMs, TOTP_PERIODE_S)) {
    if (gleich(hotp(secret, schritt), code) && treffer === null) treffer = schritt;
  }
  return treffer;
};

export type TotpAnspruch = 'neu' | 'verbraucht' | 'kein_treffer';

type SecretKey = Parameters<typeof symmetricDecrypt>[0]['key'];

/**
 * Claims the time step of a TOTP code for the login before better-auth checks it: `neu` when the code is of a step
 * after the last accepted one and this request is the one that recorded it; `verbraucht` when the step (or a later
 * one) was accepted before, also when a parallel request with the same code got there first (the update is
 * conditional, so of two requests exactly one records the step); `kein_treffer` when the code is of no accepted
 * step (better-auth then answers it as a wrong code). A login without an authenticator app has nothing to claim.
 */
export const beanspruchTotpSchritt = async (
  database: Pick<Database, 'withoutTenant'>,
  key: SecretKey,
  authUserId: string,
  code: string,
  jetztMs: number = Date.now(),
): Promise<TotpAnspruch> => {
  const [row] = await database.withoutTenant((tx) =>
    tx
      .select({ secret: twoFactor.secret, lastTotpStep: twoFactor.lastTotpStep })
      .from(twoFactor)
      .where(eq(twoFactor.userId, authUserId))
      .limit(1),
  );
  if (!row) return 'kein_treffer';
  const secret = await symmetricDecrypt({ key, data: row.secret }).catch(() => null);
  if (!secret) return 'kein_treffer';
  const schritt = totpSchrittVon(secret, code.trim(), jetztMs);
  if (schritt === null) return 'kein_treffer';
  if (!totpSchrittNeu(schritt, row.lastTotpStep)) return 'verbraucht';
  const claimed = await database.withoutTenant((tx) =>
    tx
      .update(twoFactor)
      .set({ lastTotpStep: schritt })
      .where(
        and(
          eq(twoFactor.userId, authUserId),
          or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, schritt)),
        ),
      )
      .returning({ id: twoFactor.id }),
  );
  return claimed.length > 0 ? 'neu' : 'verbraucht';
};

/** The verification row that records a session's password confirmation (better-auth's table, owner-only). */
const bestaetigungKennung = (sessionId: string) => `faktor-bestaetigung:${sessionId}`;

/** The login's password hash (its 'credential' account), or null without a password. */
export const passwortHashVon = async (tx: Tx, authUserId: string): Promise<string | null> => {
  const rows = await tx
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, authUserId), eq(account.providerId, 'credential')))
    .limit(1);
  return rows[0]?.password ?? null;
};

/** Whether the login has a password. */
export const hatPasswort = async (tx: Tx, authUserId: string): Promise<boolean> =>
  (await passwortHashVon(tx, authUserId)) !== null;

/**
 * Checks the password a signed-in user entered for one of our routes, counted by the sign-in throttle (the auth
 * plugin's): true when right, false when the login has no password; a wrong one throws.
 */
export type PasswortPruefung = (
  request: FastifyRequest,
  reply: FastifyReply,
  authUserId: string,
  passwort: string,
) => Promise<boolean>;

/** Records that this session entered the password now: factors may be added for five minutes. */
export const merkeBestaetigung = async (
  database: Pick<Database, 'withoutTenant'>,
  authUserId: string,
  sessionId: string,
  jetzt: Date,
): Promise<void> => {
  await database.withoutTenant(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, bestaetigungKennung(sessionId)));
    await tx.insert(verification).values({
      id: crypto.randomUUID(),
      identifier: bestaetigungKennung(sessionId),
      value: authUserId,
      expiresAt: new Date(jetzt.getTime() + FAKTOR_BESTAETIGUNG_MS),
      createdAt: jetzt,
      updatedAt: jetzt,
    });
  });
};

/** Forgets a session's password confirmation (after the factor it allowed was added). */
export const vergissBestaetigung = async (
  database: Pick<Database, 'withoutTenant'>,
  sessionId: string,
): Promise<void> => {
  await database.withoutTenant((tx) =>
    tx.delete(verification).where(eq(verification.identifier, bestaetigungKennung(sessionId))),
  );
};

/**
 * Refuses adding a factor unless the session confirmed the password within five minutes (`passwortGeprueft`: the
 * request itself carried the right password), or, for a login without a password, signed in within five minutes:
 * `sicherheit.passwort_noetig` (403) or `sicherheit.neu_anmelden` (403).
 */
export const verlangeBestaetigung = async (
  database: Pick<Database, 'withoutTenant'>,
  { authUserId, sessionId }: { authUserId: string; sessionId: string },
  jetzt: Date,
  passwortGeprueft = false,
): Promise<void> => {
  const stand = await database.withoutTenant(async (tx) => {
    const [sitzung] = await tx
      .select({ createdAt: session.createdAt })
      .from(session)
      .where(and(eq(session.id, sessionId), eq(session.userId, authUserId)))
      .limit(1);
    const [bestaetigung] = await tx
      .select({ createdAt: verification.createdAt })
      .from(verification)
      .where(
        and(
          eq(verification.identifier, bestaetigungKennung(sessionId)),
          eq(verification.value, authUserId),
          gt(verification.expiresAt, jetzt),
        ),
      )
      .limit(1);
    return {
      hatPasswort: await hatPasswort(tx, authUserId),
      passwortBestaetigtAm: passwortGeprueft ? jetzt : (bestaetigung?.createdAt ?? null),
      angemeldetAm: sitzung?.createdAt ?? new Date(0),
    };
  });
  const ergebnis = faktorHinzufuegen({ ...stand, jetzt });
  if (ergebnis === 'passwort_noetig') throw new DomainError('sicherheit.passwort_noetig');
  if (ergebnis === 'neu_anmelden') throw new DomainError('sicherheit.neu_anmelden');
};
