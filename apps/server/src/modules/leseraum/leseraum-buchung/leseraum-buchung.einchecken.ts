import { toDomainError } from '@stellwerk/domain/errors';
import { leseraumCheckInVerstoss } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { type LeseraumDeps, meldeBuchung, reload, withBuchung } from './leseraum-buchung.kontext.ts';
import { toApi } from './leseraum-buchung.presenter.ts';
import { updateBuchung } from './leseraum-buchung.repository.ts';

/** POST /api/leseraum-buchungen/{id}/check-in: a reservation becomes durchgeführt inside its window. */
export const checkInBuchung = async (deps: LeseraumDeps, user: SessionUser, id: string) =>
  withBuchung(deps, user, id, async (tx, { row, akteur }, now) => {
    const verstoss = leseraumCheckInVerstoss({ status: row.status, akteur, von: row.von, now });
    if (verstoss) throw toDomainError(verstoss);
    await updateBuchung(tx, row.id, { status: 'durchgeführt' });
    await meldeBuchung(tx, user.mandantId, row);
    return toApi(await reload(tx, row.id), user, now);
  });
