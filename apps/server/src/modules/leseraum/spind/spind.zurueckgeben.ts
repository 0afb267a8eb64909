/**
 * The owner gives back a day locker booked alone (decision 186): not begun, it is cancelled and free at once; begun, it
 * ends now and, like any ended locker, is free again once it is confirmed emptied or cleared. A locker that follows a
 * place booking goes with that booking (decision 216), and a permanent assignment is ended by the administration:
 * both answer `spind.storno_nur_tagesspind`. Audited; the lock system hears `freigegeben` after the commit
 * (decision 223).
 */
import { DomainError } from '@stellwerk/domain/errors';
import { spindZurueckgebbar } from '@stellwerk/domain/leseraum/spind/regeln';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { inSpindModul, type SpindDeps } from './spind.kontext.ts';
import { findMeineBuchungen, gibTagesspindZurueck } from './spind.repository.ts';
import { sendeSchlossAuftraege, vormerkeFreigaben } from './spind.schloss.ts';

export const gibSpindZurueck = async (
  deps: SpindDeps,
  user: SessionUser,
  buchungId: string,
): Promise<void> => {
  const freigabe = await inSpindModul(deps, user, async (tx) => {
    const jetzt = deps.now();
    const eigene = (await findMeineBuchungen(tx, user.benutzerId, jetzt)).find((r) => r.b.id === buchungId);
    if (!eigene) throw nichtGefunden('spind_buchung', buchungId);
    const darf = spindZurueckgebbar(eigene.b, jetzt);
    if (darf === 'nicht_tagesspind') throw new DomainError('spind.storno_nur_tagesspind');
    // already over: nothing to give back, the emptied confirmation is what remains
    const ergebnis = darf === 'ja' ? await gibTagesspindZurueck(tx, buchungId, jetzt) : undefined;
    if (!ergebnis) throw nichtGefunden('spind_buchung', buchungId);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: ergebnis.beendet ? 'update' : 'cancel',
      entity: 'spind_buchung',
      entityId: buchungId,
      oldValue: { von: eigene.b.von.toISOString(), bis: eigene.b.bis.toISOString() },
      newValue: ergebnis.beendet ? { bis: ergebnis.row.bis.toISOString() } : { status: 'storniert' },
    });
    return { jetzt, auftraege: await vormerkeFreigaben(tx, user.mandantId, jetzt, [ergebnis.row]) };
  });
  await sendeSchlossAuftraege(deps.database, user.mandantId, freigabe.jetzt, freigabe.auftraege);
};
