/** The trips a driving ban cancels (decision 050), called by the licence module. */

import type { Fuehrerschein } from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import { stornosBeiFahrverbot } from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findPersonen } from './fahrzeug-buchung.fahrzeuge.repository.ts';
import { type FahrzeugBuchungDeps, LISTE_MAX, meldeAenderung, nameOf } from './fahrzeug-buchung.kontext.ts';
import { sendeMails } from './fahrzeug-buchung.mails.ts';
import { ladeEine } from './fahrzeug-buchung.presenter.ts';
import { findBuchungen } from './fahrzeug-buchung.repository.ts';
import { storniereDurchSystem } from './fahrzeug-buchung.system-storno.ts';

/** A trip a driving ban cancels, as the licence page lists it. */
export type FahrverbotStorno = {
  id: string;
  fahrzeug: string;
  kennzeichen: string;
  von: string;
  bis: string;
  buchender: string;
};

/**
 * The trips `fahrerId` drives (named as driver, or booked without naming another driver) that the driving ban
 * overlaps and that are not over yet (stornosBeiFahrverbot). With `stornieren` they are cancelled by the system's
 * cancellation with 'Storno wegen Fahrverbot des Fahrers.' and the cancellation mail to booker and driver naming the
 * licence checker, in the caller's transaction (the licence checker's save); otherwise only listed (the preview).
 * Called by the licence module, which authorises (fahrzeug_fuehrerscheinpruefung).
 */
export const fahrverbotStornos = async (
  tx: Tx,
  deps: FahrzeugBuchungDeps,
  akteur: SessionUser,
  {
    fahrerId,
    fahrverbot,
    stornieren,
  }: {
    fahrerId: string;
    fahrverbot: Pick<Fuehrerschein, 'fahrverbot' | 'fahrverbotVon' | 'fahrverbotBis'>;
    stornieren: boolean;
  },
): Promise<FahrverbotStorno[]> => {
  const now = deps.now();
  if (!fahrverbot.fahrverbot) return [];
  const rows = (
    await findBuchungen(tx, { benutzerId: fahrerId, from: now, to: null, limit: LISTE_MAX })
  ).filter((r) => (r.fahrerId ?? r.benutzerId) === fahrerId);
  const { buchungen: betroffen, grund } = stornosBeiFahrverbot({
    fuehrerschein: fahrverbot,
    buchungen: rows,
    now,
  });
  const personen = new Map(
    (await findPersonen(tx, [...new Set(betroffen.map((b) => b.benutzerId))])).map((p) => [p.id, p]),
  );
  const result: FahrverbotStorno[] = [];
  for (const row of betroffen) {
    if (stornieren) {
      // one trip at a time, so each mail follows its own cancellation; one cancelled meanwhile is left out
      const [storniert] = await storniereDurchSystem(tx, deps, akteur, {
        ids: [row.id],
        grund,
        benachrichtigen: false,
      });
      if (!storniert) continue;
      const buchung = await ladeEine(tx, row.id, akteur, now);
      await sendeMails(tx, deps, akteur, buchung, { typ: 'storniert', grund });
      await meldeAenderung(tx, akteur.mandantId, buchung);
    }
    const booker = personen.get(row.benutzerId);
    result.push({
      id: row.id,
      fahrzeug: `${row.marke} ${row.modell}`,
      kennzeichen: row.kennzeichen,
      von: row.von.toISOString(),
      bis: row.bis.toISOString(),
      buchender: booker ? nameOf(booker) : '',
    });
  }
  return result;
};
