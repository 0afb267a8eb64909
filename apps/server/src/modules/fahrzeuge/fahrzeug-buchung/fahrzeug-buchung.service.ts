/**
 * Vehicle booking (spec §4–§6): the vehicle list with `frei` for a period, a vehicle with its
 * upcoming bookings, and booking, changing and cancelling a trip. Every step authorises first, then runs the
 * domain rules (packages/domain/src/fahrzeug-buchung, fuehrerschein; decision 040) inside one tenant
 * transaction after locking the vehicle row; the exclusion constraint is the last line.
 */

import {
  booleanSetting,
  numberSetting,
  type ResolvedSettings,
  stringSetting,
} from '@stellwerk/domain/customizing';
import { DomainError, type RuleViolation, toDomainError } from '@stellwerk/domain/errors';
import { publikumFuer } from '@stellwerk/domain/events';
import { type Buchungsfenster, fahrzeugFensterAus } from '@stellwerk/domain/fahrzeug/buchungsfenster';
import {
  huBuchungsRegel,
  parseUvvModus,
  uvvBuchungsRegel,
} from '@stellwerk/domain/fahrzeug-benachrichtigung/pruefung';
import type {
  TFahrzeug,
  TFahrzeugBuchung,
  TFahrzeugBuchungQuery,
  TFahrzeugDetail,
  TFahrzeugListeQuery,
  TFahrzeugPerson,
} from '@stellwerk/domain/fahrzeug-buchung/api';
import {
  freigabeNachAenderung,
  freigeberVerstoss,
  isMoeglicherFreigeber,
} from '@stellwerk/domain/fahrzeug-buchung/freigabe';
import {
  checkInVerstoss,
  checkOutVerstoss,
  FAHRZEUG_BUCHUNG_UEBERGAENGE,
  fahrtStandAus,
  fremdStornoGrundVerstoss,
  type HistorieEintrag,
  isInMeinenBuchungen,
  STORNO_GRUND,
  SYSTEM_STORNO_ANZEIGE_TAGE,
  statusAusFahrt,
} from '@stellwerk/domain/fahrzeug-buchung/machine';
import { abilitiesFor, isEigeneFahrt } from '@stellwerk/domain/fahrzeug-buchung/policy';
import {
  type Belegung,
  type FahrzeugBuchungsEinstellungen,
  type FahrzeugFuerBuchung,
  fahrerDoppeltVerstoss,
  fahrzeugBuchungsPruefer,
  mindestabstandMs,
  pruefeFahrzeugBuchung,
  wirksamesBuchungsfenster,
} from '@stellwerk/domain/fahrzeug-buchung/rules';
import type {
  TFahrzeugBuchungAenderung,
  TFahrzeugBuchungEingabe,
} from '@stellwerk/domain/fahrzeug-buchung/schemas';
import { fahrzeugEinstellungenAus } from '@stellwerk/domain/fahrzeug-buchung/settings';
import {
  type BuchungsPerson,
  type Fuehrerschein,
  fahrerVerstoss,
  eigeneBuchbarkeitVerstoss,
  fuehrerscheinHinweise,
  fuehrerscheinVerstoss,
  isFuehrerscheinKlasse,
  stornosBeiFahrverbot,
  waehlbareFahrer,
} from '@stellwerk/domain/fuehrerschein/rules';
import { fuehrerscheinAusSpalten } from '@stellwerk/domain/fuehrerschein/spalten';
import { type Language, parseLanguage } from '@stellwerk/domain/language';
import { needsVehicleModule, type PermissionName } from '@stellwerk/domain/permissions';
import { mitBleibendem } from '@stellwerk/domain/put-bleibt';
import { formatDateDE, formatTimeDE } from '@stellwerk/domain/time';
import type { Database, Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import type { SessionMemo, SessionUser } from '../../identitaet/auth/auth.context.ts';
import { inhaberVon } from '../../identitaet/auth/auth.inhaber.ts';
import {
  loadEffectiveSettings,
  loadEffectiveSettingsUndListe,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import type { FahrzeugBuchungMailParams } from '../../plattform/mail/mail.fahrzeug-templates.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import { fahrtKalenderAnhang } from './fahrzeug-buchung.kalender.ts';
import {
  type BelegungRow,
  type BuchungKernRow,
  type FahrzeugMitFensterRow,
  type FahrzeugRow,
  type FensterZeile,
  type FreigeberRow,
  type FuehrerscheinRow,
  findBelegungen,
  findBelegungenMitFahrt,
  findFahrerBelegungen,
  findFremdStornos,
  findBuchungen,
  findBuchungenByIds,
  findFahrtEintraege,
  findFahrzeug,
  findFahrzeugeMitFenster,
  findFensterZeilen,
  findFreigeber,
  findFuehrerschein,
  lockFahrer,
  findMitfahrer,
  findNaechstePruefungen,
  findPersonen,
  insertBuchung,
  insertFreigeber,
  insertMitfahrer,
  lockBuchung,
  lockFahrzeug,
  type MitfahrerRow,
  type PersonRow,
  replaceFreigeber,
  replaceMitfahrer,
  updateBuchung,
} from './fahrzeug-buchung.repository.ts';

export type FahrzeugBuchungDeps = {
  database: Pick<Database, 'withTenant'>;
  now: () => Date;
  publicUrl: string;
};

/** Most bookings one list answers (the contract's bound). */
const LISTE_MAX = 2000;

// --- guards ---------------------------------------------------------------------------------------------

/** Spec §6: the vehicle module needs fahrzeug_buchen or fahrzeug_fremdbuchung. */
const requireFahrzeugModul = (user: SessionUser): void => {
  if (!needsVehicleModule(user.permissions)) throw new DomainError('auth.forbidden');
};

/** A tenant without vehicle booking has no vehicle pages: 404, like a page that is not there. */
export const assertFeature = async (tx: Tx): Promise<void> => {
  if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
};

/** Booking or fleet maintainers see and manage every trip of the tenant. */
const isVerwaltung = (user: SessionUser): boolean =>
  user.permissions.has('buchung_pflege') || user.permissions.has('fahrzeug_pflege');

/** Runs `fn` in the tenant's transaction after the module and feature checks. */
export const inFahrzeugModul = <T>(
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  fn: (tx: Tx) => Promise<T>,
) => {
  requireFahrzeugModul(user);
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    return fn(tx);
  });
};

