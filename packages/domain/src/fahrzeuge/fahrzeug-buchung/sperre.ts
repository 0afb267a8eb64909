/**
 * Maintenance, service and defect blocks: before a block is saved, the fleet manager sees the
 * bookings it overlaps and, for each, a free vehicle of the same location and licence class for the same
 * time; accepted moves keep the booking, the rest are cancelled in bulk (never a durchgeführt one).
 */
import type { RuleViolation } from '../../errors.ts';
import type { FahrzeugBuchungTyp } from '../../status.ts';
import type { Buchungsfenster } from '../fahrzeug/buchungsfenster.ts';
import { isMassenStornierbar, isSperre, isUnterwegs, STORNO_GRUND } from './machine.ts';
import { type FahrzeugBuchungsCustomizing, pruefeFahrzeugBuchung } from './pruefung.ts';
import {
  type Belegung,
  belegterZeitraum,
  belegungVerstoss,
  type Gueltigkeit,
  isInnerhalbGueltigkeit,
  taktBeginn,
  zeitraumVerstoss,
} from './rules.ts';

export type SperreTyp = Exclude<FahrzeugBuchungTyp, 'BUCHUNG'>;

export type ErsatzKandidat = Gueltigkeit & {
  id: string;
  standortId: string;
  fuehrerscheinklasse: string;
  deaktiviert: boolean;
  /** the candidate's bookings and blocks around the period */
  buchungen: readonly Belegung[];
  /** its own weekday window rows (null: none) and whether it may be booked outside them (decision 111) */
  fenster?: Buchungsfenster | null;
  buchungAusserhalbMoeglich?: boolean;
};

/**
 * Whether `b` may move to `k` (decision 111): every rule a new booking of `k` for the same period must pass
 * (validity, weekday window, start of booking, minimum duration, latest bookable end, overlap and minimum gap,
 * also against moves planned before it), and the move must not change whether the trip needs approval: a trip
 * inside the window does not become a special trip on `k`, a special trip does not lose its approvers.
 */
const kannUmziehen = ({
  b,
  k,
  geplant,
  einstellungen,
  sonderfahrt,
  mindestabstandStunden,
  mindestabstandMinuten,
  now,
}: {
  b: Belegung & { id?: string };
  k: ErsatzKandidat;
  geplant: readonly Belegung[];
  einstellungen: FahrzeugBuchungsCustomizing | undefined;
  sonderfahrt: boolean;
  mindestabstandStunden: number;
  mindestabstandMinuten: number;
  now: Date;
}): boolean => {
  const buchungen = [...k.buchungen, ...geplant];
  if (!einstellungen)
    return (
      isInnerhalbGueltigkeit({ fahrzeug: k, von: b.von, bis: b.bis }) &&
      belegungVerstoss({
        von: b.von,
        bis: b.bis,
        buchungen,
        mindestabstandStunden,
        mindestabstandMinuten,
        now,
      }) === null
    );
  const ergebnis = pruefeFahrzeugBuchung({
    von: b.von,
    bis: b.bis,
    fahrzeug: {
      deaktiviert: k.deaktiviert,
      gueltigVon: k.gueltigVon,
      gueltigBis: k.gueltigBis,
      fenster: k.fenster ?? null,
      buchungAusserhalbMoeglich: k.buchungAusserhalbMoeglich ?? false,
    },
    buchungen,
    einstellungen: { ...einstellungen, mindestabstandStunden },
    now,
    ignoreId: b.id,
    bisherigerVon: b.von,
  });
  return ergebnis.verstoesse.length === 0 && ergebnis.sonderfahrt === sonderfahrt;
};

export type SperreVorschlag<T> =
  | { buchung: T; aktion: 'umbuchen'; fahrzeugId: string }
  | { buchung: T; aktion: 'stornieren'; grund: string };

/**
 * The proposal for a block of `typ` on a vehicle from `von` to `bis`:
 * - `vorschlaege`: for each overlapping trip that bulk cancellation may take (not durchgeführt, not
 *   storniert, not on the road), in order of start, a move to the first candidate (same location, same
 *   licence class, active, valid for the period, free under the overlap and minimum-gap rule, also against
 *   moves proposed before it) or else a cancellation with the block's reason;
 * - `verstoss`: 'fahrzeug_sperre.fahrt_laeuft' when a trip checked in and not yet checked out overlaps
 *   (it can be neither moved nor cancelled: the car is out), or 'fahrzeug_buchung.gesperrt' when another
 *   block overlaps. Durchgeführt bookings are never touched.
 * With `einstellungen`, a candidate must pass every rule a new booking of it would (decision 111: its weekday
 * window, approval need, start of booking, duration, latest end); the licence class and location are the pool's.
 */
