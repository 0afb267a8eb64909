/** A user's second factors and passkeys as an administrator sees and resets them (decision 100). */

import type { TAdminPasskeys, TFaktorenZurueckgesetzt } from '@stellwerk/domain/identitaet/sicherheit/api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { listLoginPasskeys, resetFactors, revokeLoginPasskey } from '../auth/auth.accounts.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { assertDarf } from '../auth/auth.guards.ts';
import { findBenutzerById } from './benutzer.repository.ts';
import { assertMayChange, type BenutzerDeps } from './benutzer.service.ts';

/**
 * An administrator resets a user's second factors (lost phone): the authenticator app and its
 * backup codes are removed and every session of the user ends, so the next sign-in is with the password
 * alone (and, when the tenant requires two factors, leads to enrolment). Audited; another tenant's user is 404.
 */
export const resetBenutzerFaktoren = async (
  { database, now }: BenutzerDeps,
  user: SessionUser,
  id: string,
): Promise<TFaktorenZurueckgesetzt> => {
  assertDarf(user, 'benutzer.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const row = await findBenutzerById(tx, id);
    if (!row) throw nichtGefunden('benutzer', id);
    assertMayChange(user, row);
    const removed = row.authUserId
      ? await resetFactors(tx, row.authUserId, now())
      : { faktoren: 0, passkeys: 0, sitzungen: 0 };
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'faktoren_zuruecksetzen',
      entity: 'benutzer',
      entityId: id,
      oldValue: { faktoren: removed.faktoren, passkeys: removed.passkeys },
      newValue: { faktoren: 0, passkeys: 0, beendeteSitzungen: removed.sitzungen },
    });
    await publishEvent(tx, user.mandantId, { type: 'benutzer', id });
    return { faktoren: removed.faktoren, sitzungen: removed.sitzungen };
  });
};

/** A user's passkeys for the user administration (decision 100); another tenant's user is 404. */
export const listBenutzerPasskeys = async (
  { database }: BenutzerDeps,
  user: SessionUser,
  id: string,
): Promise<TAdminPasskeys> => {
  assertDarf(user, 'benutzer.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const row = await findBenutzerById(tx, id);
    if (!row) throw nichtGefunden('benutzer', id);
    const passkeys = row.authUserId ? await listLoginPasskeys(tx, row.authUserId) : [];
    return {
      items: passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        deviceType: p.deviceType,
        createdAt: p.createdAt?.toISOString() ?? null,
      })),
    };
  });
};

/**
 * An administrator revokes one passkey of a user (a lost or stolen device): it no longer signs in. Audited as
 * `passkey_widerrufen` on `benutzer`; another tenant's user or an unknown passkey is 404.
 */
export const revokeBenutzerPasskey = async (
  { database }: BenutzerDeps,
  user: SessionUser,
  id: string,
  passkeyId: string,
): Promise<void> => {
  assertDarf(user, 'benutzer.pflegen');
  await database.withTenant(user.mandantId, async (tx) => {
    const row = await findBenutzerById(tx, id);
    if (!row?.authUserId) throw nichtGefunden('benutzer', id);
    assertMayChange(user, row);
    const removed = await revokeLoginPasskey(tx, row.authUserId, passkeyId);
    if (!removed) throw nichtGefunden('passkey', passkeyId);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'passkey_widerrufen',
      entity: 'benutzer',
      entityId: id,
      oldValue: { passkey: removed.name ?? removed.id },
    });
    await publishEvent(tx, user.mandantId, { type: 'benutzer', id });
  });
};
