/**
 * Vehicle booking (spec §4–§6), one file per operation: `anlegen`, `aendern`, `stornieren`, `system-storno`,
 * `fahrverbot`, `umbuchen`, `sperre`, `ablehnung`, `fahrt-schritt`; the reading side in `abfragen`, the answers in
 * `presenter`, the mails in `mails`. Every step authorises first, then runs the domain rules inside one tenant
 * transaction after locking the vehicle row; the exclusion constraint is the last line.
 *
 * This file is what the operations share: the dependencies, the module and feature guards, the per-transaction
 * reads (settings, people, rights), the visibility of a booking, the live event of a changed booking, and the
 * booking's context: what `checkBuchung` needs, read in as few round trips as the checks allow.
 */

import { DomainError, type RuleViolation, toDomainError } from '@stellwerk/domain/errors';
import { publikumFuer } from '@stellwerk/domain/events';
import {
  type Buchungsfenster,
  fahrzeugFensterAus,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/buchungsfenster';
import { parseUvvModus } from '@stellwerk/domain/fahrzeuge/fahrzeug-benachrichtigung/pruefung';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/api';
import { checkBuchung } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/check-buchung';
import { fahrzeugCustomizingAus } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/customizing';
import { freigeberVerstoss } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/freigabe';
import { mindestabstandMs } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/rules';
import type {
  FahrzeugBuchungsCustomizing,
  FahrzeugFuerBuchung,
} from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/pruefung';
import type { TFahrzeugBuchungEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/schemas';
import { type Fuehrerschein, isFuehrerscheinKlasse } from '@stellwerk/domain/fahrzeuge/fuehrerschein/rules';
import { fuehrerscheinAusSpalten } from '@stellwerk/domain/fahrzeuge/fuehrerschein/spalten';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type { PermissionName } from '@stellwerk/domain/permissions';
import { darf } from '@stellwerk/domain/policy';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { inhaberVon } from '../../identitaet/auth/auth.inhaber.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import {
  findBelegungenMitFahrt,
  findFahrerBelegungen,
  lockFahrer,
} from './fahrzeug-buchung.belegung.repository.ts';
import {
  type FahrzeugRow,
  type FensterZeile,
  type FuehrerscheinRow,
  findFahrzeug,
  findFensterZeilen,
  findFuehrerschein,
  findPersonen,
  type PersonRow,
} from './fahrzeug-buchung.fahrzeuge.repository.ts';
import { type BuchungKernRow, findFreigeber } from './fahrzeug-buchung.repository.ts';

export type FahrzeugBuchungDeps = {
  database: Pick<Database, 'withTenant'>;
  now: () => Date;
  publicUrl: string;
};

/** Most bookings one list answers (the contract's bound). */
export const LISTE_MAX = 2000;

// --- guards ---------------------------------------------------------------------------------------------

/** A tenant without vehicle booking has no vehicle pages: 404, like a page that is not there. */
export const assertFeature = async (tx: Tx): Promise<void> => {
  if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
};

/** Booking or fleet maintainers see and manage every trip of the tenant. */
export const isVerwaltung = (user: SessionUser): boolean => darf('fahrten.verwalten', user);

/** Runs `fn` in the tenant's transaction after the module and feature checks. */
export const inFahrzeugModul = <T>(
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  fn: (tx: Tx) => Promise<T>,
) => {
  assertDarf(user, 'fahrzeuge.buchen');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    return fn(tx);
  });
};

/** A booking request names no type or 'BUCHUNG' (spec §8 'Typ {x} unbekannt' otherwise). */
export const assertBuchungsTyp = (input: { typ?: string }): void => {
  if (input.typ !== undefined && input.typ !== 'BUCHUNG')
    throw new DomainError('typ.unbekannt', { typ: input.typ });
};

/** The booking as the user may see it: booked or driven by them, or any for maintainers; 404 otherwise. */
export const requireSichtbar = (
  row: BuchungKernRow | undefined,
  user: SessionUser,
  id: string,
): BuchungKernRow => {
  if (row?.typ !== 'BUCHUNG') throw nichtGefunden('fahrzeug_buchung', id);
  if (row.benutzerId !== user.benutzerId && row.fahrerId !== user.benutzerId && !isVerwaltung(user))
    throw nichtGefunden('fahrzeug_buchung', id);
  return row;
};