// --- shaping --------------------------------------------------------------------------------------------

/** Groups rows by a key (Map.groupBy needs Node 21; the machines run Node 20). */
const groupBy = <T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> => {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
};

export const nameOf = (p: Pick<PersonRow, 'vorname' | 'nachname'>): string =>
  `${p.vorname} ${p.nachname}`.trim();

export const zeitraumText = (von: Date, bis: Date): string =>
  `${formatDateDE(von)} ${formatTimeDE(von)} – ${formatDateDE(bis)} ${formatTimeDE(bis)}`;

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

const toFahrzeug = (
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

const toFuehrerschein = (row: FuehrerscheinRow | undefined): Fuehrerschein | null =>
  row ? fuehrerscheinAusSpalten(row) : null;

/** The policy's settings (spec §9): check-in switched on, its lead, the released rule's minutes. */
const policyEinstellungen = (settings: ResolvedSettings) => ({
  checkInAktiv: booleanSetting(settings, 'FahrzeugCheckInAktiv'),
  checkInVorlaufMinuten: numberSetting(settings, 'FahrzeugCheckInMinutenVorBeginn'),
  freigabeNachBeginnMinuten: numberSetting(settings, 'FahrzeugFreigabeNachBuchungsbeginn'),
});

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
const einstellungenProTx = proTransaktion<ReturnType<typeof loadEffectiveSettings>>();
const einstellungenVon = (tx: Tx, benutzerId: string): ReturnType<typeof loadEffectiveSettings> => {
  const bekannt = einstellungenProTx(tx);
  let settings = bekannt.get(benutzerId);
  if (!settings) {
    settings = loadEffectiveSettings(tx, benutzerId);
    bekannt.set(benutzerId, settings);
  }
  return settings;
};

/**
 * People by id, read once per transaction: a booking needs the driver for the rules, the booker and driver for
 * the answer and the mail, the approvers for the rules and the request.
 */
const personenProTx = proTransaktion<PersonRow>();
const personenVon = async (tx: Tx, ids: readonly string[]): Promise<PersonRow[]> => {
  const bekannt = personenProTx(tx);
  const gefragt = [...new Set(ids)];
  for (const p of await findPersonen(
    tx,
    gefragt.filter((id) => !bekannt.has(id)),
  ))
    bekannt.set(p.id, p);
  return gefragt.flatMap((id) => bekannt.get(id) ?? []);
};

/** What a booking inserted in this transaction has, so its answer need not read it back. */
type NeueBuchung = { mitfahrer: MitfahrerRow[]; freigeber: FreigeberRow[] };

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
  const policy = policyEinstellungen(settings);
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

// --- mails ----------------------------------------------------------------------------------------------

const languageOf = async (tx: Tx, benutzerId: string): Promise<Language> =>
  parseLanguage(stringSetting(await einstellungenVon(tx, benutzerId), 'Sprache'));

/**
 * Mails the booker (and the driver, when someone else drives) about their booking, in each one's language,
 * through the outbox in this transaction.
 */
export const sendeMails = async (
  tx: Tx,
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  buchung: TFahrzeugBuchung,
  params: Pick<FahrzeugBuchungMailParams, 'typ' | 'alt' | 'grund'>,
): Promise<void> => {
  const empfaenger = [buchung.buchender.id, ...(buchung.fahrer ? [buchung.fahrer.id] : [])];
  const personen = await personenVon(tx, [...empfaenger, user.benutzerId]);
  const akteur = personen.find((p) => p.id === user.benutzerId);
  for (const p of personen.filter((q) => empfaenger.includes(q.id))) {
    await enqueueMail(
      tx,
      {
        mandantId: user.mandantId,
        to: p.email,
        template: 'fahrzeug_buchung',
        language: await languageOf(tx, p.id),
        params: {
          ...params,
          fahrzeug: `${buchung.fahrzeug.marke} ${buchung.fahrzeug.modell}`,
          kennzeichen: buchung.fahrzeug.kennzeichen,
          zeitraum: zeitraumText(new Date(buchung.von), new Date(buchung.bis)),
          url: `${deps.publicUrl}/fahrzeuge`,
          sonderfahrt: params.typ !== 'storniert' && buchung.aktionen.wartetAufFreigabe,
          durch: akteur && akteur.id !== p.id ? nameOf(akteur) : undefined,
        },
        anhaenge: await fahrtKalenderAnhang(tx, deps, {
          mandantId: user.mandantId,
          buchungId: buchung.id,
          empfaenger: p,
          typ: params.typ,
        }),
      },
      deps.now(),
    );
  }
};

/**
 * Asks each chosen approver of a special trip for their decision (decision 049): a mail with the booking and
 * a link to /fahrzeuge/freigaben, in the approver's language, through the outbox in this transaction.
 */
const fordereFreigabenAn = async (
  tx: Tx,
  deps: FahrzeugBuchungDeps,
  mandantId: string,
  buchung: TFahrzeugBuchung,
  benutzerIds: readonly string[],
): Promise<void> => {
  for (const p of await personenVon(tx, benutzerIds)) {
    await enqueueMail(
      tx,
      {
        mandantId,
        to: p.email,
        template: 'fahrzeug_buchung',
        language: await languageOf(tx, p.id),
        params: {
          typ: 'freigabe_anfrage',
          fahrzeug: `${buchung.fahrzeug.marke} ${buchung.fahrzeug.modell}`,
          kennzeichen: buchung.fahrzeug.kennzeichen,
          zeitraum: zeitraumText(new Date(buchung.von), new Date(buchung.bis)),
          url: `${deps.publicUrl}/fahrzeuge/freigaben`,
          durch: buchung.buchender.name,
          anlass: buchung.anlass ?? undefined,
        },
      },
      deps.now(),
    );
  }
};

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

// --- reading --------------------------------------------------------------------------------------------

/** The vehicles' bookings and blocks around [von, bis) with the trip state from the history. */
export const ladeBelegungen = async (
  tx: Tx,
  fahrzeugIds: readonly string[],
  von: Date,
  bis: Date,
  einstellungen: FahrzeugBuchungsEinstellungen,
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
  const fremd = user.permissions.has('fahrzeug_fremdbuchung');
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
  requireFahrzeugModul(user);
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const now = deps.now();
    // the settings and the user's and tenant's favourites in one statement (decision 084)
    const { settings, liste: favoriten } = await loadEffectiveSettingsUndListe(
      tx,
      user.benutzerId,
      'FahrzeugLieblingsFahrzeuge',
      memo,
    );
    const einstellungen = fahrzeugEinstellungenAus({ settings });
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
      // one checker for the period: what is the same for every vehicle is computed once (rules.ts)
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
    if (!row) throw new DomainError('not_found');
    const now = deps.now();
    const { settings, liste: favoriten } = await loadEffectiveSettingsUndListe(
      tx,
      user.benutzerId,
      'FahrzeugLieblingsFahrzeuge',
      memo,
    );
    const zeilen = await findFensterZeilen(tx, row.fahrzeugOeffnungszeitId);
    const termine = await findBelegungen(tx, { fahrzeugIds: [row.id], from: now, to: null });
    const einstellungen = fahrzeugEinstellungenAus({ settings });
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
    const ids = user.permissions.has('fahrzeug_fremdbuchung')
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
    if (!fahrzeugEinstellungenAus({ settings }).buchungAusserhalbBuchungszeiten) return [];
    const rechte = await inhaberVon(tx, null, ['fahrzeug_freigabe_von_sonderfahrten']);
    const ids = [...new Set(rechte.map((r) => r.benutzerId))].filter((id) => id !== user.benutzerId);
    const permissions = new Set<PermissionName>(['fahrzeug_freigabe_von_sonderfahrten']);
    return (await findPersonen(tx, ids))
      .filter((p) => isMoeglicherFreigeber({ person: { id: p.id, status: p.status, permissions } }))
      .map((p) => ({ id: p.id, name: nameOf(p) }))
      .sort(nachName);
  });

