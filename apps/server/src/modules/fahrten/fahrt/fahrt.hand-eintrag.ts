import { randomUUID } from 'node:crypto';
import type { TFahrtenbuchFassung, THandEintragEingabe } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { aktuelleFassungen, assertFahrt } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { assertPasstInKette } from '@stellwerk/domain/fahrten/fahrtenbuch/kilometer';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { findEintraege } from './fahrt.fahrtenbuch.repository.ts';
import { angabenAus, anhaengen, type FahrtDeps, imModul, leerZuNull } from './fahrt.kontext.ts';
import { toFassung } from './fahrt.presenter.ts';
import { findPersonNamen, lockFahrzeugKopf } from './fahrt.repository.ts';

/**
 * POST /api/fahrzeuge/{id}/fahrtenbuch: a trip recorded by hand by a fleet administrator (a gap in the mileage
 * chain explained), complete, fitting between its neighbours, labelled as such with the reason.
 */
export const handEintrag = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
  input: THandEintragEingabe,
): Promise<TFahrtenbuchFassung> =>
  imModul(deps, user, async (tx) => {
    assertDarf(user, 'fuhrpark.verwalten');
    const kopf = await lockFahrzeugKopf(tx, fahrzeugId);
    if (!kopf) throw nichtGefunden('fahrzeug', fahrzeugId);
    const namen = await findPersonNamen(tx, [input.fahrerId, user.benutzerId]);
    const fahrerName = namen.get(input.fahrerId);
    if (fahrerName === undefined) throw nichtGefunden('person', input.fahrerId);
    const angaben = angabenAus(input, {
      beginn: new Date(input.beginn),
      ende: new Date(input.ende),
      kmBeginn: input.kmBeginn,
      kmEnde: input.kmEnde,
      fahrerId: input.fahrerId,
      fahrerName,
    });
    assertFahrt(angaben);
    const id = randomUUID();
    assertPasstInKette({
      fahrt: { id, ...angaben },
      fahrten: aktuelleFassungen(await findEintraege(tx, fahrzeugId)).map((e) => e.aktuell),
    });
    const eintrag = await anhaengen(tx, user.mandantId, {
      ...angaben,
      id,
      fahrzeugId,
      kennzeichen: kopf.kennzeichen,
      fahrzeugBuchungId: null,
      quelle: 'hand',
      korrigiertId: null,
      grund: leerZuNull(input.grund),
      erfasstAm: deps.now(),
      erfasstVonId: user.benutzerId,
      erfasstVonName: namen.get(user.benutzerId) ?? '',
    });
    return toFassung(eintrag, user.benutzerId);
  });
