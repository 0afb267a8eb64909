/**
 * The tenant's vehicle booking settings (spec §9, customizing options `Fahrzeug…`) in the shape the rules
 * take, so server and web read them the same way.
 */
import { booleanSetting, numberSetting, type ResolvedSettings, stringSetting } from '../customizing.ts';
import { weekdayFromName } from '../time.ts';
import { type FahrzeugBuchungsEinstellungen, TAKT_MINUTEN } from './rules.ts';

/**
 * How many days ahead vehicles can be booked (decision 140): in the daily mode `FahrzeugVorausbuchbareTage`; in the
 * weekly mode (a weekday in `FahrzeugBuchungsfensterWochentag`) the window is counted in weeks, spec §9 "weekly
 * mode in weeks", `BuchungsfensterWochen` × 7 days, and grows by a week at the weekday and hour.
 */
export const vorausbuchbareTageAus = (settings: ResolvedSettings): number =>
  weekdayFromName(stringSetting(settings, 'FahrzeugBuchungsfensterWochentag')) === null
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
  vorausbuchbareTage: vorausbuchbareTageAus(settings),
  fensterWochentag: stringSetting(settings, 'FahrzeugBuchungsfensterWochentag') || null,
  fensterUhrzeit: stringSetting(settings, 'FahrzeugBuchungsfensterUhrzeit') || null,
  individuelleBuchungszeiten: booleanSetting(settings, 'FahrzeugIndividuelleBuchungszeiten'),
  buchungAusserhalbBuchungszeiten: booleanSetting(settings, 'FahrzeugBuchungAusserhalbBuchungszeiten'),
  taktMinuten: TAKT_MINUTEN,
});
