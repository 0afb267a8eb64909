/**
 * The vehicle report (decision 067): per the tenant's rhythm (FahrzeugReportIntervallMonate: 1, 3,
 * 6 or 12 months; calendar months, quarters, half years, years in Berlin time) the recipients get, once per
 * period, a summary per vehicle of the period just ended: trips, distance, damages, cleanliness incidents
 * and mileage gaps, taken from the history's CHECK_IN and CHECK_OUT entries.
 */

import { lueckeKm } from '../../fahrten/fahrtenbuch/kilometer.ts';
import { addCalendarMonths, berlinDateKey, berlinInstant } from '../../time.ts';
import { isSchwelleErreicht } from '../fahrzeug/historie.ts';
import { isReportRhythmus, REPORT_RHYTHMUS_MONATE } from '../fahrzeuge.optionen.ts';

export type ReportZeitraum = {
  /** first day, `YYYY-MM-DD` */
  von: string;
  /** first day after the period */
  bis: string;
  monate: number;
  schluessel: string;
};

/**
 * The last complete period of `monate` months before `now`: periods start in January and every `monate`
 * months after, at Berlin midnight. Null when `monate` is not 1, 3, 6 or 12 or its key was sent already.
 * `fuer`: the user of a personal report (decision 078), whose periods are remembered apart from the tenant's.
 */
export const faelligerReportZeitraum = ({
  now,
  monate,
  gesendet,
  fuer,
}: {
  now: Date;
  monate: number;
  gesendet: ReadonlySet<string>;
  fuer?: string;
}): ReportZeitraum | null => {
  if (![1, 3, 6, 12].includes(monate)) return null;
  const heute = berlinDateKey(now);
  const jahr = Number(heute.slice(0, 4));
  const monat = Number(heute.slice(5, 7)); // 1..12
  const startMonat = Math.floor((monat - 1) / monate) * monate + 1;
  const bis = `${jahr}-${String(startMonat).padStart(2, '0')}-01`;
  const von = addCalendarMonths(bis, -monate);
  const schluessel = fuer ? `report:${fuer}:${monate}:${von}` : `report:${monate}:${von}`;
  return gesendet.has(schluessel) ? null : { von, bis, monate, schluessel };
};

/**
 * The personal report (decision 078): the period of `benutzerId`'s own rhythm that is due now, or null when the
 * user has not switched it on, the rhythm is none of the spec's, or that period was sent already.
 */
export const faelligerPersoenlicherReport = ({
  now,
  eingeschaltet,
  rhythmus,
  gesendet,
  benutzerId,
}: {
  now: Date;
  eingeschaltet: boolean;
  rhythmus: string;
  gesendet: ReadonlySet<string>;
  benutzerId: string;
}): ReportZeitraum | null =>
  eingeschaltet && isReportRhythmus(rhythmus)
    ? faelligerReportZeitraum({ now, monate: REPORT_RHYTHMUS_MONATE[rhythmus], gesendet, fuer: benutzerId })
    : null;

/**
 * Who gets a personal report (decision 078): the user, then each further address that belongs to a user of the
 * tenant (`benutzerAdressen`, lower case), each once whatever its case; other addresses get nothing, so the
 * trips stay in the organisation.
 */
export const persoenlicheReportEmpfaenger = ({
  eigeneAdresse,
  weitere,
  benutzerAdressen,
}: {
  eigeneAdresse: string;
  weitere: readonly string[];
  benutzerAdressen: ReadonlySet<string>;
}): string[] => {
  const gesehen = new Set([eigeneAdresse.toLowerCase()]);
  const empfaenger = [eigeneAdresse];
  for (const adresse of weitere) {
    const klein = adresse.trim().toLowerCase();
    if (!klein || gesehen.has(klein) || !benutzerAdressen.has(klein)) continue;
    gesehen.add(klein);
    empfaenger.push(adresse.trim());
  }
  return empfaenger;
};