/** Runs `fn` and turns the exclusion constraint's refusal into the clash message (409). */
export const guardUeberschneidung = async <T>(fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (sqlStateOf(err) === SQLSTATE.exclusionViolation)
      throw new DomainError('fahrzeug_buchung.ueberschneidung');
    throw err;
  }
};

// --- per transaction ------------------------------------------------------------------------------------

/** Groups rows by a key (Map.groupBy needs Node 21; the machines run Node 20). */
export const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

/** A map that lives as long as one transaction (values read in it that nothing in this module changes). */
const proTransaktion = <V>() => {
  const maps = new WeakMap<Tx, Map<string, V>>();
  return (tx: Tx): Map<string, V> => {
    let map = maps.get(tx);
    if (!map) {
      map = new Map();
      maps.set(tx, map);
    }
    return map;
  };
};

/**
 * A user's effective settings, read once per transaction: a booking asks for the booker's several times (rules,
 * abilities, the mail's language).
 */
const einstellungenProTx = proTransaktion<ReturnType<typeof loadEffectiveCustomizing>>();
export const einstellungenVon = (tx: Tx, benutzerId: string): ReturnType<typeof loadEffectiveCustomizing> => {
  const bekannt = einstellungenProTx(tx);
  let settings = bekannt.get(benutzerId);
  if (!settings) {
    settings = loadEffectiveCustomizing(tx, benutzerId);
    bekannt.set(benutzerId, settings);
  }
  return settings;
};

/**
 * People by id, read once per transaction: a booking needs the driver for the rules, the booker and driver for
 * the answer and the mail, the approvers for the rules and the request.
 */
const personenProTx = proTransaktion<PersonRow>();
export const personenVon = async (tx: Tx, ids: readonly string[]): Promise<PersonRow[]> => {
  const bekannt = personenProTx(tx);
  const gefragt = [...new Set(ids)];
  for (const p of await findPersonen(
    tx,
    gefragt.filter((id) => !bekannt.has(id)),
  ))
    bekannt.set(p.id, p);
  return gefragt.flatMap((id) => bekannt.get(id) ?? []);
};

/** The permissions among `names` each of `ids` holds; the session user's own come from the session. */
export const rechteVon = async (
  tx: Tx,
  user: SessionUser,
  ids: readonly string[],
  names: readonly PermissionName[],
): Promise<Map<string, Set<PermissionName>>> => {
  const result = new Map<string, Set<PermissionName>>(ids.map((id) => [id, new Set<PermissionName>()]));
  const andere = ids.filter((id) => id !== user.benutzerId);
  for (const r of await inhaberVon(tx, andere, names)) {
    const name = names.find((n) => n === r.name);
    if (name) result.get(r.benutzerId)?.add(name);
  }
  if (result.has(user.benutzerId))
    result.set(user.benutzerId, new Set(names.filter((n) => user.permissions.has(n))));
  return result;
};

export const nameOf = (p: Pick<PersonRow, 'vorname' | 'nachname'>): string =>
  `${p.vorname} ${p.nachname}`.trim();

export const toFuehrerschein = (row: FuehrerscheinRow | undefined): Fuehrerschein | null =>
  row ? fuehrerscheinAusSpalten(row) : null;

// --- the vehicle as the rules see it --------------------------------------------------------------------

/** The window a vehicle's own columns and the weekday rows of its opening-time set describe. */
export const fensterDes = (row: FahrzeugRow, zeilen: readonly FensterZeile[]): Buchungsfenster | null =>
  fahrzeugFensterAus({
    zeilen,
    buchungszeitraumVon: row.buchungszeitraumVon,
    buchungszeitraumBis: row.buchungszeitraumBis,
    buchungszeitraumWochentage: row.buchungszeitraumWochentage,
  });

export const fahrzeugFuerBuchung = (
  row: FahrzeugRow,
  zeilen: readonly FensterZeile[],
): FahrzeugFuerBuchung => ({
  deaktiviert: row.deaktiviert,
  gueltigVon: row.gueltigVon,
  gueltigBis: row.gueltigBis,
  fenster: fensterDes(row, zeilen),
  buchungAusserhalbMoeglich: row.buchungAusserhalbMoeglich,
});

/** The vehicles `ids` as the booking rules see them (validity, window rows, outside booking), for block moves. */
export const fahrzeugeFuerBuchung = async (
  tx: Tx,
  ids: readonly string[],
): Promise<Map<string, FahrzeugFuerBuchung>> => {
  const result = new Map<string, FahrzeugFuerBuchung>();
  for (const id of ids) {
    const row = await findFahrzeug(tx, id);
    if (row)
      result.set(id, fahrzeugFuerBuchung(row, await findFensterZeilen(tx, row.fahrzeugOeffnungszeitId)));
  }
  return result;
};

