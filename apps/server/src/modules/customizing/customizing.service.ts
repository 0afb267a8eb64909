import {
  assertLevel,
  findOption,
  isUnchanged,
  type ResolvedSettings,
  resolveSettings,
  toStoredValue,
} from '@stellwerk/domain/customizing';
import { canEditOwnSetting } from '@stellwerk/domain/einstellungen-rechte';
import { DomainError } from '@stellwerk/domain/errors';
import {
  DEFAULT_FEATURE_SWITCHES,
  type FeatureSwitches,
  isSwitchableFeature,
} from '@stellwerk/domain/features';
import type { PermissionName } from '@stellwerk/domain/permissions';
import type { Tx } from '../../db/client.ts';
import {
  deleteUserRecord,
  findFeatureSwitchRows,
  findRecordsForUser,
  findUserRecord,
  upsertUserRecord,
} from './customizing.repository.ts';

/**
 * The effective settings of a user (user > group > tenant > default), inside a tenant transaction. Among the
 * user's groups, the one first by name (then id) wins (see packages/domain/src/customizing.ts).
 */
export const loadEffectiveSettings = async (tx: Tx, benutzerId: string): Promise<ResolvedSettings> => {
  const records = await findRecordsForUser(tx, benutzerId);
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
  const groups = [...byGroup.entries()]
    .sort(([idA, a], [idB, b]) => a.name.localeCompare(b.name, 'de') || idA.localeCompare(idB))
    .map(([, g]) => g.values);
  return resolveSettings({ tenant, groups, user });
};

/** The tenant's switches; a feature without a row keeps its default. */
export const loadFeatureSwitches = async (tx: Tx): Promise<FeatureSwitches> => {
  const switches = { ...DEFAULT_FEATURE_SWITCHES };
  for (const row of await findFeatureSwitchRows(tx)) {
    if (isSwitchableFeature(row.name)) switches[row.name] = row.aktiv;
  }
  return switches;
};

/**
 * A user changes one of their personal settings (spec §5: the option must exist, the value must fit its type,
 * an unchanged value is not saved). Only options the user may edit for themself (`canEditOwnSetting`: marked
 * userEditable; the vehicle report settings with fahrzeug_logbuch_report). `null` removes the own value, so
 * the group, tenant or default value applies again. Returns whether something was written.
 */
export const setOwnSetting = async (
  tx: Tx,
  input: {
    mandantId: string;
    benutzerId: string;
    permissions: ReadonlySet<PermissionName>;
    name: string;
    value: unknown;
  },
): Promise<{ changed: boolean }> => {
  const option = findOption(input.name);
  assertLevel(option, 'benutzer');
  if (!canEditOwnSetting({ option, permissions: input.permissions })) throw new DomainError('auth.forbidden');
  const previous = await findUserRecord(tx, input.benutzerId, option.name);
  if (input.value === null) {
    if (!previous) return { changed: false };
    await deleteUserRecord(tx, input.benutzerId, option.name);
    return { changed: true };
  }
  const wert = toStoredValue(option, input.value);
  if (isUnchanged(previous?.wert, wert)) return { changed: false };
  await upsertUserRecord(tx, {
    mandantId: input.mandantId,
    benutzerId: input.benutzerId,
    optionName: option.name,
    wert,
  });
  return { changed: true };
};