// --- booking --------------------------------------------------------------------------------------------

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

/** The permissions among `names` each of `ids` holds; the session user's own come from the session. */
const rechteVon = async (
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

/**
 * Every rule for a booking by `user` (`buchenderId`, who may differ when a maintainer changes another's
 * booking) of the locked vehicle: who may book for the driver and the driver's licence (spec §5, §6), the
 * booking rules of spec §5 against the vehicle's other bookings, and the approvers of a special trip.
 * Throws the first violation; returns whether it is a special trip.
 */
const pruefeBuchung = async (
  tx: Tx,
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  {
    fahrzeugRow,
    von,
    bis,
    fahrerId,
    buchenderId,
    freigeberIds,
    ignoreId,
    bisherigerVon,
  }: {
    fahrzeugRow: FahrzeugRow;
    von: Date;
    bis: Date;
    fahrerId: string;
    buchenderId: string;
    freigeberIds: readonly string[];
    ignoreId?: string;
    bisherigerVon?: Date | null;
  },
): Promise<{ sonderfahrt: boolean; hinweise: RuleViolation[] }> => {
  const now = deps.now();
  const first = (v: RuleViolation | null | undefined) => {
    if (v) throw toDomainError(v);
  };

  // who drives, and may the user book for them (spec §6), with a licence for the vehicle (spec §5)
  const [fahrer] = await personenVon(tx, [fahrerId]);
  if (!fahrer) throw new DomainError('fahrzeug_buchung.fremdbuchung_nicht_erlaubt');
  const fahrerRechte = await rechteVon(tx, user, [fahrerId], ['fahrzeug_buchen']);
  const fuehrerscheinRow = await findFuehrerschein(tx, fahrerId);
  const fuehrerschein = toFuehrerschein(fuehrerscheinRow);
  const person: BuchungsPerson = {
    id: fahrer.id,
    status: fahrer.status,
    permissions: fahrerRechte.get(fahrerId) ?? new Set(),
    naechstePruefung: fuehrerschein?.naechstePruefung ?? null,
  };
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
  const fahrerPruefung = fahrerVerstoss({
    akteur,
    fahrer: person,
    fuehrerschein,
    klasse: isFuehrerscheinKlasse(fahrzeugRow.fuehrerscheinklasse) ? fahrzeugRow.fuehrerscheinklasse : null,
    zeitraeume: [{ von, bis }],
    now,
  });
  // who may book for whom is answered first (nothing else matters then); the licence after the period's rules,
  // so the answer names what the user can fix first: a date too far ahead before a lapsed licence check
  if (fahrerPruefung?.code.startsWith('fahrzeug_buchung.')) first(fahrerPruefung);

  // the booking rules of spec §5 against the vehicle's bookings and blocks
  const settings = await einstellungenVon(tx, user.benutzerId);
  const einstellungen = fahrzeugEinstellungenAus({ settings });
  const zeilen = await findFensterZeilen(tx, fahrzeugRow.fahrzeugOeffnungszeitId);
  const belegungen = await ladeBelegungen(tx, [fahrzeugRow.id], von, bis, einstellungen);
  const { verstoesse, sonderfahrt } = pruefeFahrzeugBuchung({
    von,
    bis,
    fahrzeug: fahrzeugFuerBuchung(fahrzeugRow, zeilen),
    buchungen: belegungen.get(fahrzeugRow.id) ?? [],
    einstellungen,
    now,
    ignoreId,
    bisherigerVon: bisherigerVon ?? null,
  });
  first(verstoesse[0]);
  first(fahrerPruefung);

  // one driver, one car at a time, unless the tenant allows more (decision 134); the lock makes two
  // parallel bookings of one driver on two cars wait for each other
  if (!einstellungen.mehrereFahrzeugeGleichzeitig) {
    await lockFahrer(tx, fahrerId);
    first(
      fahrerDoppeltVerstoss({
        von,
        bis,
        fahrerName: nameOf(fahrer),
        buchungen: await findFahrerBelegungen(tx, { fahrerId, from: von, to: bis }),
        erlaubt: false,
        now,
        ignoreId,
      }),
    );
  }

  // an overdue UVV inspection warns or refuses, as the tenant chooses (decision 068)
  const uvv = uvvBuchungsRegel({
    uvvFaelligAm: fahrzeugRow.uvvFaelligAm,
    von,
    modus: parseUvvModus(stringSetting(settings, 'FahrzeugUvvUeberfaellig')),
  });
  first(uvv.verstoss);
  // an overdue HU the same, under its own setting
  const hu = huBuchungsRegel({
    huFaelligAm: fahrzeugRow.huFaelligAm,
    von,
    modus: parseUvvModus(stringSetting(settings, 'FahrzeugHuUeberfaellig')),
  });
  first(hu.verstoss);

  // a special trip needs approvers holding fahrzeug_freigabe_von_sonderfahrten (spec §6)
  if (sonderfahrt) {
    const ids = [...new Set(freigeberIds)];
    const personen = await personenVon(tx, ids);
    const rechte = await rechteVon(tx, user, ids, ['fahrzeug_freigabe_von_sonderfahrten']);
    first(
      freigeberVerstoss({
        sonderfahrt,
        freigeberIds: ids,
        kandidaten: personen.map((p) => ({
          id: p.id,
          status: p.status,
          permissions: rechte.get(p.id) ?? new Set(),
        })),
        buchenderId,
        fahrerId,
      }),
    );
  }
  // an expired licence document only warns (decision 050); an expired class refused above
  return {
    sonderfahrt,
    hinweise: [
      ...fuehrerscheinHinweise({ fuehrerschein, now }),
      ...(uvv.hinweis ? [uvv.hinweis] : []),
      ...(hu.hinweis ? [hu.hinweis] : []),
    ],
  };
};

const optional = (s: string | null | undefined): string | null => (s && s.length > 0 ? s : null);

const werteAus = (input: TFahrzeugBuchungEingabe, fahrerId: string | null) => ({
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

/** The bookings `ids` as the API answers them to `user` (for the approvals and blocks modules), by start. */
export const ladeBuchungen = async (
  tx: Tx,
  ids: readonly string[],
  user: SessionUser,
  now: Date,
): Promise<TFahrzeugBuchung[]> => toApiBuchungen(tx, await findBuchungenByIds(tx, ids), user, now);

const ladeEine = async (tx: Tx, id: string, user: SessionUser, now: Date): Promise<TFahrzeugBuchung> => {
  const [row] = await findBuchungenByIds(tx, [id]);
  const [api] = await toApiBuchungen(tx, row ? [row] : [], user, now);
  if (!api) throw new DomainError('not_found');
  return api;
};

/**
 * POST /api/fahrzeug-buchungen: books a vehicle for the user or, with fahrzeug_fremdbuchung, for another
 * driver. A special trip is stored with the chosen approvers waiting for their decision. Mails the booker
 * (and the driver).
 */
export const createBuchung = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  input: TFahrzeugBuchungEingabe,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    assertBuchungsTyp(input);
    const fahrzeugRow = await lockFahrzeug(tx, input.fahrzeugId);
    if (!fahrzeugRow) throw new DomainError('not_found');
    const fahrerId = input.fahrerId ?? user.benutzerId;
    const { sonderfahrt, hinweise } = await pruefeBuchung(tx, deps, user, {
      fahrzeugRow,
      von: new Date(input.von),
      bis: new Date(input.bis),
      fahrerId,
      buchenderId: user.benutzerId,
      freigeberIds: input.freigeberIds,
    });
    const row = await guardUeberschneidung(() =>
      insertBuchung(
        tx,
        {
          mandantId: user.mandantId,
          benutzerId: user.benutzerId,
          status: 'reserviert',
          ...werteAus(input, fahrerId === user.benutzerId ? null : fahrerId),
        },
        fahrzeugRow,
      ),
    );
    const namen = input.mitfahrer.map((m) => m.name);
    const mitfahrer = await insertMitfahrer(tx, { mandantId: user.mandantId, buchungId: row.id, namen });
    const freigeber = await insertFreigeber(tx, {
      mandantId: user.mandantId,
      buchungId: row.id,
      benutzerIds: sonderfahrt ? [...new Set(input.freigeberIds)] : [],
    });
    // the answer is built from what was just written (and checked against a read-back in the tests)
    const [buchung] = await toApiBuchungen(tx, [row], user, deps.now(), { mitfahrer, freigeber });
    if (!buchung) throw new Error('the new booking has no answer');
    await sendeMails(tx, deps, user, buchung, { typ: 'erstellt' });
    if (sonderfahrt) await fordereFreigabenAn(tx, deps, user.mandantId, buchung, input.freigeberIds);
    await meldeAenderung(tx, user.mandantId, buchung);
    return { ...buchung, hinweise };
  });

/** A booking request names no type or 'BUCHUNG' (spec §8 'Typ {x} unbekannt' otherwise). */
const assertBuchungsTyp = (input: { typ?: string }): void => {
  if (input.typ !== undefined && input.typ !== 'BUCHUNG')
    throw new DomainError('typ.unbekannt', { typ: input.typ });
};

/** The booking as the user may see it: booked or driven by them, or any for maintainers; 404 otherwise. */
const requireSichtbar = (row: BuchungKernRow | undefined, user: SessionUser): BuchungKernRow => {
  if (row?.typ !== 'BUCHUNG') throw new DomainError('not_found');
  if (row.benutzerId !== user.benutzerId && row.fahrerId !== user.benutzerId && !isVerwaltung(user))
    throw new DomainError('not_found');
  return row;
};

/**
 * PUT /api/fahrzeug-buchungen/{id}: new period, vehicle, driver or details of a trip not yet begun (or
 * extending one under way), under the same rules. The approvers are asked again when the change makes it a
 * special trip or moves one, and removed when it no longer is one (decision 040).
 */
export const updateFahrzeugBuchung = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  id: string,
  aenderung: TFahrzeugBuchungAenderung,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const now = deps.now();
    // lock the vehicles first (in id order, as every booking does), then the booking
    assertBuchungsTyp(aenderung);
    const [vorher] = await findBuchungenByIds(tx, [id]);
    requireSichtbar(vorher, user);
    const fahrzeugIds = [...new Set([vorher!.fahrzeugId, aenderung.fahrzeugId])].sort();
    const gesperrt = new Map<string, FahrzeugRow>();
    for (const fid of fahrzeugIds) {
      const locked = await lockFahrzeug(tx, fid);
      if (locked) gesperrt.set(fid, locked);
    }
    const row = requireSichtbar(await lockBuchung(tx, id), user);
    if (row.fahrzeugId !== vorher!.fahrzeugId) throw new DomainError('conflict');
    const [alt] = await toApiBuchungen(tx, [row], user, now);
    if (!alt!.aktionen.kannAendern)
      throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status: row.status });
    // decision 125: what the PUT left out stays as stored (driver, texts, co-travellers, approvers)
    const input: TFahrzeugBuchungEingabe = mitBleibendem(
      {
        ...aenderung,
        fahrerId: row.fahrerId,
        anlass: row.anlass,
        zielAdresse: row.zielAdresse,
        zielPerson: row.zielPerson,
        umweg: row.umweg,
        informationstext: row.informationstext,
        mitfahrer: alt!.mitfahrer.map((m) => ({ name: m.name })),
        freigeberIds: alt!.freigeber.map((f) => f.id),
      },
      aenderung,
    );
    const fahrzeugRow = gesperrt.get(input.fahrzeugId);
    if (!fahrzeugRow) throw new DomainError('not_found');
    const fahrerId = input.fahrerId ?? row.benutzerId;
    const von = new Date(input.von);
    const bis = new Date(input.bis);
    const { sonderfahrt, hinweise } = await pruefeBuchung(tx, deps, user, {
      fahrzeugRow,
      von,
      bis,
      fahrerId,
      buchenderId: row.benutzerId,
      freigeberIds: input.freigeberIds,
      ignoreId: row.id,
      bisherigerVon: row.von,
    });
    await guardUeberschneidung(() =>
      updateBuchung(tx, row.id, werteAus(input, fahrerId === row.benutzerId ? null : fahrerId)),
    );
    await replaceMitfahrer(tx, {
      mandantId: user.mandantId,
      buchungId: row.id,
      namen: input.mitfahrer.map((m) => m.name),
    });
    const folge = freigabeNachAenderung({
      warSonderfahrt: alt!.freigeber.length > 0,
      istSonderfahrt: sonderfahrt,
      zeitGeaendert:
        von.getTime() !== row.von.getTime() ||
        bis.getTime() !== row.bis.getTime() ||
        input.fahrzeugId !== row.fahrzeugId,
    });
    const bisherige = alt!.freigeber.map((f) => f.id).sort();
    const gewaehlte = [...new Set(input.freigeberIds)].sort();
    const neuAnfragen = folge === 'neu_anfragen' || (sonderfahrt && bisherige.join() !== gewaehlte.join());
    if (folge === 'entfernen')
      await replaceFreigeber(tx, { mandantId: user.mandantId, buchungId: row.id, benutzerIds: [] });
    else if (neuAnfragen)
      await replaceFreigeber(tx, { mandantId: user.mandantId, buchungId: row.id, benutzerIds: gewaehlte });
    const buchung = await ladeEine(tx, row.id, user, now);
    if (folge !== 'entfernen' && neuAnfragen)
      await fordereFreigabenAn(tx, deps, user.mandantId, buchung, gewaehlte);
    await sendeMails(tx, deps, user, buchung, {
      typ: 'geaendert',
      alt: zeitraumText(row.von, row.bis),
    });
    await meldeAenderung(tx, user.mandantId, buchung);
    return { ...buchung, hinweise };
  });

