/**
 * The error catalogue of this area: settings (customizing), tenants, locations and utilisation.
 * Combined with the other areas' catalogues into `ERRORS` (errors.ts); codes are unique across areas.
 */
import type { CatalogueEntry } from '../error-catalogue.ts';

export const VERWALTUNG_ERRORS = {
  'auslastung.zeitraum_ungueltig': {
    status: 400,
    de: 'Der Zeitraum ist ungültig: ein Tag im Format JJJJ-MM-TT, das Ende nicht vor dem Beginn, höchstens {max} Tage.',
    en: 'The period is invalid: a day as YYYY-MM-DD, the end not before the start, at most {max} days.',
  },
  'auslastung.standort_fremd': {
    status: 403,
    de: 'Dieser Standort gehört nicht zu Ihren Standorten.',
    en: 'This location is not one of your locations.',
  },
  // --- customizing (spec §5, §8) -----------------------------------------------------------------
  'customizing.option_not_found': {
    status: 404,
    de: 'keine CustomizingOption zu {name} gefunden!',
    en: 'No customizing option named {name} found!',
  },
  'customizing.not_a_number': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ number sein!',
    en: 'The value to map must be of type number!',
  },
  'customizing.not_an_integer': {
    status: 400,
    de: 'Der Wert für {name} muss eine ganze Zahl sein.',
    en: 'The value for {name} must be a whole number.',
  },
  'customizing.not_a_boolean': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ boolean sein!',
    en: 'The value to map must be of type boolean!',
  },
  'customizing.not_a_string': {
    status: 400,
    de: 'Wert zum mappen muss vom Typ string sein!',
    en: 'The value to map must be of type string!',
  },
  'customizing.not_an_array': {
    status: 400,
    de: 'Wert zum mappen muss eine Liste sein!',
    en: 'The value to map must be a list!',
  },
  'customizing.value_too_long': {
    status: 400,
    de: 'Der Wert für {name} ist zu lang (höchstens {max} Zeichen).',
    en: 'The value for {name} is too long (at most {max} characters).',
  },
  'customizing.wochentag_unbekannt': {
    status: 400,
    de: 'Der Wochentag {wert} ist für {name} unbekannt. Erlaubt sind: {liste} (auch Montag, Mo oder monday).',
    en: 'The weekday {wert} is unknown for {name}. Allowed are: {liste} (also Montag, Mo or monday).',
  },
  'customizing.value_not_allowed': {
    status: 400,
    de: 'Der Wert {wert} ist für {name} nicht erlaubt.',
    en: 'The value {wert} is not allowed for {name}.',
  },
  'customizing.out_of_range': {
    status: 400,
    de: 'Der Wert für {name} muss zwischen {min} und {max} liegen.',
    en: 'The value for {name} must be between {min} and {max}.',
  },
  'customizing.level_not_allowed': {
    status: 403,
    de: 'Die Einstellung {name} kann auf der Ebene {schicht} nicht gesetzt werden.',
    en: 'The setting {name} cannot be set at level {schicht}.',
  },
  // raised when the database refuses a write for a known reason; {grund} (grund_de, grund_en) is a fixed text, never
  // the database's own message (apps/server/src/modules/verwaltung/customizing/customizing.service.ts)
  'customizing.save_failed': {
    status: 409,
    de: 'Neuer Customizing Wert {wert} konnte nicht in Schicht {schicht} gespeichert werden. Fehler: {grund}',
    en: 'New customizing value {wert} could not be saved at level {schicht}. Error: {grund}',
  },
  // --- administration master data ------------------------------------------------------
  'mandant.domain_ungueltig': {
    status: 400,
    de: 'Die Domain {domain} ist ungültig.',
    en: 'The domain {domain} is invalid.',
  },
  'mandant.domain_vergeben': {
    status: 409,
    de: 'Die Domain {domain} gehört bereits zu einem anderen Mandanten.',
    en: 'The domain {domain} already belongs to another tenant.',
  },
  'mandant.name_bestaetigung_falsch': {
    status: 400,
    de: 'Zum Löschen bitte den Namen des Mandanten „{name}“ genau eingeben.',
    en: 'To delete, please type the tenant name "{name}" exactly.',
  },
  'mandant.fahrtenbuch_aufbewahrung': {
    status: 409,
    de: 'Der Mandant {name} kann nicht gelöscht werden: Sein Fahrtenbuch enthält {anzahl} Einträge, die nach § 147 AO bis Ende {jahr} aufbewahrt werden müssen. Schalten Sie die Fahrzeugbuchung ab; löschen können Sie den Mandanten, sobald die Aufbewahrungsfrist abgelaufen ist und die Einträge entfernt sind.',
    en: 'The tenant {name} cannot be deleted: its logbook holds {anzahl} entries that must be kept until the end of {jahr} (§ 147 AO). Switch vehicle booking off; you can delete the tenant once the retention period has passed and the entries are removed.',
  },
  'mandant.eigener_mandant': {
    status: 409,
    de: 'Den eigenen Mandanten können Sie nicht löschen.',
    en: 'You cannot delete your own tenant.',
  },
  'mandant.mandant_angeben': {
    status: 409,
    de: 'Es gibt mehrere Mandanten ({mandanten}); bitte den Mandanten angeben.',
    en: 'There are several tenants ({mandanten}); please name the tenant.',
  },
  'standort.name_vergeben': {
    status: 409,
    de: 'Eine Lokation mit dem Namen {name} gibt es bereits.',
    en: 'A location named {name} already exists.',
  },
  'standort.in_verwendung': {
    status: 409,
    de: 'Die Lokation {name} wird noch verwendet ({fahrzeuge#Fahrzeug|Fahrzeuge}, {grundrisse#Grundriss|Grundrisse}) und kann nicht gelöscht werden.',
    en: 'The location {name} is still in use ({fahrzeuge#vehicle|vehicles}, {grundrisse#floor plan|floor plans}) and cannot be deleted.',
  },
} as const satisfies Record<string, CatalogueEntry>;
