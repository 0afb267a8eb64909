/**
 * The seat map of a day (GET /api/grundrisse/{id}/belegung), in two parts (decision 263): what the database holds
 * for a plan's day, the same for every user of the tenant (`Tagesgrundlage`: the plan, the day's opening, the
 * places with their markers, equipment and bookings), and what is computed from it per request for the user and the
 * clock (their rules, the chosen period, their own bookings and own place). The first part is what the cache keeps.
 */
import { DomainError } from '@stellwerk/domain/errors';
import type {
  TBelegung,
  TBelegungQuery,
  TPlatzBelegung,
} from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { ZBelegung, ZPlatzBelegung } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { platzZustand } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import { letzterBuchbarerTag, tagSperrgrund } from '@stellwerk/domain/leseraum/leseraum-buchung/buchbarkeit';
import type { leseraumRegelnAus } from '@stellwerk/domain/leseraum/leseraum-buchung/customizing';
import { platzMarkerVon, zustandMitEigentuemer } from '@stellwerk/domain/leseraum/leseraum-buchung/helfer';
import { ganztagsZeitraum } from '@stellwerk/domain/leseraum/leseraum-buchung/rules';
import {
  type AbweichendeOeffnung,
  oeffnungszeitAm,
  type Wochenoeffnung,
} from '@stellwerk/domain/leseraum/oeffnungszeiten';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { addCalendarDays, berlinInstant, isValidTime } from '@stellwerk/domain/time';
import type { Tx } from '../../../db/client.ts';
import { schnellerSerialisierer } from '../../../http/schneller-serialisierer.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import { assertBereichOffen, bereichOf, groupBy, toOeffnung } from './leseraum-buchung.kontext.ts';
import {
  findAusstattungDerPlaetze,
  findGrundriss,
  findHelfer,
  findOeffnung,
  findPlaetze,
  type PlatzRow,
} from './leseraum-buchung.plaene.repository.ts';
import { toGrundrissKurz } from './leseraum-buchung.presenter.ts';
import { type BelegungRow, findBelegungen } from './leseraum-buchung.repository.ts';

type Regeln = ReturnType<typeof leseraumRegelnAus>;
type Zeitraum = { von: Date; bis: Date };

/** A place of the day as every user sees it, with its bookings for the user's own state. */
type PlatzDesTages = {
  zeile: PlatzRow;
  buchungen: BelegungRow[];
  /** Everything of the answer but the state. */
  fest: Omit<TPlatzBelegung, 'zustand'>;
};

/** What the database holds for a plan's day: the same for every user of the tenant. */
export type Tagesgrundlage = {
  plan: { aktiv: boolean; kurz: TBelegung['grundriss'] };
  oeffnung: { weekly: Wochenoeffnung[]; specials: AbweichendeOeffnung[] };
  hours: { von: string; bis: string } | null;
  /** The open hours of the day, or the whole day when closed. */
  tag: Zeitraum;
  plaetze: PlatzDesTages[];
  /** By booker's mail (lower case) and by owner: the places whose state differs for that user. */
  nachMail: Map<string, number[]>;
  nachEigentuemer: Map<string, number[]>;
  /** The places' JSON for a user with no booking and no place of their own, by state variant (the cache's). */
  varianten: Map<string, string[]>;
};

