import { berlinDateKey, berlinInstant, formatTimeDE } from '../../time.ts';

/** Locker sizes, smallest first. */
export const SPIND_GROESSEN = ['S', 'M', 'L'] as const;
export type SpindGroesse = (typeof SPIND_GROESSEN)[number];

export const isSpindGroesse = (s: unknown): s is SpindGroesse =>
  typeof s === 'string' && (SPIND_GROESSEN as readonly string[]).includes(s);

/** A place on a floor plan in percent of the plan (0–100), as places and banks are drawn. */
export type Planpunkt = { grundrissId: string; x: number; y: number };

/**
 * A place's position (plan units, the SVG's user units) as percent of its plan, so that it can be measured against
 * banks drawn in percent (decision 216). The plan's extent is the one the map draws a plan without an image at:
 * the drawn places' largest x and y plus a 60-unit margin, at least 400 × 300; clamped to 0–100.
 */
export const platzInProzent = (
  grundrissId: string,
  position: { x: number; y: number } | null,
  ausdehnung: { x: number; y: number },
): Planpunkt | null => {
  if (!position) return null;
  const breite = Math.max(400, ausdehnung.x + 60);
  const hoehe = Math.max(300, ausdehnung.y + 60);
  const prozent = (wert: number, groesse: number) => Math.min(100, Math.max(0, (wert / groesse) * 100));
  return { grundrissId, x: prozent(position.x, breite), y: prozent(position.y, hoehe) };
};

export type Spindbank = { id: string; standortId: string; name: string; ort: Planpunkt | null };

export type Spind = {
  id: string;
  bankId: string;
  nummer: string;
  groesse: SpindGroesse;
  barrierefrei: boolean;
  ausserBetrieb: boolean;
};

export type Zeitraum = { von: Date; bis: Date };

/** Half-open intervals [von, bis) overlap. */
export const ueberlappt = (a: Zeitraum, b: Zeitraum): boolean =>
  a.von.getTime() < b.bis.getTime() && b.von.getTime() < a.bis.getTime();

/**
 * The day locker follows the place booking: exactly the same period. A locker is never held longer than the place.
 */
export const kopplungsZeitraum = (platzBuchung: Zeitraum): Zeitraum => ({
  von: new Date(platzBuchung.von.getTime()),
  bis: new Date(platzBuchung.bis.getTime()),
});

/** A locker booked alone holds the Berlin day from its opening to its closing time (wall clock, DST-safe). */
export const tagesZeitraum = (tag: string, oeffnung: { von: string; bis: string }): Zeitraum => ({
  von: berlinInstant(tag, oeffnung.von),
  bis: berlinInstant(tag, oeffnung.bis),
});

/** Size fit: the preferred size first, then larger sizes (never smaller: the bag must fit). */
const groessenRang = (wunsch: SpindGroesse, ist: SpindGroesse): number | null => {
  const d = SPIND_GROESSEN.indexOf(ist) - SPIND_GROESSEN.indexOf(wunsch);
  return d < 0 ? null : d;
};

const abstand = (a: Planpunkt | null, b: Planpunkt | null): number => {
  if (!a || !b) return Number.POSITIVE_INFINITY;
  if (a.grundrissId !== b.grundrissId) return 1_000_000;
  return Math.hypot(a.x - b.x, a.y - b.y);
};

export type SpindWunsch = {
  /** Where the booked place is drawn; null when it is not drawn on a plan. */
  platz: Planpunkt | null;
  groesse: SpindGroesse;
  /** Only accessible lockers when the user needs one. */
  barrierefrei: boolean;
};

/**
 * The nearest free locker: in service, not held in the period, of the preferred size or the next larger one, nearest
 * to the place (same floor plan first, then any bank of the location); ties by bank name, then locker number
 * (numeric-aware) so the answer is stable.
 */
