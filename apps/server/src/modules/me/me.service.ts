import type { TMe } from '@stellwerk/domain/api';
import { stringSetting } from '@stellwerk/domain/customizing';
import { DomainError } from '@stellwerk/domain/errors';
import { parseLanguage } from '@stellwerk/domain/language';
import { startPage } from '@stellwerk/domain/navigation';
import { hasAdminAccess, needsVehicleModule, PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import type { Database } from '../../db/client.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import {
  loadEffectiveSettings,
  loadFeatureSwitches,
  setOwnSetting,
} from '../customizing/customizing.service.ts';
import { publishEvent } from '../events/events.service.ts';
import { findMeRow } from './me.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'> };

/** Everything the web app needs after sign-in, in one request (spec §7 "application start"). */
export const getMe = async ({ database }: Deps, user: SessionUser): Promise<TMe> =>
  database.withTenant(user.mandantId, async (tx) => {
    const row = await findMeRow(tx, user.benutzerId);
    if (!row) throw new DomainError('guard.benutzer_muss_existieren');
    const { mandantName, domains, hasLogo, hasDatenschutz, ...benutzer } = row;
    const settings = await loadEffectiveSettings(tx, user.benutzerId);
    const features = await loadFeatureSwitches(tx);
    return {
      user: benutzer,
      mandant: { id: benutzer.mandantId, name: mandantName, domains, hasLogo, hasDatenschutz },
      permissions: PERMISSION_NAMES.filter((name) => user.permissions.has(name)),
      rights: {
        admin: hasAdminAccess(user.permissions),
        fahrzeugModul: needsVehicleModule(user.permissions),
      },
      features,
      settings,
      language: parseLanguage(stringSetting(settings, 'Sprache')),
      startPage: startPage(features, stringSetting(settings, 'Startseite')),
    };
  });

/** A user changes a personal setting (e.g. `Sprache`); open pages of that user hear of it. */
export const updateOwnSetting = async (
  { database }: Deps,
  user: SessionUser,
  input: { name: string; value: unknown },
): Promise<TMe> => {
  await database.withTenant(user.mandantId, async (tx) => {
    const { changed } = await setOwnSetting(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      permissions: user.permissions,
      name: input.name,
      value: input.value,
    });
    if (changed)
      await publishEvent(tx, {
        mandantId: user.mandantId,
        type: 'settings.changed',
        benutzerId: user.benutzerId,
      });
  });
  const refreshed = await getMe({ database }, user);
  return refreshed;
};
