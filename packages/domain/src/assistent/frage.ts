/**
 * What an assistant's request asks about beyond booking (decision 219): whether it is about other people (refused:
 * the assistant only ever answers about the caller), and which of the tenant's rules a question is about. Pure, on
 * the normalised text (text.ts).
 */

/**
 * Words that name or ask for other people: 'wer', 'who', 'Frau Müller', 'Herr …', 'Kollegin', 'jemand', 'someone',
 * an e-mail address, or where somebody sits ('wo sitzt …'). 'mich', 'mir', 'ich' never count.
 */
const PERSONEN =
  /(\b(wer|wem|wen|wessen|who|whom|whose|frau|herrn?|mr|mrs|ms|miss|kolleg\w*|colleagues?|jemand\w*|someone|somebody|anyone|anybody|everyone|everybody|alle anderen|die anderen|others|other people|mitarbeitende\w*)\b|\S@\S|\b(sitzt|sitzen|sits|sitting) (?!ich\b|i\b)\w+|\bwhere (?:is|does) (?!my\b|the\b|a\b)\w+)/;

/** Whether a normalised request asks about (or for) other people than the caller. */
export const fragtNachPersonen = (normalisiert: string): boolean => PERSONEN.test(normalisiert);

export const FRAGE_THEMEN = ['oeffnungszeiten', 'regeln', 'sonstige'] as const;
export type FrageThema = (typeof FRAGE_THEMEN)[number];

const OEFFNUNG =
  /\b(oeffnungszeit\w*|geoeffnet|offen|oeffnet|schliesst|geschlossen|auf haben|hat (?:\w+ ){0,3}auf|open\w*|closes?|closed|hours)\b/;
const REGELN =
  /\b(wie lange|wie viele?|wieviel\w*|maximal\w*|hoechstens|laengste|dauer|im voraus|vorher|regeln?|how long|how many|how far|maximum|max|longest|in advance|rules?|limit\w*)\b/;

/** The subject of a question: opening hours, the booking rules, or something the assistant does not answer. */
export const frageThema = (normalisiert: string): FrageThema => {
  if (OEFFNUNG.test(normalisiert)) return 'oeffnungszeiten';
  if (REGELN.test(normalisiert)) return 'regeln';
  return 'sonstige';
};
