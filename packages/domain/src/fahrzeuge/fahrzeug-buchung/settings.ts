/**
 * The tenant's vehicle booking settings (spec §9, customizing options `Fahrzeug…`) in the shape the rules
 * take, so server and web read them the same way.
 */
import {
  booleanSetting,
  numberSetting,
  type ResolvedSettings,
  stringSetting,
} from '../../verwaltung/customizing.ts';
import { wochentagNameAus } from '../../time.ts';
import { type FahrzeugBuchungsEinstellungen, TAKT_MINUTEN } from './rules.ts';

/**
 * How many days ahead vehicles can be booked (decision 140): in the daily mode `FahrzeugVorausbuchbareTage`; in the
 * weekly mode (a weekday in `FahrzeugBuchungsfensterWochentag`) the window is counted in weeks, spec §9 "weekly
 * mode in weeks", `BuchungsfensterWochen` × 7 days, and grows by a week at the weekday and hour.
 */
export const vorausbuchbareTageAus = (settings: ResolvedSettings): number =>
  wochentagNameAus(stringSetting(settings, 'FahrzeugBuchungsfensterWochentag')) === null
    ? numberSetting(settings, 'FahrzeugVorausbuchbareTage')
    : numberSetting(settings, 'BuchungsfensterWochen') * 7;

export const fahrzeugEinstellungenAus = ({
  settings,
}: {
  settings: ResolvedSettings;
}): FahrzeugBuchungsEinstellungen => ({
  buchungszeitraumVon: stringSetting(settings, 'FahrzeugBuchungszeitraumVon'),
  buchungszeitraumBis: stringSetting(settings, 'FahrzeugBuchungszeitraumBis'),
  minimaleBuchungszeitMinuten: numberSetting(settings, 'FahrzeugMinimaleBuchungszeit'),
  mindestabstandStunden: numberSetting(settings, 'FahrzeugMindestabstandStunden'),
  mindestabstandMinuten: numberSetting(settings, 'FahrzeugMindestabstandMinuten'),
  mehrereFahrzeugeGleichzeitig: booleanSetting(settings, 'FahrzeugMehrereFahrzeugeGleichzeitig'),
  vorausbuchbareTage: vorausbuchbareTageAus(settings),
  // a value stored before names were read ('Montag') counts as its spec name (decision 134)
  fensterWochentag: wochentagNameAus(stringSetting(settings, 'FahrzeugBuchungsfensterWochentag')),
  fensterUhrzeit: stringSetting(settings, 'FahrzeugBuchungsfensterUhrzeit') || null,
  individuelleBuchungszeiten: booleanSetting(settings, 'FahrzeugIndividuelleBuchungszeiten'),
  buchungAusserhalbBuchungszeiten: booleanSetting(settings, 'FahrzeugBuchungAusserhalbBuchungszeiten'),
  taktMinuten: TAKT_MINUTEN,
});
