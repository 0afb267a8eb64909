import type {
  TAbmelden,
  TAbmeldenErgebnis,
  TFaktoren,
  TSitzungBeendet,
  TSitzungen,
} from '@stellwerk/domain/identitaet/sicherheit/api';
import { beschreibeGeraet, zuBeendendeSitzungen } from '@stellwerk/domain/identitaet/sicherheit/sitzung';
import { maskiereTelefonnummer } from '@stellwerk/domain/identitaet/sicherheit/telefon';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from './auth.context.ts';
import { protokolliereSelbst, SICHERHEIT_ENTITAETEN } from './auth.protokoll.ts';
import { deleteSessions, findActiveSessions, findFactors, renameFactor } from './auth.repository.ts';
import type { Auth } from './auth.service.ts';
import type { createSessionCache } from './auth.session-cache.ts';
import { findTelefonFaktoren, renameTelefonFaktor } from './auth.telefon.repository.ts';

export type SicherheitDeps = {
  database: Pick<Database, 'withoutTenant'>;
  /** Whether an SMS gateway is configured (decision 083). */
  smsVerfuegbar: boolean;
  auth: Pick<Auth, 'api'>;
  sessions: Pick<ReturnType<typeof createSessionCache>, 'dropSessions'>;
  now: () => Date;
};

/**
 * The user's own factors (spec §3 MFA factor: friendly name, type, verified), how many backup codes are left,
 * and what the tenant requires. Enrolment, confirmation, removal and new backup codes go through better-auth's
 * two-factor endpoints under /api/auth/two-factor (they ask for the password).
 */
export const getFaktoren = async (
  { database, auth, smsVerfuegbar }: SicherheitDeps,
  user: SessionUser,
): Promise<TFaktoren> => {
  const [rows, telefone] = await database.withoutTenant(async (tx) => [
    await findFactors(tx, user.authUserId),
    await findTelefonFaktoren(tx, user.authUserId),
  ]);
  const confirmed = rows.some((r) => r.verified === true);
  let backupCodesUebrig: number | null = null;
  if (confirmed) {
    const codes = await auth.api.viewBackupCodes({ body: { userId: user.authUserId } });
    backupCodesUebrig = codes.backupCodes.length;
  }
  return {
    ...user.zweiFaktor,
    faktoren: [
      ...rows.map((r) => ({
        id: r.id,
        friendlyName: r.friendlyName,
        factorType: 'totp' as const,
        verified: r.verified === true,
        createdAt: r.createdAt?.toISOString() ?? null,
        telefon: null,
      })),
      ...telefone.map((r) => ({
        id: r.id,
        friendlyName: r.friendlyName,
        factorType: 'phone' as const,
        verified: r.verified,
        createdAt: r.createdAt.toISOString(),
        telefon: maskiereTelefonnummer(r.telefonnummer),
      })),
    ],
    smsVerfuegbar,
    backupCodesUebrig,
  };
};

/** Gives one of the user's factors a name; another user's factor id answers 404. */
export const renameFaktor = async (
  { database }: SicherheitDeps,
  user: SessionUser,
  id: string,
  friendlyName: string,
): Promise<void> => {
  const renamed = await database.withoutTenant(
    async (tx) =>
      (await renameFactor(tx, user.authUserId, id, friendlyName)) ||
      (await renameTelefonFaktor(tx, user.authUserId, id, friendlyName)),
  );
  if (!renamed) throw nichtGefunden('zweiter_faktor', id);
};

/** The user's active sessions (spec §7), most recently used first, this device marked. */
export const listSitzungen = async (
  { database, now }: SicherheitDeps,
  user: SessionUser,
): Promise<TSitzungen> => {
  const rows = await database.withoutTenant((tx) => findActiveSessions(tx, user.authUserId, now()));
  return {
    items: rows.map((r) => ({
      id: r.id,
      ...beschreibeGeraet(r.userAgent),
      ipAddress: r.ipAddress,
      erstellt: r.createdAt.toISOString(),
      zuletztAktiv: r.updatedAt.toISOString(),
      diesesGeraet: r.id === user.sessionId,
    })),
  };
};

/**
 * Sign-out with a scope of spec §7: `local` ends this session, `global` every session of the user, `others`
 * every session but this one. Ended sessions are forgotten by this instance's session cache at once.
 */
export const abmelden = async (
  { database, sessions, now }: SicherheitDeps,
  user: SessionUser,
  { scope }: TAbmelden,
): Promise<TAbmeldenErgebnis> => {
  const ended = await database.withoutTenant(async (tx) => {
    const ids = (await findActiveSessions(tx, user.authUserId, now())).map((r) => r.id);
    // the current session may be older than the list's "active" cut only in theory; include it for local/global
    const all = ids.includes(user.sessionId) ? ids : [...ids, user.sessionId];
    const chosen = zuBeendendeSitzungen(scope, all, user.sessionId);
    await deleteSessions(tx, user.authUserId, chosen);
    return chosen;
  });
  sessions.dropSessions(ended);
  return { beendet: ended.length };
};

/**
 * Ends one chosen session of the user (the security page's session list): another user's or an unknown id is 404.
 * Ending this device's session signs the user out. Audited as `sitzung_beendet`.
 */
export const beendeSitzung = async (
  { database, sessions, now }: SicherheitDeps,
  user: SessionUser,
  id: string,
): Promise<TSitzungBeendet> => {
  await database.withoutTenant(async (tx) => {
    const ziel = (await findActiveSessions(tx, user.authUserId, now())).find((r) => r.id === id);
    if (!ziel || (await deleteSessions(tx, user.authUserId, [id])) === 0) throw nichtGefunden('sitzung', id);
    const geraet = beschreibeGeraet(ziel.userAgent);
    await protokolliereSelbst(tx, user, {
      entity: SICHERHEIT_ENTITAETEN.sitzung,
      action: 'sitzung_beendet',
      oldValue: { ...geraet, adresse: ziel.ipAddress, diesesGeraet: id === user.sessionId },
    });
  });
  sessions.dropSessions([id]);
  return { diesesGeraet: id === user.sessionId };
};
