/** How vehicles and bookings are shaped for the API: people, co-travellers, approvers, trip state and abilities. */

import type { TFahrzeug, TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { fahrtStandAus, statusAusFahrt } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import { abilitiesFor } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/policy';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { formatDateDE, formatTimeDE } from '@stellwerk/domain/time';
import {
  booleanCustomizing,
  numberCustomizing,
  type ResolvedCustomizing,
} from '@stellwerk/domain/verwaltung/customizing';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findFahrtEintraege } from './fahrzeug-buchung.belegung.repository.ts';
import type { FahrzeugRow } from './fahrzeug-buchung.fahrzeuge.repository.ts';
import { einstellungenVon, groupBy, nameOf, personenVon } from './fahrzeug-buchung.kontext.ts';
import {
  type BuchungKernRow,
  type FreigeberRow,
  findBuchungenByIds,
  findFreigeber,
  findMitfahrer,
  type MitfahrerRow,
} from './fahrzeug-buchung.repository.ts';

export const zeitraumText = (von: Date, bis: Date): string =>
  `${formatDateDE(von)} ${formatTimeDE(von)} – ${formatDateDE(bis)} ${formatTimeDE(bis)}`;

export const toFahrzeug = (
  row: FahrzeugRow,
  extra: Pick<
    TFahrzeug,
    | 'favorit'
    | 'frei'
    | 'sonderfahrt'
    | 'grund'
    | 'grundParams'
    | 'fuerMichBuchbar'
    | 'fuerMichGrund'
    | 'fuerMichGrundParams'
  >,
): TFahrzeug => ({
  id: row.id,
  marke: row.marke,
  modell: row.modell,
  kennzeichen: row.kennzeichen,
  kategorie: row.kategorie,
  kraftstoff: row.kraftstoff,
  leistung: row.leistung,
  getriebe: row.getriebe,
  kofferraum: row.kofferraum,
  sitze: row.sitze,
  tueren: row.tueren,
  farbe: row.farbe,
  fuehrerscheinklasse: row.fuehrerscheinklasse,
  klimaanlage: row.klimaanlage,
  navigation: row.navigation,
  tempomat: row.tempomat,
  sitzheizung: row.sitzheizung,
  standort: { id: row.standortId, name: row.standortName },
  bildUrl: row.bildId ? `/api/dateien/${row.bildId}` : null,
  gueltigVon: row.gueltigVon,
  gueltigBis: row.gueltigBis,
  buchungAusserhalbMoeglich: row.buchungAusserhalbMoeglich,
  ...extra,
});

/** The policy's settings (spec §9): check-in switched on, its lead, the released rule's minutes. */
export const policyCustomizing = (settings: ResolvedCustomizing) => ({
  checkInAktiv: booleanCustomizing(settings, 'FahrzeugCheckInAktiv'),
  checkInVorlaufMinuten: numberCustomizing(settings, 'FahrzeugCheckInMinutenVorBeginn'),
  freigabeNachBeginnMinuten: numberCustomizing(settings, 'FahrzeugFreigabeNachBuchungsbeginn'),
});

/** What a booking inserted in this transaction has, so its answer need not read it back. */
export type NeueBuchung = { mitfahrer: MitfahrerRow[]; freigeber: FreigeberRow[] };

/**
 * The bookings as the API answers them: people, co-travellers, approvers, trip state and abilities. `neu`: the
 * one booking was inserted in this transaction with these co-travellers and approvers and has no history yet.
 */
export const toApiBuchungen = async (
  tx: Tx,
  rows: readonly BuchungKernRow[],
  user: SessionUser,
  now: Date,
  neu?: NeueBuchung,
): Promise<TFahrzeugBuchung[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const mitfahrer = neu ? neu.mitfahrer : await findMitfahrer(tx, ids);
  const freigeber = neu ? neu.freigeber : await findFreigeber(tx, ids);
  const historie = neu ? [] : await findFahrtEintraege(tx, ids);
  const settings = await einstellungenVon(tx, user.benutzerId);
  const personIds = new Set<string>();
  for (const r of rows) {
    personIds.add(r.benutzerId);
    if (r.fahrerId) personIds.add(r.fahrerId);
    if (r.storniertVon) personIds.add(r.storniertVon);
  }
  for (const f of freigeber) personIds.add(f.benutzerId);
  const personen = new Map((await personenVon(tx, [...personIds])).map((p) => [p.id, p]));
  const person = (id: string) => {
    const p = personen.get(id);
    return { id, name: p ? nameOf(p) : '' };
  };
  const mitfahrerBy = groupBy(mitfahrer, (m) => m.fahrzeugBuchungId);
  const freigeberBy = groupBy(freigeber, (f) => f.fahrzeugBuchungId);
  const policy = policyCustomizing(settings);
  return rows.map((r) => {
    const eigeneFreigeber = freigeberBy.get(r.id) ?? [];
    const fahrt = fahrtStandAus({ buchungId: r.id, historie });
    return {
      id: r.id,
      fahrzeug: { id: r.fahrzeugId, marke: r.marke, modell: r.modell, kennzeichen: r.kennzeichen },
      von: r.von.toISOString(),
      bis: r.bis.toISOString(),
      status: statusAusFahrt({ status: r.status, fahrt }),
      typ: r.typ,
      buchender: person(r.benutzerId),
      fahrer: r.fahrerId ? person(r.fahrerId) : null,
      anlass: r.anlass,
      zielAdresse: r.zielAdresse,
      zielPerson: r.zielPerson,
      umweg: r.umweg,
      informationstext: r.informationstext,
      storniertVon: r.status === 'storniert' && r.storniertVon ? person(r.storniertVon) : null,
      mitfahrer: (mitfahrerBy.get(r.id) ?? []).map((m) => ({ nummer: m.nummer, name: m.name })),
      freigeber: eigeneFreigeber.map((f) => ({
        ...person(f.benutzerId),
        isFreigegeben: f.isFreigegeben,
        freigegebenAt: f.freigegebenAt ? f.freigegebenAt.toISOString() : null,
      })),
      aktionen: abilitiesFor({
        booking: { ...r, freigeber: eigeneFreigeber, fahrt },
        user: { id: user.benutzerId, permissions: user.permissions },
        now,
        ...policy,
      }),
    };
  });
};

/** The bookings `ids` as the API answers them to `user` (for the approvals and blocks modules), by start. */
export const ladeBuchungen = async (
  tx: Tx,
  ids: readonly string[],
  user: SessionUser,
  now: Date,
): Promise<TFahrzeugBuchung[]> => toApiBuchungen(tx, await findBuchungenByIds(tx, ids), user, now);

/** One booking as the API answers it to `user`; 404 when it is not there. */
export const ladeEine = async (
  tx: Tx,
  id: string,
  user: SessionUser,
  now: Date,
): Promise<TFahrzeugBuchung> => {
  const [row] = await findBuchungenByIds(tx, [id]);
  const [api] = await toApiBuchungen(tx, row ? [row] : [], user, now);
  if (!api) throw nichtGefunden('fahrzeug_buchung', id);
  return api;
};
