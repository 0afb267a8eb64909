/**
 * The composed check of a vehicle booking (spec §5 and §9): `pruefeFahrzeugBuchung` runs every rule of rules.ts in
 * order for the server (inside its transaction, after locking the vehicle row) and for the booking dialog;
 * `fahrzeugBuchungsPruefer` does the same for one period and many vehicles (the vehicle list). Decision 040 lists
 * the rules.
 */
import type { RuleViolation } from '../../errors.ts';
import { berlinDateKey, formatTimeDE } from '../../time.ts';
import { type Buchungsfenster, fensterAm } from '../fahrzeug/buchungsfenster.ts';
import {
  type Belegung,
  belegungVerstoss,
  buchungsfensterPruefung,
  deaktiviertVerstoss,
  type Gueltigkeit,
  gueltigkeitVerstoss,
  isBuchungAusserhalbMoeglich,
  mindestdauerVerstoss,
  spaetestesBuchbaresEnde,
  TAKT_MINUTEN,
  vorBuchungsstartVerstoss,
  wirksamesBuchungsfenster,
  zeitraumVerstoss,
  zuWeitImVorausVerstoss,
} from './rules.ts';

/** The tenant's vehicle booking settings the rules need (spec §9), with the spec's defaults. */
export type FahrzeugBuchungsCustomizing = {
  buchungszeitraumVon: string;
  buchungszeitraumBis: string;
  minimaleBuchungszeitMinuten: number;
  mindestabstandStunden: number;
  /** added to the hours (FahrzeugMindestabstandMinuten, decision 134) */
  mindestabstandMinuten: number;
  /** one driver may hold two cars at the same time (FahrzeugMehrereFahrzeugeGleichzeitig, decision 134) */
  mehrereFahrzeugeGleichzeitig: boolean;
  vorausbuchbareTage: number;
  fensterWochentag: string | null;
  fensterUhrzeit: string | null;
  individuelleBuchungszeiten: boolean;
  buchungAusserhalbBuchungszeiten: boolean;
  taktMinuten: number;
};

export const DEFAULT_FAHRZEUG_CUSTOMIZING: FahrzeugBuchungsCustomizing = {
  buchungszeitraumVon: '09:00',
  buchungszeitraumBis: '18:00',
  minimaleBuchungszeitMinuten: 0,
  mindestabstandStunden: 0,
  mindestabstandMinuten: 0,
  mehrereFahrzeugeGleichzeitig: false,
  vorausbuchbareTage: 30,
  fensterWochentag: null,
  fensterUhrzeit: '00:00',
  individuelleBuchungszeiten: false,
  buchungAusserhalbBuchungszeiten: false,
  taktMinuten: TAKT_MINUTEN,
};

export type FahrzeugFuerBuchung = Gueltigkeit & {
  deaktiviert: boolean;
  /** the vehicle's own window rows (`fahrzeug_oeffnungszeit`), null when it has none */
  fenster: Buchungsfenster | null;
  buchungAusserhalbMoeglich: boolean;
};

export type BuchungsPruefung = {
  von: Date;
  bis: Date;
  fahrzeug: FahrzeugFuerBuchung;
  /** the vehicle's bookings and blocks around the period (any status; cancelled ones are ignored) */
  buchungen: readonly Belegung[];
  einstellungen: FahrzeugBuchungsCustomizing;
  now: Date;
  /** when changing a booking: its id (skipped in the overlap check) and its current start */
  ignoreId?: string;
  bisherigerVon?: Date | null;
};

/** The period of a check and its context: everything of `BuchungsPruefung` except the vehicle and its bookings. */
export type PruefungsZeitraum = Omit<BuchungsPruefung, 'fahrzeug' | 'buchungen'>;

/** What `pruefeFahrzeugBuchung` answers: the broken rules in order, and whether it is a special trip. */
export type PruefungsErgebnis = { verstoesse: RuleViolation[]; sonderfahrt: boolean };

/**
 * `pruefeFahrzeugBuchung` for one period and many vehicles (the vehicle list asks it for every vehicle of the
 * tenant): what does not depend on the vehicle (the period, the minimum duration, the latest bookable end) is
 * computed once, what depends on the window that applies (inside it or a special trip, the start of booking) once
 * per window, the validity once per pair of days. Each call answers exactly what `pruefeFahrzeugBuchung` answers
 * for that vehicle: it is the same code.
 */
