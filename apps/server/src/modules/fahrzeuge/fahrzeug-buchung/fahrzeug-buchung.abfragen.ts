/**
 * The reading side of vehicle booking: the vehicle list with `frei` for a period, a vehicle with its upcoming
 * bookings, the user's (or the tenant's) trips, whom the user may choose as driver or approver, and a vehicle's
 * occupancy for the fleet administration.
 */

import { DomainError } from '@stellwerk/domain/errors';
import type {
  TFahrzeug,
  TFahrzeugBuchung,
  TFahrzeugBuchungQuery,
  TFahrzeugDetail,
  TFahrzeugListeQuery,
  TFahrzeugPerson,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { fahrzeugCustomizingAus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/customizing';
import { isMoeglicherFreigeber } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/freigabe';
import {
  fahrtStandAus,
  type HistorieEintrag,
  isInMeinenBuchungen,
  STORNO_GRUND,
  SYSTEM_STORNO_ANZEIGE_TAGE,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import { isEigeneFahrt } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/policy';
import { ungedeckteNachfrage } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/ungedeckte-nachfrage';
import { type Belegung, wirksamesBuchungsfenster } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import { fahrzeugBuchungsPruefer } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/pruefung';
import {
  eigeneBuchbarkeitVerstoss,
  isFuehrerscheinKlasse,
  waehlbareFahrer,
} from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { PermissionName } from '@stellwerk/domain/permissions';
import { darf } from '@stellwerk/domain/policy';
import type { Tx } from '../../../db/client.ts';
import type { SessionMemo, SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { inhaberVon } from '../../identitaet/auth/auth.inhaber.ts';
import { loadEffectiveCustomizingUndListe } from '../../verwaltung/customizing/customizing.service.ts';
import {
  type BelegungRow,
  findBelegungen,
  findFahrtEintraege,
} from './fahrzeug-buchung.belegung.repository.ts';
import {
  type FahrzeugMitFensterRow,
  type FahrzeugRow,
  findFahrzeug,
  findFahrzeugeMitFenster,
  findFensterZeilen,
  findFuehrerschein,
  findNaechstePruefungen,
  findPersonen,
} from './fahrzeug-buchung.fahrzeuge.repository.ts';
import {
  assertFeature,
  einstellungenVon,
  type FahrzeugBuchungDeps,
  fahrzeugFuerBuchung,
  fensterDes,
  inFahrzeugModul,
  isVerwaltung,
  LISTE_MAX,
  ladeBelegungen,
  nameOf,
  rechteVon,
  toFuehrerschein,
} from './fahrzeug-buchung.kontext.ts';
import { zaehleUngedeckteNachfrage } from './fahrzeug-buchung.nachfrage.repository.ts';
import { toApiBuchungen, toFahrzeug } from './fahrzeug-buchung.presenter.ts';
import { findBuchungen, findFremdStornos } from './fahrzeug-buchung.repository.ts';

/**
 * Whether `user` may book each vehicle for themself (`eigeneBuchbarkeitVerstoss`): one read of their licence,
 * none with fahrzeug_fremdbuchung (they book for others too).
 */
const eigeneBuchbarkeit = async (
  tx: Tx,
  user: SessionUser,
  zeitraum: { von: Date; bis: Date } | null,
  now: Date,
): Promise<
  (row: FahrzeugRow) => Pick<TFahrzeug, 'fuerMichBuchbar' | 'fuerMichGrund' | 'fuerMichGrundParams'>
> => {
  const fremd = darf('fahrzeuge.fuer_andere_buchen', user);
  const fuehrerschein = fremd ? null : toFuehrerschein(await findFuehrerschein(tx, user.benutzerId));
  const benutzer = { id: user.benutzerId, permissions: user.permissions };
  return (row) => {
    const v = eigeneBuchbarkeitVerstoss({
      benutzer,
      fuehrerschein,
      klasse: isFuehrerscheinKlasse(row.fuehrerscheinklasse) ? row.fuehrerscheinklasse : null,
      zeitraum,
      now,
    });
    return {
      fuerMichBuchbar: !v,
      fuerMichGrund: v?.code ?? null,
      fuerMichGrundParams: v ? { ...v.params } : null,
    };
  };
};

/**
 * GET /api/fahrzeuge: the tenant's active vehicles with key data and photo; with a period, whether each is
 * free under every booking rule; favourites (the tenant's and the user's) first.
 */
export const listFahrzeuge = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  query: TFahrzeugListeQuery,
  memo: SessionMemo | null = null,
): Promise<TFahrzeug[]> => {
  assertDarf(user, 'fahrzeuge.buchen');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const now = deps.now();
    // the settings and the user's and tenant's favourites in one statement (decision 084)
    const { settings, liste: favoriten } = await loadEffectiveCustomizingUndListe(
      tx,
      user.benutzerId,
      'FahrzeugLieblingsFahrzeuge',
      memo,
    );
    const einstellungen = fahrzeugCustomizingAus({ settings });
    const zeitraum = query.von && query.bis ? { von: new Date(query.von), bis: new Date(query.bis) } : null;
    // the vehicles with their window rows and the tenant's feature switch in one statement (decision 086)
    const { fahrzeuge: rows, featureAktiv } = await findFahrzeugeMitFenster(tx, {
      standortId: query.standortId,
      mitFenster: zeitraum !== null,
    });
    // read with the data, which is not answered when the switch is off (404, like a page that is not there)
    if (featureAktiv === null) await assertFeature(tx);
    else if (!featureAktiv) throw new DomainError('not_found');
    const favoritSet = new Set(favoriten);
    let pruefung: (
      row: FahrzeugMitFensterRow,
    ) => Pick<TFahrzeug, 'frei' | 'sonderfahrt' | 'grund' | 'grundParams'> = () => ({
      frei: null,
      sonderfahrt: false,
      grund: null,
      grundParams: null,
    });
    if (zeitraum) {
      const belegungen = await ladeBelegungen(
        tx,
        rows.map((r) => r.id),
        zeitraum.von,
        zeitraum.bis,
        einstellungen,
      );
      // one checker for the period: what is the same for every vehicle is computed once (pruefung.ts)
      const pruefer = fahrzeugBuchungsPruefer({ ...zeitraum, einstellungen, now });
      pruefung = (row) => {
        const result = pruefer(fahrzeugFuerBuchung(row, row.fensterZeilen), belegungen.get(row.id) ?? []);
        const first = result.verstoesse[0];
        return {
          frei: !first,
          sonderfahrt: !first && result.sonderfahrt,
          grund: first?.code ?? null,
          grundParams: first ? { ...first.params } : null,
        };
      };
    }
    // may the user book each car for themself: their licence against its class, over the period
    const fuerMich = await eigeneBuchbarkeit(tx, user, zeitraum, now);
    // checked first, shaped after: with nurFrei only the vehicles free (and bookable for the user) become answers
    const geprueft = rows.map((row) => ({ row, ergebnis: { ...pruefung(row), ...fuerMich(row) } }));
    // no car free because the cars were taken: counted, without the person (decision 246)
    await zaehleUngedeckteNachfrage(
      tx,
      user.mandantId,
      ungedeckteNachfrage({
        von: zeitraum?.von ?? null,
        ergebnisse: geprueft.map(({ row, ergebnis }) => ({
          standortId: row.standortId,
          kategorie: row.kategorie,
          frei: ergebnis.frei,
          grund: ergebnis.grund,
        })),
      }),
    );
    const gefiltert = (
      query.nurFrei ? geprueft.filter((g) => g.ergebnis.frei && g.ergebnis.fuerMichBuchbar) : geprueft
    ).map(({ row, ergebnis }) => toFahrzeug(row, { favorit: favoritSet.has(row.id), ...ergebnis }));
    // stable sort: favourites first, otherwise the repository's order (make, model, plate)
    return gefiltert.sort((a, b) => Number(b.favorit) - Number(a.favorit));
  });
};

/** GET /api/fahrzeuge/{id}: the vehicle, the window that applies and its bookings and blocks still to come. */
export const getFahrzeug = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  id: string,
  memo: SessionMemo | null = null,
): Promise<TFahrzeugDetail> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const row = await findFahrzeug(tx, id);
    if (!row) throw nichtGefunden('fahrzeug', id);
    const now = deps.now();
    const { settings, liste: favoriten } = await loadEffectiveCustomizingUndListe(
      tx,
      user.benutzerId,
      'FahrzeugLieblingsFahrzeuge',
      memo,
    );
    const zeilen = await findFensterZeilen(tx, row.fahrzeugOeffnungszeitId);
    const termine = await findBelegungen(tx, { fahrzeugIds: [row.id], from: now, to: null });
    const einstellungen = fahrzeugCustomizingAus({ settings });
    const fenster = wirksamesBuchungsfenster({
      individuelleBuchungszeiten: einstellungen.individuelleBuchungszeiten,
      fahrzeugFenster: fensterDes(row, zeilen),
      zeitraumVon: einstellungen.buchungszeitraumVon,
      zeitraumBis: einstellungen.buchungszeitraumBis,
    });
    return {
      ...toFahrzeug(row, {
        favorit: favoriten.includes(row.id),
        frei: null,
        sonderfahrt: false,
        grund: null,
        grundParams: null,
        ...(await eigeneBuchbarkeit(tx, user, null, now))(row),
      }),
      buchungsfenster: fenster.map((z) => ({ ...z })),
      termine: termine.slice(0, 2000).map((t) => ({
        id: t.id,
        von: t.von.toISOString(),
        bis: t.bis.toISOString(),
        status: t.status,
        typ: t.typ,
        eigene: isEigeneFahrt({ termin: t, benutzerId: user.benutzerId }),
      })),
    };
  });

