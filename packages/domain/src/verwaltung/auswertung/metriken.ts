/**
 * The evaluation's figures (decision 195), defined once over rows the server reads: trips and kilometres by
 * purpose and location, approvals and their time to decision, licence checks due and overdue, damages reported
 * and repaired. Every breakdown by location passes the k threshold of decision 164 (`mitKSchwelle`), and a
 * whole selection with fewer than k people carries no figure. The people's ids enter here and never leave.
 */
import { type KErgebnis, type KZelle, mitKSchwelle, selektionZeigbar } from '../auslastung/k-schwelle.ts';

export const FAHRT_ARTEN = ['dienstlich', 'privat', 'arbeitsweg'] as const;
export type FahrtArt = (typeof FAHRT_ARTEN)[number];

/** A breakdown row as the server reads it: one location (null: vehicles without a location). */
type Ort = { standortId: string | null; standortName: string | null };

/** The answer's form of a breakdown: cells, "Sonstige" (at least k people), hidden cells. */
export type Aufgeschluesselt<T> = {
  zellen: { schluessel: string; bezeichnung: string; werte: T }[];
  sonstige: { anzahlZellen: number; werte: T } | null;
  verborgen: number;
};

export type Ausgewertet<T> = {
  /** Fewer than k people behind the whole selection: no figure. */
  verborgen: boolean;
  gesamt: T | null;
  standorte: Aufgeschluesselt<T>;
};

const LEER = { zellen: [], sonstige: null, verborgen: 0 };

const ohneK = <T>(r: KErgebnis<T>): Aufgeschluesselt<T> => ({
  zellen: r.zellen,
  sonstige: r.sonstige,
  verborgen: r.verborgen,
});

/**
 * Groups rows by location, sums each group with `werteVon`/`addiere`, and applies the k threshold to the
 * locations and to the whole selection.
 */
export const nachStandort = <Z extends Ort & { personen: readonly string[] }, T>({
  zeilen,
  k,
  null: nullWert,
  werteVon,
  addiere,
}: {
  zeilen: readonly Z[];
  k: number;
  null: T;
  werteVon: (z: Z) => T;
  addiere: (a: T, b: T) => T;
}): Ausgewertet<T> => {
  const alle = new Set(zeilen.flatMap((z) => z.personen)).size;
  if (!selektionZeigbar({ personen: alle, k })) return { verborgen: true, gesamt: null, standorte: LEER };
  const gruppen = new Map<string, Z[]>();
  for (const z of zeilen) {
    const s = z.standortId ?? '';
    gruppen.set(s, [...(gruppen.get(s) ?? []), z]);
  }
  const zellen: KZelle<T>[] = [...gruppen.entries()]
    .map(([schluessel, gruppe]) => ({
      schluessel,
      bezeichnung: gruppe[0]!.standortName ?? '',
      personen: [...new Set(gruppe.flatMap((g) => g.personen))],
      werte: gruppe.map(werteVon).reduce(addiere, nullWert),
    }))
    .sort((a, b) => a.bezeichnung.localeCompare(b.bezeichnung, 'de'));
  return {
    verborgen: false,
    gesamt: zeilen.map(werteVon).reduce(addiere, nullWert),
    standorte: ohneK(mitKSchwelle({ zellen, k, addiere })),
  };
};

// --- trips and kilometres -------------------------------------------------------------------------------

/** Trips and kilometres of one location and purpose (current logbook versions starting in the period). */
export type FahrtZeile = Ort & { art: FahrtArt; fahrten: number; km: number; personen: readonly string[] };
export type FahrtWerte = Record<FahrtArt | 'gesamt', { fahrten: number; km: number }>;

const FAHRT_NULL: FahrtWerte = {
  gesamt: { fahrten: 0, km: 0 },
  dienstlich: { fahrten: 0, km: 0 },
  privat: { fahrten: 0, km: 0 },
  arbeitsweg: { fahrten: 0, km: 0 },
};
const plus = (a: { fahrten: number; km: number }, b: { fahrten: number; km: number }) => ({
  fahrten: a.fahrten + b.fahrten,
  km: a.km + b.km,
});
const addiereFahrten = (a: FahrtWerte, b: FahrtWerte): FahrtWerte => ({
  gesamt: plus(a.gesamt, b.gesamt),
  dienstlich: plus(a.dienstlich, b.dienstlich),
  privat: plus(a.privat, b.privat),
  arbeitsweg: plus(a.arbeitsweg, b.arbeitsweg),
});

