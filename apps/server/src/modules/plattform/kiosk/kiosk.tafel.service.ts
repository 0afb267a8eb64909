/**
 * `GET /api/kiosk/tafel` (decision 207): what a paired screen shows now. Its location's floor plans (the chosen ones,
 * or all active plans of the location) with each place's state from the seat map's own rule for the minute from
 * now, counts, today's hours and the special closures ahead; the location's pool cars when the kiosk's strip is on
 * and the tenant books vehicles; and the check-in code of this minute (decision 183). Names only as the kiosk's
 * setting allows. Reads the reading room's and the vehicles' data through their repositories.
 */
import { createHmac } from 'node:crypto';
import { belegterZeitraum } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import { BEREICHE, type Bereich } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { platzZustand } from '@stellwerk/domain/leseraum/leseraum-buchung/belegung';
import { zustandMitEigentuemer } from '@stellwerk/domain/leseraum/leseraum-buchung/helfer';
import { oeffnungszeitAm } from '@stellwerk/domain/leseraum/oeffnungszeiten';
import type {
  TKioskTafel,
  TKioskTafelFahrzeug,
  TKioskTafelPlan,
} from '@stellwerk/domain/plattform/kiosk/api';
import {
  eincheckCodeEndetAm,
  eincheckMinute,
  erzeugeEincheckCode,
} from '@stellwerk/domain/plattform/kiosk/eincheck-code';
import { type KioskNamensanzeige, kioskAnzeigeName } from '@stellwerk/domain/plattform/kiosk/kopplung';
import {
  KIOSK_TAFEL,
  kioskFahrzeugJetzt,
  kioskGeoeffnet,
  kioskJetztZeitraum,
  kioskPlatzZustand,
  kioskZaehlung,
  kioskZustandBis,
} from '@stellwerk/domain/plattform/kiosk/tafel';
import { addCalendarDays, berlinDateKey, berlinInstant } from '@stellwerk/domain/time';
import type { Tx } from '../../../db/client.ts';
import { findBelegungenMitFahrt } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.belegung.repository.ts';
import { findFahrzeugeMitFenster } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.fahrzeuge.repository.ts';
import { groupBy, toOeffnung } from '../../leseraum/leseraum-buchung/leseraum-buchung.kontext.ts';
import {
  findAktiveGrundrisse,
  findGrundriss,
  findOeffnung,
  findPlaetze,
  type PlanRow,
} from '../../leseraum/leseraum-buchung/leseraum-buchung.plaene.repository.ts';
import { findBelegungen } from '../../leseraum/leseraum-buchung/leseraum-buchung.repository.ts';
import { findSonderzeiten } from '../../leseraum/oeffnungszeit/oeffnungszeit.repository.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import type { KioskDeps } from './kiosk.kopplung.service.ts';
import { kioskVonToken } from './kiosk.kopplung.service.ts';
import { findNamenByMail, findStandortName, type KioskRow } from './kiosk.repository.ts';

/** The check-in code's signature: HMAC-SHA-256 with the server's check-in secret (decision 183). */
export const eincheckSignierer = (geheimnis: string) => (nachricht: string) =>
  createHmac('sha256', geheimnis).update(nachricht).digest('hex');

/** The kiosk's plans: the chosen ones in their order (active, of its location, of an area switched on), else all. */
const planeDesKiosks = async (tx: Tx, row: KioskRow, bereiche: readonly Bereich[]): Promise<PlanRow[]> => {
  const passt = (p: PlanRow | undefined): p is PlanRow =>
    !!p && p.aktiv && p.standortId === row.standortId && bereiche.includes(p.bereich as Bereich);
  if (row.grundrissIds.length > 0) {
    const plaene = await Promise.all(row.grundrissIds.map((id) => findGrundriss(tx, id)));
    return plaene.filter(passt);
  }
  const alle = (await Promise.all(bereiche.map((b) => findAktiveGrundrisse(tx, b)))).flat();
  return alle.filter(passt);
};