/** POST /api/fahrzeug-buchungen/{id}/storno: the booker or a maintainer cancels a trip before check-in. */
export const storniereBuchung = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  id: string,
  grund?: string,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const now = deps.now();
    const row = requireSichtbar(await lockBuchung(tx, id), user);
    const [vorher] = await toApiBuchungen(tx, [row], user, now);
    if (!vorher!.aktionen.kannStornieren)
      throw new DomainError('fahrzeug_buchung.schritt_nicht_erlaubt', { status: row.status });
    // someone else's trip only with a reason (decision 149)
    const ohneGrund = fremdStornoGrundVerstoss({
      benutzerId: row.benutzerId,
      akteurId: user.benutzerId,
      grund,
    });
    if (ohneGrund) throw toDomainError(ohneGrund);
    // the reason becomes the booking's information text, as a system cancellation's does (spec §4); who cancelled
    // is kept, so the booker still sees a cancellation that was not theirs (decision 149)
    await updateBuchung(tx, row.id, {
      status: FAHRZEUG_BUCHUNG_UEBERGAENGE.stornieren.nach,
      storniertVon: user.benutzerId,
      ...(grund ? { informationstext: grund } : {}),
    });
    const buchung = await ladeEine(tx, row.id, user, now);
    await sendeMails(tx, deps, user, buchung, { typ: 'storniert', ...(grund ? { grund } : {}) });
    await meldeAenderung(tx, user.mandantId, buchung);
    return buchung;
  });

