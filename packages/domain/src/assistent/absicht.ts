/**
 * What a request wants (its intent) and which kind of resource it names, German and English, from keywords of
 * the normalised text (text.ts). Order matters: a cancellation or check-in names a booking too; a question about
 * one's own bookings shows them; other questions ('wo ist mein Spind?', 'wie lange darf ich ein Auto buchen?') are
 * questions, not bookings; a resource named with a wish to have it is a booking.
 */

export const ABSICHTEN = [
  'fahrzeug_buchen',
  'platz_buchen',
  'spind_buchen',
  'buchungen_anzeigen',
  'buchung_stornieren',
  'einchecken',
  'frage',
  'unbekannt',
] as const;
export type Absicht = (typeof ABSICHTEN)[number];

export type Ressource = 'fahrzeug' | 'platz' | 'spind';

const RESSOURCEN: [Ressource, RegExp][] = [
  [
    'fahrzeug',
    /\b(auto|autos|pkw|kfz|wagen|dienstwagen|dienstauto|poolauto|poolwagen|e-?auto|elektroauto|fahrzeug\w*|poolfahrzeug\w*|transporter|bulli|car|cars|vehicle|vehicles|van|pool car)\b/,
  ],
  [
    'platz',
    /\b(platz|plaetze|plaetzchen|sitzplatz|arbeitsplatz|leseplatz|einzelplatz|schreibtisch|tisch|lesesaal|lesesaals|leseraum|leseraums|arbeitswelt|desk|desks|seat|seats|workspace|workstation|spot|reading room|hot ?desk)\b/,
  ],
  ['spind', /\b(spind|spinde|schliessfach|schliessfaecher|schliessfachs|locker|lockers|garderobenfach)\b/],
];

/** The kinds of resource the text names, in the order of the table (a car, then a place, then a locker). */
export const ressourcenIn = (normalisiert: string): Ressource[] =>
  RESSOURCEN.filter(([, muster]) => muster.test(normalisiert)).map(([r]) => r);

const STORNIEREN =
  /\b(storn\w*|absagen|sag\w* (?:\w+ ){0,4}ab|loesch\w*|streich\w*|freigeben|gib (?:\w+ ){0,4}frei|brauche? (?:\w+ ){0,5}nicht mehr|cancel\w*|call off|delete|remove|drop)\b/;
const EINCHECKEN =
  /\b(einchecken|eingecheckt|check ?-?in|checkin|checke? (?:\w+ ){0,3}ein|check me in|check in|ich bin (?:jetzt )?(?:da|angekommen|hier)|bin (?:jetzt )?(?:da|angekommen)|i'm here|i am here|i have arrived|i've arrived)\b/;
const ANZEIGEN =
  /\b(welche buchungen|(?:buchungen|reservierungen) (?:anzeigen|zeigen|auflisten|sehen)|zeig\w* (?:\w+ ){0,4}buchungen|was habe? ich (?:\w+ ){0,4}gebucht|habe? ich (?:\w+ ){0,5}gebucht|meine (?:naechste[nr]? |kommende[nr]? |heutige[nr]? )?(?:buchung|buchungen|reservierung|reservierungen)|(?:show|list) (?:me )?(?:all )?my|what (?:have|did) i (?:\w+ ){0,3}book\w*|my (?:next |upcoming )?(?:bookings?|reservations?)|do i have (?:\w+ ){0,3}(?:bookings?|reservations?|booked)|what(?:'s| is) booked|have i booked)\b/;
const FRAGE_WORT =
  /^(?:(?:und|also|sag mal|hallo|hi|hey|bitte|please|ok|okay),? )?(wo|wie|wann|warum|wieso|weshalb|wer|was|welche[rsnm]?|wieviel\w*|gibt es|darf ich|darf man|muss ich|where|how|when|why|who|what|which|is there|are there|may i|am i allowed|do i need|is it)\b/;
/** 'warum wurde meine Buchung abgelehnt?' asks about a booking, it does not ask to see them. */
const WARUM = /^(warum|wieso|weshalb|why|how come)\b/;
const WUNSCH =
  /\b(buch\w*|reservier\w*|brauch\w*|benoetig\w*|moechte|moechten|haette|haetten|will|wollen|haben|bekommen|kriegen|hol\w*|nimm|nehmen|book\w*|reserve|need|want|get|grab|like|gimme|give me)\b/;

/** The intent of a normalised request and the resource kinds it names. */
export const absichtVon = (
  normalisiert: string,
): { absicht: Absicht; ressourcen: Ressource[]; wunsch: boolean } => {
  const ressourcen = ressourcenIn(normalisiert);
  const wunsch = WUNSCH.test(normalisiert);
  if (STORNIEREN.test(normalisiert)) return { absicht: 'buchung_stornieren', ressourcen, wunsch };
  if (EINCHECKEN.test(normalisiert)) return { absicht: 'einchecken', ressourcen, wunsch };
  if (WARUM.test(normalisiert)) return { absicht: 'frage', ressourcen, wunsch };
  if (ANZEIGEN.test(normalisiert)) return { absicht: 'buchungen_anzeigen', ressourcen, wunsch };
  // a question mark alone does not make a wish a question ('kann ich morgen ein Auto haben?')
  const frage =
    FRAGE_WORT.test(normalisiert) || (/\?\s*$/.test(normalisiert) && !(wunsch && ressourcen.length > 0));
  if (frage) return { absicht: 'frage', ressourcen, wunsch };
  if (ressourcen.length === 1) {
    const r = ressourcen[0]!;
    return {
      absicht: r === 'fahrzeug' ? 'fahrzeug_buchen' : r === 'platz' ? 'platz_buchen' : 'spind_buchen',
      ressourcen,
      wunsch,
    };
  }
  return { absicht: 'unbekannt', ressourcen, wunsch };
};