/** Reads a plan's day: refused (404) for a plan the tenant does not have or an area switched off. */
export const ladeTagesgrundlage = async (
  tx: Tx,
  grundrissId: string,
  day: string,
): Promise<Tagesgrundlage> => {
  const plan = await findGrundriss(tx, grundrissId);
  if (!plan) throw nichtGefunden('grundriss', grundrissId);
  assertBereichOffen(await loadFeatureSwitches(tx), bereichOf(plan.bereich));
  const oeffnung = toOeffnung(await findOeffnung(tx, grundrissId, day, day));
  const hours = oeffnungszeitAm({ day, ...oeffnung });
  const dayStart = berlinInstant(day, '00:00');
  const dayEnd = berlinInstant(addCalendarDays(day, 1), '00:00');
  const tag = hours
    ? { von: berlinInstant(day, hours.von), bis: berlinInstant(day, hours.bis) }
    : { von: dayStart, bis: dayEnd };
  const zeilen = await findPlaetze(tx, grundrissId);
  const ausstattung = await findAusstattungDerPlaetze(tx, grundrissId);
  const belegungen = await findBelegungen(tx, { grundrissId, from: dayStart, to: dayEnd });
  const byPlatz = groupBy(belegungen, (b) => b.leseraumId);
  // helpers are people (decision 138): the places they hold or use that day, and their own place, are marked
  const helfer = await findHelfer(tx);
  const helferById = new Map(helfer.map((h) => [h.id, h]));
  const helferByMail = new Map(helfer.map((h) => [h.email.toLowerCase(), h]));
  const ausstattungByPlatz = groupBy(ausstattung, (a) => a.leseraumId);
  const nachMail = new Map<string, number[]>();
  const nachEigentuemer = new Map<string, number[]>();
  const merke = (map: Map<string, number[]>, key: string, i: number) => {
    const list = map.get(key);
    if (!list) map.set(key, [i]);
    else if (list[list.length - 1] !== i) list.push(i);
  };
  const plaetze = zeilen.map((p, i): PlatzDesTages => {
    const buchungen = byPlatz.get(p.id) ?? [];
    for (const b of buchungen) if (b.buchenderMail) merke(nachMail, b.buchenderMail.toLowerCase(), i);
    if (p.eigentuemerId) merke(nachEigentuemer, p.eigentuemerId, i);
    const personen = [
      ...(p.eigentuemerId ? [helferById.get(p.eigentuemerId)] : []),
      ...buchungen.map((b) =>
        b.buchenderMail ? helferByMail.get(b.buchenderMail.toLowerCase()) : undefined,
      ),
    ].filter((h) => h !== undefined);
    return {
      zeile: p,
      buchungen,
      fest: {
        id: p.id,
        bezeichnung: p.bezeichnung,
        kapazitaet: p.kapazitaet,
        position: p.position,
        beschreibung: p.beschreibung,
        bedingungen: p.bedingungen,
        marker: platzMarkerVon({ platz: p, personen }),
        ausstattung: (ausstattungByPlatz.get(p.id) ?? []).map((a) => ({
          id: a.id,
          name: a.name,
          anzahl: a.anzahl,
        })),
        zeiten: buchungen.map((b) => ({
          von: b.von.toISOString(),
          bis: b.bis.toISOString(),
          status: b.status,
        })),
      },
    };
  });
  return {
    plan: { aktiv: plan.aktiv, kurz: toGrundrissKurz(plan) },
    oeffnung,
    hours,
    tag,
    plaetze,
    nachMail,
    nachEigentuemer,
    varianten: new Map(),
  };
};

/** The chosen period of a day for the occupancy view, or null when nothing of it can be booked. */
const gewaehlterZeitraum = (
  query: TBelegungQuery,
  oeffnung: { weekly: Wochenoeffnung[]; specials: AbweichendeOeffnung[] },
  now: Date,
): Zeitraum | null => {
  if (query.modus === 'ganztags')
    return ganztagsZeitraum({ day: query.tag, tageszeit: query.tageszeit, ...oeffnung, now });
  const von = query.von ?? '09:00';
  const bis = query.bis ?? '18:00';
  if (!isValidTime(von) || !isValidTime(bis)) throw new DomainError('zeit.ungueltig');
  const period = { von: berlinInstant(query.tag, von), bis: berlinInstant(query.tag, bis) };
  return period.von < period.bis ? period : null;
};

/** What the user and the clock make of a day: the answer's head and what the places' states depend on. */
const fuerNutzer = (grundlage: Tagesgrundlage, query: TBelegungQuery, regeln: Regeln, now: Date) => {
  // a day nobody may book shows every place as not bookable, with the reason (R186)
  const sperrgrund = tagSperrgrund({ day: query.tag, now, regeln, ...grundlage.oeffnung });
  const zeitraum = sperrgrund ? null : gewaehlterZeitraum(query, grundlage.oeffnung, now);
  const kopf: Omit<TBelegung, 'plaetze'> = {
    grundriss: grundlage.plan.kurz,
    tag: query.tag,
    oeffnung: grundlage.hours,
    zeitraum: zeitraum ? { von: zeitraum.von.toISOString(), bis: zeitraum.bis.toISOString() } : null,
    sperrgrund,
    letzterTag: letzterBuchbarerTag({ now, vorausbuchbareTage: regeln.vorausbuchbareTage }),
    minimaleBuchungslaenge: regeln.minimaleBuchungslaenge,
  };
  const variante = {
    tagGeoeffnet: grundlage.hours !== null && sperrgrund === null,
    zeitraum: zeitraum ?? grundlage.tag,
  };
  return { kopf, variante };
};