export type ReportEintrag = {
  fahrzeugId: string;
  fahrzeugBuchungId: string | null;
  typ: string;
  zeitpunkt: Date;
  kilometerstand: number | null;
  sauberkeitInnen: string | null;
  sauberkeitAussen: string | null;
  schaeden: number;
};

export type ReportZeile = {
  fahrzeugId: string;
  fahrten: number;
  kilometer: number;
  schaeden: number;
  verschmutzungen: number;
  kilometerluecken: number;
};

/**
 * The summary of each vehicle for `[von, bis)` (Berlin days). A trip is a CHECK_OUT in the period; its
 * distance is the check-out reading minus the booking's check-in reading (without a booking: the vehicle's
 * last check-in). A damage counts once per damage
 * recorded, a cleanliness incident once per entry at or worse than a threshold, a mileage gap once per
 * CHECK_IN reading above the vehicle's last earlier reading. Vehicles without entries show zeros.
 */
export const reportZusammenfassung = ({
  fahrzeugIds,
  eintraege,
  von,
  bis,
  reinigungszustaende,
  schwelleInnen,
  schwelleAussen,
}: {
  fahrzeugIds: readonly string[];
  /** the vehicles' CHECK_IN and CHECK_OUT entries up to `bis` (earlier ones give the last reading) */
  eintraege: readonly ReportEintrag[];
  von: string;
  bis: string;
  reinigungszustaende: readonly string[];
  schwelleInnen: string;
  schwelleAussen: string;
}): ReportZeile[] => {
  const start = berlinInstant(von, '00:00').getTime();
  const ende = berlinInstant(bis, '00:00').getTime();
  return fahrzeugIds.map((fahrzeugId) => {
    const eigene = eintraege
      .filter((e) => e.fahrzeugId === fahrzeugId && e.zeitpunkt.getTime() < ende)
      .sort((a, b) => a.zeitpunkt.getTime() - b.zeitpunkt.getTime());
    const zeile: ReportZeile = {
      fahrzeugId,
      fahrten: 0,
      kilometer: 0,
      schaeden: 0,
      verschmutzungen: 0,
      kilometerluecken: 0,
    };
    const checkInStand = new Map<string, number>();
    let letzterCheckIn: number | null = null;
    let letzterStand: number | null = null;
    for (const e of eigene) {
      const imZeitraum = e.zeitpunkt.getTime() >= start;
      if (e.typ === 'CHECK_IN' && e.kilometerstand !== null) {
        if (imZeitraum && lueckeKm(letzterStand, e.kilometerstand) > 0) zeile.kilometerluecken++;
        if (e.fahrzeugBuchungId) checkInStand.set(e.fahrzeugBuchungId, e.kilometerstand);
        letzterCheckIn = e.kilometerstand;
      }
      if (imZeitraum) {
        zeile.schaeden += e.schaeden;
        const innen =
          e.sauberkeitInnen !== null &&
          isSchwelleErreicht({
            wert: e.sauberkeitInnen,
            schwelle: schwelleInnen,
            liste: reinigungszustaende,
          });
        const aussen =
          e.sauberkeitAussen !== null &&
          isSchwelleErreicht({
            wert: e.sauberkeitAussen,
            schwelle: schwelleAussen,
            liste: reinigungszustaende,
          });
        if (innen || aussen) zeile.verschmutzungen++;
        if (e.typ === 'CHECK_OUT') {
          zeile.fahrten++;
          // the booking's check-in; an entry without booking pairs with the vehicle's last check-in
          const anfang = e.fahrzeugBuchungId
            ? checkInStand.get(e.fahrzeugBuchungId)
            : (letzterCheckIn ?? undefined);
          if (anfang !== undefined && e.kilometerstand !== null && e.kilometerstand >= anfang)
            zeile.kilometer += e.kilometerstand - anfang;
        }
      }
      if (e.kilometerstand !== null) letzterStand = Math.max(letzterStand ?? 0, e.kilometerstand);
    }
    return zeile;
  });
};
