/**
 * The release orders the vendor's lock system has not taken yet, for facility staff (decision 250): the list next
 * to the lockers to clear (waiting for the next attempt or given up), and the manual retry of a given-up one, sent
 * at once. Never a person or a PIN.
 */
import type { TSpindSchlossAuftrag } from '@stellwerk/domain/leseraum/spind/api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { inSpindModul, type SpindDeps } from './spind.kontext.ts';
import { erneuereSchlossAuftrag, findSchlossAuftraege } from './spind.repository.ts';
import { sendeSchlossAuftraege } from './spind.schloss.ts';

export const listeSchlossAuftraege = (deps: SpindDeps, user: SessionUser) => {
  assertDarf(user, 'spinde.verwalten');
  return inSpindModul(
    deps,
    user,
    async (tx): Promise<TSpindSchlossAuftrag[]> =>
      (await findSchlossAuftraege(tx)).map(({ a, s, bank }) => ({
        id: a.id,
        spindId: s.id,
        nummer: s.nummer,
        bank: bank.name,
        buchungId: a.spindBuchungId,
        status: a.status as TSpindSchlossAuftrag['status'],
        versuche: a.versuche,
        naechsterVersuch: a.status === 'offen' ? a.naechsterVersuch.toISOString() : null,
        letzterFehler: a.letzterFehler,
        angelegt: a.createdAt.toISOString(),
      })),
  );
};

/** Facility staff send a given-up release once more (one attempt; given up again when it fails). Audited. */
export const sendeSchlossAuftragErneut = async (deps: SpindDeps, user: SessionUser, id: string) => {
  assertDarf(user, 'spinde.verwalten');
  const jetzt = deps.now();
  await inSpindModul(deps, user, async (tx) => {
    const auftrag = await erneuereSchlossAuftrag(tx, id, jetzt);
    if (!auftrag) throw nichtGefunden('spind_schloss_auftrag', id);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'schloss_erneut',
      entity: 'spind_buchung',
      entityId: auftrag.spindBuchungId,
      newValue: { spindId: auftrag.spindId, versuche: auftrag.versuche },
    });
  });
  return sendeSchlossAuftraege(deps.database, user.mandantId, jetzt, [id]);
};
