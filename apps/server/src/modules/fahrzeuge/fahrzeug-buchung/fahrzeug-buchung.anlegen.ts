import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import type { TFahrzeugBuchungEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { frageFreigeberAn } from '../sonderfreigabe/sonderfreigabe.anfragen.ts';
import { lockFahrzeug } from './fahrzeug-buchung.fahrzeuge.repository.ts';
import {
  assertBuchungsTyp,
  type FahrzeugBuchungDeps,
  guardUeberschneidung,
  inFahrzeugModul,
  meldeAenderung,
  pruefeBuchung,
  werteAus,
} from './fahrzeug-buchung.kontext.ts';
import { fordereFreigabenAn, sendeMails } from './fahrzeug-buchung.mails.ts';
import { toApiBuchungen } from './fahrzeug-buchung.presenter.ts';
import { insertBuchung, insertMitfahrer } from './fahrzeug-buchung.repository.ts';

/**
 * POST /api/fahrzeug-buchungen: books a vehicle for the user or, with fahrzeug_fremdbuchung, for another
 * driver. A special trip is stored with the chosen approvers waiting for their decision. Mails the booker
 * (and the driver).
 */
export const createBuchung = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  input: TFahrzeugBuchungEingabe,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    assertBuchungsTyp(input);
    const fahrzeugRow = await lockFahrzeug(tx, input.fahrzeugId);
    if (!fahrzeugRow) throw nichtGefunden('fahrzeug', input.fahrzeugId);
    const fahrerId = input.fahrerId ?? user.benutzerId;
    const { sonderfahrt, hinweise } = await pruefeBuchung(tx, deps, user, {
      fahrzeugRow,
      von: new Date(input.von),
      bis: new Date(input.bis),
      fahrerId,
      buchenderId: user.benutzerId,
      freigeberIds: input.freigeberIds,
    });
    const row = await guardUeberschneidung(() =>
      insertBuchung(
        tx,
        {
          mandantId: user.mandantId,
          benutzerId: user.benutzerId,
          status: 'reserviert',
          ...werteAus(input, fahrerId === user.benutzerId ? null : fahrerId),
        },
        fahrzeugRow,
      ),
    );
    const namen = input.mitfahrer.map((m) => m.name);
    const mitfahrer = await insertMitfahrer(tx, { mandantId: user.mandantId, buchungId: row.id, namen });
    const freigeber = await frageFreigeberAn(tx, {
      mandantId: user.mandantId,
      buchungId: row.id,
      benutzerIds: sonderfahrt ? [...new Set(input.freigeberIds)] : [],
    });
    // the answer is built from what was just written (and checked against a read-back in the tests)
    const [buchung] = await toApiBuchungen(tx, [row], user, deps.now(), { mitfahrer, freigeber });
    if (!buchung) throw new Error('the new booking has no answer');
    await sendeMails(tx, deps, user, buchung, { typ: 'erstellt' });
    if (sonderfahrt) await fordereFreigabenAn(tx, deps, user.mandantId, buchung, input.freigeberIds);
    await meldeAenderung(tx, user.mandantId, buchung);
    return { ...buchung, hinweise };
  });