type Variante = ReturnType<typeof fuerNutzer>['variante'];

/** Nobody: no booking is theirs and no place their own. */
const NIEMAND = { email: '', benutzerId: '' };

const platzFuer = (
  grundlage: Tagesgrundlage,
  p: PlatzDesTages,
  variante: Variante,
  user: Pick<SessionUser, 'email' | 'benutzerId'>,
): TPlatzBelegung => ({
  ...p.fest,
  zustand: zustandMitEigentuemer({
    zustand: platzZustand({
      aktiv: p.zeile.aktiv && grundlage.plan.aktiv,
      tagGeoeffnet: variante.tagGeoeffnet,
      zeitraum: variante.zeitraum,
      tag: grundlage.tag,
      buchungen: p.buchungen,
      userMail: user.email,
    }),
    eigentuemerId: p.zeile.eigentuemerId,
    benutzerId: user.benutzerId,
  }),
});

/** The places whose state is the user's own: their bookings' places and their own place. */
const eigenePlaetze = (grundlage: Tagesgrundlage, user: Pick<SessionUser, 'email' | 'benutzerId'>) =>
  new Set([
    ...(grundlage.nachMail.get(user.email.toLowerCase()) ?? []),
    ...(grundlage.nachEigentuemer.get(user.benutzerId) ?? []),
  ]);

/** The seat map as an object (the assistant, the offer of another place). */
export const belegungAus = (
  grundlage: Tagesgrundlage,
  user: Pick<SessionUser, 'email' | 'benutzerId'>,
  query: TBelegungQuery,
  regeln: Regeln,
  now: Date,
): TBelegung => {
  const { kopf, variante } = fuerNutzer(grundlage, query, regeln, now);
  return { ...kopf, plaetze: grundlage.plaetze.map((p) => platzFuer(grundlage, p, variante, user)) };
};

const schreibeKopf = schnellerSerialisierer({ schema: ZBelegung.omit({ plaetze: true }), url: 'belegung' });
const schreibePlatz = schnellerSerialisierer({ schema: ZPlatzBelegung, url: 'belegung' });
/** Variants of the places' states kept per day (full day, half days, a few hourly periods); more are not kept. */
const MAX_VARIANTEN = 8;

/**
 * The seat map as the JSON the route answers: the places' JSON of the variant for nobody, kept with the day (the
 * cache's entry), and the user's own places written for them.
 */
export const belegungAlsJson = (
  grundlage: Tagesgrundlage,
  user: Pick<SessionUser, 'email' | 'benutzerId'>,
  query: TBelegungQuery,
  regeln: Regeln,
  now: Date,
): string => {
  const { kopf, variante } = fuerNutzer(grundlage, query, regeln, now);
  const schluessel = `${variante.tagGeoeffnet}|${variante.zeitraum.von.getTime()}|${variante.zeitraum.bis.getTime()}`;
  let fuerNiemand = grundlage.varianten.get(schluessel);
  if (!fuerNiemand) {
    fuerNiemand = grundlage.plaetze.map((p) => schreibePlatz(platzFuer(grundlage, p, variante, NIEMAND)));
    if (grundlage.varianten.size < MAX_VARIANTEN) grundlage.varianten.set(schluessel, fuerNiemand);
  }
  const eigene = eigenePlaetze(grundlage, user);
  const plaetze =
    eigene.size === 0
      ? fuerNiemand
      : fuerNiemand.map((json, i) =>
          eigene.has(i) ? schreibePlatz(platzFuer(grundlage, grundlage.plaetze[i]!, variante, user)) : json,
        );
  return `${schreibeKopf(kopf).slice(0, -1)},"plaetze":[${plaetze.join(',')}]}`;
};
