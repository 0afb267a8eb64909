import { DomainError, toDomainError } from '@stellwerk/domain/errors';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import {
  FAHRZEUG_BUCHUNG_UEBERGAENGE,
  fremdStornoGrundVerstoss,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  type FahrzeugBuchungDeps,
  inFahrzeugModul,
  meldeAenderung,
  requireSichtbar,
} from './fahrzeug-buchung.kontext.ts';
import { sendeMails } from './fahrzeug-buchung.mails.ts';
import { ladeEine, toApiBuchungen } from './fahrzeug-buchung.presenter.ts';
import { lockBuchung, updateBuchung } from './fahrzeug-buchung.repository.ts';

/** POST /api/fahrzeug-buchungen/{id}/storno: the booker or a maintainer cancels a trip before check-in. */
export const storniereBuchung = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  id: string,
  grund?: string,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const now = deps.now();
    const row = requireSichtbar(await lockBuchung(tx, id), user, id);
    const [vorher] = await toApiBuchungen(tx, [row], user, now);
    if (!vorher!.aktionen.kannStornieren)
      throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status: row.status });
    // someone else's trip only with a reason (decision 149)
    const ohneGrund = fremdStornoGrundVerstoss({
      benutzerId: row.benutzerId,
      akteurId: user.benutzerId,
      grund,
    });
    if (ohneGrund) throw toDomainError(ohneGrund);
    // the reason becomes the booking's information text, as a system cancellation's does (spec §4); who cancelled
    // is kept, so the booker still sees a cancellation that was not theirs (decision 149)
    await updateBuchung(tx, row.id, {
      status: FAHRZEUG_BUCHUNG_UEBERGAENGE.stornieren.nach,
      storniertVon: user.benutzerId,
      ...(grund ? { informationstext: grund } : {}),
    });
    const buchung = await ladeEine(tx, row.id, user, now);
    await sendeMails(tx, deps, user, buchung, { typ: 'storniert', ...(grund ? { grund } : {}) });
    await meldeAenderung(tx, user.mandantId, buchung);
    return buchung;
  });
