/**
 * The office utilisation of vehicles (decisions 163–166).
 */

import { fahrzeugFensterAus } from '@stellwerk/domain/fahrzeuge/fahrzeug/buchungsfenster';
import { fahrzeugCustomizingAus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/customizing';
import { wirksamesBuchungsfenster } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import { standortGrenzeFuer } from '@stellwerk/domain/identitaet/standort-grenze';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import type {
  TFahrzeugAuslastung,
  TFahrzeugAuslastungQuery,
} from '@stellwerk/domain/verwaltung/auslastung/api';
import { fahrzeugFenster, quote } from '@stellwerk/domain/verwaltung/auslastung/buchbare-zeit';
import { type KZelle, selektionZeigbar } from '@stellwerk/domain/verwaltung/auslastung/k-schwelle';
import { nachfrageAusSummen } from '@stellwerk/domain/verwaltung/auslastung/nachfrage';
import { vorperiode } from '@stellwerk/domain/verwaltung/auslastung/zeitraum';
import { numberCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { feiertagsTage } from '@stellwerk/domain/verwaltung/feiertage';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { loadEffectiveCustomizing } from '../customizing/customizing.service.ts';
import {
  fahrerAnzahl,
  fahrtenJeMonat,
  findFahrzeuge,
  nachfrageGesamt,
  nachfrageSummen,
  personenJeFahrzeug,
  personenZeigbar,
} from './auslastung.fahrzeuge.repository.ts';
import {
  type Anteil,
  addiere,
  assertFeature,
  aufschluesseln,
  bundeslandVon,
  type Deps,
  eindeutig,
  grenzen,
  kVon,
  LEER_AUFSCHLUESSELUNG,
  type Leser,
  standorteDer,
  summe,
  type Umfang,
  zeitraumDer,
  zellenFuerKSchwelle,
} from './auslastung.kontext.ts';
import { ohneJit } from './auslastung.repository.ts';
import { summenJeFahrzeug } from './auslastung.summen.ts';

// --- vehicles --------------------------------------------------------------------------------------------

/** GET /api/auslastung/fahrzeuge */
export const fahrzeugAuslastung = async (
  deps: Deps,
  user: SessionUser,
  q: TFahrzeugAuslastungQuery,
): Promise<TFahrzeugAuslastung> => {
  assertDarf(user, 'auslastung.sehen');
  return fahrzeugAuslastungBerechnen(
    deps,
    { ...user, standorte: standortGrenzeFuer('auslastung.sehen', user) },
    q,
  );
};

/**
 * The figures without the right's check: for the evaluation, which has its own right (decision 246) and shows
 * these figures' headline values. `umfang: 'kopf'` (the evaluation's) computes only those: the recommendation of the
 * last 90 days, the filter's choices, the trips per month and the breakdowns are left empty (decision 279).
 */
export const fahrzeugAuslastungBerechnen = async (
  { database, now }: Deps,
  user: Leser,
  q: TFahrzeugAuslastungQuery,
  umfang: Umfang = 'ganz',
): Promise<TFahrzeugAuslastung> => {
  const jetzt = now();
  const zeitraum = zeitraumDer(q, jetzt);
  const vorher = vorperiode(zeitraum);
  return database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx, 'FahrzeugBuchung');
    await ohneJit(tx);
    const settings = await loadEffectiveCustomizing(tx, user.benutzerId);
    const k = kVon(settings);
    const schwelle = numberCustomizing(settings, 'AuslastungSchwelleFahrzeugProzent');
    const einstellungen = fahrzeugCustomizingAus({ settings });
    const standortIds = standorteDer(user, q.standort);
    const fahrzeuge = await findFahrzeuge(tx, { standortIds, kategorie: q.kategorie });
    const ids = fahrzeuge.map((f) => f.id);
    // vehicles with the same booking window in the same state share their bookable days: computed once per group
    const gruppeVon = new Map<string, number>();
    const fahrzeugGruppen = fahrzeuge.map((f) => {
      const fenster = wirksamesBuchungsfenster({
        individuelleBuchungszeiten: einstellungen.individuelleBuchungszeiten,
        fahrzeugFenster: fahrzeugFensterAus({
          zeilen: f.fensterZeilen,
          buchungszeitraumVon: f.buchungszeitraumVon,
          buchungszeitraumBis: f.buchungszeitraumBis,
          buchungszeitraumWochentage: f.buchungszeitraumWochentage,
        }),
        zeitraumVon: einstellungen.buchungszeitraumVon,
        zeitraumBis: einstellungen.buchungszeitraumBis,
      });
      const bundesland = bundeslandVon(f.bundesland);
      const schluessel = JSON.stringify([fenster, bundesland]);
      if (!gruppeVon.has(schluessel)) gruppeVon.set(schluessel, gruppeVon.size);
      return { fenster, bundesland, gruppe: gruppeVon.get(schluessel)! };
    });
    const gruppenErste = [...gruppeVon.values()].map((g) => fahrzeugGruppen.find((f) => f.gruppe === g)!);
    const zahlenDer = (z: { vonTag: string; bisTag: string }) =>
      summenJeFahrzeug(tx, {
        zeitraum: z,
        gruppen: gruppenErste.map(({ fenster, bundesland }) =>
          fahrzeugFenster({ ...z, fenster, feiertage: feiertagsTage({ ...z, bundesland }) }),
        ),
        fahrzeuge: fahrzeuge.map((f, i) => ({
          id: f.id,
          gruppe: fahrzeugGruppen[i]!.gruppe,
          gueltigVon: f.gueltigVon,
          gueltigBis: f.gueltigBis,
        })),
      });
    const { start, ende } = grenzen(zeitraum);
    const personen = await personenJeFahrzeug(tx, { fahrzeugIds: ids, start, ende, k });
    const allePersonen = new Set([...personen.jeFahrzeug.values()].flat()).size;
    const fahrer = await fahrerAnzahl(tx, { fahrzeugIds: ids, start, ende });

    const ganz = umfang === 'ganz';
    // the recommendation: the last 90 days up to yesterday (not computed for the evaluation, which does not show it)
    const empfehlung = async () => {
      const gestern = addCalendarDays(berlinDateKey(jetzt), -1);
      const neunzig = { vonTag: addCalendarDays(gestern, -89), bisTag: gestern };
      const n = grenzen(neunzig);
      const zahlen90 = await zahlenDer(neunzig);
      const unter = fahrzeuge.filter((f) => {
        const z = zahlen90.get(f.id)!;
        const qu = quote(z.gebucht, z.buchbar);
        return qu !== null && qu * 100 < schwelle;
      });
      // only a car that could go is shown with its figures: only its people are counted (none, most days)
      const personen90 =
        unter.length > 0
          ? (
              await personenJeFahrzeug(tx, {
                fahrzeugIds: unter.map((f) => f.id),
                start: n.start,
                ende: n.ende,
                k,
              })
            ).jeFahrzeug
          : new Map<string, string[]>();
      const zeigbar = (id: string) => selektionZeigbar({ personen: (personen90.get(id) ?? []).length, k });
      return {
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
    };
    const kandidaten = ganz ? await empfehlung() : { schwelle, fahrzeuge: [], verborgen: 0 };

    const alleFahrzeuge = ganz ? await findFahrzeuge(tx, { standortIds: user.standorte ?? undefined }) : [];
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
        vorperiodeVerborgen: true,
        buchbareStunden: 0,
        standtage: 0,
        buchbareTage: 0,
        monate: [],
        privatAnteil: null,
        arbeitswegAnteil: null,
        standorte: LEER_AUFSCHLUESSELUNG,
        kategorien: LEER_AUFSCHLUESSELUNG,
        fahrzeugeAufgeschluesselt: LEER_AUFSCHLUESSELUNG,
        nachfrage: null,
      };
    }
    const zahlen = await zahlenDer(zeitraum);
    // the previous period is a selection of its own: its figure only with k people behind it (decision 272)
    const v = grenzen(vorher);
    const vorherZeigbar =
      (await personenZeigbar(tx, { fahrzeugIds: ids, start: v.start, ende: v.ende, k })) &&
      selektionZeigbar({
        personen: await fahrerAnzahl(tx, { fahrzeugIds: ids, start: v.start, ende: v.ende }),
        k,
      });
    const vorherZahlen = vorherZeigbar ? await zahlenDer(vorher) : null;
    const alle = [...zahlen.values()];
    const gebucht = summe(alle.map((z) => z.gebucht));
    const buchbar = summe(alle.map((z) => z.buchbar));
    const monate = ganz ? await fahrtenJeMonat(tx, { fahrzeugIds: ids, start, ende }) : [];
    const filter = { standortIds, kategorie: q.kategorie };
    const nachfrage = nachfrageAusSummen(
      await nachfrageSummen(tx, { ...zeitraum, ...filter }),
      user.language === 'en' ? 'no category' : 'ohne Kategorie',
    );
    const nachfrageVorher = await nachfrageGesamt(tx, { ...vorher, ...filter });
    const km = summe(monate.map((m) => Number(m.km)));
    const zelleVon = (
      jeFahrzeug: Map<string, string[]>,
      gruppe: typeof fahrzeuge,
      schluessel: string,
      bezeichnung: string,
    ): KZelle<Anteil> => ({
      schluessel,
      bezeichnung,
      personen: [...new Set(gruppe.flatMap((f) => jeFahrzeug.get(f.id) ?? []))],
      werte: gruppe
        .map((f) => ({ belegt: zahlen.get(f.id)!.gebucht, buchbar: zahlen.get(f.id)!.buchbar }))
        .reduce(addiere, { belegt: 0, buchbar: 0 }),
    });
    const gruppiert = (
      jeFahrzeug: Map<string, string[]>,
      schluessel: (f: (typeof fahrzeuge)[number]) => string,
      name: (f: (typeof fahrzeuge)[number]) => string,
    ) =>
      [...new Set(fahrzeuge.map(schluessel))].map((s) => {
        const gruppe = fahrzeuge.filter((f) => schluessel(f) === s);
        return zelleVon(jeFahrzeug, gruppe, s, name(gruppe[0]!));
      });
    const zellenAus = (jeFahrzeug: Map<string, string[]>) => ({
      standorte: gruppiert(
        jeFahrzeug,
        (f) => f.standortId,
        (f) => f.standortName,
      ),
      kategorien: gruppiert(
        jeFahrzeug,
        (f) => f.kategorie ?? '',
        (f) => f.kategorie ?? '',
      ),
      fahrzeuge: fahrzeuge.map((f) =>
        zelleVon(jeFahrzeug, [f], f.id, `${f.kennzeichen} (${f.marke} ${f.modell})`),
      ),
    });
    const zellen = ganz
      ? await zellenFuerKSchwelle(
          zellenAus,
          { jeZelle: personen.jeFahrzeug, gezogen: personen.gezogen },
          k,
          async () =>
            (await personenJeFahrzeug(tx, { fahrzeugIds: ids, start, ende, k, genau: true })).jeFahrzeug,
        )
      : { standorte: [], kategorien: [], fahrzeuge: [] };
    return {
      ...kopf,
      verborgen: false,
      auslastungGebucht: quote(gebucht, buchbar),
      auslastungGefahren: quote(summe(alle.map((z) => z.gefahren)), buchbar),
      vorperiodeGebucht:
        vorherZahlen &&
        quote(
          summe([...vorherZahlen.values()].map((z) => z.gebucht)),
          summe([...vorherZahlen.values()].map((z) => z.buchbar)),
        ),
      vorperiodeVerborgen: !vorherZeigbar,
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
      nachfrage: { ...nachfrage, vorperiode: nachfrageVorher },
      privatAnteil: quote(summe(monate.map((m) => Number(m.kmPrivat))), km),
      arbeitswegAnteil: quote(summe(monate.map((m) => Number(m.kmArbeitsweg))), km),
      standorte: aufschluesseln(zellen.standorte, k),
      kategorien: aufschluesseln(zellen.kategorien, k),
      fahrzeugeAufgeschluesselt: aufschluesseln(zellen.fahrzeuge, k),
    };
  });
};
