/**
 * Customizing (spec §3, §5, §6): the one service for settings at every level. Tenant and group level are
 * written by administrators on /admin/einstellungen (guard of spec §2, decision 009), the user level by the
 * user for themself; every request reads the effective values (user > group > tenant > default).
 */

import { DomainError } from '@stellwerk/domain/errors';
import {
  DEFAULT_FEATURE_SWITCHES,
  type FeatureSwitches,
  isFeatureAccessible,
  isSwitchableFeature,
} from '@stellwerk/domain/features';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type {
  TCustomizingEintrag,
  TEigenesCustomizing,
  TGruppenCustomizing,
  TMandantenCustomizing,
} from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import {
  addierteListe,
  assertLevel,
  CUSTOMIZING_OPTIONS,
  type CustomizingLevels,
  canSetAtLevel,
  ebenenWerte,
  findOption,
  fromStoredValue,
  isUnchanged,
  leseListe,
  type ResolvedCustomizing,
  resolveCustomizing,
  toStoredValue,
} from '@stellwerk/domain/verwaltung/customizing';
import type {
  CustomizingLevel,
  CustomizingOption,
  CustomizingValue,
} from '@stellwerk/domain/verwaltung/customizing-option';
import {
  canEditAdminCustomizing,
  canEditOwnCustomizing,
} from '@stellwerk/domain/verwaltung/customizing-rechte';
import type { Database, Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import type { SessionMemo, SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  type CustomizingRecord,
  deleteLevelValue,
  findFeatureSwitchRows,
  findGruppe,
  findGruppen,
  findLevelValue,
  findLevelValues,
  findRecordsForUser,
  type Level,
  lockLevelValue,
  upsertLevelValue,
} from './customizing.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'> };

/**
 * The effective settings of a user (user > group > tenant > default), inside a tenant transaction. Among the
 * user's groups, the one first by name (then id) wins (see packages/domain/src/verwaltung/customizing.ts). With the memo of
 * the session of `benutzerId`, the stored values are read once per cached session (decision 090).
 */
export const loadEffectiveCustomizing = async (
  tx: Tx,
  benutzerId: string,
  memo: SessionMemo | null = null,
): Promise<ResolvedCustomizing> => resolveCustomizing(await ebenenVon(tx, benutzerId, memo));

/**
 * The user's effective settings when the session's memo holds them (decision 090), without reading the database
 * (decision 263: the cached seat map needs no transaction then); null when it does not.
 */
export const effectiveCustomizingAusMemo = (
  benutzerId: string,
  memo: SessionMemo | null,
): ResolvedCustomizing | null =>
  memo?.einstellungen?.benutzerId === benutzerId ? resolveCustomizing(memo.einstellungen.ebenen) : null;

const ebenenVon = async (
  tx: Tx,
  benutzerId: string,
  memo: SessionMemo | null,
): Promise<CustomizingLevels> => {
  if (memo?.einstellungen?.benutzerId === benutzerId) return memo.einstellungen.ebenen;
  const ebenen = ebenenAus(await findRecordsForUser(tx, benutzerId));
  if (memo) memo.einstellungen = { benutzerId, ebenen };
  return ebenen;
};

/** A user's stored values by level: their own, their groups' (first by name, then id) and the tenant's. */
const ebenenAus = (records: readonly CustomizingRecord[]): CustomizingLevels => {
  const { tenant, gruppen, user } = ebenenMitGruppennamen(records);
  return { tenant, groups: gruppen.map((g) => g.values), user };
};

/** As `ebenenAus`, with each group's name (the personal settings show which group's value applies, R295). */
const ebenenMitGruppennamen = (records: readonly CustomizingRecord[]) => {
  const tenant: Record<string, string> = {};
  const user: Record<string, string> = {};
  const byGroup = new Map<string, { name: string; values: Record<string, string> }>();
  for (const r of records) {
    if (r.benutzerId) user[r.customizingOptionName] = r.wert;
    else if (r.gruppeId) {
      const group = byGroup.get(r.gruppeId) ?? { name: r.gruppeName ?? '', values: {} };
      group.values[r.customizingOptionName] = r.wert;
      byGroup.set(r.gruppeId, group);
    } else tenant[r.customizingOptionName] = r.wert;
  }
  const gruppen = [...byGroup.entries()]
    .sort(([idA, a], [idB, b]) => a.name.localeCompare(b.name, 'de') || idA.localeCompare(idB))
    .map(([, g]) => g);
  return { tenant, gruppen, user };
};