/**
 * GET /api/fahrzeug-buchungen: the user's own trips (booked or driven), or with `eigene=false` every trip of
 * the tenant (booking or fleet maintainers). Without a period, those that have not ended.
 */
export const listBuchungen = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  query: TFahrzeugBuchungQuery,
): Promise<TFahrzeugBuchung[]> => {
  if (!query.eigene && !isVerwaltung(user)) throw new DomainError('auth.forbidden');
  return inFahrzeugModul(deps, user, async (tx) => {
    const now = deps.now();
    const rows = await findBuchungen(tx, {
      benutzerId: query.eigene ? user.benutzerId : undefined,
      from: query.von ? new Date(query.von) : now,
      to: query.bis ? new Date(query.bis) : null,
      limit: LISTE_MAX,
    });
    // the user's own list keeps what the system or another person cancelled for a while after its end, with the
    // reason (decisions 135, 149); the domain rule decides on the candidates
    if (query.eigene && !query.von) {
      const storniert = await findFremdStornos(tx, {
        benutzerId: user.benutzerId,
        from: new Date(now.getTime() - SYSTEM_STORNO_ANZEIGE_TAGE * 86_400_000),
        to: now,
        gruende: Object.values(STORNO_GRUND),
        limit: LISTE_MAX,
      });
      rows.unshift(
        ...storniert.filter(
          (s) => isInMeinenBuchungen({ buchung: s, now }) && !rows.some((r) => r.id === s.id),
        ),
      );
      rows.splice(LISTE_MAX);
    }
    return toApiBuchungen(tx, rows, user, now);
  });
};

