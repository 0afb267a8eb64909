/**
 * The vehicles' side of a kiosk board (decision 207): a location's active vehicles, each free now or when it comes
 * back, from the occupied periods as the timeline computes them (`belegterZeitraum`). No person is named.
 */
import { belegterZeitraum } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import { kioskFahrzeugJetzt } from '@stellwerk/domain/plattform/kiosk/tafel';
import type { Tx } from '../../../db/client.ts';
import { findBelegungenMitFahrt } from './fahrzeug-buchung.belegung.repository.ts';
import { findFahrzeugeMitFenster } from './fahrzeug-buchung.fahrzeuge.repository.ts';

/** Occupations are looked at this far ahead: a car booked for longer shows "back at" that end. */
const VORAUS_MS = 7 * 86_400_000;

export const tafelFahrzeuge = async (tx: Tx, standortId: string, jetzt: Date) => {
  const { fahrzeuge } = await findFahrzeugeMitFenster(tx, { standortId, mitFenster: false });
  if (fahrzeuge.length === 0) return [];
  const belegungen = await findBelegungenMitFahrt(tx, {
    fahrzeugIds: fahrzeuge.map((f) => f.id),
    from: jetzt,
    to: new Date(jetzt.getTime() + VORAUS_MS),
  });
  const zeitraeume = new Map<string, { von: Date; bis: Date }[]>();
  for (const b of belegungen) {
    const z = belegterZeitraum({ buchung: b, now: jetzt });
    if (z) zeitraeume.set(b.fahrzeugId, [...(zeitraeume.get(b.fahrzeugId) ?? []), z]);
  }
  return fahrzeuge.map((f) => {
    const stand = kioskFahrzeugJetzt(zeitraeume.get(f.id) ?? [], jetzt);
    return {
      id: f.id,
      bezeichnung: [f.marke, f.modell].filter(Boolean).join(' '),
      kennzeichen: f.kennzeichen,
      frei: stand.frei,
      zurueckAm: stand.zurueckAm?.toISOString() ?? null,
    };
  });
};
