/**
 * The evaluation (decision 195): the utilisation's headline figures and the fleet's trips, approvals, licence
 * checks and damages over a period and the one before, every breakdown through the k threshold (decision 164).
 */

import { DomainError } from '@stellwerk/domain/errors';
import { nurErlaubteStandorte, standortGrenzeFuer } from '@stellwerk/domain/identitaet/standort-grenze';
import { berlinDateKey } from '@stellwerk/domain/time';
import { vorperiode } from '@stellwerk/domain/verwaltung/auslastung/zeitraum';
import type {
  TAuswertung,
  TAuswertungPeriode,
  TAuswertungQuery,
} from '@stellwerk/domain/verwaltung/auswertung/api';
import {
  fahrtenAuswerten,
  freigabenAuswerten,
  fuehrerscheineAuswerten,
  mittlereBehebungsTage,
  mittlereStunden,
  schaedenAuswerten,
} from '@stellwerk/domain/verwaltung/auswertung/metriken';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { fahrzeugAuslastungBerechnen } from '../auslastung/auslastung.fahrzeuge.ts';
import {
  type Deps,
  grenzen,
  kVon,
  type Leser,
  standorteDer,
  zeitraumDer,
} from '../auslastung/auslastung.kontext.ts';
import { leseraumAuslastungBerechnen } from '../auslastung/auslastung.leseraum.ts';
import { loadEffectiveCustomizing, loadFeatureSwitches } from '../customizing/customizing.service.ts';
import {
  fahrtenJeStandort,
  freigabenImZeitraum,
  fuehrerscheine,
  schaedenImZeitraum,
  standorte,
} from './auswertung.repository.ts';

/** The screen the evaluation's API serves (admin access and auswertung_sehen, decisions 195 and 246). */

const mapWerte = <T, U>(
  a: {
    verborgen: boolean;
    gesamt: T | null;
    standorte: {
      zellen: { schluessel: string; bezeichnung: string; werte: T }[];
      sonstige: { anzahlZellen: number; werte: T } | null;
      verborgen: number;
    };
  },
  f: (t: T) => U,
) => ({
  verborgen: a.verborgen,
  gesamt: a.gesamt === null ? null : f(a.gesamt),
  standorte: {
    zellen: a.standorte.zellen.map((z) => ({ ...z, werte: f(z.werte) })),
    sonstige: a.standorte.sonstige && { ...a.standorte.sonstige, werte: f(a.standorte.sonstige.werte) },
    verborgen: a.standorte.verborgen,
  },
});

const flotte = async (
  tx: Tx,
  z: { vonTag: string; bisTag: string },
  { k, heute, standortIds }: { k: number; heute: string; standortIds?: readonly string[] },
) => {
  const b = { ...grenzen(z), standortIds };
  const freigaben = freigabenAuswerten(await freigabenImZeitraum(tx, b), k);
  const schaeden = schaedenAuswerten(await schaedenImZeitraum(tx, b), { ...grenzen(z), k });
  return {
    fahrten: fahrtenAuswerten(await fahrtenJeStandort(tx, b), k),
    freigaben: mapWerte(freigaben, ({ stundenSumme: _, ...w }) => ({
      ...w,
      mittlereStunden: mittlereStunden({ entscheidungen: w.entscheidungen, stundenSumme: _ }),
    })),
    schaeden: mapWerte(schaeden, (w) => {
      const { behebungsTageSumme: _, ...rest } = w;
      return { ...rest, mittlereBehebungsTage: mittlereBehebungsTage(w) };
    }),
    // a licence has no location: totals of the tenant only, not for a reader limited to locations (decision 258)
    fuehrerscheine:
      standortIds === undefined
        ? fuehrerscheineAuswerten(await fuehrerscheine(tx), { ...z, heute, k })
        : null,
  };
};

const keinBereich = (e: unknown) => {
  if (e instanceof DomainError && e.code === 'not_found') return null;
  throw e;
};

/** GET /api/auswertung */
export const auswertung = async (
  deps: Deps,
  user: SessionUser,
  q: TAuswertungQuery,
): Promise<TAuswertung> => {
  assertDarf(user, 'auswertung.sehen');
  return auswertungBerechnen(deps, { ...user, standorte: standortGrenzeFuer('auswertung.sehen', user) }, q);
};

/** The evaluation without the right's check: for the mailed evaluation, whose recipients were checked (decision 247). */
export const auswertungBerechnen = async (
  { database, now }: Deps,
  user: Leser,
  q: TAuswertungQuery,
): Promise<TAuswertung> => {
  const jetzt = now();
  const heute = berlinDateKey(jetzt);
  const zeitraum = zeitraumDer(q, jetzt);
  const vorher = vorperiode(zeitraum);
  // a foreign location is refused before anything is computed (decision 258)
  const standortIds = standorteDer(user, q.standort);
  const filter = { art: q.art, tag: q.tag, von: q.von, bis: q.bis, standort: q.standort };
  // one after the other, each its own transaction: the mailed evaluation runs all three in its one transaction
  // (decision 279)
  const plaetze = await leseraumAuslastungBerechnen({ database, now }, user, filter, 'kopf').catch(
    keinBereich,
  );
  const fahrzeuge = await fahrzeugAuslastungBerechnen({ database, now }, user, filter, 'kopf').catch(
    keinBereich,
  );
  const { k, bereiche, jetztF, vorherF, standortListe } = await database.withTenant(
    user.mandantId,
    async (tx) => {
      const features = await loadFeatureSwitches(tx);
      const k = kVon(await loadEffectiveCustomizing(tx, user.benutzerId));
      const opt = { k, heute, standortIds };
      const [jetztF, vorherF] = features.FahrzeugBuchung
        ? [await flotte(tx, zeitraum, opt), await flotte(tx, vorher, opt)]
        : [null, null];
      const bereiche = { plaetze: features.Leseraum, fahrzeuge: features.FahrzeugBuchung };
      return { k, bereiche, jetztF, vorherF, standortListe: await standorte(tx) };
    },
  );
  const periode = (f: typeof jetztF, aktuell: boolean): TAuswertungPeriode => ({
    auslastung: {
      plaetze: plaetze ? (aktuell ? plaetze.auslastung : plaetze.vorperiodeAuslastung) : null,
      // the previous period is hidden on its own when it counts fewer than k people (decision 272)
      plaetzeVerborgen: (aktuell ? plaetze?.verborgen : plaetze?.vorperiodeVerborgen) ?? false,
      fahrzeugeGebucht: fahrzeuge
        ? aktuell
          ? fahrzeuge.auslastungGebucht
          : fahrzeuge.vorperiodeGebucht
        : null,
      fahrzeugeGefahren: fahrzeuge && aktuell ? fahrzeuge.auslastungGefahren : null,
      fahrzeugeVerborgen: (aktuell ? fahrzeuge?.verborgen : fahrzeuge?.vorperiodeVerborgen) ?? false,
      fahrzeugeNachfrage: fahrzeuge?.nachfrage
        ? aktuell
          ? fahrzeuge.nachfrage.gesamt
          : fahrzeuge.nachfrage.vorperiode
        : null,
    },
    fahrten: f?.fahrten ?? null,
    freigaben: f?.freigaben ?? null,
    schaeden: f?.schaeden ?? null,
    fuehrerscheine: f?.fuehrerscheine ?? null,
  });
  return {
    zeitraum,
    vorperiode: vorher,
    k,
    bereiche,
    auswahl: { standorte: nurErlaubteStandorte(user.standorte ?? null, standortListe) },
    aktuell: periode(jetztF, true),
    vorher: periode(vorherF, false),
  };
};