const nachName = (a: TFahrzeugPerson, b: TFahrzeugPerson) => a.name.localeCompare(b.name, 'de');

/**
 * GET /api/fahrzeug-buchungen/fahrer: whom the user may choose as driver (spec §6): with fahrzeug_fremdbuchung
 * every active user holding fahrzeug_buchen whose next licence check is in the future, otherwise only
 * themself with a current check.
 */
export const listWaehlbareFahrer = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
): Promise<TFahrzeugPerson[]> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const ids = darf('fahrzeuge.fuer_andere_buchen', user)
      ? [...new Set((await inhaberVon(tx, null, ['fahrzeug_buchen'])).map((r) => r.benutzerId))]
      : [user.benutzerId];
    const personen = await findPersonen(tx, ids);
    const pruefungen = await findNaechstePruefungen(tx, ids);
    const rechte = await rechteVon(tx, user, ids, ['fahrzeug_buchen']);
    const naechste = new Map(pruefungen.map((p) => [p.benutzerId, p.naechstePruefung]));
    return waehlbareFahrer({
      akteur: { id: user.benutzerId, permissions: user.permissions },
      personen: personen.map((p) => ({
        id: p.id,
        name: nameOf(p),
        status: p.status,
        permissions: rechte.get(p.id) ?? new Set<PermissionName>(),
        naechstePruefung: naechste.get(p.id) ?? null,
      })),
      now: deps.now(),
    })
      .map(({ id, name }) => ({ id, name }))
      .sort(nachName);
  });

