import type {
  TFahrzeugBelegung,
  TFahrzeugBelegungQuery,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { fahrzeugCustomizingAus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/customizing';
import { isEigeneFahrt } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/policy';
import { belegterZeitraum } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import { geschlosseneZeiten } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/zeitleiste';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { SessionMemo, SessionUser } from '../../identitaet/auth/auth.context.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { findBelegungenMitFahrt } from './fahrzeug-buchung.belegung.repository.ts';
import {
  findFahrzeugeMitFenster,
  findStandorteMitFahrzeugen,
  standortExistiert,
} from './fahrzeug-buchung.fahrzeuge.repository.ts';
import { type FahrzeugBuchungDeps, fensterDes, inFahrzeugModul } from './fahrzeug-buchung.kontext.ts';

type Geschlossen = TFahrzeugBelegung['fahrzeuge'][number]['geschlossen'];
type GeschlossenEingabe = Parameters<typeof geschlosseneZeiten>[0];

/**
 * The closed times of a vehicle in a period are a pure function of its window, validity and the settings; every
 * reader of the same week asks the same. A profile of the timeline at 10 clients put about 15 % of its time in
 * computing them (decision 263), so the last results are kept by their whole input (at most `MAX_GESCHLOSSEN`).
 */
const MAX_GESCHLOSSEN = 5000;
const geschlossenGemerkt = new Map<string, Geschlossen>();
const geschlosseneZeitenGemerkt = (eingabe: GeschlossenEingabe): Geschlossen => {
  const key = JSON.stringify(eingabe);
  const gemerkt = geschlossenGemerkt.get(key);
  if (gemerkt) return gemerkt;
  const zeiten = geschlosseneZeiten(eingabe).map((g) => ({
    ...g,
    von: g.von.toISOString(),
    bis: g.bis.toISOString(),
  }));
  if (geschlossenGemerkt.size >= MAX_GESCHLOSSEN)
    geschlossenGemerkt.delete(geschlossenGemerkt.keys().next().value!);
  geschlossenGemerkt.set(key, zeiten);
  return zeiten;
};

/** GET /api/fahrzeuge/belegung: the timeline of one location (404 for a location the tenant does not have). */
export const getFahrzeugBelegung = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  query: TFahrzeugBelegungQuery,
  memo: SessionMemo | null = null,
): Promise<TFahrzeugBelegung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const von = new Date(query.von);
    const bis = new Date(query.bis);
    const standorte = await findStandorteMitFahrzeugen(tx);
    let standortId = query.standortId ?? standorte[0]?.id ?? null;
    if (query.standortId && !standorte.some((s) => s.id === query.standortId)) {
      if (!(await standortExistiert(tx, query.standortId))) throw nichtGefunden('standort', query.standortId);
      standortId = query.standortId;
    }
    const leer = { standorte, standortId, von: von.toISOString(), bis: bis.toISOString(), fahrzeuge: [] };
    if (!standortId) return leer;
    // the vehicles with their window rows in one statement (decision 086; the switch was asked above)
    const { fahrzeuge: rows } = await findFahrzeugeMitFenster(tx, {
      standortId,
      mitFenster: true,
    });
    const settings = await loadEffectiveCustomizing(tx, user.benutzerId, memo);
    if (rows.length === 0) return leer;
    const einstellungen = fahrzeugCustomizingAus({ settings });
    // with each trip's state: one on the road past its end occupies until now (decision 040)
    const belegungen = await findBelegungenMitFahrt(tx, {
      fahrzeugIds: rows.map((r) => r.id),
      from: von,
      to: bis,
    });
    const now = deps.now();
    const termineVon = new Map<string, TFahrzeugBelegung['fahrzeuge'][number]['termine']>();
    for (const b of belegungen) {
      const z = belegterZeitraum({
        buchung: b,
        now,
      });
      if (!z || z.bis.getTime() <= von.getTime() || z.von.getTime() >= bis.getTime()) continue;
      const list = termineVon.get(b.fahrzeugId) ?? [];
      list.push({
        id: b.id,
        von: z.von.toISOString(),
        bis: z.bis.toISOString(),
        status: b.status,
        typ: b.typ,
        eigene: isEigeneFahrt({ termin: b, benutzerId: user.benutzerId }),
      });
      termineVon.set(b.fahrzeugId, list);
    }
    return {
      ...leer,
      fahrzeuge: rows.map((row) => ({
        id: row.id,
        marke: row.marke,
        modell: row.modell,
        kennzeichen: row.kennzeichen,
        kategorie: row.kategorie,
        fuehrerscheinklasse: row.fuehrerscheinklasse,
        sitze: row.sitze,
        termine: (termineVon.get(row.id) ?? []).slice(0, 2000),
        geschlossen: geschlosseneZeitenGemerkt({
          von,
          bis,
          fahrzeug: {
            gueltigVon: row.gueltigVon,
            gueltigBis: row.gueltigBis,
            fenster: fensterDes(row, row.fensterZeilen),
            buchungAusserhalbMoeglich: row.buchungAusserhalbMoeglich,
          },
          einstellungen,
        }),
      })),
    };
  });
