/**
 * The office utilisation (decisions 163–166): authorise (admin access and auslastung_sehen), check the area is
 * switched on, compute the bookable time from the domain rules, let the database sum the booked time inside it,
 * and apply the k threshold before anything leaves the server.
 */
import type {
  TAufschluesselung,
  TFahrzeugAuslastung,
  TFahrzeugAuslastungQuery,
  TLeseraumAuslastung,
  TLeseraumAuslastungQuery,
} from '@stellwerk/domain/verwaltung/auslastung/api';
import {
  type Buchungsmodus,
  type Fenster,
  fahrzeugFenster,
  inStunden,
  oeffnungsFenster,
  quote,
} from '@stellwerk/domain/verwaltung/auslastung/buchbare-zeit';
import {
  DEFAULT_MINDEST_PERSONEN,
  type KZelle,
  mitKSchwelle,
  selektionZeigbar,
} from '@stellwerk/domain/verwaltung/auslastung/k-schwelle';
import { type Zeitraum, vorperiode, zeitraumAus } from '@stellwerk/domain/verwaltung/auslastung/zeitraum';
import { numberSetting, stringSetting } from '@stellwerk/domain/verwaltung/customizing';
import { DomainError } from '@stellwerk/domain/errors';
import { fahrzeugFensterAus } from '@stellwerk/domain/fahrzeuge/fahrzeug/buchungsfenster';
import { wirksamesBuchungsfenster } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import { fahrzeugEinstellungenAus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/settings';
import { type Bundesland, feiertagsTage, isBundesland } from '@stellwerk/domain/verwaltung/feiertage';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { requireAdminRouteFuer } from './auslastung.zugang.ts';
import { loadEffectiveSettings, loadFeatureSwitches } from '../customizing/customizing.service.ts';
import {
  belegteMinutenJeStueck,
  belegtePlaetzeJeTag,
  fahrerAnzahl,
  fahrtenJeMonat,
  findFahrzeuge,
  findOeffnungen,
  findPlaene,
  minutenJeFahrzeugTag,
  personenJeFahrzeug,
  personenJePlan,
  type PlanRow,
  zaehleBuchungen,
} from './auslastung.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'>; now: () => Date };

/** The instants `[start, ende)` of the Berlin days of a period. */
const grenzen = (z: { vonTag: string; bisTag: string }) => ({
  start: berlinInstant(z.vonTag, '00:00'),
  ende: berlinInstant(addCalendarDays(z.bisTag, 1), '00:00'),
});

const bundeslandVon = (wert: string | null): Bundesland | null => (wert && isBundesland(wert) ? wert : null);

const zeitraumDer = (q: { art: Zeitraum['art']; tag?: string; von?: string; bis?: string }, now: Date) =>
  zeitraumAus({ art: q.art, tag: q.tag ?? berlinDateKey(now), von: q.von, bis: q.bis });

const eindeutig = (xs: readonly { id: string; name: string }[]) =>
  [...new Map(xs.map((x) => [x.id, x])).values()].sort((a, b) => a.name.localeCompare(b.name, 'de'));

const summe = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

type Anteil = { belegt: number; buchbar: number };
const addiere = (a: Anteil, b: Anteil): Anteil => ({
  belegt: a.belegt + b.belegt,
  buchbar: a.buchbar + b.buchbar,
});

