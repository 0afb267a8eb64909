/**
 * Permanent assignments (decision 229): the administration lists the current and coming ones and ends one. Ending a
 * running assignment sets its end to now, and like every ended locker it is free again once it is confirmed emptied
 * or cleared by facility staff; an assignment that has not begun is cancelled and free at once. Audited; the lock
 * system hears `freigegeben` after the commit, retried until it takes it (decisions 223, 250).
 */
import { DomainError } from '@stellwerk/domain/errors';
import type { TSpindZuweisungEintrag } from '@stellwerk/domain/leseraum/spind/api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { inSpindModul, type SpindDeps } from './spind.kontext.ts';
import { beendeZuweisung, findZuweisung, findZuweisungen } from './spind.repository.ts';
import { sendeSchlossAuftraege, vormerkeFreigaben } from './spind.schloss.ts';

export const listeZuweisungen = (
  deps: SpindDeps,
  user: SessionUser,
  filter: { bankId?: string; standortId?: string },
) => {
  assertDarf(user, 'spinde.verwalten');
  return inSpindModul(deps, user, async (tx): Promise<TSpindZuweisungEintrag[]> => {
    const jetzt = deps.now();
    return (await findZuweisungen(tx, jetzt, filter)).map((r) => ({
      id: r.b.id,
      spindId: r.s.id,
      nummer: r.s.nummer,
      bankId: r.bank.id,
      bank: r.bank.name,
      standortId: r.bank.standortId,
      benutzerId: r.benutzerId,
      benutzer: `${r.vorname} ${r.nachname}`.trim(),
      von: r.b.von.toISOString(),
      bis: r.b.bis.toISOString(),
      stand: r.b.von.getTime() <= jetzt.getTime() ? 'laufend' : 'kommend',
    }));
  });
};

export const beendeSpindZuweisung = async (deps: SpindDeps, user: SessionUser, id: string): Promise<void> => {
  assertDarf(user, 'spinde.verwalten');
  const freigabe = await inSpindModul(deps, user, async (tx) => {
    const jetzt = deps.now();
    const vorher = await findZuweisung(tx, id);
    if (!vorher) throw nichtGefunden('spind_buchung', id);
    const ergebnis = await beendeZuweisung(tx, id, jetzt);
    if (!ergebnis) throw new DomainError('spind.zuweisung_vorbei');
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: ergebnis.beendet ? 'update' : 'cancel',
      entity: 'spind_buchung',
      entityId: id,
      oldValue: { von: vorher.von.toISOString(), bis: vorher.bis.toISOString() },
      newValue: ergebnis.beendet ? { bis: ergebnis.row.bis.toISOString() } : { status: 'storniert' },
    });
    return { jetzt, auftraege: await vormerkeFreigaben(tx, user.mandantId, jetzt, [ergebnis.row]) };
  });
  await sendeSchlossAuftraege(deps.database, user.mandantId, freigabe.jetzt, freigabe.auftraege);
};
