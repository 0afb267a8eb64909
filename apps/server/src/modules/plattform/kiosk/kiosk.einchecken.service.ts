/**
 * Check-in by scanning a kiosk (decision 183): a signed-in person sends the code the board showed. The code's
 * signature and minute are checked, then its kiosk (in the person's tenant, not revoked, still at the code's
 * location); the use is recorded once per person, kiosk and minute, and the reading-room booking's own check-in does
 * the rest. Recording and check-in share one transaction: a refused check-in leaves the code unused.
 */
import { createHmac } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { TKioskEingecheckt } from '@stellwerk/domain/plattform/kiosk/api';
import {
  EINCHECK_CODE,
  EINCHECK_CODE_FEHLER,
  eincheckMinute,
  pruefeEincheckCode,
  type Signierer,
} from '@stellwerk/domain/plattform/kiosk/eincheck-code';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { checkInAmStandort } from '../../leseraum/leseraum-buchung/leseraum-buchung.einchecken.ts';
import type { KioskDeps } from './kiosk.kopplung.service.ts';
import { deleteEinchecksVor, findKiosk, insertEincheck } from './kiosk.repository.ts';

/** HMAC-SHA-256 (hex) with the server's check-in secret: signs and checks the codes the boards show. */
export const eincheckSignierer =
  (geheimnis: string): Signierer =>
  (nachricht) =>
    createHmac('sha256', geheimnis).update(nachricht).digest('hex');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant transaction handed to another module's operation, so that its steps commit or fail with ours. */
const inTransaktion = (tx: Tx) => ({
  withTenant: <T>(_mandantId: string, fn: (t: Tx) => Promise<T>) => fn(tx),
});

export const eincheckenPerKiosk = async (
  deps: KioskDeps,
  user: SessionUser,
  code: string,
): Promise<TKioskEingecheckt> => {
  const jetzt = deps.now();
  const pruefung = pruefeEincheckCode(code, null, jetzt.getTime(), eincheckSignierer(deps.eincheckGeheimnis));
  if (!pruefung.ok) throw new DomainError(EINCHECK_CODE_FEHLER[pruefung.grund]);
  const ungueltig = () => new DomainError(EINCHECK_CODE_FEHLER.ungueltig);
  if (!UUID.test(pruefung.kioskId) || !UUID.test(pruefung.standortId)) throw ungueltig();
  return deps.database.withTenant(user.mandantId, async (tx) => {
    // another tenant's kiosk is not seen here (row-level security): its code is as good as forged
    const gefunden = await findKiosk(tx, pruefung.kioskId);
    if (!gefunden || gefunden.kiosk.widerrufenAt || gefunden.kiosk.standortId !== pruefung.standortId)
      throw ungueltig();
    await deleteEinchecksVor(tx, eincheckMinute(jetzt.getTime()) - EINCHECK_CODE.gueltigMinuten);
    const neu = await insertEincheck(tx, {
      mandantId: user.mandantId,
      kioskId: pruefung.kioskId,
      minute: pruefung.minute,
      benutzerId: user.benutzerId,
    });
    if (!neu) throw new DomainError('kiosk.eincheckcode_verwendet');
    const ergebnis = await checkInAmStandort(
      { database: inTransaktion(tx), now: deps.now, publicUrl: deps.publicUrl },
      user,
      pruefung.standortId,
    );
    if (!ergebnis.ok)
      throw new DomainError(
        ergebnis.grund === 'anderer_standort' ? EINCHECK_CODE_FEHLER.anderer_standort : 'kiosk.keine_buchung',
      );
    return { buchung: ergebnis.buchung, standortName: gefunden.standortName };
  });
};