/** The ids among `buchungIds` that are special trips (have approvers). */
export const sonderfahrtIds = async (tx: Tx, buchungIds: readonly string[]): Promise<Set<string>> =>
  new Set((await findFreigeber(tx, buchungIds)).map((f) => f.fahrzeugBuchungId));

/** The vehicles' bookings and blocks around [von, bis) with the trip state from the history. */
export const ladeBelegungen = async (
  tx: Tx,
  fahrzeugIds: readonly string[],
  von: Date,
  bis: Date,
  einstellungen: FahrzeugBuchungsCustomizing,
) => {
  const gap = mindestabstandMs(einstellungen);
  // with each trip's check-in and check-out: the history decides whether it is on the road or back (decision 040)
  const rows = await findBelegungenMitFahrt(tx, {
    fahrzeugIds,
    from: new Date(von.getTime() - gap),
    to: new Date(bis.getTime() + gap),
  });
  return groupBy(
    rows.map((r) => ({
      id: r.id,
      fahrzeugId: r.fahrzeugId,
      von: r.von,
      bis: r.bis,
      status: r.status,
      typ: r.typ,
      fahrt: r.fahrt,
    })),
    (b) => b.fahrzeugId,
  );
};

// --- the booking's context and its check ----------------------------------------------------------------

export type BuchungsAnfrage = {
  fahrzeugRow: FahrzeugRow;
  von: Date;
  bis: Date;
  fahrerId: string;
  /** the booker: the user, or the booker of the booking a maintainer changes */
  buchenderId: string;
  freigeberIds: readonly string[];
  ignoreId?: string;
  bisherigerVon?: Date | null;
};

/**
 * Reads what `checkBuchung` needs for a booking by `user` of the locked vehicle: the driver with their rights and
 * licence, the booker's rights when a maintainer acts for them, the settings, the vehicle's window rows and its
 * bookings around the period, and (unless the tenant allows several cars at once) the driver's other trips under
 * the driver's lock, so two parallel bookings of one driver on two cars wait for each other (decision 134).
 * An unknown driver is refused at once.
 */
export const ladeBuchungsKontext = async (
  tx: Tx,
  user: SessionUser,
  { fahrzeugRow, von, bis, fahrerId, buchenderId }: BuchungsAnfrage,
) => {
  const [fahrer] = await personenVon(tx, [fahrerId]);
  if (!fahrer) throw new DomainError('fahrzeug_buchung.fremdbuchung_nicht_erlaubt');
  const fahrerRechte = await rechteVon(tx, user, [fahrerId], ['fahrzeug_buchen']);
  const fuehrerschein = toFuehrerschein(await findFuehrerschein(tx, fahrerId));
  // a maintainer changing someone else's booking acts for the booker: the booker's rights count
  const akteur =
    buchenderId === user.benutzerId
      ? { id: user.benutzerId, permissions: user.permissions }
      : {
          id: buchenderId,
          permissions:
            (await rechteVon(tx, user, [buchenderId], ['fahrzeug_buchen', 'fahrzeug_fremdbuchung'])).get(
              buchenderId,
            ) ?? new Set<PermissionName>(),
        };
  const settings = await einstellungenVon(tx, user.benutzerId);
  const einstellungen = fahrzeugCustomizingAus({ settings });
  const zeilen = await findFensterZeilen(tx, fahrzeugRow.fahrzeugOeffnungszeitId);
  const belegungen = await ladeBelegungen(tx, [fahrzeugRow.id], von, bis, einstellungen);
  let fahrerBelegungen: Awaited<ReturnType<typeof findFahrerBelegungen>> = [];
  if (!einstellungen.mehrereFahrzeugeGleichzeitig) {
    await lockFahrer(tx, fahrerId);
    fahrerBelegungen = await findFahrerBelegungen(tx, { fahrerId, from: von, to: bis });
  }
  return {
    akteur,
    fahrer: {
      id: fahrer.id,
      name: nameOf(fahrer),
      status: fahrer.status,
      permissions: fahrerRechte.get(fahrerId) ?? new Set<PermissionName>(),
      naechstePruefung: fuehrerschein?.naechstePruefung ?? null,
    },
    fuehrerschein,
    fahrzeug: {
      ...fahrzeugFuerBuchung(fahrzeugRow, zeilen),
      klasse: isFuehrerscheinKlasse(fahrzeugRow.fuehrerscheinklasse) ? fahrzeugRow.fuehrerscheinklasse : null,
      uvvFaelligAm: fahrzeugRow.uvvFaelligAm,
      huFaelligAm: fahrzeugRow.huFaelligAm,
    },
    belegungen: belegungen.get(fahrzeugRow.id) ?? [],
    fahrerBelegungen,
    einstellungen,
    // an overdue UVV or HU warns or refuses, as the tenant chooses (decision 068)
    uvvModus: parseUvvModus(stringCustomizing(settings, 'FahrzeugUvvUeberfaellig')),
    huModus: parseUvvModus(stringCustomizing(settings, 'FahrzeugHuUeberfaellig')),
  };
};

