import { DomainError, toDomainError } from '@stellwerk/domain/errors';
import type { TMailErneutAntwort, TMailErneutInput } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { leseraumMailErneutVerstoss } from '@stellwerk/domain/leseraum/leseraum-buchung/mail';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { type LeseraumDeps, withBuchung } from './leseraum-buchung.kontext.ts';
import { sendMail } from './leseraum-buchung.mails.ts';

/**
 * POST /api/mail (spec §7, decision 052): sends one of a booking's own mails again, to its booker or its
 * confirmer. Only whoever may see the booking (booker, confirmer, staff with buchung_pflege) may ask; anyone
 * else gets 404 like an unknown id. The text is rendered from the booking; the body only picks the type and,
 * for the adjustment mail, the previous times.
 */
export const sendeMailErneut = async (
  deps: LeseraumDeps,
  user: SessionUser,
  input: TMailErneutInput,
): Promise<TMailErneutAntwort> =>
  withBuchung(deps, user, input.buchung, async (tx, { row }) => {
    const verstoss = leseraumMailErneutVerstoss({
      typ: input.typ,
      status: row.status,
      hatAlt: input.buchungAlt != null,
      empfaenger: input.empfaenger,
      bestaetigerMail: row.bestaetigerMail,
    });
    if (verstoss) throw toDomainError(verstoss);
    const alt = input.buchungAlt
      ? { von: new Date(input.buchungAlt.von), bis: new Date(input.buchungAlt.bis) }
      : undefined;
    if (alt && !(alt.von < alt.bis)) throw new DomainError('leseraum_buchung.ende_vor_beginn');
    const to = input.empfaenger === 'bestaetiger' ? row.bestaetigerMail! : row.buchenderMail;
    const mailId = await sendMail(tx, deps, user.mandantId, row, input.typ, {
      to,
      ausdruecklich: true,
      alt,
      bestaetigungDurchPersonal: input.typ === 'useMailVormerkung' ? row.bestaetigerMail === null : undefined,
    });
    if (!mailId) throw new Error('a mail asked for again is never stopped by a switch');
    return { mailId, buchung: row.id, typ: input.typ, an: to, status: 'eingereiht' };
  });
