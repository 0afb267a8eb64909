/**
 * The settings options of office utilisation (decisions 163 and 164).
 */
import { katalog, TENANT } from '../../verwaltung/customizing-option.ts';

export const AUSLASTUNG_OPTIONEN = katalog([
  {
    name: 'AuslastungMindestPersonen',
    label: { de: 'Mindestzahl Personen je Zelle', en: 'Minimum people per cell' },
    group: 'auslastung',
    feature: 'Systemeinstellungen',
    typ: 'number',
    default: '5',
    levels: TENANT,
    userEditable: false,
    min: 2,
    max: 100,
    description: {
      de: 'Die Büroauslastung zeigt eine Zahl je Lokation, Grundriss, Raumart, Kategorie oder Fahrzeug nur, wenn mindestens so viele verschiedene Personen dahinter stehen; kleinere Zellen werden zu „Sonstige“ zusammengefasst oder ausgeblendet (Betriebsrat, § 87 Abs. 1 Nr. 6 BetrVG). Standard: 5.',
      en: 'The office utilisation shows a figure per location, floor plan, room type, category or vehicle only when at least this many different people stand behind it; smaller cells are merged into "Other" or hidden (works council, section 87 (1) no. 6 BetrVG). Default: 5.',
    },
  },
  {
    name: 'AuslastungSchwelleFahrzeugProzent',
    label: { de: 'Schwelle für wenig genutzte Fahrzeuge', en: 'Threshold for little-used vehicles' },
    group: 'auslastung',
    feature: 'FahrzeugBuchung',
    typ: 'number',
    default: '20',
    unit: 'prozent',
    levels: TENANT,
    userEditable: false,
    min: 0,
    max: 100,
    description: {
      de: 'Fahrzeuge, deren gebuchte Auslastung in den letzten 90 Tagen darunter liegt, empfiehlt die Büroauslastung zur Prüfung (könnten abgegeben werden). Standard: 20.',
      en: 'Vehicles whose booked utilisation over the last 90 days is below this are recommended for review by the office utilisation (could be given up). Default: 20.',
    },
  },
]);