export const naechsterFreierSpind = (
  wunsch: SpindWunsch,
  banken: readonly Spindbank[],
  spinde: readonly Spind[],
  belegt: ReadonlySet<string>,
): Spind | null => {
  const bankVon = new Map(banken.map((b) => [b.id, b]));
  const kandidaten = spinde
    .filter((s) => !s.ausserBetrieb && !belegt.has(s.id) && bankVon.has(s.bankId))
    .filter((s) => !wunsch.barrierefrei || s.barrierefrei)
    .map((s) => ({ s, rang: groessenRang(wunsch.groesse, s.groesse) }))
    .filter((k): k is { s: Spind; rang: number } => k.rang !== null)
    .map((k) => {
      const bank = bankVon.get(k.s.bankId) as Spindbank;
      return { ...k, bank, d: abstand(wunsch.platz, bank.ort) };
    });
  kandidaten.sort(
    (a, b) =>
      a.rang - b.rang ||
      a.d - b.d ||
      a.bank.name.localeCompare(b.bank.name, 'de') ||
      a.s.nummer.localeCompare(b.s.nummer, 'de', { numeric: true }),
  );
  return kandidaten[0]?.s ?? null;
};

/** When the reminder goes out: `minuten` before release, never before the booking starts. */
export const erinnerungsZeitpunkt = (zeitraum: Zeitraum, minuten: number): Date =>
  new Date(Math.max(zeitraum.von.getTime(), zeitraum.bis.getTime() - minuten * 60_000));

/** The reminder text, as the mail and the start page show it. */
export const erinnerungsText = (nummer: string, bis: Date, sprache: 'de' | 'en'): string =>
  sprache === 'de'
    ? `Bitte leeren Sie Spind ${nummer} bis ${formatTimeDE(bis)} Uhr`
    : `Please empty locker ${nummer} by ${formatTimeDE(bis)}`;

/** A locker's state after its booking ended: free only once someone confirmed it empty. */
export type Leerung = 'offen' | 'vom_nutzer_bestaetigt' | 'vom_facility_geraeumt';

export const istWiederFrei = (bisVorbei: boolean, leerung: Leerung): boolean =>
  bisVorbei && leerung !== 'offen';

/** A PIN is shown only to its owner and only on the booking's Berlin day. */
export const pinSichtbar = (
  buchung: { benutzerId: string | null; von: Date; bis: Date },
  betrachterId: string,
  jetzt: Date,
): boolean =>
  buchung.benutzerId === betrachterId &&
  berlinDateKey(jetzt) >= berlinDateKey(buchung.von) &&
  berlinDateKey(jetzt) <= berlinDateKey(new Date(buchung.bis.getTime() - 1));

/** "Emptied" can be confirmed from the booking's last Berlin day on (the end itself is exclusive). */
export const leerungBestaetigbar = (buchung: { bis: Date }, jetzt: Date): boolean =>
  berlinDateKey(jetzt) >= berlinDateKey(new Date(buchung.bis.getTime() - 1));

/**
 * Whether the owner may give a locker back (decision 186): only a day locker booked alone, and only until its end.
 * A locker of a place booking goes with that booking, an assignment is ended by the administration.
 */
export const spindZurueckgebbar = (
  buchung: { art: string; bis: Date },
  jetzt: Date,
): 'ja' | 'nicht_tagesspind' | 'vorbei' =>
  buchung.art !== 'tag' ? 'nicht_tagesspind' : buchung.bis.getTime() > jetzt.getTime() ? 'ja' : 'vorbei';

/** Six digits from a random source (injected, so tests are deterministic); leading zeros kept. */
export const neuePin = (zufall: (n: number) => number): string =>
  Array.from({ length: 6 }, () => String(zufall(10) % 10)).join('');

/** How a locker opens (option SpindSchloss, decision 223): number only, a PIN per booking, or a vendor's system. */
export const LOCK_ADAPTER = ['keins', 'pin', 'http'] as const;
export type LockAdapterArt = (typeof LOCK_ADAPTER)[number];
export const isLockAdapterArt = (s: string): s is LockAdapterArt =>
  (LOCK_ADAPTER as readonly string[]).includes(s);

/**
 * The retry of a release the vendor's lock system did not take (decision 250): after the n-th failed attempt the
 * next one waits 1, 2, 4, 8, 16, 32 minutes, then every 60 minutes; after `SCHLOSS_VERSUCHE_MAX` attempts (about
 * four hours) Stellwerk gives up, audits it and leaves the order on the facility list for a manual retry.
 */
export const SCHLOSS_VERSUCHE_MAX = 10;

/** When the next attempt is due after `versuche` failed ones, or null when it is given up. */
export const naechsterSchlossVersuch = (versuche: number, jetzt: Date): Date | null => {
  if (versuche >= SCHLOSS_VERSUCHE_MAX) return null;
  const minuten = Math.min(2 ** Math.max(0, versuche - 1), 60);
  return new Date(jetzt.getTime() + minuten * 60_000);
};
