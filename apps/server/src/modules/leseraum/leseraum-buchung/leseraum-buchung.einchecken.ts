import { toDomainError } from '@stellwerk/domain/errors';
import type { TLeseraumBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import {
  CHECK_IN_NACHLAUF_MINUTEN,
  CHECK_IN_VORLAUF_MINUTEN,
  isCheckInMoeglich,
  leseraumCheckInVerstoss,
} from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import { type LeseraumDeps, meldeBuchung, reload, withBuchung } from './leseraum-buchung.kontext.ts';
import { toApi } from './leseraum-buchung.presenter.ts';
import { findReservierteDesBuchenden, updateBuchung } from './leseraum-buchung.repository.ts';

/** POST /api/leseraum-buchungen/{id}/check-in: a reservation becomes durchgeführt inside its window. */
export const checkInBuchung = async (deps: LeseraumDeps, user: SessionUser, id: string) =>
  withBuchung(deps, user, id, async (tx, { row, akteur }, now) => {
    const verstoss = leseraumCheckInVerstoss({ status: row.status, akteur, von: row.von, now });
    if (verstoss) throw toDomainError(verstoss);
    await updateBuchung(tx, row.id, { status: 'durchgeführt' });
    await meldeBuchung(tx, user.mandantId, row);
    return toApi(await reload(tx, row.id), user, now);
  });

export type CheckInAmStandort =
  | { ok: true; buchung: TLeseraumBuchung }
  | { ok: false; grund: 'anderer_standort' | 'keine_buchung' };

/**
 * Check-in by scanning a kiosk at a location (decision 183): the user's own reservation at `standortId` whose
 * check-in window is open now (the soonest one) is checked in through `checkInBuchung`, so window and release rules
 * are the app's. Without one: `anderer_standort` when such a reservation exists at another location, otherwise
 * `keine_buchung`. Reservations of a switched-off reading room are not offered.
 */
export const checkInAmStandort = async (
  deps: LeseraumDeps,
  user: SessionUser,
  standortId: string,
): Promise<CheckInAmStandort> => {
  const now = deps.now();
  const offen = await deps.database.withTenant(user.mandantId, async (tx) => {
    const features = await loadFeatureSwitches(tx);
    const rows = await findReservierteDesBuchenden(tx, {
      mail: user.email,
      von: new Date(now.getTime() - CHECK_IN_NACHLAUF_MINUTEN * 60_000),
      bis: new Date(now.getTime() + CHECK_IN_VORLAUF_MINUTEN * 60_000),
    });
    return rows.filter(
      (r) => (r.bereich === 'arbeitswelt' || features.Leseraum) && isCheckInMoeglich({ von: r.von, now }),
    );
  });
  const hier = offen.find((r) => r.standortId === standortId);
  if (!hier) return { ok: false, grund: offen.length > 0 ? 'anderer_standort' : 'keine_buchung' };
  return { ok: true, buchung: await checkInBuchung(deps, user, hier.id) };
};