/** Trips and km by purpose, in total and per location; people are the trips' drivers. */
export const fahrtenAuswerten = (zeilen: readonly FahrtZeile[], k: number): Ausgewertet<FahrtWerte> =>
  nachStandort({
    zeilen,
    k,
    null: FAHRT_NULL,
    werteVon: (z) => ({
      ...FAHRT_NULL,
      gesamt: { fahrten: z.fahrten, km: z.km },
      [z.art]: { fahrten: z.fahrten, km: z.km },
    }),
    addiere: addiereFahrten,
  });

// --- approvals ------------------------------------------------------------------------------------------

/** One approver's request on a booking requested in the period (`entschiedenAm` null: still open). */
export type FreigabeZeile = Ort & {
  buchungId: string;
  angefragtAm: Date;
  entschiedenAm: Date | null;
  freigegeben: boolean | null;
  personen: readonly string[];
};
export type FreigabeWerte = {
  /** Bookings that needed an approval (a booking with two approvers counts once). */
  anfragen: number;
  freigegeben: number;
  abgelehnt: number;
  offen: number;
  /** Decisions taken, and the sum of their hours from request to decision (for the mean). */
  entscheidungen: number;
  stundenSumme: number;
};
const FREIGABE_NULL: FreigabeWerte = {
  anfragen: 0,
  freigegeben: 0,
  abgelehnt: 0,
  offen: 0,
  entscheidungen: 0,
  stundenSumme: 0,
};

/**
 * A booking is rejected when one approver rejected it, approved when every approver approved, else open. The time
 * to decision counts each approver's decision (hours from the request to that decision).
 */
export const freigabenAuswerten = (zeilen: readonly FreigabeZeile[], k: number) => {
  const jeBuchung = new Map<string, FreigabeZeile[]>();
  for (const z of zeilen) jeBuchung.set(z.buchungId, [...(jeBuchung.get(z.buchungId) ?? []), z]);
  const buchungen = [...jeBuchung.values()].map((rs) => {
    const entschieden = rs.filter((r) => r.entschiedenAm !== null);
    const abgelehnt = rs.some((r) => r.freigegeben === false);
    const freigegeben = !abgelehnt && rs.every((r) => r.freigegeben === true);
    return {
      standortId: rs[0]!.standortId,
      standortName: rs[0]!.standortName,
      personen: [...new Set(rs.flatMap((r) => r.personen))],
      werte: {
        anfragen: 1,
        freigegeben: freigegeben ? 1 : 0,
        abgelehnt: abgelehnt ? 1 : 0,
        offen: freigegeben || abgelehnt ? 0 : 1,
        entscheidungen: entschieden.length,
        stundenSumme: entschieden.reduce(
          (s, r) => s + (r.entschiedenAm!.getTime() - r.angefragtAm.getTime()) / 3_600_000,
          0,
        ),
      },
    };
  });
  return nachStandort({
    zeilen: buchungen,
    k,
    null: FREIGABE_NULL,
    werteVon: (b) => b.werte,
    addiere: (a, b) => ({
      anfragen: a.anfragen + b.anfragen,
      freigegeben: a.freigegeben + b.freigegeben,
      abgelehnt: a.abgelehnt + b.abgelehnt,
      offen: a.offen + b.offen,
      entscheidungen: a.entscheidungen + b.entscheidungen,
      stundenSumme: a.stundenSumme + b.stundenSumme,
    }),
  });
};

/** Mean hours from request to decision, one decimal; null without a decision. */
export const mittlereStunden = (w: { entscheidungen: number; stundenSumme: number }): number | null =>
  w.entscheidungen === 0 ? null : Math.round((w.stundenSumme / w.entscheidungen) * 10) / 10;

// --- licence checks -------------------------------------------------------------------------------------

/** A driving licence: its next check day and when it was last checked (calendar days, Berlin). */
export type FuehrerscheinZeile = {
  naechstePruefung: string | null;
  geprueftAm: string | null;
  person: string;
};
export type FuehrerscheinWerte = {
  /** Licences (people with a licence record). */
  fuehrerscheine: number;
  /** Next check day inside the period. */
  faellig: number;
  /** Next check day before the reference day (the period's last day + 1, or today if earlier). */
  ueberfaellig: number;
  /** Checks recorded inside the period. */
  geprueft: number;
  ohneTermin: number;
};

