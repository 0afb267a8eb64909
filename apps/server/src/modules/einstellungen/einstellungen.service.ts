import type {
  TEigeneEinstellungen,
  TEinstellung,
  TGruppenEinstellungen,
  TMandantEinstellungen,
  TProfil,
  TProfilInput,
} from '@stellwerk/domain/admin-stammdaten.api';
import {
  assertLevel,
  CUSTOMIZING_OPTIONS,
  type CustomizingOption,
  type CustomizingValue,
  canSetAtLevel,
  findOption,
  fromStoredValue,
  isUnchanged,
  toStoredValue,
} from '@stellwerk/domain/customizing';
import { canEditAdminSetting, canEditOwnSetting } from '@stellwerk/domain/einstellungen-rechte';
import { DomainError } from '@stellwerk/domain/errors';
import { checkAdminRoute } from '@stellwerk/domain/permissions';
import type { Database, Tx } from '../../db/client.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { loadEffectiveSettings } from '../customizing/customizing.service.ts';
import { publishEvent } from '../events/events.service.ts';
import {
  type AdminLevel,
  deleteLevelValue,
  findGruppe,
  findGruppen,
  findLevelValue,
  findLevelValues,
  findProfil,
  findUserValues,
  updateProfil,
  upsertLevelValue,
} from './einstellungen.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'> };

