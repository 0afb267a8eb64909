import type { TCheckInEingabe } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { vorCheckOut } from '@stellwerk/domain/fahrten/fahrtenbuch/fahrt-schritt';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { booleanCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import {
  fahrtSchritt,
  projiziereFahrt,
  sperreBuchungZeile,
} from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.fahrt-schritt.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { insertNachgetragenerCheckOut } from './fahrt.historie.repository.ts';
import type { FahrtDeps } from './fahrt.kontext.ts';
import { findOffeneFahrten } from './fahrt.repository.ts';
import {
  type FahrtDateien,
  KEINE_DATEIEN,
  mitDateien,
  pruefeAblesung,
  schreibeSchritt,
} from './fahrt.schritt.ts';

/**
 * POST /api/fahrzeug-buchungen/{id}/check-in: the driver starts the trip (history entry CHECK_IN) with readings,
 * damages found (with photos) and receipts. When the vehicle's previous trip is still checked in, decision 063
 * (`VorCheckOutAkzeptieren`) records its missing check-out or refuses.
 */
export const checkIn = (
  deps: FahrtDeps,
  user: SessionUser,
  id: string,
  input: TCheckInEingabe,
  dateien: FahrtDateien = KEINE_DATEIEN,
): Promise<TFahrzeugBuchung> =>
  mitDateien(deps, user, input, dateien, (written) =>
    fahrtSchritt(deps, user, id, 'checkIn', async (kontext) => {
      await pruefeAblesung(kontext, input, 'checkIn');
      const offen = await findOffeneFahrten(kontext.tx, {
        fahrzeugId: kontext.fahrzeug.id,
        ausser: kontext.row.id,
      });
      const vorher = vorCheckOut({
        vorherigeOffen: offen.length > 0,
        akzeptieren: booleanCustomizing(kontext.settings, 'VorCheckOutAkzeptieren'),
      });
      if (vorher === 'nachtragen')
        for (const vorherigeId of offen) {
          const vorherige = await sperreBuchungZeile(kontext.tx, vorherigeId);
          if (!vorherige) continue;
          await insertNachgetragenerCheckOut(kontext.tx, {
            mandantId: user.mandantId,
            fahrzeugId: kontext.fahrzeug.id,
            fahrzeugBuchungId: vorherigeId,
            zeitpunkt: kontext.now,
            benutzerId: user.benutzerId,
          });
          await projiziereFahrt(kontext.tx, vorherige, 'checkOut', kontext.now);
        }
      return schreibeSchritt(deps, user, kontext, input, 'checkIn', written);
    }),
  );
