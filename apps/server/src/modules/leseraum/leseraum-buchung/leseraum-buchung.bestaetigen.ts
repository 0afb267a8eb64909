import { toDomainError } from '@stellwerk/domain/errors';
import { leseraumBestaetigungVerstoss } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import { leseraumMailFuer } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { type LeseraumDeps, meldeBuchung, reload, withBuchung } from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { toApi } from './leseraum-buchung.presenter.ts';
import { updateBuchung } from './leseraum-buchung.repository.ts';

/** POST /api/leseraum-buchungen/{id}/bestaetigen: the confirmer reserves a hold before its start. */
export const bestaetigeBuchung = async (deps: LeseraumDeps, user: SessionUser, id: string) =>
  withBuchung(deps, user, id, async (tx, { row, akteur }, now) => {
    const verstoss = leseraumBestaetigungVerstoss({ status: row.status, akteur, von: row.von, now });
    if (verstoss) throw toDomainError(verstoss);
    await updateBuchung(tx, row.id, {
      status: 'reserviert',
      systembenutzer2Mail: row.bestaetigerMail ?? user.email,
    });
    const updated = await reload(tx, row.id);
    await sendMail(
      tx,
      deps,
      user.mandantId,
      updated,
      leseraumMailFuer({ art: 'status', nach: 'reserviert' })!,
    );
    await meldeBuchung(tx, user.mandantId, updated);
    return toApi(updated, user, now);
  });
