import { DomainError } from '@stellwerk/domain/errors';
import { syncLinks } from '@stellwerk/domain/identitaet/link-sync';
import { gruppenAusClaims, namenAusClaims } from '@stellwerk/domain/identitaet/sso/sso';
import type { Database } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { updateLogin } from '../auth/auth.accounts.ts';
import {
  addGruppen,
  insertSsoBenutzer,
  removeGruppen,
  updateSsoBenutzer,
} from '../benutzer/benutzer.provisionierung.ts';
import { ACTIVE, GRUPPEN_FELD, type SsoAblehnung, ssoAnmeldung } from './sso.anmeldung.ts';
import {
  findBenutzerOfLogin,
  findBenutzerRow,
  findGruppeIdsOf,
  findGruppenRefs,
  findMandantSso,
} from './sso.repository.ts';

/**
 * Just-in-time provisioning (better-auth's `provisionUser`, on every sign-in through a provider): the first
 * sign-in creates the benutzer in the provider's tenant (id = better-auth user id, marked as a single-sign-on
 * user) with name and e-mail from the claims; every sign-in sets name, e-mail and the groups mapped from the
 * configured claim (the provider is the source of the memberships). Audited as done by the user.
 */
export const provisionSsoUser = async (
  database: Database,
  input: { providerId: string; authUserId: string; email: string; userInfo: Record<string, unknown> },
  now: () => Date = () => new Date(),
): Promise<void> => {
  const anmeldung = ssoAnmeldung.getStore();
  const mandantId = input.providerId;
  const fail = (ablehnung: SsoAblehnung) => {
    if (anmeldung) anmeldung.ablehnung = ablehnung;
    throw new DomainError(ablehnung);
  };
  const owner = await database.withAllTenants((tx) => findBenutzerOfLogin(tx, input.authUserId));
  if (owner && owner.mandantId !== mandantId) fail('auth.sso_anderer_mandant');
  if (owner && owner.status !== ACTIVE) fail('auth.sso_deaktiviert');
  await database.withTenant(mandantId, async (tx) => {
    const sso = await findMandantSso(tx);
    const claims = { ...input.userInfo, groups: input.userInfo[GRUPPEN_FELD] };
    const { vorname, nachname } = namenAusClaims(claims, input.email);
    const gewuenscht = sso ? gruppenAusClaims(claims, 'groups', await findGruppenRefs(tx)) : [];
    const email = input.email.trim().toLowerCase();
    // the benutzer behind the login (the same id for users created by the app; looked up to be sure)
    const id = owner?.id ?? input.authUserId;
    const before = await findBenutzerRow(tx, id);
    const vorher = before ? await findGruppeIdsOf(tx, id) : [];
    if (!before) {
      await insertSsoBenutzer(tx, { id, mandantId, vorname, nachname, email });
    } else {
      await updateSsoBenutzer(tx, id, { vorname, nachname, email });
    }
    await updateLogin(
      tx,
      input.authUserId,
      { name: `${vorname} ${nachname}`.trim(), email, username: before?.username ?? null },
      now(),
    );
    const changes = syncLinks(vorher, gewuenscht);
    await addGruppen(tx, mandantId, id, changes.add);
    await removeGruppen(tx, id, changes.remove);
    const changed =
      !before ||
      before.vorname !== vorname ||
      before.nachname !== nachname ||
      before.email !== email ||
      changes.add.length + changes.remove.length > 0;
    if (changed) {
      await writeAudit(tx, {
        mandantId,
        benutzerId: id,
        action: before ? 'sso_aktualisierung' : 'sso_anlage',
        entity: 'benutzer',
        entityId: id,
        oldValue: before
          ? { vorname: before.vorname, nachname: before.nachname, email: before.email, gruppeIds: vorher }
          : null,
        newValue: { vorname, nachname, email, gruppeIds: gewuenscht },
      });
      await publishEvent(tx, mandantId, { type: 'benutzer', id });
    }
  });
};