// --- trip steps (the trip module records check-in and check-out through this) ------------------

/** What a trip step sees: the locked booking and vehicle, the user's settings, the instant of the step. */
export type FahrtSchrittKontext = {
  tx: Tx;
  buchung: TFahrzeugBuchung;
  row: BuchungKernRow;
  fahrzeug: FahrzeugRow;
  settings: ResolvedSettings;
  now: Date;
};

/**
 * Check-in and check-out of a trip (spec §4): in the module's transaction, with the vehicle and then the booking
 * locked (the order every booking keeps), the step is allowed only when the policy gives the user the ability;
 * otherwise the machine's guard names the reason (too early, not released, already checked in, …) and a user
 * who may see the trip but does not drive it gets 403. A check-in also needs the driver's licence valid at that
 * moment. `fn` writes the step (and may return what runs after the booking row took the step: `projiziereFahrt`);
 * the answer is the booking after it, and open pages hear of it.
 */
export const fahrtSchritt = (
  deps: FahrzeugBuchungDeps,
  user: SessionUser,
  id: string,
  schritt: 'checkIn' | 'checkOut',
  fn: (kontext: FahrtSchrittKontext) => Promise<void | (() => Promise<void>)>,
): Promise<TFahrzeugBuchung> =>
  inFahrzeugModul(deps, user, async (tx) => {
    const now = deps.now();
    const [vorher] = await findBuchungenByIds(tx, [id]);
    const fahrzeugRow = await lockFahrzeug(tx, requireSichtbar(vorher, user).fahrzeugId);
    const row = requireSichtbar(await lockBuchung(tx, id), user);
    if (!fahrzeugRow || row.fahrzeugId !== fahrzeugRow.id) throw new DomainError('conflict');
    const [buchung] = await toApiBuchungen(tx, [row], user, now);
    const settings = await einstellungenVon(tx, user.benutzerId);
    const darf = schritt === 'checkIn' ? buchung!.aktionen.kannEinchecken : buchung!.aktionen.kannAuschecken;
    if (!darf) {
      const fahrt = fahrtStandAus({ buchungId: row.id, historie: await findFahrtEintraege(tx, [row.id]) });
      const policy = policyEinstellungen(settings);
      const verstoss =
        schritt === 'checkIn'
          ? checkInVerstoss({
              buchung: row,
              fahrt,
              now,
              freigegeben: buchung!.aktionen.freigegeben,
              checkInAktiv: policy.checkInAktiv,
              vorlaufMinuten: policy.checkInVorlaufMinuten,
            })
          : checkOutVerstoss({ buchung: row, fahrt });
      throw verstoss ? toDomainError(verstoss) : new DomainError('auth.forbidden');
    }
    if (schritt === 'checkIn') {
      // the driver's licence must still be valid at the moment of the check-in (spec §5)
      const fahrerId = row.fahrerId ?? row.benutzerId;
      const klasse = isFuehrerscheinKlasse(fahrzeugRow.fuehrerscheinklasse)
        ? fahrzeugRow.fuehrerscheinklasse
        : null;
      const verstoss = fuehrerscheinVerstoss({
        fuehrerschein: toFuehrerschein(await findFuehrerschein(tx, fahrerId)),
        klasse,
        zeitraeume: [{ von: now, bis: now }],
      });
      if (verstoss) throw toDomainError(verstoss);
    }
    const danach = await fn({ tx, buchung: buchung!, row, fahrzeug: fahrzeugRow, settings, now });
    await projiziereFahrt(tx, row, schritt, now);
    // what follows the step on the booking row (a block for a safety-relevant damage) sees its new end
    if (danach) await danach();
    const ergebnis = await ladeEine(tx, row.id, user, now);
    await meldeAenderung(tx, user.mandantId, ergebnis);
    return ergebnis;
  });

