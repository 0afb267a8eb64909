/**
 * The office utilisation of places (reading rooms and workspaces, decisions 163–166).
 */

import { standortGrenzeFuer } from '@stellwerk/domain/identitaet/standort-grenze';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import type {
  TLeseraumAuslastung,
  TLeseraumAuslastungQuery,
} from '@stellwerk/domain/verwaltung/auslastung/api';
import { type Buchungsmodus, quote } from '@stellwerk/domain/verwaltung/auslastung/buchbare-zeit';
import { type KZelle, selektionZeigbar } from '@stellwerk/domain/verwaltung/auslastung/k-schwelle';
import { vorperiode } from '@stellwerk/domain/verwaltung/auslastung/zeitraum';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { loadEffectiveCustomizing } from '../customizing/customizing.service.ts';
import {
  type Anteil,
  addiere,
  artenDer,
  assertFeature,
  aufschluesseln,
  type Deps,
  eindeutig,
  fensterDerPlaene,
  grenzen,
  kVon,
  LEER_AUFSCHLUESSELUNG,
  type Leser,
  orteDer,
  planTage,
  planZahlen,
  standorteDer,
  summe,
  type Umfang,
  zeitraumDer,
  zellenFuerKSchwelle,
} from './auslastung.kontext.ts';
import { findPlaene, type PlanRow, personenJePlan } from './auslastung.leseraum.repository.ts';
import { planSummen, planTagZahlen } from './auslastung.leseraum-tage.ts';
import { ohneJit } from './auslastung.repository.ts';

/** GET /api/auslastung/leseraum */
export const leseraumAuslastung = async (
  deps: Deps,
  user: SessionUser,
  q: TLeseraumAuslastungQuery,
): Promise<TLeseraumAuslastung> => {
  assertDarf(user, 'auslastung.sehen');
  return leseraumAuslastungBerechnen(
    deps,
    { ...user, standorte: standortGrenzeFuer('auslastung.sehen', user) },
    q,
  );
};

/**
 * The figures without the right's check: for the evaluation, which has its own right (decision 246) and shows
 * these figures' headline values. `umfang: 'kopf'` (the evaluation's) computes only those: the preview of the next two
 * weeks, the filter's choices and the breakdowns are left empty (decision 279).
 */
