/** The settings options of the assistant (decision 248): whether free text may go to the operator's language model. */
import { katalog, TENANT } from '../verwaltung/customizing-option.ts';

export const ASSISTENT_OPTIONEN = katalog([
  {
    name: 'AssistentSprachmodell',
    label: { de: 'Sprachmodell für den Assistenten', en: 'Language model for the assistant' },
    group: 'assistent',
    feature: 'Chatbot',
    typ: 'boolean',
    default: 'false',
    levels: TENANT,
    userEditable: false,
    description: {
      de: 'Freitext im Assistenten geht an das Sprachmodell des Betriebs (LLM_URL), mit den Werkzeugen des MCP-Servers; gesendet werden nur der Text, die Beschreibung der Werkzeuge und deren Ergebnisse. Ohne LLM_URL, bei einem Fehler oder nach der Wartezeit gilt die eingebaute Erkennung. Änderungen bestätigt die Person weiterhin selbst. Standard: aus.',
      en: "Free text in the assistant goes to the operator's language model (LLM_URL), with the MCP server's tools; only the text, the tools' descriptions and their results are sent. Without LLM_URL, on an error or after the timeout the built-in understanding answers. The user still confirms every change. Default: off.",
    },
  },
]);