export const sperreVorschlag = <T extends Belegung & { id?: string }>({
  typ,
  von,
  bis,
  fahrzeug,
  buchungen,
  kandidaten,
  mindestabstandStunden = 0,
  mindestabstandMinuten = 0,
  einstellungen,
  sonderfahrten = new Set(),
  now,
}: {
  typ: SperreTyp;
  von: Date;
  bis: Date;
  fahrzeug: { id: string; standortId: string; fuehrerscheinklasse: string };
  buchungen: readonly T[];
  kandidaten: readonly ErsatzKandidat[];
  mindestabstandStunden?: number;
  /** the gap's minutes, added to its hours (decision 134) */
  mindestabstandMinuten?: number;
  /** with the tenant's settings every booking rule of a candidate applies (decision 111); without, validity and overlap */
  einstellungen?: FahrzeugBuchungsCustomizing;
  /** the ids of the overlapping trips that are special trips (with approvers) */
  sonderfahrten?: ReadonlySet<string>;
  now: Date;
}): { verstoss: RuleViolation | null; vorschlaege: SperreVorschlag<T>[] } => {
  const overlapping = buchungen
    .filter((b) => {
      const z = belegterZeitraum({ buchung: b, now });
      return z !== null && z.von.getTime() < bis.getTime() && von.getTime() < z.bis.getTime();
    })
    .sort((a, b) => a.von.getTime() - b.von.getTime());
  let verstoss: RuleViolation | null = null;
  if (overlapping.some((b) => isSperre(b))) verstoss = { code: 'fahrzeug_buchung.gesperrt', params: {} };
  if (overlapping.some((b) => isUnterwegs(b)))
    verstoss = { code: 'fahrzeug_sperre.fahrt_laeuft', params: {} };

  const planned = new Map<string, Belegung[]>();
  const pool = kandidaten.filter(
    (k) =>
      k.id !== fahrzeug.id &&
      !k.deaktiviert &&
      k.standortId === fahrzeug.standortId &&
      k.fuehrerscheinklasse === fahrzeug.fuehrerscheinklasse,
  );
  const vorschlaege: SperreVorschlag<T>[] = [];
  for (const b of overlapping) {
    if (isSperre(b) || isUnterwegs(b) || !isMassenStornierbar(b)) continue;
    const ziel = pool.find((k) =>
      kannUmziehen({
        b,
        k,
        geplant: planned.get(k.id) ?? [],
        einstellungen,
        sonderfahrt: b.id !== undefined && sonderfahrten.has(b.id),
        mindestabstandStunden,
        mindestabstandMinuten,
        now,
      }),
    );
    if (ziel) {
      planned.set(ziel.id, [...(planned.get(ziel.id) ?? []), b]);
      vorschlaege.push({ buchung: b, aktion: 'umbuchen', fahrzeugId: ziel.id });
    } else {
      vorschlaege.push({ buchung: b, aktion: 'stornieren', grund: STORNO_GRUND[typ] });
    }
  }
  return { verstoss, vorschlaege };
};

/**
 * The period a block occupies (decision 056). A DEFEKT block marked safety-relevant takes the vehicle out of
 * service at once: whatever start was entered, it starts now (to the minute, so a trip checked out moments ago
 * is not overlapped, while every trip start the rules still allow, from the step `now` lies in on, is) and
 * lasts until the block ends. Every other block occupies exactly what was entered.
 */
export const sperrZeitraum = ({
  typ,
  von,
  bis,
  sicherheitsrelevant,
  now,
}: {
  typ: SperreTyp;
  von: Date;
  bis: Date;
  sicherheitsrelevant: boolean;
  now: Date;
}): { von: Date; bis: Date; sicherheitsrelevant: boolean } => {
  if (typ !== 'DEFEKT' || !sicherheitsrelevant) return { von, bis, sicherheitsrelevant: false };
  return { von: new Date(Math.floor(now.getTime() / 60_000) * 60_000), bis, sicherheitsrelevant: true };
};

/**
 * The period of a block (decision 056): start before end, on the 15-minute step, not in the past, as for a
 * booking. A safety-relevant defect starts now (`sperrZeitraum`), off the step: its end is checked as if it
 * started on the step `now` lies in.
 */
export const sperreZeitraumVerstoss = ({
  von,
  bis,
  now,
  sicherheitsrelevant = false,
}: {
  von: Date;
  bis: Date;
  now: Date;
  sicherheitsrelevant?: boolean;
}): RuleViolation | null => {
  if (!sicherheitsrelevant) return zeitraumVerstoss({ von, bis, now });
  if (!(von.getTime() < bis.getTime())) return { code: 'fahrzeug_buchung.ende_vor_beginn', params: {} };
  return zeitraumVerstoss({ von: taktBeginn({ now }), bis, now });
};

/**
 * Which of the bookings a block overlaps are cancelled in bulk (spec §4): those the proposal cancels plus
 * proposed moves the fleet manager declined; a proposed move the manager accepted is kept and moved. Bookings
 * bulk cancellation may not take (durchgeführt, storniert) are never in the result.
 */
export const sperreAusfuehrung = <T extends Belegung & { id: string }>({
  vorschlaege,
  angenommen,
}: {
  vorschlaege: readonly SperreVorschlag<T>[];
  /** accepted moves: booking id → the target vehicle the fleet manager saw */
  angenommen: readonly { buchungId: string; fahrzeugId: string }[];
}):
  | { veraltet: true }
  | { veraltet: false; umbuchen: { buchung: T; fahrzeugId: string }[]; stornieren: T[] } => {
  const umbuchen: { buchung: T; fahrzeugId: string }[] = [];
  const stornieren: T[] = [];
  for (const a of angenommen) {
    const v = vorschlaege.find((x) => x.buchung.id === a.buchungId);
    if (v?.aktion !== 'umbuchen' || v.fahrzeugId !== a.fahrzeugId) return { veraltet: true };
  }
  for (const v of vorschlaege) {
    if (!isMassenStornierbar(v.buchung)) continue;
    const ok = angenommen.find((a) => a.buchungId === v.buchung.id);
    if (v.aktion === 'umbuchen' && ok) umbuchen.push({ buchung: v.buchung, fahrzeugId: v.fahrzeugId });
    else stornieren.push(v.buchung);
  }
  return { veraltet: false, umbuchen, stornieren };
};