export const leseraumAuslastungBerechnen = async (
  { database, now }: Deps,
  user: Leser,
  q: TLeseraumAuslastungQuery,
  umfang: Umfang = 'ganz',
): Promise<TLeseraumAuslastung> => {
  const jetzt = now();
  const zeitraum = zeitraumDer(q, jetzt);
  const vorher = vorperiode(zeitraum);
  return database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx, 'Leseraum');
    await ohneJit(tx);
    const settings = await loadEffectiveCustomizing(tx, user.benutzerId);
    const k = kVon(settings);
    const modus: Buchungsmodus =
      q.modus ?? (stringCustomizing(settings, 'Buchungsmodus') === 'stuendlich' ? 'stuendlich' : 'ganztags');
    const plaene = await findPlaene(tx, {
      standortIds: standorteDer(user, q.standort),
      grundrissId: q.grundriss,
      bereich: q.bereich,
      raumart: q.raumart,
    });
    const planIds = plaene.map((p) => p.id);
    const { start, ende } = grenzen(zeitraum);
    const personen = await personenJePlan(tx, { planIds, start, ende, raumart: q.raumart, k });
    const ganz = umfang === 'ganz';
    const allePlaene = ganz ? await findPlaene(tx, { standortIds: user.standorte ?? undefined }) : [];
    const auswahl = {
      standorte: eindeutig(
        allePlaene
          .filter((p) => p.standortId)
          .map((p) => ({ id: p.standortId!, name: p.standortName ?? '' })),
      ),
      grundrisse: allePlaene.map((p) => ({ id: p.id, name: p.bezeichnung })),
    };
    const kopf = {
      zeitraum,
      vorperiode: vorher,
      k,
      modus,
      auswahl,
      plaetze: summe(plaene.map((p) => p.plaetze)),
    };
    const heute = berlinDateKey(jetzt);
    const vorschauZeitraum = { vonTag: heute, bisTag: addCalendarDays(heute, 13) };

    const vorschau = await (async () => {
      if (!ganz) return { verborgen: false, tage: [] };
      const v = grenzen(vorschauZeitraum);
      const leute = await personenJePlan(tx, {
        planIds,
        start: v.start,
        ende: v.ende,
        raumart: q.raumart,
        vorschau: true,
        k,
      });
      const alleLeute = new Set([...leute.jePlan.values()].flat()).size;
      if (!selektionZeigbar({ personen: alleLeute, k })) return { verborgen: true, tage: [] };
      const fenster = await fensterDerPlaene(tx, plaene, vorschauZeitraum);
      // the open days' preview minutes from the rollup (decision 276), capped per day at its bookable minutes
      const tage = planTage(plaene, fenster);
      const zahlen = await planTagZahlen(tx, { tage, orte: orteDer(plaene) });
      const plaetzeVon = new Map(plaene.map((p) => [p.id, p.plaetze]));
      const arten = artenDer(q.raumart);
      const jeTag = new Map<string, Anteil>();
      tage.forEach((s, j) => {
        const buchbar = ((s.bis.getTime() - s.von.getTime()) / 60_000) * plaetzeVon.get(s.grundrissId)!;
        const minuten = arten.reduce((n, art) => n + summe(zahlen[j]!.vorschau[art]), 0);
        const t = jeTag.get(s.tag) ?? { belegt: 0, buchbar: 0 };
        t.belegt += Math.min(minuten, buchbar);
        t.buchbar += buchbar;
        jeTag.set(s.tag, t);
      });
      return {
        verborgen: false,
        tage: [...jeTag.entries()].sort().map(([tag, t]) => ({ tag, quote: quote(t.belegt, t.buchbar) })),
      };
    })();

    if (
      !selektionZeigbar({ personen: personen.alle, k }) ||
      !selektionZeigbar({ personen: new Set([...personen.jePlan.values()].flat()).size, k })
    ) {
      return {
        ...kopf,
        verborgen: true,
        auslastung: null,
        auslastungEingecheckt: null,
        vorperiodeAuslastung: null,
        vorperiodeVerborgen: true,
        spitzenTag: null,
        buchungen: {
          gebucht: 0,
          eingecheckt: 0,
          freigegeben: 0,
          noShowQuote: null,
          verfalleneVormerkungen: 0,
          stornierungen: 0,
          vorlauf: { unterEinerStunde: 0, biszuEinemTag: 0, biszuEinerWoche: 0, laenger: 0, unbekannt: 0 },
        },
        tage: [],
        heatmap: [],
        standorte: LEER_AUFSCHLUESSELUNG,
        grundrisse: LEER_AUFSCHLUESSELUNG,
        vorschau,
      };
    }

    const fenster = await fensterDerPlaene(tx, plaene, zeitraum);
    const zahlen = await planZahlen(tx, { plaene, zeitraum, fenster, modus, raumart: q.raumart });
    // the previous period is a selection of its own: its figure only with k people behind it (decision 272)
    const v = grenzen(vorher);
    const vorherPersonen = await personenJePlan(tx, {
      planIds,
      start: v.start,
      ende: v.ende,
      raumart: q.raumart,
      k,
    });
    const vorherZeigbar =
      selektionZeigbar({ personen: vorherPersonen.alle, k }) &&
      selektionZeigbar({ personen: new Set([...vorherPersonen.jePlan.values()].flat()).size, k });
    // only its total is shown: summed in the database from the rollup (decision 276)
    const vorherFenster = vorherZeigbar ? await fensterDerPlaene(tx, plaene, vorher) : null;
    const vorherSummen =
      vorherFenster &&
      (await planSummen(tx, {
        tage: planTage(plaene, vorherFenster),
        orte: orteDer(plaene),
        plaetze: new Map(plaene.map((p) => [p.id, p.plaetze])),
        arten: artenDer(q.raumart),
        modus,
      }));
    const gesamt = [...zahlen.jePlan.values()].reduce(addiere, { belegt: 0, buchbar: 0 });
    const eingecheckt = summe([...zahlen.jePlan.values()].map((p) => p.eingecheckt));
    const vorherGesamt =
      vorherSummen && [...vorherSummen.values()].reduce(addiere, { belegt: 0, buchbar: 0 });
    const tage = [...zahlen.jeTag.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([tag, t]) => ({
        tag,
        quote: quote(t.belegt, t.buchbar),
        quoteEingecheckt: quote(t.eingecheckt, t.buchbar),
      }));
    const spitze = tage.reduce<(typeof tage)[number] | null>(
      // a period without any booked time has no peak day
      (best, t) =>
        t.quote !== null && t.quote > 0 && (best === null || t.quote > (best.quote ?? -1)) ? t : best,
      null,
    );
    const zaehlung = zahlen.zaehlung;
    const zellenAus = (jePlan: Map<string, string[]>) => {
      const planZelle = (p: PlanRow): KZelle<Anteil> => ({
        schluessel: p.id,
        bezeichnung: p.bezeichnung,
        personen: jePlan.get(p.id) ?? [],
        werte: { belegt: zahlen.jePlan.get(p.id)!.belegt, buchbar: zahlen.jePlan.get(p.id)!.buchbar },
      });
      const standortIds = [...new Set(plaene.map((p) => p.standortId ?? ''))];
      return {
        grundrisse: plaene.map(planZelle),
        standorte: standortIds.map((sid): KZelle<Anteil> => {
          const eigene = plaene.filter((p) => (p.standortId ?? '') === sid);
          return {
            schluessel: sid || 'ohne',
            bezeichnung: eigene[0]?.standortName ?? '',
            personen: [...new Set(eigene.flatMap((p) => jePlan.get(p.id) ?? []))],
            werte: eigene.map((p) => planZelle(p).werte).reduce(addiere, { belegt: 0, buchbar: 0 }),
          };
        }),
      };
    };
    const zellen = ganz
      ? await zellenFuerKSchwelle(
          zellenAus,
          { jeZelle: personen.jePlan, gezogen: personen.gezogen },
          k,
          async () =>
            (await personenJePlan(tx, { planIds, start, ende, raumart: q.raumart, k, genau: true })).jePlan,
        )
      : { grundrisse: [], standorte: [] };
    return {
      ...kopf,
      verborgen: false,
      auslastung: quote(gesamt.belegt, gesamt.buchbar),
      auslastungEingecheckt: quote(eingecheckt, gesamt.buchbar),
      vorperiodeAuslastung: vorherGesamt && quote(vorherGesamt.belegt, vorherGesamt.buchbar),
      vorperiodeVerborgen: !vorherZeigbar,
      spitzenTag: spitze && { tag: spitze.tag, quote: spitze.quote },
      buchungen: {
        gebucht: zaehlung.gebucht,
        eingecheckt: zaehlung.eingecheckt,
        freigegeben: zaehlung.freigegeben,
        noShowQuote: quote(zaehlung.freigegeben, zaehlung.eingecheckt + zaehlung.freigegeben),
        verfalleneVormerkungen: zaehlung.verfallen,
        stornierungen: zaehlung.storniert,
        vorlauf: {
          unterEinerStunde: zaehlung.unterEinerStunde,
          biszuEinemTag: zaehlung.biszuEinemTag,
          biszuEinerWoche: zaehlung.biszuEinerWoche,
          laenger: zaehlung.laenger,
          unbekannt: zaehlung.unbekannt,
        },
      },
      tage,
      heatmap: [...zahlen.heatmap.entries()]
        .map(([zelle, h]) => {
          const [wochentag, stunde] = zelle.split(':').map(Number) as [number, number];
          return { wochentag, stunde, quote: quote(h.belegt, h.buchbar) };
        })
        .sort((a, b) => a.wochentag - b.wochentag || a.stunde - b.stunde),
      standorte: aufschluesseln(zellen.standorte, k),
      grundrisse: aufschluesseln(zellen.grundrisse, k),
      vorschau,
    };
  });
};
