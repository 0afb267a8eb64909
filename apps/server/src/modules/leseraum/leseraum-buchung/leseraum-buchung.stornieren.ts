import { toDomainError } from '@stellwerk/domain/errors';
import type { TLeseraumStornoInput } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import {
  leseraumStornoVerstoss,
  personalGrundVerstoss,
} from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import { leseraumMailFuer } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { type LeseraumDeps, meldeBuchung, reload, withBuchung } from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { toApi } from './leseraum-buchung.presenter.ts';
import { updateBuchung } from './leseraum-buchung.repository.ts';
import { spindFreigeben } from './leseraum-buchung.spind.ts';

/**
 * POST /api/leseraum-buchungen/{id}/storno: the booker or staff cancel a hold or reservation; staff cancelling
 * another user's booking give a reason, which the booker gets in the mail (R173, decision 136).
 */
export const storniereBuchung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  input: TLeseraumStornoInput = {},
) =>
  withBuchung(deps, user, id, async (tx, { row, akteur }, now) => {
    const verstoss = leseraumStornoVerstoss({ status: row.status, akteur });
    if (verstoss) throw toDomainError(verstoss);
    const byStaff = row.buchenderMail.toLowerCase() !== user.email.toLowerCase();
    const ohneGrund = personalGrundVerstoss({ durchPersonal: byStaff, grund: input.grund });
    if (ohneGrund) throw toDomainError(ohneGrund);
    await updateBuchung(tx, row.id, { status: 'storniert', stornoGrund: 'storniert', storniertAm: now });
    await spindFreigeben(tx, {
      database: deps.database,
      mandantId: user.mandantId,
      buchungId: row.id,
      now,
      benutzerId: user.benutzerId,
      grund: byStaff ? 'personal' : 'storniert',
    });
    const updated = await reload(tx, row.id);
    await sendMail(
      tx,
      deps,
      user.mandantId,
      updated,
      leseraumMailFuer({ art: 'status', nach: 'storniert' })!,
      byStaff ? { grund: 'personal', grundZusatz: input.grund?.trim() } : {},
    );
    await meldeBuchung(tx, user.mandantId, updated);
    return toApi(updated, user, now);
  });
