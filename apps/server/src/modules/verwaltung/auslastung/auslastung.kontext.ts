/**
 * What the two utilisation operations share (decisions 163–166): the period's bounds, the k threshold applied to a
 * breakdown, the bookable windows of the floor plans, and the area switch.
 */

import { DomainError } from '@stellwerk/domain/errors';
import { standortAuswahl } from '@stellwerk/domain/identitaet/standort-grenze';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import type { TAufschluesselung } from '@stellwerk/domain/verwaltung/auslastung/api';
import {
  type Buchungsmodus,
  type Fenster,
  gedeckelterTag,
  inStunden,
  oeffnungsFenster,
  quote,
} from '@stellwerk/domain/verwaltung/auslastung/buchbare-zeit';
import {
  brauchtGenaueListen,
  DEFAULT_MINDEST_PERSONEN,
  type KZelle,
  mitKSchwelle,
} from '@stellwerk/domain/verwaltung/auslastung/k-schwelle';
import { type Zeitraum, zeitraumAus } from '@stellwerk/domain/verwaltung/auslastung/zeitraum';
import { numberCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { type Bundesland, feiertagsTage, isBundesland } from '@stellwerk/domain/verwaltung/feiertage';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { type loadEffectiveCustomizing, loadFeatureSwitches } from '../customizing/customizing.service.ts';
import {
  type Art,
  type BuchungsZaehlung,
  findOeffnungen,
  leereZaehlung,
  type PlanRow,
  type PlanTag,
  ZAEHLUNG_FELDER,
} from './auslastung.leseraum.repository.ts';
import { type PlanTagAnfrage, planTagZahlen } from './auslastung.leseraum-tage.ts';

export type Deps = { database: Pick<Database, 'withTenant'>; now: () => Date };

/**
 * What a utilisation computes: everything its screen shows (`ganz`), or only the headline figures the evaluation
 * shows (`kopf`, decision 279), with the lists it does not show left empty.
 */
export type Umfang = 'ganz' | 'kopf';

/**
 * Whose view the figures are computed for: the tenant, the settings' user and the language of the labels;
 * `standorte` the locations the reader is limited to (decision 258), null or left out for the whole tenant.
 */
export type Leser = Pick<SessionUser, 'mandantId' | 'benutzerId' | 'language'> & {
  standorte?: readonly string[] | null;
};

/**
 * The locations a request answers for (`standortAuswahl`): the asked one within the reader's limit, else all of
 * the limit's; `undefined` for the whole tenant. A foreign `standort` is refused with 403.
 */
export const standorteDer = (user: Leser, standort: string | undefined): readonly string[] | undefined => {
  const a = standortAuswahl(user.standorte ?? null, standort);
  if ('fehler' in a) throw new DomainError(a.fehler, { field: 'standort' });
  return a.standortIds;
};

/** The instants `[start, ende)` of the Berlin days of a period. */
export const grenzen = (z: { vonTag: string; bisTag: string }) => ({
  start: berlinInstant(z.vonTag, '00:00'),
  ende: berlinInstant(addCalendarDays(z.bisTag, 1), '00:00'),
});

export const bundeslandVon = (wert: string | null): Bundesland | null =>
  wert && isBundesland(wert) ? wert : null;

export const zeitraumDer = (
  q: { art: Zeitraum['art']; tag?: string; von?: string; bis?: string },
  now: Date,
) => zeitraumAus({ art: q.art, tag: q.tag ?? berlinDateKey(now), von: q.von, bis: q.bis });

export const eindeutig = (xs: readonly { id: string; name: string }[]) =>
  [...new Map(xs.map((x) => [x.id, x])).values()].sort((a, b) => a.name.localeCompare(b.name, 'de'));

export const summe = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

export type Anteil = { belegt: number; buchbar: number };
export const addiere = (a: Anteil, b: Anteil): Anteil => ({
  belegt: a.belegt + b.belegt,
  buchbar: a.buchbar + b.buchbar,
});

export const aufschluesseln = (zellen: KZelle<Anteil>[], k: number): TAufschluesselung => {
  const r = mitKSchwelle({ zellen, k, addiere });
  return {
    zellen: r.zellen.map((z) => ({
      schluessel: z.schluessel,
      bezeichnung: z.bezeichnung,
      quote: quote(z.werte.belegt, z.werte.buchbar),
    })),
    sonstige: r.sonstige && {
      anzahlZellen: r.sonstige.anzahlZellen,
      quote: quote(r.sonstige.werte.belegt, r.sonstige.werte.buchbar),
    },
    verborgen: r.verborgen,
  };
};

/**
 * A breakdown's cells with people lists good enough for the k threshold (decision 276): built from the sampled lists
 * (`gezogen`), unless a shown cell would have to join "Sonstige" (`brauchtGenaueListen`); then from the exact lists
 * that `genau` reads.
 */
export const zellenFuerKSchwelle = async <Z extends Record<string, KZelle<Anteil>[]>>(
  zellenAus: (jeZelle: Map<string, string[]>) => Z,
  personen: { jeZelle: Map<string, string[]>; gezogen: boolean },
  k: number,
  genau: () => Promise<Map<string, string[]>>,
): Promise<Z> => {
  const zellen = zellenAus(personen.jeZelle);
  const brauchtGenau =
    personen.gezogen &&
    Object.values(zellen).some((z) =>
      brauchtGenaueListen(
        z.map((c) => c.personen),
        k,
      ),
    );
  return brauchtGenau ? zellenAus(await genau()) : zellen;
};

export const LEER_AUFSCHLUESSELUNG: TAufschluesselung = { zellen: [], sonstige: null, verborgen: 0 };

export const kVon = (settings: Awaited<ReturnType<typeof loadEffectiveCustomizing>>) => {
  const k = numberCustomizing(settings, 'AuslastungMindestPersonen');
  return Number.isInteger(k) && k >= 2 ? k : DEFAULT_MINDEST_PERSONEN;
};

// --- reading rooms and workspaces ------------------------------------------------------------------------

/** The open plan-days of `fenster` (each plan's windows), plan by plan: the rollup's and the raw statements' unit. */
export const planTage = (plaene: readonly PlanRow[], fenster: ReadonlyMap<string, Fenster[]>): PlanTag[] =>
  plaene.flatMap((p) =>
    (fenster.get(p.id) ?? []).map((f) => ({ grundrissId: p.id, tag: f.tag, von: f.von, bis: f.bis })),
  );

/** The kinds of place a room-type filter counts (both without one). */
export const artenDer = (raumart: Art | undefined): readonly Art[] =>
  raumart ? [raumart] : ['platz', 'gruppenraum'];

/** Each plan's place fingerprint (`orte`), as the rollup's rows hold it. */
export const orteDer = (plaene: readonly PlanRow[]) => new Map(plaene.map((p) => [p.id, p.orte]));

/** Each plan's opening hours over the days of `z`, without its location's holidays. */
export const fensterDerPlaene = async (
  tx: Tx,
  plaene: readonly PlanRow[],
  z: { vonTag: string; bisTag: string },
) => {
  const { weekly, specials } = await findOeffnungen(tx, { planIds: plaene.map((p) => p.id), ...z });
  return new Map(
    plaene.map((p) => [
      p.id,
      oeffnungsFenster({
        ...z,
        weekly: weekly.filter((w) => w.grundrissId === p.id),
        specials: specials.filter((s) => s.grundrissId === p.id),
        feiertage: feiertagsTage({ ...z, bundesland: bundeslandVon(p.bundesland) }),
      }),
    ]),
  );
};

type PlanZahlen = {
  /** per plan: booked and bookable (minutes or place-days), and checked in */
  jePlan: Map<string, { belegt: number; eingecheckt: number; buchbar: number }>;
  jeTag: Map<string, { belegt: number; eingecheckt: number; buchbar: number }>;
  heatmap: Map<string, { belegt: number; buchbar: number }>;
  /** The bookings starting in the period (open days or not), counted by what became of them. */
  zaehlung: BuchungsZaehlung;
};

/**
 * The booked, checked-in and bookable time of the plans over the period, per plan, per day and per hour cell, from
 * the figures per plan-day (the rollup, decision 276): each hour piece's booked minutes are capped at its bookable
 * minutes (the piece's minutes × the plan's places of the room type), the checked-in ones at the booked ones, and in
 * the full-day mode the places booked on a day at the plan's places.
 */
export const planZahlen = async (
  tx: Tx,
  {
    plaene,
    zeitraum,
    fenster,
    modus,
    raumart,
  }: {
    plaene: readonly PlanRow[];
    zeitraum: { vonTag: string; bisTag: string };
    fenster: Map<string, Fenster[]>;
    modus: Buchungsmodus;
    raumart?: 'platz' | 'gruppenraum';
  },
): Promise<PlanZahlen> => {
  const arten = artenDer(raumart);
  const tage = planTage(plaene, fenster);
  // the closed days too: the bookings starting on them are counted (decision 276)
  const offen = new Set(tage.map((t) => `${t.grundrissId}|${t.tag}`));
  const geschlossen: PlanTagAnfrage[] = [];
  for (let tag = zeitraum.vonTag; tag <= zeitraum.bisTag; tag = addCalendarDays(tag, 1))
    for (const p of plaene)
      if (!offen.has(`${p.id}|${tag}`)) geschlossen.push({ grundrissId: p.id, tag, von: null, bis: null });
  const alleZahlen = await planTagZahlen(tx, {
    tage: [...tage, ...geschlossen],
    orte: orteDer(plaene),
  });
  const jeTagZahlen = alleZahlen.slice(0, tage.length);
  const zaehlung = leereZaehlung();
  for (const z of alleZahlen)
    for (const art of arten) for (const k of ZAEHLUNG_FELDER) zaehlung[k] += z.zaehlung[art][k];
  const plaetzeVon = new Map(plaene.map((p) => [p.id, p.plaetze]));
  const summeDerArten = (werte: Record<Art, number[]>, i: number) =>
    arten.reduce((s, art) => s + (werte[art][i] ?? 0), 0);
  const jePlan = new Map(plaene.map((p) => [p.id, { belegt: 0, eingecheckt: 0, buchbar: 0 }]));
  const jeTag = new Map<string, { belegt: number; eingecheckt: number; buchbar: number }>();
  const heatmap = new Map<string, { belegt: number; buchbar: number }>();
  tage.forEach((t, j) => {
    const z = jeTagZahlen[j]!;
    const stuecke = inStunden([{ tag: t.tag, von: t.von, bis: t.bis }]);
    const tag = gedeckelterTag({
      stuecke,
      plaetze: plaetzeVon.get(t.grundrissId)!,
      belegt: stuecke.map((_, i) => summeDerArten(z.belegt, i)),
      eingecheckt: stuecke.map((_, i) => summeDerArten(z.eingecheckt, i)),
      tag: {
        belegt: arten.reduce((s, art) => s + z.plaetze[art], 0),
        eingecheckt: arten.reduce((s, art) => s + z.plaetzeEingecheckt[art], 0),
      },
      modus,
    });
    stuecke.forEach((s, i) => {
      const zelle = `${s.wochentag}:${s.stunde}`;
      const h = heatmap.get(zelle) ?? { belegt: 0, buchbar: 0 };
      h.belegt += tag.jeStueck[i]!.belegt;
      h.buchbar += tag.jeStueck[i]!.buchbar;
      heatmap.set(zelle, h);
    });
    const d = jeTag.get(t.tag) ?? { belegt: 0, eingecheckt: 0, buchbar: 0 };
    for (const summen of [jePlan.get(t.grundrissId)!, d]) {
      summen.belegt += tag.belegt;
      summen.eingecheckt += tag.eingecheckt;
      summen.buchbar += tag.buchbar;
    }
    jeTag.set(t.tag, d);
  });
  return { jePlan, jeTag, heatmap, zaehlung };
};

export const assertFeature = async (tx: Tx, feature: 'Leseraum' | 'FahrzeugBuchung') => {
  if (!(await loadFeatureSwitches(tx))[feature]) throw new DomainError('not_found');
};
