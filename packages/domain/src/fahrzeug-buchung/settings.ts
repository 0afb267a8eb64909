/**
 * The tenant's vehicle booking settings (spec §9, customizing options `Fahrzeug…`) in the shape the rules
 * take, so server and web read them the same way.
 */
import { booleanSetting, numberSetting, type ResolvedSettings, stringSetting } from '../customizing.ts';
import { type FahrzeugBuchungsEinstellungen, TAKT_MINUTEN } from './rules.ts';

export const fahrzeugEinstellungenAus = ({
  settings,
}: {
  settings: ResolvedSettings;
}): FahrzeugBuchungsEinstellungen => ({
  buchungszeitraumVon: stringSetting(settings, 'FahrzeugBuchungszeitraumVon'),
  buchungszeitraumBis: stringSetting(settings, 'FahrzeugBuchungszeitraumBis'),
  minimaleBuchungszeitMinuten: numberSetting(settings, 'FahrzeugMinimaleBuchungszeit'),
  mindestabstandStunden: numberSetting(settings, 'FahrzeugMindestabstandStunden'),
  vorausbuchbareTage: numberSetting(settings, 'FahrzeugVorausbuchbareTage'),
  fensterWochentag: stringSetting(settings, 'FahrzeugBuchungsfensterWochentag') || null,
  fensterUhrzeit: stringSetting(settings, 'FahrzeugBuchungsfensterUhrzeit') || null,
  individuelleBuchungszeiten: booleanSetting(settings, 'FahrzeugIndividuelleBuchungszeiten'),
  buchungAusserhalbBuchungszeiten: booleanSetting(settings, 'FahrzeugBuchungAusserhalbBuchungszeiten'),
  taktMinuten: TAKT_MINUTEN,
});
