import { DomainError } from '@stellwerk/domain/errors';
import type {
  TLeseraumBuchung,
  TLeseraumBuchungAenderung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { leseraumMailFuer } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import { leseraumBuchungAbilities } from '@stellwerk/domain/leseraum/leseraum-buchung/policy';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  guardTaken,
  istPersonal,
  type LeseraumDeps,
  meldeBuchung,
  pruefeZeitraum,
  reload,
  withBuchung,
} from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';
import { toApi } from './leseraum-buchung.presenter.ts';
import { updateBuchung } from './leseraum-buchung.repository.ts';
import { spindAlsApi, spindVerschieben } from './leseraum-buchung.spind.ts';

/**
 * PUT /api/leseraum-buchungen/{id}: new times for a hold or reservation that has not begun (same rules); its office
 * locker follows it (decision 216).
 */
export const aendereBuchung = async (
  deps: LeseraumDeps,
  user: SessionUser,
  id: string,
  input: TLeseraumBuchungAenderung,
): Promise<TLeseraumBuchung> =>
  withBuchung(deps, user, id, async (tx, { row }, now) => {
    const abilities = leseraumBuchungAbilities({
      buchung: row,
      userMail: user.email,
      istPersonal: istPersonal(user),
      now,
    });
    if (!abilities.kannAendern)
      throw new DomainError('leseraum_buchung.schritt_nicht_erlaubt', { status: row.status });
    // decision 125: a group size left out keeps the stored one; a given one is checked and stored
    const gruppengroesse = input.gruppengroesse ?? row.gruppengroesse;
    const { platz, period } = await pruefeZeitraum(tx, deps, user, {
      anfrage: input,
      leseraumId: row.leseraumId,
      gruppengroesse,
      buchenderMail: row.buchenderMail,
      ignoreId: row.id,
    });
    await guardTaken(() =>
      updateBuchung(tx, row.id, {
        von: period.von,
        bis: period.bis,
        gruppengroesse,
        erinnerungGesendetAm: null,
      }),
    );
    const spind = await spindVerschieben(tx, deps.now, {
      mandantId: user.mandantId,
      platz,
      buchungId: row.id,
      period,
      database: deps.database,
    });
    const updated = await reload(tx, row.id);
    await sendMail(tx, deps, user.mandantId, updated, leseraumMailFuer({ art: 'geaendert' })!, {
      alt: { von: row.von, bis: row.bis },
    });
    await meldeBuchung(tx, user.mandantId, updated);
    return { ...toApi(updated, user, now), spind: spindAlsApi(spind) };
  });
