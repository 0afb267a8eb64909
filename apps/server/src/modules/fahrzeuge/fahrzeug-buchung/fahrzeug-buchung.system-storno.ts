/**
 * The system's cancellation of vehicle bookings (spec §4, §7) as the booking module's own operation (decision 153):
 * a vehicle deactivated or changed, a defect found at a check-in, a driving ban, a block. Other modules call it
 * instead of writing `fahrzeug_buchung` themselves.
 */
import { FAHRZEUG_BUCHUNG_UEBERGAENGE } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import type { Language } from '@stellwerk/domain/language';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findPersonen } from './fahrzeug-buchung.fahrzeuge.repository.ts';
import { type FahrzeugBuchungDeps, meldeFahrzeugBuchung } from './fahrzeug-buchung.kontext.ts';
import { sendeSystemStornoMails } from './fahrzeug-buchung.mails.ts';
import { findBuchungenByIds, setzeStatusWenn } from './fahrzeug-buchung.repository.ts';

export type SystemStorno = {
  ids: readonly string[];
  /** the reason, stored as the booking's information text (spec §4) */
  grund: string;
  /** the reason in a recipient's language for the mail; the stored reason by default */
  grundIn?: (sprache: Language) => string;
  /**
   * true (the default): the booker and the driver of each cancelled booking get the cancellation mail and open
   * pages hear of it. false: the caller tells them in its own words (the block, which moves other trips in the
   * same step and mails both kinds together).
   */
  benachrichtigen?: boolean;
};

/**
 * Cancels the given bookings with the reason as their information text, each only where the transition table's
 * `systemStorno` step allows it (never one durchgeführt or already storniert), in one statement in the caller's
 * transaction, so a row that changed meanwhile is left alone. Answers the ids it cancelled.
 */
export const storniereDurchSystem = async (
  tx: Tx,
  deps: Pick<FahrzeugBuchungDeps, 'now' | 'publicUrl'>,
  user: Pick<SessionUser, 'mandantId'>,
  { ids, grund, grundIn = () => grund, benachrichtigen = true }: SystemStorno,
): Promise<string[]> => {
  const storniert = await setzeStatusWenn(tx, {
    ids,
    von: FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.von,
    nach: FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.nach,
    werte: { informationstext: grund },
  });
  if (!benachrichtigen) return storniert;
  const rows = (await findBuchungenByIds(tx, storniert)).sort((a, b) =>
    a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
  for (const row of rows) {
    const empfaenger = await findPersonen(tx, [
      ...new Set([row.benutzerId, ...(row.fahrerId ? [row.fahrerId] : [])]),
    ]);
    await sendeSystemStornoMails(tx, deps, user.mandantId, row, empfaenger, grundIn);
    await meldeFahrzeugBuchung(tx, user.mandantId, row, [row.benutzerId, row.fahrerId]);
  }
  return storniert;
};
