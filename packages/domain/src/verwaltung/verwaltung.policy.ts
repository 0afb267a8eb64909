/** Who may do what in administration: the overview, settings, locations, tenants, audit log and utilisation (decision 204). */
import { policies } from '../policy-regel.ts';

export const VERWALTUNG_POLICIES = policies({
  'verwaltung.oeffnen': {
    bildschirm: '/admin',
    beschreibung: { de: 'Die Administration öffnen', en: 'Open the administration' },
  },
  'customizing.pflegen': {
    bildschirm: '/admin/einstellungen',
    beschreibung: { de: 'Einstellungen des Mandanten pflegen', en: "Maintain the tenant's settings" },
  },
  'mandant.gestalten': {
    rechte: ['customizing_mandant_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Logo und Datenschutzerklärung des Mandanten hochladen',
      en: "Upload the tenant's logo and privacy notice",
    },
  },
  'lokationen.pflegen': {
    bildschirm: '/admin/lokationen',
    beschreibung: { de: 'Lokationen pflegen', en: 'Maintain locations' },
  },
  'protokoll.lesen': {
    bildschirm: '/admin/protokoll',
    beschreibung: { de: 'Das Änderungsprotokoll lesen', en: 'Read the audit log' },
  },
  'auslastung.sehen': {
    bildschirm: '/admin/auslastung',
    beschreibung: {
      de: 'Büroauslastung sehen (nur zusammengefasste Zahlen)',
      en: 'See the office utilisation (aggregated figures only)',
    },
  },
  'auswertung.sehen': {
    bildschirm: '/admin/auswertung',
    beschreibung: {
      de: 'Auswertungen sehen und exportieren (nur zusammengefasste Zahlen)',
      en: 'See and export evaluations (aggregated figures only)',
    },
  },
  'datenschutz.dokumente': {
    rechte: ['customizing_mandant_pflege'],
    fehler: 'auth.forbidden',
    beschreibung: {
      de: 'Datenblatt für den Betriebsrat und Verzeichnis der Verarbeitungstätigkeiten herunterladen',
      en: 'Download the works-council data sheet and the record of processing activities',
    },
  },
  'mandanten.verwalten': {
    plattform: true,
    beschreibung: { de: 'Mandanten anlegen und verwalten', en: 'Create and manage tenants' },
  },
});
