/**
 * The board a paired kiosk shows (decision 207): every place of its floor plans in one of four states for the
 * passer-by, counts per plan, and the location's pool cars free now or when they come back. The place's state is
 * the seat map's own (`platzZustand`, spec §2) for the minute from now, seen by nobody in particular, folded into
 * the four states a wall screen names.
 */
import type { PlatzZustand } from '../../leseraum/leseraum-buchung/belegung.ts';

export const KIOSK_PLATZ_ZUSTAENDE = ['frei', 'gehalten', 'gebucht', 'geschlossen'] as const;
export type KioskPlatzZustand = (typeof KIOSK_PLATZ_ZUSTAENDE)[number];

export const KIOSK_TAFEL = {
  /** The period whose state a place shows: the minute from now. */
  jetztMs: 60_000,
  /** Special closures named on the board: those starting within this many days from today. */
  schliessungenTage: 14,
  /** A board asks again this often (decision 207: a device token cannot subscribe to the live events). */
  abfrageMs: 20_000,
  /** Plans rotate on the board this often when there are several. */
  wechselMs: 20_000,
} as const;

/**
 * The seat map's state folded into the board's four: a place booked later today but not now is free now; a
 * booking (also one's own place) is `gebucht`, a hold waiting for its confirmation `gehalten`. The board is seen
 * by nobody in particular, so the own states do not arise there; they fold like the others' would.
 */
export const kioskPlatzZustand = (zustand: PlatzZustand): KioskPlatzZustand => {
  switch (zustand) {
    case 'frei':
    case 'stundenweise_belegt':
      return 'frei';
    case 'belegt':
    case 'eigene_reservierung':
      return 'gebucht';
    case 'vorgemerkt':
    case 'eigene_vormerkung':
      return 'gehalten';
    case 'geschlossen':
      return 'geschlossen';
  }
};

/** The period a place's state on the board is computed for: the minute from `jetzt`. */
export const kioskJetztZeitraum = (jetzt: Date): { von: Date; bis: Date } => ({
  von: jetzt,
  bis: new Date(jetzt.getTime() + KIOSK_TAFEL.jetztMs),
});

/**
 * Whether the plan is open now: its hours today (`HH:mm` as instants) contain `jetzt`. Outside them the board shows
 * every place as closed, as the seat map does on a closed day.
 */
export const kioskGeoeffnet = (hours: { von: Date; bis: Date } | null, jetzt: Date): boolean =>
  hours !== null && hours.von.getTime() <= jetzt.getTime() && jetzt.getTime() < hours.bis.getTime();

/** "12 of 40 places free": the free ones among the places that are not closed for good (inactive ones do not count). */
export const kioskZaehlung = (
  plaetze: readonly { zustand: KioskPlatzZustand; aktiv: boolean }[],
): { frei: number; gesamt: number } => {
  const aktive = plaetze.filter((p) => p.aktiv);
  return { frei: aktive.filter((p) => p.zustand === 'frei').length, gesamt: aktive.length };
};

/**
 * When the state a place shows now ends: for a free place the start of its next booking today (null: free for the
 * rest of the day), for a booked or held one the end of the bookings that follow one another from now on.
 */
export const kioskZustandBis = (
  zustand: KioskPlatzZustand,
  buchungen: readonly { von: Date; bis: Date; status: string }[],
  jetzt: Date,
): Date | null => {
  const lebend = buchungen
    .filter((b) => b.status !== 'storniert' && b.bis.getTime() > jetzt.getTime())
    .sort((a, b) => a.von.getTime() - b.von.getTime());
  if (zustand === 'geschlossen') return null;
  if (zustand === 'frei') {
    const naechste = lebend.find((b) => b.von.getTime() > jetzt.getTime());
    return naechste ? naechste.von : null;
  }
  return belegtBis(lebend, jetzt);
};

/** The end of the occupations that follow one another without a gap from `jetzt` on; null when none holds now. */
const belegtBis = (zeitraeume: readonly { von: Date; bis: Date }[], jetzt: Date): Date | null => {
  let bis: number | null = null;
  let erreicht = jetzt.getTime();
  for (const z of [...zeitraeume].sort((a, b) => a.von.getTime() - b.von.getTime())) {
    if (z.von.getTime() > erreicht) break;
    if (z.bis.getTime() <= erreicht) continue;
    erreicht = z.bis.getTime();
    bis = erreicht;
  }
  return bis === null ? null : new Date(bis);
};

/**
 * A pool car on the board: free now, or when it comes back (the end of the trips and blocks that follow one
 * another from now on; `zeitraeume` are the vehicle's occupied periods as the timeline computes them).
 */
export const kioskFahrzeugJetzt = (
  zeitraeume: readonly { von: Date; bis: Date }[],
  jetzt: Date,
): { frei: boolean; zurueckAm: Date | null } => {
  const zurueck = belegtBis(zeitraeume, jetzt);
  return zurueck === null ? { frei: true, zurueckAm: null } : { frei: false, zurueckAm: zurueck };
};