/** The guard of /admin/einstellungen (spec §2, decision 009), re-checked in the service. */
const assertSettingsScreen = (user: SessionUser) => {
  const failure = checkAdminRoute('/admin/einstellungen', user);
  if (failure) throw new DomainError(failure);
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

const toView = (option: CustomizingOption, wert: string | undefined, canEdit: boolean): TEinstellung => ({
  name: option.name,
  feature: option.feature,
  typ: option.typ,
  unit: option.unit ?? null,
  levels: [...option.levels],
  default: fromStoredValue(option, option.default),
  value: readStored(option, wert),
  allowedValues: option.allowedValues ? [...option.allowedValues] : null,
  min: option.min ?? null,
  max: option.max ?? null,
  itemTyp: option.itemTyp ?? null,
  description: option.description,
  userEditable: option.userEditable,
  canEdit,
});

const levelViews = async (tx: Tx, user: SessionUser, level: AdminLevel): Promise<TEinstellung[]> => {
  const values = await findLevelValues(tx, level);
  const layer = level.gruppeId ? 'gruppe' : 'mandant';
  return CUSTOMIZING_OPTIONS.filter((o) => canSetAtLevel(o, layer)).map((o) =>
    toView(o, values.get(o.name), canEditAdminSetting({ option: o, permissions: user.permissions })),
  );
};

/**
 * Writes one option at tenant or group level: the option must exist, be settable at that level (vehicle
 * booking rules are tenant-only) and the user must hold the right for it; the value is checked by type.
 * `null` removes the override. An unchanged value is not saved; a change is audited and announced.
 */
const setLevelValue = async (
  tx: Tx,
  user: SessionUser,
  { level, name, value }: { level: AdminLevel; name: string; value: unknown },
): Promise<TEinstellung> => {
  const option = findOption(name);
  assertLevel(option, level.gruppeId ? 'gruppe' : 'mandant');
  if (!canEditAdminSetting({ option, permissions: user.permissions }))
    throw new DomainError('auth.forbidden');
  const previous = await findLevelValue(tx, level, option.name);
  const wert = value === null ? undefined : toStoredValue(option, value);
  const changed = wert === undefined ? previous !== undefined : !isUnchanged(previous, wert);
  if (changed) {
    if (wert === undefined) await deleteLevelValue(tx, level, option.name);
    else
      await upsertLevelValue(tx, {
        mandantId: user.mandantId,
        gruppeId: level.gruppeId,
        name: option.name,
        wert,
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
    await publishEvent(tx, { mandantId: user.mandantId, type: 'settings.changed' });
  }
  return toView(option, wert, true);
};

export const getMandantEinstellungen = async (
  { database }: Deps,
  user: SessionUser,
): Promise<TMandantEinstellungen> => {
  assertSettingsScreen(user);
  return database.withTenant(user.mandantId, async (tx) => ({
    optionen: await levelViews(tx, user, { gruppeId: null }),
    gruppen: await findGruppen(tx),
  }));
};

export const setMandantEinstellung = async (
  { database }: Deps,
  user: SessionUser,
  name: string,
  value: unknown,
): Promise<TEinstellung> => {
  assertSettingsScreen(user);
  return database.withTenant(user.mandantId, (tx) =>
    setLevelValue(tx, user, { level: { gruppeId: null }, name, value }),
  );
};

const requireGruppe = async (tx: Tx, id: string) => {
  const found = await findGruppe(tx, id);
  if (!found) throw new DomainError('not_found');
  return found;
};

export const getGruppenEinstellungen = async (
  { database }: Deps,
  user: SessionUser,
  gruppeId: string,
): Promise<TGruppenEinstellungen> => {
  assertSettingsScreen(user);
  return database.withTenant(user.mandantId, async (tx) => ({
    gruppe: await requireGruppe(tx, gruppeId),
    optionen: await levelViews(tx, user, { gruppeId }),
  }));
};

export const setGruppenEinstellung = async (
  { database }: Deps,
  user: SessionUser,
  gruppeId: string,
  name: string,
  value: unknown,
): Promise<TEinstellung> => {
  assertSettingsScreen(user);
  return database.withTenant(user.mandantId, async (tx) => {
    await requireGruppe(tx, gruppeId);
    return setLevelValue(tx, user, { level: { gruppeId }, name, value });
  });
};

const requireProfil = async (tx: Tx, benutzerId: string): Promise<TProfil> => {
  const found = await findProfil(tx, benutzerId);
  if (!found) throw new DomainError('guard.benutzer_muss_existieren');
  return found;
};

/**
 * Personal settings of the signed-in user: profile and the options they may change themself, each with their
 * own value (null = inherited) and the effective value with its source. Written through PUT /api/me/settings/:name.
 */
export const getEigeneEinstellungen = async (
  { database }: Deps,
  user: SessionUser,
): Promise<TEigeneEinstellungen> =>
  database.withTenant(user.mandantId, async (tx) => {
    const profil = await requireProfil(tx, user.benutzerId);
    const own = await findUserValues(tx, user.benutzerId);
    const effective = await loadEffectiveSettings(tx, user.benutzerId);
    const optionen = CUSTOMIZING_OPTIONS.filter((option) =>
      canEditOwnSetting({ option, permissions: user.permissions }),
    ).map((option) => {
      const resolved = effective[option.name] ?? {
        value: fromStoredValue(option, option.default),
        source: 'default' as const,
      };
      return {
        ...toView(option, own.get(option.name), true),
        effective: resolved.value,
        source: resolved.source,
      };
    });
    return { profil, optionen };
  });

/** The user changes their own name; the e-mail address stays with the administrators. */
export const updateEigenesProfil = async (
  { database }: Deps,
  user: SessionUser,
  input: TProfilInput,
): Promise<TProfil> =>
  database.withTenant(user.mandantId, async (tx) => {
    const before = await requireProfil(tx, user.benutzerId);
    const next = { vorname: input.vorname.trim(), nachname: input.nachname.trim() };
    if (before.vorname === next.vorname && before.nachname === next.nachname) return before;
    await updateProfil(tx, user.benutzerId, next);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'benutzer.profil',
      entityId: user.benutzerId,
      oldValue: { vorname: before.vorname, nachname: before.nachname },
      newValue: next,
    });
    await publishEvent(tx, {
      mandantId: user.mandantId,
      type: 'settings.changed',
      benutzerId: user.benutzerId,
    });
    return { ...before, ...next };
  });
