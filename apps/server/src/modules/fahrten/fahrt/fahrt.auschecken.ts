import { randomUUID } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { TCheckOutEingabe } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { assertFahrt } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { fahrtSchritt } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.fahrt-schritt.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { angabenAus, anhaengen, type FahrtDeps } from './fahrt.kontext.ts';
import { findCheckIn, findPersonNamen } from './fahrt.repository.ts';
import {
  type FahrtDateien,
  KEINE_DATEIEN,
  mitDateien,
  pruefeAblesung,
  schreibeSchritt,
} from './fahrt.schritt.ts';

/**
 * POST /api/fahrzeug-buchungen/{id}/check-out: the driver ends the trip (history entry CHECK_OUT) and states it
 * for the logbook; the booking's trip reason, destination and destination person are the defaults. A business
 * trip's purpose and partner may follow within the completion period (decision 062). A trip of 0 km writes its
 * entry too (decision 092).
 */
export const checkOut = (
  deps: FahrtDeps,
  user: SessionUser,
  id: string,
  input: TCheckOutEingabe,
  dateien: FahrtDateien = KEINE_DATEIEN,
): Promise<TFahrzeugBuchung> =>
  mitDateien(deps, user, input, dateien, (written) =>
    fahrtSchritt(deps, user, id, 'checkOut', async (kontext) => {
      const { tx, row, buchung, fahrzeug, now } = kontext;
      const start = await findCheckIn(tx, row.id);
      if (!start) throw new DomainError('fahrzeug_buchung.nicht_eingecheckt');
      await pruefeAblesung(kontext, input, 'checkOut', start.kilometerstand);
      const danach = await schreibeSchritt(deps, user, kontext, input, 'checkOut', written);
      const kmBeginn = start.kilometerstand ?? input.kilometerstand;
      // a trip of 0 km (checked in, not driven) is a trip too: it gets its entry (decision 092)
      const fahrer = buchung.fahrer ?? buchung.buchender;
      const angaben = angabenAus(
        {
          ...input.fahrt,
          ziel: input.fahrt.ziel ?? row.zielAdresse,
          zweck: input.fahrt.zweck ?? row.anlass,
          partner: input.fahrt.partner ?? row.zielPerson,
          umweg: input.fahrt.umweg ?? row.umweg,
        },
        {
          beginn: start.zeitpunkt,
          ende: now,
          kmBeginn,
          kmEnde: input.kilometerstand,
          fahrerId: fahrer.id,
          fahrerName: fahrer.name,
        },
      );
      assertFahrt(angaben, { pflichtfelder: false });
      const ich = (await findPersonNamen(tx, [user.benutzerId])).get(user.benutzerId) ?? '';
      await anhaengen(tx, user.mandantId, {
        ...angaben,
        id: randomUUID(),
        fahrzeugId: fahrzeug.id,
        kennzeichen: buchung.fahrzeug.kennzeichen,
        fahrzeugBuchungId: row.id,
        quelle: 'fahrt',
        korrigiertId: null,
        grund: null,
        erfasstAm: now,
        erfasstVonId: user.benutzerId,
        erfasstVonName: ich,
      });
      return danach;
    }),
  );
