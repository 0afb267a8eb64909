/**
 * The tenant's vehicle booking settings (spec §9, customizing options `Fahrzeug…`) in the shape the rules
 * take, so server and web read them the same way.
 */
import { booleanSetting, numberSetting, type ResolvedSettings, stringSetting } from '../customizing.ts';
import { wochentagNameAus } from '../time.ts';
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
  mindestabstandMinuten: numberSetting(settings, 'FahrzeugMindestabstandMinuten'),
  mehrereFahrzeugeGleichzeitig: booleanSetting(settings, 'FahrzeugMehrereFahrzeugeGleichzeitig'),
  vorausbuchbareTage: numberSetting(settings, 'FahrzeugVorausbuchbareTage'),
  // a value stored before names were read ('Montag') counts as its spec name (decision 134)
  fensterWochentag: wochentagNameAus(stringSetting(settings, 'FahrzeugBuchungsfensterWochentag')),
  fensterUhrzeit: stringSetting(settings, 'FahrzeugBuchungsfensterUhrzeit') || null,
  individuelleBuchungszeiten: booleanSetting(settings, 'FahrzeugIndividuelleBuchungszeiten'),
  buchungAusserhalbBuchungszeiten: booleanSetting(settings, 'FahrzeugBuchungAusserhalbBuchungszeiten'),
  taktMinuten: TAKT_MINUTEN,
});