/**
 * The tenant's effective settings without a user (tenant > default), for jobs that act for nobody and read options
 * that exist at tenant level only (the lock adapter, decision 250).
 */
export const loadMandantCustomizing = async (tx: Tx): Promise<ResolvedCustomizing> =>
  resolveCustomizing({
    tenant: Object.fromEntries(await findLevelValues(tx, { gruppeId: null })),
    groups: [],
    user: {},
  });

/**
 * The effective settings of a user (as `loadEffectiveCustomizing`) and, from the same statement, the entries of a list
 * option that adds up over the user's and the tenant's level (`addierteListe`). One round trip for the vehicle list
 * and detail (decision 084).
 */
export const loadEffectiveCustomizingUndListe = async (
  tx: Tx,
  benutzerId: string,
  listenOption: string,
  memo: SessionMemo | null = null,
): Promise<{ settings: ResolvedCustomizing; liste: string[] }> => {
  const ebenen = await ebenenVon(tx, benutzerId, memo);
  return { settings: resolveCustomizing(ebenen), liste: addierteListe(ebenen, listenOption) };
};

/** The tenant's switches; a feature without a row keeps its default. */
export const loadFeatureSwitches = async (tx: Tx): Promise<FeatureSwitches> => {
  const switches = { ...DEFAULT_FEATURE_SWITCHES };
  for (const row of await findFeatureSwitchRows(tx)) {
    if (isSwitchableFeature(row.name)) switches[row.name] = row.aktiv;
  }
  return switches;
};

/** A stored value as the API shows it; an unreadable stored value counts as not set. */
const readStored = (option: CustomizingOption, wert: string | undefined): CustomizingValue | null => {
  if (wert === undefined) return null;
  try {
    return fromStoredValue(option, wert);
  } catch {
    return null;
  }
};

const toView = (
  option: CustomizingOption,
  wert: string | undefined,
  canEdit: boolean,
): TCustomizingEintrag => ({
  name: option.name,
  label: option.label,
  group: option.group,
  feature: option.feature,
  typ: option.typ,
  unit: option.unit ?? null,
  levels: [...option.levels],
  default: fromStoredValue(option, option.default),
  value: readStored(option, wert),
  allowedValues: option.allowedValues ? [...option.allowedValues] : null,
  allowedNumbers: option.allowedNumbers ? [...option.allowedNumbers] : null,
  min: option.min ?? null,
  max: option.max ?? null,
  itemTyp: option.itemTyp ?? null,
  description: option.description,
  userEditable: option.userEditable,
  canEdit,
});

/**
 * The options of one level the settings screen shows: those settable at that level whose feature area
 * is switched on (a switched-off area has no settings tab).
 */
const levelViews = async (tx: Tx, user: SessionUser, level: Level): Promise<TCustomizingEintrag[]> => {
  const values = await findLevelValues(tx, level);
  const features = await loadFeatureSwitches(tx);
  const layer = level.gruppeId ? 'gruppe' : 'mandant';
  const shown = CUSTOMIZING_OPTIONS.filter(
    (o) => canSetAtLevel(o, layer) && isFeatureAccessible(o.feature, features),
  );
  return shown.map((o) =>
    toView(o, values.get(o.name), canEditAdminCustomizing({ option: o, permissions: user.permissions })),
  );
};

const levelName = (level: Level): CustomizingLevel =>
  level.benutzerId ? 'benutzer' : level.gruppeId ? 'gruppe' : 'mandant';

/** Why a write was refused by the database, without its internal text (spec §8 "Customizing save failure"). */
const SAVE_FAILURE_REASONS: Record<string, { grund_de: string; grund_en: string }> = {
  [SQLSTATE.foreignKeyViolation]: {
    grund_de: 'Die Gruppe, der Benutzer oder die Option existiert nicht mehr.',
    grund_en: 'The group, the user or the option no longer exists.',
  },
};

/**
 * Writes (or with `wert` undefined removes) the stored value of one level. A refusal by the database whose
 * cause is known (the group, user or option was deleted meanwhile) becomes 'Neuer Customizing Wert ...
 * konnte nicht in Schicht ... gespeichert werden. Fehler: ...' with a fixed reason; anything else stays an
 * internal error (logged, answered with the generic message).
 */