const aufschluesseln = (zellen: KZelle<Anteil>[], k: number): TAufschluesselung => {
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

const LEER_AUFSCHLUESSELUNG: TAufschluesselung = { zellen: [], sonstige: null, verborgen: 0 };

const kVon = (settings: Awaited<ReturnType<typeof loadEffectiveSettings>>) => {
  const k = numberSetting(settings, 'AuslastungMindestPersonen');
  return Number.isInteger(k) && k >= 2 ? k : DEFAULT_MINDEST_PERSONEN;
};

// --- reading rooms and workspaces ------------------------------------------------------------------------

/** Each plan's opening hours over the days of `z`, without its location's holidays. */
const fensterDerPlaene = async (
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
};

/** The booked, checked-in and bookable time of the plans over the period, per plan, per day and per hour cell. */
const planZahlen = async (
  tx: Tx,
  {
    plaene,
    fenster,
    modus,
    raumart,
  }: {
    plaene: readonly PlanRow[];
    fenster: Map<string, Fenster[]>;
    modus: Buchungsmodus;
    raumart?: 'platz' | 'gruppenraum';
  },
): Promise<PlanZahlen> => {
  const stuecke = plaene.flatMap((p) =>
    inStunden(fenster.get(p.id) ?? []).map((s) => ({ ...s, grundrissId: p.id, plaetze: p.plaetze })),
  );
  const minuten = await belegteMinutenJeStueck(tx, { stuecke, raumart });
  const jePlan = new Map(plaene.map((p) => [p.id, { belegt: 0, eingecheckt: 0, buchbar: 0 }]));
  const jeTag = new Map<string, { belegt: number; eingecheckt: number; buchbar: number }>();
  const heatmap = new Map<string, { belegt: number; buchbar: number }>();
  const belegtJeStueck = new Map(minuten.map((m) => [m.i, m]));
  stuecke.forEach((s, i) => {
    const m = belegtJeStueck.get(i);
    const zelle = `${s.wochentag}:${s.stunde}`;
    const h = heatmap.get(zelle) ?? { belegt: 0, buchbar: 0 };
    h.belegt += Math.min(m?.belegt ?? 0, s.minuten * s.plaetze);
    h.buchbar += s.minuten * s.plaetze;
    heatmap.set(zelle, h);
    if (modus === 'stuendlich') {
      const p = jePlan.get(s.grundrissId)!;
      const t = jeTag.get(s.tag) ?? { belegt: 0, eingecheckt: 0, buchbar: 0 };
      const belegt = Math.min(m?.belegt ?? 0, s.minuten * s.plaetze);
      const eingecheckt = Math.min(m?.eingecheckt ?? 0, belegt);
      p.belegt += belegt;
      p.eingecheckt += eingecheckt;
      p.buchbar += s.minuten * s.plaetze;
      t.belegt += belegt;
      t.eingecheckt += eingecheckt;
      t.buchbar += s.minuten * s.plaetze;
      jeTag.set(s.tag, t);
    }
  });
  if (modus === 'ganztags') {
    const tage = plaene.flatMap((p) =>
      (fenster.get(p.id) ?? []).map((f) => ({ grundrissId: p.id, tag: f.tag, von: f.von, bis: f.bis })),
    );
    const belegt = new Map(
      (await belegtePlaetzeJeTag(tx, { tage, raumart })).map((r) => [`${r.grundrissId}|${r.tag}`, r]),
    );
    for (const t of tage) {
      const plaetze = plaene.find((p) => p.id === t.grundrissId)!.plaetze;
      const b = belegt.get(`${t.grundrissId}|${t.tag}`);
      const [n, e] = [
        Math.min(Number(b?.belegt ?? 0), plaetze),
        Math.min(Number(b?.eingecheckt ?? 0), plaetze),
      ];
      const p = jePlan.get(t.grundrissId)!;
      const d = jeTag.get(t.tag) ?? { belegt: 0, eingecheckt: 0, buchbar: 0 };
      p.belegt += n;
      p.eingecheckt += e;
      p.buchbar += plaetze;
      d.belegt += n;
      d.eingecheckt += e;
      d.buchbar += plaetze;
      jeTag.set(t.tag, d);
    }
  }
  return { jePlan, jeTag, heatmap };
};

const assertFeature = async (tx: Tx, feature: 'Leseraum' | 'FahrzeugBuchung') => {
  if (!(await loadFeatureSwitches(tx))[feature]) throw new DomainError('not_found');
};

/** GET /api/auslastung/leseraum */
export const leseraumAuslastung = async (
  { database, now }: Deps,
  user: SessionUser,
  q: TLeseraumAuslastungQuery,
): Promise<TLeseraumAuslastung> => {
  requireAdminRouteFuer(user);
  const jetzt = now();
  const zeitraum = zeitraumDer(q, jetzt);
  const vorher = vorperiode(zeitraum);
  return database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx, 'Leseraum');
    const settings = await loadEffectiveSettings(tx, user.benutzerId);
    const k = kVon(settings);
    const modus: Buchungsmodus =
      q.modus ?? (stringSetting(settings, 'Buchungsmodus') === 'stuendlich' ? 'stuendlich' : 'ganztags');
    const plaene = await findPlaene(tx, {
      standortId: q.standort,
      grundrissId: q.grundriss,
      bereich: q.bereich,
      raumart: q.raumart,
    });
    const planIds = plaene.map((p) => p.id);
    const { start, ende } = grenzen(zeitraum);
    const personen = await personenJePlan(tx, { planIds, start, ende, raumart: q.raumart });
    const allePlaene = await findPlaene(tx, {});
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
      const v = grenzen(vorschauZeitraum);
      const leute = await personenJePlan(tx, {
        planIds,
        start: v.start,
        ende: v.ende,
        raumart: q.raumart,
        vorschau: true,
      });
      const alleLeute = new Set([...leute.jePlan.values()].flat()).size;
      if (!selektionZeigbar({ personen: alleLeute, k })) return { verborgen: true, tage: [] };
      const fenster = await fensterDerPlaene(tx, plaene, vorschauZeitraum);
      const stuecke = plaene.flatMap((p) =>
        (fenster.get(p.id) ?? []).map((f) => ({ ...f, grundrissId: p.id, plaetze: p.plaetze })),
      );
      const minuten = new Map(
        (await belegteMinutenJeStueck(tx, { stuecke, raumart: q.raumart, vorschau: true })).map((m) => [
          m.i,
          m,
        ]),
      );
      const jeTag = new Map<string, Anteil>();
      stuecke.forEach((s, i) => {
        const buchbar = ((s.bis.getTime() - s.von.getTime()) / 60_000) * s.plaetze;
        const t = jeTag.get(s.tag) ?? { belegt: 0, buchbar: 0 };
        t.belegt += Math.min(minuten.get(i)?.belegt ?? 0, buchbar);
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
    const zahlen = await planZahlen(tx, { plaene, fenster, modus, raumart: q.raumart });
    const vorherFenster = await fensterDerPlaene(tx, plaene, vorher);
    const vorherZahlen = await planZahlen(tx, { plaene, fenster: vorherFenster, modus, raumart: q.raumart });
    const gesamt = [...zahlen.jePlan.values()].reduce(addiere, { belegt: 0, buchbar: 0 });
    const eingecheckt = summe([...zahlen.jePlan.values()].map((p) => p.eingecheckt));
    const vorherGesamt = [...vorherZahlen.jePlan.values()].reduce(addiere, { belegt: 0, buchbar: 0 });
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
    const zaehlung = await zaehleBuchungen(tx, { planIds, start, ende, raumart: q.raumart });
    const planZelle = (p: PlanRow): KZelle<Anteil> => ({
      schluessel: p.id,
      bezeichnung: p.bezeichnung,
      personen: personen.jePlan.get(p.id) ?? [],
      werte: { belegt: zahlen.jePlan.get(p.id)!.belegt, buchbar: zahlen.jePlan.get(p.id)!.buchbar },
    });
    const standortIds = [...new Set(plaene.map((p) => p.standortId ?? ''))];
    const standortZellen = standortIds.map((sid): KZelle<Anteil> => {
      const eigene = plaene.filter((p) => (p.standortId ?? '') === sid);
      return {
        schluessel: sid || 'ohne',
        bezeichnung: eigene[0]?.standortName ?? '',
        personen: [...new Set(eigene.flatMap((p) => personen.jePlan.get(p.id) ?? []))],
        werte: eigene.map((p) => planZelle(p).werte).reduce(addiere, { belegt: 0, buchbar: 0 }),
      };
    });
    return {
      ...kopf,
      verborgen: false,
      auslastung: quote(gesamt.belegt, gesamt.buchbar),
      auslastungEingecheckt: quote(eingecheckt, gesamt.buchbar),
      vorperiodeAuslastung: quote(vorherGesamt.belegt, vorherGesamt.buchbar),
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
      standorte: aufschluesseln(standortZellen, k),
      grundrisse: aufschluesseln(plaene.map(planZelle), k),
      vorschau,
    };
  });
};

