/** The settings options of data protection: when past bookings lose their personal references (decision 199). */
import { katalog, TENANT } from '../customizing-option.ts';

export const DATENSCHUTZ_OPTIONEN = katalog([
  {
    name: 'DatenschutzAnonymisierungTage',
    label: {
      de: 'Anonymisierung vergangener Buchungen nach Tagen',
      en: 'Anonymise past bookings after days',
    },
    group: 'datenschutz',
    feature: 'Systemeinstellungen',
    typ: 'number',
    default: '90',
    unit: 'tage',
    levels: TENANT,
    userEditable: false,
    min: 7,
    max: 3650,
    description: {
      de: 'So viele Tage nach ihrem Ende verlieren Raum- und Fahrzeugbuchungen (mit Vormerkungen und Check-ins) ihren Personenbezug; Auswertungen bleiben gleich. Das Fahrtenbuch ist ausgenommen (§ 147 AO). Standard: 90.',
      en: 'This many days after their end, room and vehicle bookings (with holds and check-ins) lose their personal references; statistics stay the same. The logbook is exempt (section 147 AO). Default: 90.',
    },
  },
]);
