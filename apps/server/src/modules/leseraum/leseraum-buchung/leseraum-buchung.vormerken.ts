import type {
  TLeseraumBuchung,
  TLeseraumBuchungInput,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { bestaetigerFuerNeueBuchung } from '@stellwerk/domain/leseraum/leseraum-buchung/machine';
import { leseraumMailFuer } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { mitAngebot } from './leseraum-buchung.angebot.ts';
import { guardTaken, type LeseraumDeps, meldeBuchung, pruefeZeitraum } from './leseraum-buchung.kontext.ts';
import { bitteUmBestaetigung, sendMail } from './leseraum-buchung.mails.ts';
import { toApi } from './leseraum-buchung.presenter.ts';
import { findBuchung, insertBuchung } from './leseraum-buchung.repository.ts';
import { spindAlsApi, spindZurBuchung } from './leseraum-buchung.spind.ts';

/**
 * POST /api/leseraum-buchungen: a hold (vorgemerkt) of a place for the user, with the pre-booking mail; with
 * `spind` also the nearest free office locker for the same period, in the same transaction (decision 216). A
 * taken place is refused with another one offered (decisions 261, 267).
 */
export const createBuchung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  input: TLeseraumBuchungInput,
): Promise<TLeseraumBuchung> => {
  // the period the rules computed, for the offer of another place when this one is taken (decisions 261, 267)
  let gefragt: { von: Date; bis: Date } | undefined;
  return halte(deps, user, input, (period) => {
    gefragt = period;
  }).catch(async (error: unknown) => {
    throw await mitAngebot(deps, user, input, gefragt, error);
  });
};

const halte = async (
  deps: LeseraumDeps,
  user: SessionUser,
  input: TLeseraumBuchungInput,
  beiZeitraum: (period: { von: Date; bis: Date }) => void,
): Promise<TLeseraumBuchung> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    const { platz, period } = await pruefeZeitraum(tx, deps, user, {
      anfrage: input,
      leseraumId: input.leseraumId,
      gruppengroesse: input.gruppengroesse,
      buchenderMail: user.email,
      beiZeitraum,
    });
    const id = await guardTaken(() =>
      insertBuchung(tx, {
        mandantId: user.mandantId,
        leseraumId: platz.id,
        von: period.von,
        bis: period.bis,
        status: 'vorgemerkt',
        systembenutzer1Mail: user.email,
        systembenutzer2Mail: bestaetigerFuerNeueBuchung({
          buchenderMail: user.email,
          bestaetigungDurchPersonal: platz.bestaetigungDurchPersonal,
        }),
        gruppengroesse: input.gruppengroesse,
      }),
    );
    const row = (await findBuchung(tx, id))!;
    const spind = await spindZurBuchung(tx, deps.now, user, {
      wunsch: input.spind,
      platz,
      buchungId: id,
      period,
      database: deps.database,
    });
    await sendMail(tx, deps, user.mandantId, row, leseraumMailFuer({ art: 'erstellt' })!, {
      bestaetigungDurchPersonal: platz.bestaetigungDurchPersonal,
    });
    if (platz.bestaetigungDurchPersonal) await bitteUmBestaetigung(tx, deps, user, row);
    await meldeBuchung(tx, user.mandantId, row);
    return { ...toApi(row, user, deps.now()), spind: spindAlsApi(spind) };
  });
