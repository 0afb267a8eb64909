/** A user's reading-room helper flags and own place, set by an administrator (decision 138). */

import type { TBenutzerLeseraum } from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { eigenerPlatzVon, setzeEigenenPlatz } from '../../leseraum/leseraum/leseraum.service.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { assertDarf } from '../auth/auth.guards.ts';
import { findHelferFlags, updateHelferFlags } from './benutzer.repository.ts';
import type { BenutzerDeps } from './benutzer.service.ts';

/** GET /api/admin/benutzer/:id/leseraum: helper flags and own place of a user (decision 138). */
export const getBenutzerLeseraum = async (
  deps: Pick<BenutzerDeps, 'database'>,
  user: SessionUser,
  id: string,
): Promise<TBenutzerLeseraum> => {
  assertDarf(user, 'benutzer.pflegen');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const flags = await findHelferFlags(tx, id);
    if (!flags) throw nichtGefunden('benutzer', id);
    return { ...flags, eigenerPlatzId: (await eigenerPlatzVon(tx, id)) ?? null };
  });
};

/**
 * PUT /api/admin/benutzer/:id/leseraum: administrators mark a person as fire-safety or first-aid helper and assign
 * (or take back) their own place (decision 138); audited, and the user's open pages hear of it.
 */
export const setBenutzerLeseraum = async (
  deps: Pick<BenutzerDeps, 'database'>,
  user: SessionUser,
  id: string,
  input: TBenutzerLeseraum,
): Promise<TBenutzerLeseraum> => {
  assertDarf(user, 'benutzer.pflegen');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const flags = await findHelferFlags(tx, id);
    if (!flags) throw nichtGefunden('benutzer', id);
    const before = { ...flags, eigenerPlatzId: (await eigenerPlatzVon(tx, id)) ?? null };
    await updateHelferFlags(tx, id, {
      brandschutzhelfer: input.brandschutzhelfer,
      ersthelfer: input.ersthelfer,
    });
    await setzeEigenenPlatz(tx, {
      mandantId: user.mandantId,
      benutzerId: id,
      leseraumId: input.eigenerPlatzId,
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'benutzer',
      entityId: id,
      oldValue: before,
      newValue: input,
    });
    await publishEvent(tx, user.mandantId, { type: 'benutzer', id });
    return input;
  });
};
