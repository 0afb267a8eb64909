import type { TMe } from '@stellwerk/domain/api';
import { DomainError } from '@stellwerk/domain/errors';
import { parseLanguage } from '@stellwerk/domain/language';
import { hasAdminAccess, needsVehicleModule, PERMISSION_NAMES } from '@stellwerk/domain/permissions';
import { erlaubteAktionen } from '@stellwerk/domain/policy';
import { startPage } from '@stellwerk/domain/screens';
import type { TProfil, TProfilInput } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import { stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  loadEffectiveCustomizing,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { updateProfil } from '../benutzer/benutzer.profil.ts';
import { findMeRow, findProfil } from './me.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'> };

/** Everything the web app needs after sign-in, in one request (spec §7 "application start"). */
export const getMe = async ({ database }: Deps, user: SessionUser): Promise<TMe> =>
  database.withTenant(user.mandantId, async (tx) => {
    const row = await findMeRow(tx, user.benutzerId);
    if (!row) throw new DomainError('guard.benutzer_muss_existieren');
    const { mandantName, domains, hasLogo, hasDatenschutz, ...benutzer } = row;
    const settings = await loadEffectiveCustomizing(tx, user.benutzerId);
    const features = await loadFeatureSwitches(tx);
    return {
      user: benutzer,
      mandant: { id: benutzer.mandantId, name: mandantName, domains, hasLogo, hasDatenschutz },
      permissions: PERMISSION_NAMES.filter((name) => user.permissions.has(name)),
      rights: {
        admin: hasAdminAccess(user.permissions),
        fahrzeugModul: needsVehicleModule(user.permissions),
      },
      standortGrenzen: Object.fromEntries(
        Object.entries(user.standortGrenzen).map(([recht, ids]) => [recht, [...ids]]),
      ),
      darf: erlaubteAktionen(user),
      features,
      customizing: settings,
      language: parseLanguage(stringCustomizing(settings, 'Sprache')),
      startPage: startPage(
        { permissions: user.permissions, isPlatformAdmin: user.isPlatformAdmin, features },
        stringCustomizing(settings, 'Startseite'),
        stringCustomizing(settings, 'Ansicht'),
      ),
      zweiFaktor: user.zweiFaktor,
    };
  });

const requireProfil = async (tx: Tx, benutzerId: string): Promise<TProfil> => {
  const found = await findProfil(tx, benutzerId);
  if (!found) throw new DomainError('guard.benutzer_muss_existieren');
  return found;
};

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
    await publishEvent(tx, user.mandantId, { type: 'benutzer', id: user.benutzerId });
    return { ...before, ...next };
  });