/**
 * Writes what a check-in or check-out implies onto the booking row, in the step's transaction (decision 064):
 * the status the history implies (`statusAusFahrt`: aktiv, durchgeführt; a cancelled trip stays storniert), and
 * at a check-out before the booked end the end becomes the check-out instant, so the exclusion constraint frees
 * the rest of the slot for others as the rules do (`belegterZeitraum`). A trip on the road past its end keeps
 * its row and blocks through the rules until it is checked out.
 */
export const projiziereFahrt = async (
  tx: Tx,
  row: Pick<BuchungKernRow, 'id' | 'status' | 'von' | 'bis'>,
  schritt: 'checkIn' | 'checkOut',
  now: Date,
): Promise<void> => {
  if (row.status === 'storniert') return;
  if (schritt === 'checkIn') {
    await updateBuchung(tx, row.id, { status: FAHRZEUG_BUCHUNG_UEBERGAENGE.checkIn.nach });
    return;
  }
  const frueher = now.getTime() < row.bis.getTime() && now.getTime() > row.von.getTime();
  await updateBuchung(tx, row.id, {
    status: FAHRZEUG_BUCHUNG_UEBERGAENGE.checkOut.nach,
    ...(frueher ? { bis: now } : {}),
  });
};

/** Locks a booking of the vehicle (the vehicle is locked by the caller) for a step on it, e.g. a missing check-out. */
export const sperreBuchungZeile = (tx: Tx, id: string) => lockBuchung(tx, id);

