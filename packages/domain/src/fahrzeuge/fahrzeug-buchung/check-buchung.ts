/**
 * Every rule of a vehicle booking in one pure call (spec §5, §6): who may book for the driver and the driver's
 * licence, the booking rules of the period against the vehicle's other bookings and blocks, one driver one car
 * (decision 134), the overdue UVV and HU (decision 068). Composed from the rules that own each check; the server
 * loads what they need (`fahrzeug-buchung.kontext.ts`) and answers the first violation.
 */

import type { RuleViolation } from '../../errors.ts';
import type { PermissionName } from '../../permissions.ts';
import { huBuchungsRegel, type UvvModus, uvvBuchungsRegel } from '../fahrzeug-benachrichtigung/pruefung.ts';
import {
  type BuchungsPerson,
  type Fuehrerschein,
  type FuehrerscheinKlasse,
  fahrerVerstoss,
  fuehrerscheinHinweise,
} from '../fuehrerschein/rules.ts';
import {
  type FahrzeugBuchungsCustomizing,
  type FahrzeugFuerBuchung,
  pruefeFahrzeugBuchung,
} from './pruefung.ts';
import { type Belegung, type FahrerBelegung, fahrerDoppeltVerstoss } from './rules.ts';

export type BuchungsCheck = {
  von: Date;
  bis: Date;
  now: Date;
  /** who books: the user, or the booker whose booking a maintainer changes (their rights count) */
  akteur: { id: string; permissions: ReadonlySet<PermissionName> };
  fahrer: BuchungsPerson & { name: string };
  fuehrerschein: Fuehrerschein | null;
  fahrzeug: FahrzeugFuerBuchung & {
    klasse: FuehrerscheinKlasse | null;
    uvvFaelligAm: string | null;
    huFaelligAm: string | null;
  };
  /** the vehicle's bookings and blocks around the period */
  belegungen: readonly Belegung[];
  /** the driver's trips on any vehicle over the period; not read (empty) when the tenant allows several cars */
  fahrerBelegungen: readonly FahrerBelegung[];
  einstellungen: FahrzeugBuchungsCustomizing;
  uvvModus: UvvModus;
  huModus: UvvModus;
  /** when changing a booking: its id (skipped in the overlap checks) and its current start */
  ignoreId?: string;
  bisherigerVon?: Date | null;
};

export type BuchungsCheckErgebnis = {
  /** in the order they are answered: the first is the refusal */
  verstoesse: RuleViolation[];
  /** warnings that do not refuse (an expired licence document, an overdue UVV or HU in mode warnen) */
  hinweise: RuleViolation[];
  /** outside the booking times: a special trip that needs approvers (spec §6, decision 049) */
  sonderfahrt: boolean;
};

/**
 * Checks a booking of one vehicle. Who may book for whom is answered first (nothing else matters then); the
 * licence after the period's rules, so the answer names what the user can fix first: a date too far ahead before a
 * lapsed licence check. Then one driver one car, the UVV, the HU. Whether the approvers chosen for a special trip
 * are valid is `freigeberVerstoss` (it needs the approvers, read only for a special trip).
 */
export const checkBuchung = ({
  von,
  bis,
  now,
  akteur,
  fahrer,
  fuehrerschein,
  fahrzeug,
  belegungen,
  fahrerBelegungen,
  einstellungen,
  uvvModus,
  huModus,
  ignoreId,
  bisherigerVon,
}: BuchungsCheck): BuchungsCheckErgebnis => {
  const fahrerPruefung = fahrerVerstoss({
    akteur,
    fahrer,
    fuehrerschein,
    klasse: fahrzeug.klasse,
    zeitraeume: [{ von, bis }],
    now,
  });
  const fuerWen = fahrerPruefung?.code.startsWith('fahrzeug_buchung.') ? fahrerPruefung : null;
  const zeitraum = pruefeFahrzeugBuchung({
    von,
    bis,
    fahrzeug,
    buchungen: belegungen,
    einstellungen,
    now,
    ignoreId,
    bisherigerVon: bisherigerVon ?? null,
  });
  const doppelt = fahrerDoppeltVerstoss({
    von,
    bis,
    fahrerName: fahrer.name,
    buchungen: fahrerBelegungen,
    erlaubt: einstellungen.mehrereFahrzeugeGleichzeitig,
    now,
    ignoreId,
  });
  const uvv = uvvBuchungsRegel({ uvvFaelligAm: fahrzeug.uvvFaelligAm, von, modus: uvvModus });
  const hu = huBuchungsRegel({ huFaelligAm: fahrzeug.huFaelligAm, von, modus: huModus });
  const verstoesse = [
    fuerWen,
    ...zeitraum.verstoesse,
    fuerWen ? null : fahrerPruefung,
    doppelt,
    uvv.verstoss,
    hu.verstoss,
  ].filter((v): v is RuleViolation => v !== null);
  return {
    verstoesse,
    // an expired licence document only warns (decision 050); an expired class refuses above
    hinweise: [
      ...fuehrerscheinHinweise({ fuehrerschein, now }),
      ...(uvv.hinweis ? [uvv.hinweis] : []),
      ...(hu.hinweis ? [hu.hinweis] : []),
    ],
    sonderfahrt: zeitraum.sonderfahrt,
  };
};
