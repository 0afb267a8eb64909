/**
 * The assistant's view of a request's text: one spelling for everything it compares. Lower case, umlauts and ß
 * written out (`ä` → `ae`, `ß` → `ss`, so 'naechste' and 'nächste' are one word), dashes and apostrophes of one
 * kind, one space between words. Every pattern of the reading is written in this spelling.
 */
import type { Language } from '../language.ts';

export const normalisiere = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/[’‘`´]/g, "'")
    .replace(/[„“”«»]/g, '"')
    .replace(/\s+/g, ' ')
    .trim();

/** For chrono-node's German parser, which knows 'nächste' and 'märz' only with their umlauts. */
export const mitUmlauten = (text: string): string =>
  text.replace(/ae/g, 'ä').replace(/oe/g, 'ö').replace(/ue/g, 'ü');

const ENGLISCH =
  /\b(i|i'm|i'd|me|my|the|a|please|tomorrow|today|tonight|next|this|book|need|want|desk|car|vehicle|seat|locker|cancel|show|bookings?|where|how|when|what|who|which|is|are|can|could|from|to|until|at|on|for|morning|afternoon|evening|week|monday|tuesday|wednesday|thursday|friday|saturday|sunday|day|after|check|all|whole|full|hours?|reserve|get|have|do|long|may|allowed|thank|thanks|you|hello|good|morning)\b/g;
const DEUTSCH =
  /\b(ich|mir|mich|mein|meine|meinen|einen|ein|eine|der|die|das|den|dem|bitte|morgen|heute|uebermorgen|naechste[nrs]?|buche|buchen|brauche|auto|platz|spind|storniere|zeig|wo|wie|wann|was|wer|ist|sind|kann|von|bis|ab|um|am|im|fuer|fruh|frueh|vormittags?|nachmittags?|abends?|woche|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|tag|ganztags|uhr|stunden?|habe|hab|darf|lange|halb|viertel|und|nicht|noch|gibt|es|einchecken|danke|hallo|guten|servus|moin)\b/g;

/** The language of the request: English when more of its words are English than German; German otherwise. */
export const spracheVon = (normalisiert: string): Language => {
  const en = normalisiert.match(ENGLISCH)?.length ?? 0;
  const de = normalisiert.match(DEUTSCH)?.length ?? 0;
  return en > de ? 'en' : 'de';
};
