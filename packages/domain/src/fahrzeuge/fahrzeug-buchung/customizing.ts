/**
 * The tenant's vehicle booking settings (spec §9, customizing options `Fahrzeug…`) in the shape the rules
 * take, so server and web read them the same way.
 */

import { wochentagNameAus } from '../../time.ts';
import {
  booleanCustomizing,
  numberCustomizing,
  type ResolvedCustomizing,
  stringCustomizing,
} from '../../verwaltung/customizing.ts';
import type { FahrzeugBuchungsCustomizing } from './pruefung.ts';
import { TAKT_MINUTEN } from './rules.ts';

/**
 * How many days ahead vehicles can be booked (decision 140): in the daily mode `FahrzeugVorausbuchbareTage`; in the
 * weekly mode (a weekday in `FahrzeugBuchungsfensterWochentag`) the window is counted in weeks, spec §9 "weekly
 * mode in weeks", `BuchungsfensterWochen` × 7 days, and grows by a week at the weekday and hour.
 */
export const vorausbuchbareTageAus = (settings: ResolvedCustomizing): number =>
  wochentagNameAus(stringCustomizing(settings, 'FahrzeugBuchungsfensterWochentag')) === null
    ? numberCustomizing(settings, 'FahrzeugVorausbuchbareTage')
    : numberCustomizing(settings, 'BuchungsfensterWochen') * 7;

export const fahrzeugCustomizingAus = ({
  settings,
}: {
  settings: ResolvedCustomizing;
}): FahrzeugBuchungsCustomizing => ({
  buchungszeitraumVon: stringCustomizing(settings, 'FahrzeugBuchungszeitraumVon'),
  buchungszeitraumBis: stringCustomizing(settings, 'FahrzeugBuchungszeitraumBis'),
  minimaleBuchungszeitMinuten: numberCustomizing(settings, 'FahrzeugMinimaleBuchungszeit'),
  mindestabstandStunden: numberCustomizing(settings, 'FahrzeugMindestabstandStunden'),
  mindestabstandMinuten: numberCustomizing(settings, 'FahrzeugMindestabstandMinuten'),
  mehrereFahrzeugeGleichzeitig: booleanCustomizing(settings, 'FahrzeugMehrereFahrzeugeGleichzeitig'),
  vorausbuchbareTage: vorausbuchbareTageAus(settings),
  // a value stored before names were read ('Montag') counts as its spec name (decision 134)
  fensterWochentag: wochentagNameAus(stringCustomizing(settings, 'FahrzeugBuchungsfensterWochentag')),
  fensterUhrzeit: stringCustomizing(settings, 'FahrzeugBuchungsfensterUhrzeit') || null,
  individuelleBuchungszeiten: booleanCustomizing(settings, 'FahrzeugIndividuelleBuchungszeiten'),
  buchungAusserhalbBuchungszeiten: booleanCustomizing(settings, 'FahrzeugBuchungAusserhalbBuchungszeiten'),
  taktMinuten: TAKT_MINUTEN,
});