export const fahrzeugBuchungsPruefer = ({
  von,
  bis,
  einstellungen,
  now,
  ignoreId,
  bisherigerVon = null,
}: PruefungsZeitraum): ((
  fahrzeug: FahrzeugFuerBuchung,
  buchungen: readonly Belegung[],
) => PruefungsErgebnis) => {
  const e = einstellungen;
  const zeitraum = zeitraumVerstoss({ von, bis, now, taktMinuten: e.taktMinuten, bisherigerVon });
  if (zeitraum?.code === 'fahrzeug_buchung.ende_vor_beginn')
    return () => ({ verstoesse: [zeitraum], sonderfahrt: false });
  const started = !!bisherigerVon && bisherigerVon.getTime() <= now.getTime();
  const heuteTag = berlinDateKey(now);
  const mindestdauer = mindestdauerVerstoss({
    von,
    bis,
    minimaleBuchungszeitMinuten: e.minimaleBuchungszeitMinuten,
  });
  const zuWeit = zuWeitImVorausVerstoss({
    bis,
    spaetestesEnde: spaetestesBuchbaresEnde({
      now,
      vorausbuchbareTage: e.vorausbuchbareTage,
      zeitraumBis: e.buchungszeitraumBis,
      fensterWochentag: e.fensterWochentag,
      fensterUhrzeit: e.fensterUhrzeit,
    }),
  });
  // the weekday window (or special trip) and the start of booking, by the window that applies
  const proFenster = new Map<
    string,
    { fenster: { verstoss: RuleViolation | null; sonderfahrt: boolean }; vorStart: RuleViolation | null }
  >();
  const fensterTeil = (fahrzeug: FahrzeugFuerBuchung) => {
    const buchungAusserhalbMoeglich = isBuchungAusserhalbMoeglich({
      mandantErlaubt: e.buchungAusserhalbBuchungszeiten,
      fahrzeugErlaubt: fahrzeug.buchungAusserhalbMoeglich,
    });
    // the window that applies is decided by the vehicle's own rows only with individual booking times on; a
    // vehicle without rows (null) gets the tenant's, like every vehicle when they are off
    const eigene = e.individuelleBuchungszeiten && fahrzeug.fenster ? JSON.stringify(fahrzeug.fenster) : '';
    const key = `${buchungAusserhalbMoeglich}|${eigene}`;
    let teil = proFenster.get(key);
    if (!teil) {
      const wirksam = wirksamesBuchungsfenster({
        individuelleBuchungszeiten: e.individuelleBuchungszeiten,
        fahrzeugFenster: fahrzeug.fenster,
        zeitraumVon: e.buchungszeitraumVon,
        zeitraumBis: e.buchungszeitraumBis,
      });
      const fenster = buchungsfensterPruefung({ fenster: wirksam, buchungAusserhalbMoeglich, von, bis });
      // the start of booking is measured against today's hours of the window that applies
      const heute = fensterAm({ fenster: wirksam, tag: heuteTag });
      const vorStart =
        fenster.sonderfahrt || started || zeitraum?.code === 'fahrzeug_buchung.in_vergangenheit'
          ? null
          : vorBuchungsstartVerstoss({
              von,
              now,
              zeitraumVon: heute ? formatTimeDE(heute.von) : e.buchungszeitraumVon,
              zeitraumBis: heute ? formatTimeDE(heute.bis) : e.buchungszeitraumBis,
              minimaleBuchungszeitMinuten: e.minimaleBuchungszeitMinuten,
              taktMinuten: e.taktMinuten,
            });
      teil = { fenster, vorStart };
      proFenster.set(key, teil);
    }
    return teil;
  };
  const proGueltigkeit = new Map<string, RuleViolation | null>();
  const gueltigkeitTeil = (fahrzeug: FahrzeugFuerBuchung) => {
    const key = `${fahrzeug.gueltigVon}|${fahrzeug.gueltigBis}`;
    let verstoss = proGueltigkeit.get(key);
    if (verstoss === undefined) {
      verstoss = gueltigkeitVerstoss({ fahrzeug, von, bis });
      proGueltigkeit.set(key, verstoss);
    }
    return verstoss;
  };
  return (fahrzeug, buchungen) => {
    const { fenster, vorStart } = fensterTeil(fahrzeug);
    const verstoesse = [
      zeitraum,
      deaktiviertVerstoss({ fahrzeug }),
      gueltigkeitTeil(fahrzeug),
      fenster.verstoss,
      vorStart,
      mindestdauer,
      zuWeit,
      belegungVerstoss({
        von,
        bis,
        buchungen,
        mindestabstandStunden: e.mindestabstandStunden,
        mindestabstandMinuten: e.mindestabstandMinuten,
        now,
        ignoreId,
      }),
    ].filter((v): v is RuleViolation => v !== null);
    return { verstoesse, sonderfahrt: fenster.sonderfahrt };
  };
};

/**
 * Every rule of spec §5 for a booking of `fahrzeug` from `von` to `bis`, in this order: period (start
 * before end, step, not in the past), deactivated vehicle, validity, weekday window (or special trip),
 * start of booking, minimum duration, latest bookable end, overlap and minimum gap. Returns all broken
 * rules (the server answers the first; the dialog may show all) and whether the booking is a special
 * trip needing approval. The licence rules (fuehrerschein/rules.ts) and who may book for whom come on top.
 */
export const pruefeFahrzeugBuchung = ({
  fahrzeug,
  buchungen,
  ...zeitraum
}: BuchungsPruefung): PruefungsErgebnis => fahrzeugBuchungsPruefer(zeitraum)(fahrzeug, buchungen);

/** Whether the vehicle is free for the period under every rule (the `frei` flag of the vehicle list). */
export const isFahrzeugFrei = (input: BuchungsPruefung): boolean =>
  pruefeFahrzeugBuchung(input).verstoesse.length === 0;

/** The open hours of the effective window on day `tag`, for the dialog's pickers (null = closed). */
export const buchungszeitenAm = ({
  tag,
  fahrzeug,
  einstellungen,
}: {
  tag: string;
  fahrzeug: Pick<FahrzeugFuerBuchung, 'fenster'>;
  einstellungen: Pick<
    FahrzeugBuchungsCustomizing,
    'individuelleBuchungszeiten' | 'buchungszeitraumVon' | 'buchungszeitraumBis'
  >;
}): { von: Date; bis: Date } | null =>
  fensterAm({
    fenster: wirksamesBuchungsfenster({
      individuelleBuchungszeiten: einstellungen.individuelleBuchungszeiten,
      fahrzeugFenster: fahrzeug.fenster,
      zeitraumVon: einstellungen.buchungszeitraumVon,
      zeitraumBis: einstellungen.buchungszeitraumBis,
    }),
    tag,
  });
