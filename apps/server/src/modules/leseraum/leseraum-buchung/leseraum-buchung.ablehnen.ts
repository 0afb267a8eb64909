import { toDomainError } from '@stellwerk/domain/errors';
import type { TLeseraumAblehnungInput } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { leseraumAblehnungVerstoss } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  istPersonal,
  type LeseraumDeps,
  meldeBuchung,
  reload,
  withBuchung,
} from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { toApi } from './leseraum-buchung.presenter.ts';
import { updateBuchung } from './leseraum-buchung.repository.ts';
import { spindFreigeben } from './leseraum-buchung.spind.ts';

/**
 * POST /api/leseraum-buchungen/{id}/ablehnen: booking staff decline a hold waiting for them, before it lapses,
 * with a reason; the hold is cancelled, the staff member is recorded as its confirmer (who decided), and the
 * booker gets the cancellation mail with the reason (R170, decision 136).
 */
export const lehneBuchungAb = async (
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  input: TLeseraumAblehnungInput,
) =>
  withBuchung(deps, user, id, async (tx, { row }, now) => {
    const verstoss = leseraumAblehnungVerstoss({
      status: row.status,
      bestaetigerMail: row.bestaetigerMail,
      istPersonal: istPersonal(user),
      von: row.von,
      now,
      grund: input.grund,
    });
    if (verstoss) throw toDomainError(verstoss);
    await updateBuchung(tx, row.id, {
      status: 'storniert',
      systembenutzer2Mail: user.email,
      stornoGrund: 'abgelehnt',
      storniertAm: now,
    });
    await spindFreigeben(tx, {
      database: deps.database,
      mandantId: user.mandantId,
      buchungId: row.id,
      now,
      benutzerId: user.benutzerId,
      grund: 'abgelehnt',
    });
    const updated = await reload(tx, row.id);
    await sendMail(tx, deps, user.mandantId, updated, 'useMailStorno', {
      grund: 'abgelehnt',
      grundZusatz: input.grund.trim(),
    });
    await meldeBuchung(tx, user.mandantId, updated);
    return toApi(updated, user, now);
  });
