import { asTenant, type Database, type Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import type { SessionUser } from './auth.context.ts';
import { findBenutzerByAuthUserId } from './auth.repository.ts';

/**
 * Security events in the tenant's audit log (decision 101): factors, passkeys and ways to sign in added
 * or removed, failed sign-ins and the throttle's locks, sessions ended. The entry belongs to the tenant of the
 * login's user; a login nobody has (an unknown e-mail typed at sign-in) is in no tenant's log.
 */
export const SICHERHEIT_ENTITAETEN = {
  /** Second factors: authenticator app, phone, backup codes. */
  faktor: 'benutzer.faktor',
  /** Ways to sign in: password, passkeys, the tenant's provider (decision 081 writes here too). */
  identitaet: 'benutzer.identitaet',
  /** Failed sign-ins and the throttle's locks. */
  anmeldung: 'benutzer.anmeldung',
  /** Sessions ended by their user. */
  sitzung: 'benutzer.sitzung',
} as const;

export type SicherheitsEreignis = {
  entity: (typeof SICHERHEIT_ENTITAETEN)[keyof typeof SICHERHEIT_ENTITAETEN];
  action: string;
  newValue?: unknown;
  oldValue?: unknown;
  /** Whether the user did it themself (then they are the actor); a failed sign-in has no known actor. */
  selbst: boolean;
};

/**
 * Writes a security event of a login into its tenant's audit log, as its own transaction. Never fails the request
 * that caused it: a failure to write is logged by the caller's logger.
 */
export const protokolliereSicherheit = async (
  database: Pick<Database, 'withAllTenants'>,
  authUserId: string,
  ereignis: SicherheitsEreignis,
): Promise<void> => {
  await database.withAllTenants(async (tx) => {
    const benutzer = await findBenutzerByAuthUserId(tx, authUserId);
    if (!benutzer) return;
    await asTenant(tx, benutzer.mandantId, (t) =>
      writeAudit(t, {
        mandantId: benutzer.mandantId,
        benutzerId: ereignis.selbst ? benutzer.id : null,
        action: ereignis.action,
        entity: ereignis.entity,
        entityId: benutzer.id,
        oldValue: ereignis.oldValue,
        newValue: ereignis.newValue,
      }),
    );
  });
};

/**
 * A security event the signed-in user caused, written inside the caller's transaction on the owner connection
 * (`withoutTenant`), so that the entry exists exactly when the change does.
 */
export const protokolliereSelbst = (
  tx: Tx,
  user: Pick<SessionUser, 'mandantId' | 'benutzerId'>,
  ereignis: Omit<SicherheitsEreignis, 'selbst'>,
): Promise<void> =>
  asTenant(tx, user.mandantId, (t) =>
    writeAudit(t, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: ereignis.action,
      entity: ereignis.entity,
      entityId: user.benutzerId,
      oldValue: ereignis.oldValue,
      newValue: ereignis.newValue,
    }),
  );