const saveLevelValue = async (
  tx: Tx,
  {
    mandantId,
    level,
    option,
    wert,
  }: { mandantId: string; level: Level; option: CustomizingOption; wert?: string },
): Promise<void> => {
  try {
    if (wert === undefined) await deleteLevelValue(tx, level, option.name);
    else
      await upsertLevelValue(tx, {
        mandantId,
        gruppeId: level.gruppeId,
        benutzerId: level.benutzerId ?? null,
        name: option.name,
        wert,
      });
  } catch (err) {
    const reason = SAVE_FAILURE_REASONS[sqlStateOf(err) ?? ''];
    if (!reason) throw err;
    throw new DomainError('customizing.save_failed', {
      wert: wert === undefined ? 'null' : wert.slice(0, 60),
      schicht: levelName(level),
      ...reason,
    });
  }
};

/**
 * Writes one option at tenant or group level: the option must exist, be settable at that level (vehicle
 * booking rules are tenant-only) and the user must hold the right for it; the value is checked by type.
 * `null` removes the override. An unchanged value is not saved; a change is audited and announced.
 */
const setLevelValue = async (
  tx: Tx,
  user: SessionUser,
  { level, name, value }: { level: Level; name: string; value: unknown },
): Promise<TCustomizingEintrag> => {
  const option = findOption(name);
  assertLevel(option, levelName(level));
  if (!canEditAdminCustomizing({ option, permissions: user.permissions }))
    throw new DomainError('auth.forbidden');
  const previous = await findLevelValue(tx, level, option.name);
  const wert = value === null ? undefined : toStoredValue(option, value);
  const changed = wert === undefined ? previous !== undefined : !isUnchanged(previous, wert);
  if (changed) {
    await saveLevelValue(tx, {
      mandantId: user.mandantId,
      level,
      option,
      ...(wert === undefined ? {} : { wert }),
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: wert === undefined ? 'delete' : 'update',
      entity: level.gruppeId ? 'customizing.gruppe' : 'customizing.mandant',
      entityId: level.gruppeId ? `${level.gruppeId}:${option.name}` : option.name,
      oldValue: previous === undefined ? null : { wert: readStored(option, previous) },
      newValue: wert === undefined ? null : { wert: readStored(option, wert) },
    });
    await publishEvent(tx, user.mandantId, {
      type: 'customizing',
      ebene: level.gruppeId ? 'gruppe' : 'mandant',
      id: level.gruppeId ?? user.mandantId,
      name: option.name,
    });
  }
  return toView(option, wert, true);
};

const TENANT_LEVEL: Level = { gruppeId: null };

/** The string list an option holds at tenant level (e.g. the tenant's favourite vehicles); [] when unset. */
export const loadMandantListe = async (tx: Tx, name: string): Promise<string[]> => {
  const wert = await findLevelValue(tx, TENANT_LEVEL, name);
  return leseListe(wert);
};

/**
 * Puts `eintrag` into (or takes it out of) the string list an option holds at tenant level, for a module that
 * authorised the caller itself (the fleet administration's star, decision 073). The row is locked for the
 * read-modify-write once it exists. Answers whether the entry was in the list before; nothing is written when
 * that does not change.
 */
export const setzeMandantListenEintrag = async (
  tx: Tx,
  {
    mandantId,
    name,
    eintrag,
    enthalten,
  }: { mandantId: string; name: string; eintrag: string; enthalten: boolean },
): Promise<boolean> => {
  const option = findOption(name);
  assertLevel(option, 'mandant');
  await lockLevelValue(tx, TENANT_LEVEL, name);
  const vorher = await loadMandantListe(tx, name);
  const war = vorher.includes(eintrag);
  if (war !== enthalten) {
    const nachher = enthalten ? [...vorher, eintrag] : vorher.filter((v) => v !== eintrag);
    await saveLevelValue(tx, {
      mandantId,
      level: TENANT_LEVEL,
      option,
      wert: toStoredValue(option, nachher),
    });
  }
  return war;
};

export const getMandantenCustomizing = async (
  { database }: Deps,
  user: SessionUser,
): Promise<TMandantenCustomizing> => {
  assertDarf(user, 'customizing.pflegen');
  return database.withTenant(user.mandantId, async (tx) => ({
    optionen: await levelViews(tx, user, { gruppeId: null }),
    gruppen: await findGruppen(tx),
  }));
};