/**
 * Every rule for a booking (`checkBuchung` on the context), then, for a special trip, the chosen approvers: they
 * must hold fahrzeug_freigabe_von_sonderfahrten (spec §6). Throws the first violation; returns whether it is a
 * special trip and the warnings.
 */
export const pruefeBuchung = async (
  tx: Tx,
  deps: Pick<FahrzeugBuchungDeps, 'now'>,
  user: SessionUser,
  anfrage: BuchungsAnfrage,
): Promise<{ sonderfahrt: boolean; hinweise: RuleViolation[] }> => {
  const now = deps.now();
  const kontext = await ladeBuchungsKontext(tx, user, anfrage);
  const { verstoesse, hinweise, sonderfahrt } = checkBuchung({
    ...kontext,
    von: anfrage.von,
    bis: anfrage.bis,
    now,
    ignoreId: anfrage.ignoreId,
    bisherigerVon: anfrage.bisherigerVon,
  });
  if (verstoesse[0]) throw toDomainError(verstoesse[0]);
  if (sonderfahrt) {
    const ids = [...new Set(anfrage.freigeberIds)];
    const personen = await personenVon(tx, ids);
    const rechte = await rechteVon(tx, user, ids, ['fahrzeug_freigabe_von_sonderfahrten']);
    const verstoss = freigeberVerstoss({
      sonderfahrt,
      freigeberIds: ids,
      kandidaten: personen.map((p) => ({
        id: p.id,
        status: p.status,
        permissions: rechte.get(p.id) ?? new Set(),
      })),
      buchenderId: anfrage.buchenderId,
      fahrerId: anfrage.fahrerId,
    });
    if (verstoss) throw toDomainError(verstoss);
  }
  return { sonderfahrt, hinweise };
};

const optional = (s: string | null | undefined): string | null => (s && s.length > 0 ? s : null);

/** The columns a booking's input sets (empty texts stored as none). */
export const werteAus = (input: TFahrzeugBuchungEingabe, fahrerId: string | null) => ({
  von: new Date(input.von),
  bis: new Date(input.bis),
  fahrzeugId: input.fahrzeugId,
  fahrerId,
  anlass: optional(input.anlass),
  zielAdresse: optional(input.zielAdresse),
  zielPerson: optional(input.zielPerson),
  umweg: optional(input.umweg),
  informationstext: optional(input.informationstext),
});

// --- live events ----------------------------------------------------------------------------------------

/** The event of a vehicle booking or block `id` to the people it concerns and the fleet staff (decision 115). */
export const meldeFahrzeugBuchung = (
  tx: Tx,
  mandantId: string,
  { id, fahrzeugId }: { id: string; fahrzeugId: string },
  betroffene: readonly (string | null | undefined)[],
) =>
  publishEvent(
    tx,
    mandantId,
    { type: 'fahrzeug_buchung', id, fahrzeugId },
    { an: publikumFuer('fahrzeug_buchung', betroffene) },
  );

/**
 * Tells (on commit) the open pages of the booker, the driver, the approvers and the fleet staff that a booking
 * of a vehicle changed, and every other page of the tenant that the vehicle's occupancy did (decisions 025, 115).
 */
export const meldeAenderung = (
  tx: Tx,
  mandantId: string,
  buchung: Pick<TFahrzeugBuchung, 'id' | 'fahrzeug' | 'buchender' | 'fahrer' | 'freigeber'>,
) =>
  meldeFahrzeugBuchung(tx, mandantId, { id: buchung.id, fahrzeugId: buchung.fahrzeug.id }, [
    buchung.buchender.id,
    buchung.fahrer?.id,
    ...buchung.freigeber.map((f) => f.id),
  ]);