/**
 * GET /api/fahrzeug-buchungen/freigeber: the possible approvers of a special trip (active, holding
 * fahrzeug_freigabe_von_sonderfahrten, not the user); empty while the tenant does not allow booking outside the
 * booking times, so the dialog loads the list only when it can be needed.
 */
export const listMoeglicheFreigeber = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
): Promise<TFahrzeugPerson[]> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const settings = await einstellungenVon(tx, user.benutzerId);
    if (!fahrzeugCustomizingAus({ settings }).buchungAusserhalbBuchungszeiten) return [];
    const rechte = await inhaberVon(tx, null, ['fahrzeug_freigabe_von_sonderfahrten']);
    const ids = [...new Set(rechte.map((r) => r.benutzerId))].filter((id) => id !== user.benutzerId);
    const permissions = new Set<PermissionName>(['fahrzeug_freigabe_von_sonderfahrten']);
    return (await findPersonen(tx, ids))
      .filter((p) => isMoeglicherFreigeber({ person: { id: p.id, status: p.status, permissions } }))
      .map((p) => ({ id: p.id, name: nameOf(p) }))
      .sort(nachName);
  });

// --- for the fleet administration (module fahrzeug, decision 048) ------------------------------------

const toBelegungen = (
  rows: readonly BelegungRow[],
  historie: readonly HistorieEintrag[],
): (Belegung & { id: string; fahrzeugId: string })[] =>
  rows.map((r) => ({
    id: r.id,
    fahrzeugId: r.fahrzeugId,
    von: r.von,
    bis: r.bis,
    status: r.status,
    typ: r.typ,
    fahrt: fahrtStandAus({ buchungId: r.id, historie }),
  }));

/** A vehicle's booking or block as the fleet administration weighs it: the rules' view plus the booker. */
export type FahrzeugBelegung = Belegung & { id: string; benutzerId: string; buchender: string };

/**
 * The vehicle's bookings and blocks not cancelled that have not ended (or are on the road), with the trip
 * state from the history (decision 040) and the booker's name; in the caller's transaction.
 */
export const belegungenDesFahrzeugs = async (
  tx: Tx,
  fahrzeugId: string,
  now: Date,
): Promise<FahrzeugBelegung[]> => {
  const rows = await findBelegungen(tx, { fahrzeugIds: [fahrzeugId], from: now, to: null });
  const historie = await findFahrtEintraege(
    tx,
    rows.map((r) => r.id),
  );
  const personen = new Map(
    (await findPersonen(tx, [...new Set(rows.map((r) => r.benutzerId))])).map((p) => [p.id, p]),
  );
  const belegungen = toBelegungen(rows, historie);
  return rows.map((r, i) => {
    const p = personen.get(r.benutzerId);
    return { ...belegungen[i]!, id: r.id, benutzerId: r.benutzerId, buchender: p ? nameOf(p) : '' };
  });
};
