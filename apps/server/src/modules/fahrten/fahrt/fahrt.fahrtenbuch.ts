import { DomainError } from '@stellwerk/domain/errors';
import type { TFahrtenbuch } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import {
  aktuelleFassungen,
  ergaenzbarBis,
  fehlendeAngaben,
  isErgaenzbar,
  strecke,
} from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import { kilometerLuecken } from '@stellwerk/domain/fahrten/fahrtenbuch/kilometer';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { darf } from '@stellwerk/domain/policy';
import { berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { type EintragRow, findAnker, findEintraege } from './fahrt.fahrtenbuch.repository.ts';
import { findBelegeZuBuchungen } from './fahrt.historie.repository.ts';
import { darfLesen, type FahrtDeps, imModul } from './fahrt.kontext.ts';
import { toAnker, toFassung } from './fahrt.presenter.ts';
import { findFahrzeugKopf } from './fahrt.repository.ts';

/** A calendar year in Berlin: the default period of the logbook. */
const kalenderjahr = (now: Date): { von: Date; bis: Date } => {
  const jahr = Number(berlinDateKey(now).slice(0, 4));
  return { von: berlinInstant(`${jahr}-01-01`, '00:00'), bis: berlinInstant(`${jahr + 1}-01-01`, '00:00') };
};

/** Whether `user` may add a version to an entry: its driver, or a fleet administrator, within the period. */
const kannErgaenzen = (e: EintragRow, user: SessionUser, now: Date): boolean =>
  (e.fahrerId === user.benutzerId || darf('fuhrpark.verwalten', user)) && isErgaenzbar({ ende: e.ende, now });

/** GET /api/fahrzeuge/{id}/fahrtenbuch: the trips that began in the period, each with its versions. */
export const getFahrtenbuch = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
  query: { von?: string; bis?: string },
): Promise<TFahrtenbuch> =>
  imModul(deps, user, async (tx) => {
    if (!darfLesen(user)) throw new DomainError('auth.forbidden');
    const kopf = await findFahrzeugKopf(tx, fahrzeugId);
    if (!kopf) throw nichtGefunden('fahrzeug', fahrzeugId);
    const now = deps.now();
    const standard = kalenderjahr(now);
    const von = query.von ? new Date(query.von) : standard.von;
    const bis = query.bis ? new Date(query.bis) : standard.bis;
    if (!(von.getTime() < bis.getTime())) throw new DomainError('fahrtenbuch.ende_vor_beginn');
    const alle = await findEintraege(tx, fahrzeugId);
    const imZeitraum = aktuelleFassungen(alle).filter(
      ({ aktuell }) => aktuell.beginn.getTime() >= von.getTime() && aktuell.beginn.getTime() < bis.getTime(),
    );
    imZeitraum.sort((a, b) => a.aktuell.beginn.getTime() - b.aktuell.beginn.getTime());
    const aktuelle = imZeitraum.map((e) => e.aktuell);
    const belege = await findBelegeZuBuchungen(
      tx,
      aktuelle.flatMap((e) => (e.fahrzeugBuchungId ? [e.fahrzeugBuchungId] : [])),
    );
    return {
      fahrzeug: kopf,
      von: von.toISOString(),
      bis: bis.toISOString(),
      eintraege: imZeitraum.map(({ aktuell, fruehere }) => ({
        aktuell: toFassung(aktuell, user.benutzerId),
        fruehere: fruehere.map((f) => toFassung(f, user.benutzerId)),
        fehlend: fehlendeAngaben(aktuell) as Array<'ziel' | 'zweck' | 'partner' | 'notiz'>,
        ergaenzbarBis: ergaenzbarBis(aktuell.ende).toISOString(),
        kannErgaenzen: kannErgaenzen(aktuell, user, now),
        belege: (aktuell.fahrzeugBuchungId ? (belege.get(aktuell.fahrzeugBuchungId) ?? []) : []).map(
          (id) => ({
            id,
            url: `/api/dateien/${id}`,
          }),
        ),
      })),
      luecken: kilometerLuecken(aktuelle).map((l) => ({
        ...l,
        vonZeit: l.vonZeit.toISOString(),
        bisZeit: l.bisZeit.toISOString(),
      })),
      summeKm: aktuelle.reduce((s, e) => s + strecke(e), 0),
      anker: toAnker(await findAnker(tx, fahrzeugId)),
    };
  });
