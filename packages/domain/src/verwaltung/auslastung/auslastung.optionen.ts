/**
 * The settings options of office utilisation (decisions 163 and 164).
 */
import { katalog, TENANT } from '../../verwaltung/customizing-option.ts';
import { AUSWERTUNG_RHYTHMEN } from '../auswertung/versand.ts';

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
  {
    name: 'AuswertungMailRhythmus',
    label: { de: 'Auswertung per Mail', en: 'Evaluation by mail' },
    group: 'auslastung',
    feature: 'Systemeinstellungen',
    typ: 'string',
    default: 'aus',
    levels: TENANT,
    userEditable: false,
    allowedValues: AUSWERTUNG_RHYTHMEN,
    description: {
      de: 'Rhythmus, in dem die Auswertung (nur zusammengefasste Zahlen, Excel-Datei im Anhang) an die Empfänger geht: aus, woechentlich (die letzte volle Woche, montags) oder monatlich (der letzte volle Monat, am Monatsersten). Standard: aus.',
      en: 'Rhythm in which the evaluation (aggregated figures only, Excel file attached) goes to its recipients: aus (off), woechentlich (the last full week, on Mondays) or monatlich (the last full month, on the first). Default: aus.',
    },
  },
  {
    name: 'AuswertungMailEmpfaenger',
    label: { de: 'Empfänger der Auswertung', en: 'Evaluation recipients' },
    group: 'auslastung',
    feature: 'Systemeinstellungen',
    typ: 'array',
    itemTyp: 'email',
    default: '[]',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Adressen von Benutzern des Mandanten mit dem Recht „Auswertung“; andere Adressen erhalten nichts. Jede Mail in der Sprache ihres Benutzers. Standard: keine.',
      en: "Addresses of users of the tenant holding the evaluation right; other addresses get nothing. Each mail in its user's language. Default: none.",
    },
  },
]);
