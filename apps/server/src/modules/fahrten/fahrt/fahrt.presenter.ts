import type { TFahrtenbuchAnker, TFahrtenbuchFassung } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import { sichtbarerEintrag, strecke } from '@stellwerk/domain/fahrten/fahrtenbuch/eintrag';
import type { AnkerRow, EintragRow } from './fahrt.fahrtenbuch.repository.ts';

export const toFassung = (e: EintragRow, betrachterId: string): TFahrtenbuchFassung => {
  const s = sichtbarerEintrag({ eintrag: e, betrachterId });
  return {
    id: s.id,
    laufnummer: s.laufnummer,
    quelle: s.quelle,
    fahrzeugBuchungId: s.fahrzeugBuchungId,
    korrigiertId: s.korrigiertId,
    grund: s.grund,
    art: s.art,
    beginn: s.beginn.toISOString(),
    ende: s.ende.toISOString(),
    kmBeginn: s.kmBeginn,
    kmEnde: s.kmEnde,
    strecke: strecke(s),
    fahrer: { id: s.fahrerId, name: s.fahrerName },
    ziel: s.ziel,
    zweck: s.zweck,
    partner: s.partner,
    umweg: s.umweg,
    notiz: s.notiz,
    erfasstAm: s.erfasstAm.toISOString(),
    erfasstVon: { id: s.erfasstVonId, name: s.erfasstVonName },
    hash: s.hash,
  };
};

/** The retention purge's anchor as the API shows it (decision 081). */
export const toAnker = (anker: AnkerRow | undefined): TFahrtenbuchAnker | null =>
  anker
    ? {
        bisLaufnummer: anker.bisLaufnummer,
        bisEnde: anker.bisEnde.toISOString(),
        anzahl: anker.anzahl,
        geloeschtAm: anker.geloeschtAm.toISOString(),
      }
    : null;