// --- vehicles --------------------------------------------------------------------------------------------

/** GET /api/auslastung/fahrzeuge */
export const fahrzeugAuslastung = async (
  { database, now }: Deps,
  user: SessionUser,
  q: TFahrzeugAuslastungQuery,
): Promise<TFahrzeugAuslastung> => {
  requireAdminRouteFuer(user);
  const jetzt = now();
  const zeitraum = zeitraumDer(q, jetzt);
  const vorher = vorperiode(zeitraum);
  return database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx, 'FahrzeugBuchung');
    const settings = await loadEffectiveSettings(tx, user.benutzerId);
    const k = kVon(settings);
    const schwelle = numberSetting(settings, 'AuslastungSchwelleFahrzeugProzent');
    const einstellungen = fahrzeugEinstellungenAus({ settings });
    const fahrzeuge = await findFahrzeuge(tx, { standortId: q.standort, kategorie: q.kategorie });
    const ids = fahrzeuge.map((f) => f.id);
    const fensterDer = (z: { vonTag: string; bisTag: string }) =>
      fahrzeuge.flatMap((f) =>
        fahrzeugFenster({
          ...z,
          fenster: wirksamesBuchungsfenster({
            individuelleBuchungszeiten: einstellungen.individuelleBuchungszeiten,
            fahrzeugFenster: fahrzeugFensterAus({
              zeilen: f.fensterZeilen,
              buchungszeitraumVon: f.buchungszeitraumVon,
              buchungszeitraumBis: f.buchungszeitraumBis,
              buchungszeitraumWochentage: f.buchungszeitraumWochentage,
            }),
            zeitraumVon: einstellungen.buchungszeitraumVon,
            zeitraumBis: einstellungen.buchungszeitraumBis,
          }),
          feiertage: feiertagsTage({ ...z, bundesland: bundeslandVon(f.bundesland) }),
          gueltigVon: f.gueltigVon,
          gueltigBis: f.gueltigBis,
        }).map((fe) => ({ ...fe, fahrzeugId: f.id })),
      );
    const zahlenDer = async (z: { vonTag: string; bisTag: string }) => {
      const tage = fensterDer(z);
      const minuten = new Map((await minutenJeFahrzeugTag(tx, { tage })).map((m) => [m.i, m]));
      const jeFahrzeug = new Map(
        ids.map((id) => [id, { gebucht: 0, gefahren: 0, buchbar: 0, tage: 0, standtage: 0 }]),
      );
      tage.forEach((t, i) => {
        const buchbar = (t.bis.getTime() - t.von.getTime()) / 60_000;
        const m = minuten.get(i);
        const f = jeFahrzeug.get(t.fahrzeugId)!;
        f.gebucht += Math.min(m?.gebucht ?? 0, buchbar);
        f.gefahren += Math.min(m?.gefahren ?? 0, buchbar);
        f.buchbar += buchbar;
        f.tage += 1;
        if (!m || m.gebucht <= 0) f.standtage += 1;
      });
      return jeFahrzeug;
    };
    const { start, ende } = grenzen(zeitraum);
    const personen = await personenJeFahrzeug(tx, { fahrzeugIds: ids, start, ende });
    const allePersonen = new Set([...personen.values()].flat()).size;
    const fahrer = await fahrerAnzahl(tx, { fahrzeugIds: ids, start, ende });

    // the recommendation: the last 90 days up to yesterday
    const gestern = addCalendarDays(berlinDateKey(jetzt), -1);
    const neunzig = { vonTag: addCalendarDays(gestern, -89), bisTag: gestern };
    const n = grenzen(neunzig);
    const zahlen90 = await zahlenDer(neunzig);
    const personen90 = await personenJeFahrzeug(tx, { fahrzeugIds: ids, start: n.start, ende: n.ende });
    const unter = fahrzeuge.filter((f) => {
      const z = zahlen90.get(f.id)!;
      const qu = quote(z.gebucht, z.buchbar);
      return qu !== null && qu * 100 < schwelle;
    });
    const zeigbar = (id: string) => selektionZeigbar({ personen: (personen90.get(id) ?? []).length, k });
    const kandidaten = {
      schwelle,
      fahrzeuge: unter
        .filter((f) => zeigbar(f.id))
        .map((f) => {
          const z = zahlen90.get(f.id)!;
          return {
            id: f.id,
            bezeichnung: `${f.kennzeichen} (${f.marke} ${f.modell})`,
            quote: quote(z.gebucht, z.buchbar),
            gebuchteStunden: Math.round((z.gebucht / 60) * 10) / 10,
          };
        }),
      verborgen: unter.filter((f) => !zeigbar(f.id)).length,
    };

    const alleFahrzeuge = await findFahrzeuge(tx, {});
    const auswahl = {
      standorte: eindeutig(alleFahrzeuge.map((f) => ({ id: f.standortId, name: f.standortName }))),
      kategorien: [...new Set(alleFahrzeuge.flatMap((f) => (f.kategorie ? [f.kategorie] : [])))].sort(
        (a, b) => a.localeCompare(b, 'de'),
      ),
    };
    const kopf = { zeitraum, vorperiode: vorher, k, auswahl, fahrzeuge: fahrzeuge.length, kandidaten };
    if (!selektionZeigbar({ personen: allePersonen, k }) || !selektionZeigbar({ personen: fahrer, k })) {
      return {
        ...kopf,
        verborgen: true,
        auslastungGebucht: null,
        auslastungGefahren: null,
        vorperiodeGebucht: null,
        buchbareStunden: 0,
        standtage: 0,
        buchbareTage: 0,
        monate: [],
        privatAnteil: null,
        arbeitswegAnteil: null,
        standorte: LEER_AUFSCHLUESSELUNG,
        kategorien: LEER_AUFSCHLUESSELUNG,
        fahrzeugeAufgeschluesselt: LEER_AUFSCHLUESSELUNG,
      };
    }
    const zahlen = await zahlenDer(zeitraum);
    const vorherZahlen = await zahlenDer(vorher);
    const alle = [...zahlen.values()];
    const gebucht = summe(alle.map((z) => z.gebucht));
    const buchbar = summe(alle.map((z) => z.buchbar));
    const monate = await fahrtenJeMonat(tx, { fahrzeugIds: ids, start, ende });
    const km = summe(monate.map((m) => Number(m.km)));
    const zelleVon = (gruppe: typeof fahrzeuge, schluessel: string, bezeichnung: string): KZelle<Anteil> => ({
      schluessel,
      bezeichnung,
      personen: [...new Set(gruppe.flatMap((f) => personen.get(f.id) ?? []))],
      werte: gruppe
        .map((f) => ({ belegt: zahlen.get(f.id)!.gebucht, buchbar: zahlen.get(f.id)!.buchbar }))
        .reduce(addiere, { belegt: 0, buchbar: 0 }),
    });
    const gruppiert = (
      schluessel: (f: (typeof fahrzeuge)[number]) => string,
      name: (f: (typeof fahrzeuge)[number]) => string,
    ) =>
      [...new Set(fahrzeuge.map(schluessel))].map((s) => {
        const gruppe = fahrzeuge.filter((f) => schluessel(f) === s);
        return zelleVon(gruppe, s, name(gruppe[0]!));
      });
    return {
      ...kopf,
      verborgen: false,
      auslastungGebucht: quote(gebucht, buchbar),
      auslastungGefahren: quote(summe(alle.map((z) => z.gefahren)), buchbar),
      vorperiodeGebucht: quote(
        summe([...vorherZahlen.values()].map((z) => z.gebucht)),
        summe([...vorherZahlen.values()].map((z) => z.buchbar)),
      ),
      buchbareStunden: Math.round((buchbar / 60) * 10) / 10,
      standtage: summe(alle.map((z) => z.standtage)),
      buchbareTage: summe(alle.map((z) => z.tage)),
      monate: monate.map((m) => ({
        monat: m.monat,
        fahrten: Number(m.fahrten),
        km: Number(m.km),
        kmPrivat: Number(m.kmPrivat),
        kmArbeitsweg: Number(m.kmArbeitsweg),
      })),
      privatAnteil: quote(summe(monate.map((m) => Number(m.kmPrivat))), km),
      arbeitswegAnteil: quote(summe(monate.map((m) => Number(m.kmArbeitsweg))), km),
      standorte: aufschluesseln(
        gruppiert(
          (f) => f.standortId,
          (f) => f.standortName,
        ),
        k,
      ),
      kategorien: aufschluesseln(
        gruppiert(
          (f) => f.kategorie ?? '',
          (f) => f.kategorie ?? '',
        ),
        k,
      ),
      fahrzeugeAufgeschluesselt: aufschluesseln(
        fahrzeuge.map((f) => zelleVon([f], f.id, `${f.kennzeichen} (${f.marke} ${f.modell})`)),
        k,
      ),
    };
  });
};