const planAufTafel = async (
  tx: Tx,
  plan: PlanRow,
  jetzt: Date,
  namensanzeige: KioskNamensanzeige,
): Promise<TKioskTafelPlan> => {
  const tag = berlinDateKey(jetzt);
  const oeffnung = toOeffnung(await findOeffnung(tx, plan.id, tag, tag));
  const hours = oeffnungszeitAm({ day: tag, ...oeffnung });
  const heute = hours
    ? { von: berlinInstant(tag, hours.von), bis: berlinInstant(tag, hours.bis) }
    : { von: berlinInstant(tag, '00:00'), bis: berlinInstant(addCalendarDays(tag, 1), '00:00') };
  const geoeffnet = kioskGeoeffnet(hours ? heute : null, jetzt);
  const plaetze = await findPlaetze(tx, plan.id);
  const belegungen = await findBelegungen(tx, { grundrissId: plan.id, from: heute.von, to: heute.bis });
  const byPlatz = groupBy(belegungen, (b) => b.leseraumId);
  const zeitraum = kioskJetztZeitraum(jetzt);
  const namen =
    namensanzeige === 'keine'
      ? new Map<string, { vorname: string; nachname: string }>()
      : await findNamenByMail(tx, [...new Set(belegungen.map((b) => b.buchenderMail))]);
  const aufTafel = plaetze.map((p) => {
    const buchungen = byPlatz.get(p.id) ?? [];
    // the seat map's rule, seen by nobody in particular (no user's own bookings or place)
    const zustand = kioskPlatzZustand(
      zustandMitEigentuemer({
        zustand: platzZustand({
          aktiv: p.aktiv && plan.aktiv,
          tagGeoeffnet: geoeffnet,
          zeitraum,
          tag: heute,
          buchungen,
          userMail: '',
        }),
        eigentuemerId: p.eigentuemerId,
        benutzerId: '',
      }),
    );
    const jetztGebucht = buchungen.find((b) => b.von < zeitraum.bis && b.bis > jetzt);
    const person =
      jetztGebucht && zustand !== 'frei' && zustand !== 'geschlossen'
        ? namen.get(jetztGebucht.buchenderMail.toLowerCase())
        : undefined;
    return {
      aktiv: p.aktiv,
      platz: {
        id: p.id,
        bezeichnung: p.bezeichnung,
        kapazitaet: p.kapazitaet,
        position: p.position,
        zustand,
        bis: kioskZustandBis(zustand, buchungen, jetzt)?.toISOString() ?? null,
        name: person ? kioskAnzeigeName(person.vorname, person.nachname, namensanzeige) : null,
      },
    };
  });
  const bisTag = addCalendarDays(tag, KIOSK_TAFEL.schliessungenTage);
  const schliessungen = (await findSonderzeiten(tx, plan.id))
    .filter((s) => s.status === 'geschlossen' && s.gueltigBis >= tag && s.gueltigVon <= bisTag)
    .map((s) => ({ von: s.gueltigVon, bis: s.gueltigBis, beschreibung: s.beschreibung }));
  return {
    id: plan.id,
    bezeichnung: plan.bezeichnung,
    oeffnung: hours,
    geoeffnet,
    ...kioskZaehlung(aufTafel.map((x) => ({ zustand: x.platz.zustand, aktiv: x.aktiv }))),
    plaetze: aufTafel.map((x) => x.platz),
    schliessungen,
  };
};

/** The location's active vehicles, each free now or with the time it comes back (the timeline's occupied periods). */
const fahrzeugeAufTafel = async (tx: Tx, standortId: string, jetzt: Date): Promise<TKioskTafelFahrzeug[]> => {
  const { fahrzeuge } = await findFahrzeugeMitFenster(tx, { standortId, mitFenster: false });
  if (fahrzeuge.length === 0) return [];
  const belegungen = await findBelegungenMitFahrt(tx, {
    fahrzeugIds: fahrzeuge.map((f) => f.id),
    from: jetzt,
    to: new Date(jetzt.getTime() + 7 * 86_400_000),
  });
  const zeitraeume = groupBy(
    belegungen.flatMap((b) => {
      const z = belegterZeitraum({ buchung: b, now: jetzt });
      return z ? [{ fahrzeugId: b.fahrzeugId, ...z }] : [];
    }),
    (z) => z.fahrzeugId,
  );
  return fahrzeuge.map((f) => {
    const stand = kioskFahrzeugJetzt(zeitraeume.get(f.id) ?? [], jetzt);
    return {
      id: f.id,
      bezeichnung: [f.marke, f.modell].filter(Boolean).join(' '),
      kennzeichen: f.kennzeichen,
      frei: stand.frei,
      zurueckAm: stand.zurueckAm?.toISOString() ?? null,
    };
  });
};

/** `GET /api/kiosk/tafel`: the board of the kiosk whose device token is given; 401 as `/api/kiosk/geraet`. */
export const kioskTafel = async (
  deps: KioskDeps,
  token: string | undefined,
  version?: string,
): Promise<TKioskTafel> => {
  const { row, neuerToken } = await kioskVonToken(deps, token, version);
  const jetzt = deps.now();
  const namensanzeige = row.namensanzeige as KioskNamensanzeige;
  const inhalt = await deps.database.withTenant(row.mandantId, async (tx) => {
    const features = await loadFeatureSwitches(tx);
    const bereiche = BEREICHE.filter((b) => b !== 'leseraum' || features.Leseraum);
    const plaene = await planeDesKiosks(tx, row, bereiche);
    const aufTafel: TKioskTafelPlan[] = [];
    for (const plan of plaene) aufTafel.push(await planAufTafel(tx, plan, jetzt, namensanzeige));
    return {
      standortName: (await findStandortName(tx, row.standortId)) ?? '',
      plaene: aufTafel,
      fahrzeuge:
        row.fahrzeuge && features.FahrzeugBuchung ? await fahrzeugeAufTafel(tx, row.standortId, jetzt) : null,
    };
  });
  const code = erzeugeEincheckCode(
    row.id,
    row.standortId,
    jetzt.getTime(),
    eincheckSignierer(deps.eincheckGeheimnis),
  );
  return {
    kiosk: { id: row.id, bezeichnung: row.bezeichnung, sprache: row.sprache as 'de' | 'en', namensanzeige },
    standort: { id: row.standortId, name: inhalt.standortName },
    jetzt: jetzt.toISOString(),
    tag: berlinDateKey(jetzt),
    plaene: inhalt.plaene,
    fahrzeuge: inhalt.fahrzeuge,
    eincheckUrl: `${deps.publicUrl.replace(/\/$/, '')}/kiosk/einchecken?c=${encodeURIComponent(code)}`,
    // shown for its minute (it is still accepted in the next one)
    eincheckGueltigBis: new Date(eincheckCodeEndetAm(eincheckMinute(jetzt.getTime())) - 60_000).toISOString(),
    neuerToken,
  };
};
