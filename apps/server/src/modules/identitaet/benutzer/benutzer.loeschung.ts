/**
 * Erasing a person (decision 235), the identity's part: the login with its sessions (signed out at once),
 * passkeys, factors and single sign-on links, the memberships and direct rights, the SCIM id and the sent sign-in
 * texts. The `benutzer` row is deleted, or, when kept records (the logbook, the vehicle history, the service book)
 * still point at the id, emptied of every personal field and marked `geloescht`: lists and reads no longer find
 * it, and nobody can sign in as it.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { vergissLogin } from '../auth/auth.accounts.ts';
import { vergissScimPerson } from '../scim/scim.loeschung.ts';
import { loescheSmsAnPerson } from '../sms/sms.loeschung.ts';
import { GELOESCHT } from './benutzer.repository.ts';
import { benutzer, benutzerGruppe, benutzerPermission, benutzerRolle } from './benutzer.table.ts';

export type IdentitaetGeloescht = {
  konto: number;
  berechtigungen: number;
};

export const loescheIdentitaet = async (
  tx: Tx,
  {
    benutzerId,
    authUserId,
    platzhalter,
  }: { benutzerId: string; authUserId: string | null; platzhalter: boolean },
): Promise<IdentitaetGeloescht> => {
  const login = authUserId
    ? await vergissLogin(tx, authUserId)
    : { sitzungen: 0, passkeys: 0, faktoren: 0, konten: 0 };
  const links =
    (await tx.delete(benutzerGruppe).where(eq(benutzerGruppe.benutzerId, benutzerId)).returning()).length +
    (await tx.delete(benutzerRolle).where(eq(benutzerRolle.benutzerId, benutzerId)).returning()).length +
    (await tx.delete(benutzerPermission).where(eq(benutzerPermission.benutzerId, benutzerId)).returning())
      .length;
  const scim = await vergissScimPerson(tx, { benutzerId, platzhalter });
  const sms = await loescheSmsAnPerson(tx, benutzerId);
  if (platzhalter)
    await tx
      .update(benutzer)
      .set({
        vorname: '–',
        nachname: '–',
        email: `geloescht-${benutzerId}@geloescht.invalid`,
        username: null,
        employeeId: null,
        status: GELOESCHT,
        isSso: false,
        brandschutzhelfer: false,
        ersthelfer: false,
        authUserId: null,
      })
      .where(eq(benutzer.id, benutzerId));
  else await tx.delete(benutzer).where(eq(benutzer.id, benutzerId));
  return {
    konto: 1 + login.sitzungen + login.passkeys + login.faktoren + login.konten,
    berechtigungen: links + scim + sms,
  };
};