export const setMandantenCustomizing = async (
  { database }: Deps,
  user: SessionUser,
  name: string,
  value: unknown,
): Promise<TCustomizingEintrag> => {
  assertDarf(user, 'customizing.pflegen');
  return database.withTenant(user.mandantId, (tx) =>
    setLevelValue(tx, user, { level: { gruppeId: null }, name, value }),
  );
};

const requireGruppe = async (tx: Tx, id: string) => {
  const found = await findGruppe(tx, id);
  if (!found) throw nichtGefunden('gruppe', id);
  return found;
};

export const getGruppenCustomizing = async (
  { database }: Deps,
  user: SessionUser,
  gruppeId: string,
): Promise<TGruppenCustomizing> => {
  assertDarf(user, 'customizing.pflegen');
  return database.withTenant(user.mandantId, async (tx) => ({
    gruppe: await requireGruppe(tx, gruppeId),
    optionen: await levelViews(tx, user, { gruppeId }),
  }));
};

export const setGruppenCustomizing = async (
  { database }: Deps,
  user: SessionUser,
  gruppeId: string,
  name: string,
  value: unknown,
): Promise<TCustomizingEintrag> => {
  assertDarf(user, 'customizing.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    await requireGruppe(tx, gruppeId);
    return setLevelValue(tx, user, { level: { gruppeId }, name, value });
  });
};

/**
 * Personal settings of the signed-in user: the options they may change themself, each with their own value
 * (null = inherited), the effective value with its source, and beside them the tenant's and the winning group's
 * value (R295), all from one read of the records.
 */
export const getEigenesCustomizing = async (
  { database }: Deps,
  user: SessionUser,
): Promise<TEigenesCustomizing> =>
  database.withTenant(user.mandantId, async (tx) => {
    const records = await findRecordsForUser(tx, user.benutzerId);
    const ebenen = ebenenMitGruppennamen(records);
    const effective = resolveCustomizing(ebenenAus(records));
    const optionen = CUSTOMIZING_OPTIONS.filter((option) =>
      canEditOwnCustomizing({ option, permissions: user.permissions }),
    ).map((option) => {
      const resolved = effective[option.name] ?? {
        value: fromStoredValue(option, option.default),
        source: 'default' as const,
      };
      const { mandant, gruppe } = ebenenWerte({ option, tenant: ebenen.tenant, groups: ebenen.gruppen });
      return {
        ...toView(option, ebenen.user[option.name], true),
        effective: resolved.value,
        source: resolved.source,
        mandantWert: mandant,
        gruppenWert: gruppe && { gruppe: gruppe.name, value: gruppe.value },
      };
    });
    return { optionen };
  });

/**
 * A user changes one of their personal settings (spec §5: the option must exist, the value must fit its type,
 * an unchanged value is not saved). Only options the user may edit for themself (`canEditOwnCustomizing`: marked
 * userEditable; the vehicle report settings with fahrzeug_logbuch_report). `null` removes the own value, so
 * the group, tenant or default value applies again. A change is announced to the user's open pages.
 */
export const setEigenesCustomizing = async (
  { database }: Deps,
  user: SessionUser,
  name: string,
  value: unknown,
): Promise<TCustomizingEintrag> =>
  database.withTenant(user.mandantId, async (tx) => {
    const option = findOption(name);
    assertLevel(option, 'benutzer');
    if (!canEditOwnCustomizing({ option, permissions: user.permissions }))
      throw new DomainError('auth.forbidden');
    const level: Level = { gruppeId: null, benutzerId: user.benutzerId };
    const previous = await findLevelValue(tx, level, option.name);
    const wert = value === null ? undefined : toStoredValue(option, value);
    const changed = wert === undefined ? previous !== undefined : !isUnchanged(previous, wert);
    if (changed) {
      await saveLevelValue(tx, {
        mandantId: user.mandantId,
        level,
        option,
        ...(wert === undefined ? {} : { wert }),
      });
      await publishEvent(
        tx,
        user.mandantId,
        { type: 'customizing', ebene: 'benutzer', id: user.benutzerId, name: option.name },
        { benutzerId: user.benutzerId },
      );
    }
    return toView(option, wert, true);
  });