// --- for the fleet administration (module fahrzeug, decision 048) ------------------------------------

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

/**
 * Bulk cancellation by the system (spec §4, §7): each booking the transition table's `systemStorno` step
 * allows (never durchgeführt) becomes storniert with the reason as its information text; its booker and
 * driver get the cancellation mail in their language (`grundIn`), and open pages hear of it. Runs in the
 * caller's transaction; returns how many were cancelled.
 */
export const systemStorniere = async (
  tx: Tx,
  deps: Pick<FahrzeugBuchungDeps, 'now' | 'publicUrl'>,
  user: SessionUser,
  { ids, grund, grundIn }: { ids: readonly string[]; grund: string; grundIn: (sprache: Language) => string },
): Promise<number> => {
  let anzahl = 0;
  for (const id of [...ids].sort()) {
    const row = await lockBuchung(tx, id);
    if (!row || !FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.von.includes(row.status)) continue;
    await updateBuchung(tx, row.id, {
      status: FAHRZEUG_BUCHUNG_UEBERGAENGE.systemStorno.nach,
      informationstext: grund,
    });
    anzahl += 1;
    const empfaenger = await findPersonen(tx, [
      ...new Set([row.benutzerId, ...(row.fahrerId ? [row.fahrerId] : [])]),
    ]);
    for (const p of empfaenger) {
      const language = await languageOf(tx, p.id);
      await enqueueMail(
        tx,
        {
          mandantId: user.mandantId,
          to: p.email,
          template: 'fahrzeug_buchung',
          language,
          params: {
            typ: 'storniert',
            fahrzeug: `${row.marke} ${row.modell}`,
            kennzeichen: row.kennzeichen,
            zeitraum: zeitraumText(row.von, row.bis),
            url: `${deps.publicUrl}/fahrzeuge`,
            grund: grundIn(language),
          },
        },
        deps.now(),
      );
    }
    await meldeFahrzeugBuchung(tx, user.mandantId, row, [row.benutzerId, row.fahrerId]);
  }
  return anzahl;
};

