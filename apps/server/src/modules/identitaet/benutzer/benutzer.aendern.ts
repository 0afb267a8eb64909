/** PUT /api/admin/benutzer/{id}: one user changed by an administrator. */
import type {
  TBenutzerAenderungParsed,
  TBenutzerDetail,
  TBenutzerInputParsed,
} from '@stellwerk/domain/identitaet/admin-benutzer.api';
import { syncGrants, syncLinks } from '@stellwerk/domain/identitaet/link-sync';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { endSessions, updateLogin } from '../auth/auth.accounts.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { assertDarf } from '../auth/auth.guards.ts';
import {
  deleteBenutzerGruppen,
  deleteBenutzerRollen,
  deleteDirectGrants,
  findBenutzerById,
  insertBenutzerGruppen,
  insertBenutzerRollen,
  insertDirectGrants,
  setRollenStandorte,
  updateBenutzer as updateBenutzerRow,
  updateDirectGrant,
} from './benutzer.repository.ts';
import {
  assertAdresseDesMandanten,
  assertIdentityFree,
  assertMayChange,
  assertNotSelf,
  assertReferencesExist,
  auditSnapshot,
  type BenutzerDeps,
  loadBenutzerDetail,
  mapBenutzerUniqueViolation,
} from './benutzer.service.ts';

/**
 * Updates a user (spec §7: vorname, nachname, status, email; roles and groups through the link tables,
 * added ones inserted and removed ones deleted; direct permissions likewise). The login follows name,
 * e-mail and user name; deactivating ends the user's sessions. One transaction, audited with old and new.
 */
export const updateBenutzer = async (
  deps: BenutzerDeps,
  user: SessionUser,
  id: string,
  aenderung: TBenutzerAenderungParsed,
): Promise<TBenutzerDetail> => {
  assertDarf(user, 'benutzer.pflegen');
  const now = deps.now();
  try {
    return await deps.database.withTenant(user.mandantId, async (tx) => {
      const row = await findBenutzerById(tx, id);
      const before = row && (await loadBenutzerDetail(tx, id));
      if (!row || !before) throw nichtGefunden('benutzer', id);
      // a field left out stays as it is (decision 105): never an empty list for a list not sent
      const input: TBenutzerInputParsed = {
        ...aenderung,
        employeeId: aenderung.employeeId === undefined ? before.employeeId : aenderung.employeeId,
        username: aenderung.username === undefined ? before.username : aenderung.username,
        status: aenderung.status ?? (before.status === 'aktiv' ? 'aktiv' : 'inaktiv'),
        rolleIds: aenderung.rolleIds ?? before.rollen.map((r) => r.id),
        gruppeIds: aenderung.gruppeIds ?? before.gruppen.map((g) => g.id),
        permissions: aenderung.permissions ?? before.permissions,
        // left out: the kept roles keep their locations, a removed role's go with it (decision 258)
        rollenStandorte: aenderung.rollenStandorte ?? before.rollenStandorte,
      };
      const rolleIds = aenderung.rolleIds ?? before.rollen.map((r) => r.id);
      if (!aenderung.rollenStandorte)
        input.rollenStandorte = input.rollenStandorte.filter((e) => rolleIds.includes(e.rolleId));
      assertMayChange(user, row);
      const isDeactivation = row.status === 'aktiv' && input.status !== 'aktiv';
      if (isDeactivation) assertNotSelf(user, row);
      await assertReferencesExist(tx, input);
      if (input.email !== row.email.toLowerCase() || (input.username && input.username !== row.username))
        await assertIdentityFree(tx, input, row);
      // a changed address stays in the tenant's domains (decision 096)
      if (input.email !== row.email.toLowerCase()) await assertAdresseDesMandanten(tx, input.email);

      await updateBenutzerRow(tx, id, {
        vorname: input.vorname,
        nachname: input.nachname,
        email: input.email,
        employeeId: input.employeeId,
        username: input.username,
        status: input.status,
      });
      if (row.authUserId) {
        const name = `${input.vorname} ${input.nachname}`;
        await updateLogin(tx, row.authUserId, { name, email: input.email, username: input.username }, now);
        if (isDeactivation) await endSessions(tx, row.authUserId);
      }
      const keys = { mandantId: user.mandantId, benutzerId: id };
      const rollen = syncLinks(
        before.rollen.map((r) => r.id),
        input.rolleIds,
      );
      await deleteBenutzerRollen(tx, id, rollen.remove);
      await insertBenutzerRollen(tx, keys, rollen.add);
      await setRollenStandorte(tx, id, input.rolleIds, input.rollenStandorte);
      const gruppen = syncLinks(
        before.gruppen.map((g) => g.id),
        input.gruppeIds,
      );
      await deleteBenutzerGruppen(tx, id, gruppen.remove);
      await insertBenutzerGruppen(tx, keys, gruppen.add);
      const grants = syncGrants(before.permissions, input.permissions);
      await deleteDirectGrants(tx, id, grants.remove);
      for (const grant of grants.update) await updateDirectGrant(tx, id, grant);
      await insertDirectGrants(tx, keys, grants.add);

      const after = (await loadBenutzerDetail(tx, id))!;
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'update',
        entity: 'benutzer',
        entityId: id,
        oldValue: auditSnapshot(before),
        newValue: auditSnapshot(after),
      });
      await publishEvent(tx, user.mandantId, { type: 'benutzer', id });
      return after;
    });
  } catch (err) {
    throw mapBenutzerUniqueViolation(err, { email: aenderung.email, username: aenderung.username ?? null });
  }
};
