import { randomUUID } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { TFahrtenbuchFassung, TFassungEingabe } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { aktuelleFassungen, assertNeueFassung } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { assertPasstInKette } from '@stellwerk/domain/fahrten/fahrtenbuch/kilometer';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { darf } from '@stellwerk/domain/policy';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findEintraege, findEintrag, isKorrigiert } from './fahrt.fahrtenbuch.repository.ts';
import { angabenAus, anhaengen, darfLesen, type FahrtDeps, imModul, leerZuNull } from './fahrt.kontext.ts';
import { toFassung } from './fahrt.presenter.ts';
import { findPersonNamen, lockFahrzeugKopf } from './fahrt.repository.ts';

/**
 * POST /api/fahrtenbuch/{id}/fassungen: a new version of an entry (the driver or a fleet administrator), an
 * addition or, with a reason, a correction, within the completion period. Only the current version can be
 * replaced (409 otherwise).
 */
export const neueFassung = (
  deps: FahrtDeps,
  user: SessionUser,
  eintragId: string,
  input: TFassungEingabe,
): Promise<TFahrtenbuchFassung> =>
  imModul(deps, user, async (tx) => {
    const vorab = await findEintrag(tx, eintragId);
    if (!vorab || (vorab.fahrerId !== user.benutzerId && !darfLesen(user)))
      throw nichtGefunden('fahrtenbuch_eintrag', eintragId);
    const kopf = await lockFahrzeugKopf(tx, vorab.fahrzeugId);
    const alt = await findEintrag(tx, eintragId);
    if (!kopf || !alt) throw nichtGefunden('fahrtenbuch_eintrag', eintragId);
    if (alt.fahrerId !== user.benutzerId && !darf('fuhrpark.verwalten', user))
      throw new DomainError('auth.forbidden');
    if (await isKorrigiert(tx, alt.id)) throw new DomainError('conflict');
    const now = deps.now();
    const neu = angabenAus(input, {
      beginn: alt.beginn,
      ende: alt.ende,
      kmBeginn: input.kmBeginn ?? alt.kmBeginn,
      kmEnde: input.kmEnde ?? alt.kmEnde,
      fahrerId: alt.fahrerId,
      fahrerName: alt.fahrerName,
    });
    const grund = leerZuNull(input.grund);
    assertNeueFassung({ alt, neu, grund, now });
    // corrected readings must still fit between the trips before and after (decision 092)
    if (neu.kmBeginn !== alt.kmBeginn || neu.kmEnde !== alt.kmEnde)
      assertPasstInKette({
        fahrt: { id: alt.id, ...neu },
        fahrten: aktuelleFassungen(await findEintraege(tx, alt.fahrzeugId)).map((e) => e.aktuell),
      });
    const ich = (await findPersonNamen(tx, [user.benutzerId])).get(user.benutzerId) ?? '';
    const eintrag = await anhaengen(tx, user.mandantId, {
      ...neu,
      id: randomUUID(),
      fahrzeugId: alt.fahrzeugId,
      kennzeichen: alt.kennzeichen,
      fahrzeugBuchungId: alt.fahrzeugBuchungId,
      quelle: alt.quelle,
      korrigiertId: alt.id,
      grund,
      erfasstAm: now,
      erfasstVonId: user.benutzerId,
      erfasstVonName: ich,
    });
    return toFassung(eintrag, user.benutzerId);
  });