// --- driving ban (decision 050) -----------------------------------------------------------------

/** A trip a driving ban cancels, as the licence page lists it. */
export type FahrverbotStorno = {
  id: string;
  fahrzeug: string;
  kennzeichen: string;
  von: string;
  bis: string;
  buchender: string;
};

/**
 * The trips `fahrerId` drives (named as driver, or booked without naming another driver) that the driving ban
 * overlaps and that are not over yet (stornosBeiFahrverbot). With `stornieren` they are cancelled with
 * 'Storno wegen Fahrverbot des Fahrers.' and the cancellation mail to booker and driver, in the caller's
 * transaction (the licence checker's save); otherwise only listed (the preview). Called by the licence module,
 * which authorises (fahrzeug_fuehrerscheinpruefung).
 */
export const fahrverbotStornos = async (
  tx: Tx,
  deps: FahrzeugBuchungDeps,
  akteur: SessionUser,
  {
    fahrerId,
    fahrverbot,
    stornieren,
  }: {
    fahrerId: string;
    fahrverbot: Pick<Fuehrerschein, 'fahrverbot' | 'fahrverbotVon' | 'fahrverbotBis'>;
    stornieren: boolean;
  },
): Promise<FahrverbotStorno[]> => {
  const now = deps.now();
  if (!fahrverbot.fahrverbot) return [];
  const rows = (
    await findBuchungen(tx, { benutzerId: fahrerId, from: now, to: null, limit: LISTE_MAX })
  ).filter((r) => (r.fahrerId ?? r.benutzerId) === fahrerId);
  const { buchungen: betroffen, grund } = stornosBeiFahrverbot({
    fuehrerschein: fahrverbot,
    buchungen: rows,
    now,
  });
  const personen = new Map(
    (await findPersonen(tx, [...new Set(betroffen.map((b) => b.benutzerId))])).map((p) => [p.id, p]),
  );
  const result: FahrverbotStorno[] = [];
  for (const row of betroffen) {
    if (stornieren) {
      const locked = await lockBuchung(tx, row.id);
      if (!locked || locked.status === 'storniert' || locked.status === 'durchgeführt') continue;
      await updateBuchung(tx, row.id, { status: 'storniert', informationstext: grund });
      const buchung = await ladeEine(tx, row.id, akteur, now);
      await sendeMails(tx, deps, akteur, buchung, { typ: 'storniert', grund });
      await meldeAenderung(tx, akteur.mandantId, buchung);
    }
    const booker = personen.get(row.benutzerId);
    result.push({
      id: row.id,
      fahrzeug: `${row.marke} ${row.modell}`,
      kennzeichen: row.kennzeichen,
      von: row.von.toISOString(),
      bis: row.bis.toISOString(),
      buchender: booker ? nameOf(booker) : '',
    });
  }
  return result;
};