/** Licence checks: totals only (a licence has no location); hidden when fewer than k people hold one. */
export const fuehrerscheineAuswerten = (
  zeilen: readonly FuehrerscheinZeile[],
  { vonTag, bisTag, heute, k }: { vonTag: string; bisTag: string; heute: string; k: number },
): { verborgen: boolean; gesamt: FuehrerscheinWerte | null } => {
  const personen = new Set(zeilen.map((z) => z.person)).size;
  if (!selektionZeigbar({ personen, k })) return { verborgen: true, gesamt: null };
  // the reference day: the day after the period, unless today comes first
  const stichtag = heute <= bisTag ? heute : naechsterTag(bisTag);
  return {
    verborgen: false,
    gesamt: {
      fuehrerscheine: zeilen.length,
      faellig: zeilen.filter(
        (z) => z.naechstePruefung && z.naechstePruefung >= vonTag && z.naechstePruefung <= bisTag,
      ).length,
      ueberfaellig: zeilen.filter((z) => z.naechstePruefung && z.naechstePruefung < stichtag).length,
      geprueft: zeilen.filter((z) => z.geprueftAm && z.geprueftAm >= vonTag && z.geprueftAm <= bisTag).length,
      ohneTermin: zeilen.filter((z) => !z.naechstePruefung).length,
    },
  };
};

const naechsterTag = (tag: string): string => {
  const d = new Date(`${tag}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

// --- damages --------------------------------------------------------------------------------------------

/** A damage reported before the period's end (reporter null: the account is gone). */
export type SchadenZeile = Ort & {
  gemeldetAm: Date;
  behobenAm: Date | null;
  sicherheitsrelevant: boolean;
  personen: readonly string[];
};
export type SchadenWerte = {
  gemeldet: number;
  davonSicherheitsrelevant: number;
  behoben: number;
  /** Reported before the period's end and not repaired by then. */
  offenAmEnde: number;
  /** Days from report to repair of the damages repaired in the period (sum, for the mean). */
  behebungsTageSumme: number;
};
const SCHADEN_NULL: SchadenWerte = {
  gemeldet: 0,
  davonSicherheitsrelevant: 0,
  behoben: 0,
  offenAmEnde: 0,
  behebungsTageSumme: 0,
};

/** Damages in `[start, ende)`: reported, repaired, open at the end; people are the reporters. */
export const schaedenAuswerten = (
  zeilen: readonly SchadenZeile[],
  { start, ende, k }: { start: Date; ende: Date; k: number },
) =>
  nachStandort({
    zeilen: zeilen.filter((z) => z.gemeldetAm < ende),
    k,
    null: SCHADEN_NULL,
    werteVon: (z) => {
      const gemeldet = z.gemeldetAm >= start;
      const behoben = z.behobenAm !== null && z.behobenAm >= start && z.behobenAm < ende;
      return {
        gemeldet: gemeldet ? 1 : 0,
        davonSicherheitsrelevant: gemeldet && z.sicherheitsrelevant ? 1 : 0,
        behoben: behoben ? 1 : 0,
        offenAmEnde: z.behobenAm === null || z.behobenAm >= ende ? 1 : 0,
        behebungsTageSumme: behoben ? (z.behobenAm!.getTime() - z.gemeldetAm.getTime()) / 86_400_000 : 0,
      };
    },
    addiere: (a, b) => ({
      gemeldet: a.gemeldet + b.gemeldet,
      davonSicherheitsrelevant: a.davonSicherheitsrelevant + b.davonSicherheitsrelevant,
      behoben: a.behoben + b.behoben,
      offenAmEnde: a.offenAmEnde + b.offenAmEnde,
      behebungsTageSumme: a.behebungsTageSumme + b.behebungsTageSumme,
    }),
  });

/** Mean days to repair, one decimal; null without a repair. */
export const mittlereBehebungsTage = (w: SchadenWerte): number | null =>
  w.behoben === 0 ? null : Math.round((w.behebungsTageSumme / w.behoben) * 10) / 10;
