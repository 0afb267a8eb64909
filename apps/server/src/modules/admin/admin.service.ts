import type { TAdminUebersicht } from '@stellwerk/domain/admin-stammdaten.api';
import { numberSetting } from '@stellwerk/domain/customizing';
import { DomainError } from '@stellwerk/domain/errors';
import { checkAdminRoute } from '@stellwerk/domain/permissions';
import { addCalendarDays, berlinDateKey } from '@stellwerk/domain/time';
import type { Database } from '../../db/client.ts';
import type { SessionUser } from '../auth/auth.context.ts';
import { loadEffectiveSettings } from '../customizing/customizing.service.ts';
import {
  countBenutzer,
  countFaelligeFuehrerscheine,
  countFahrzeuge,
  countGrundrisse,
  countGruppen,
  countOffeneFreigaben,
  countRollen,
  countStandorte,
} from './admin.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'>; now: () => Date };

/**
 * The admin start page (/admin): a count for each area the user may open (the admin route guard decides,
 * spec §2/§6), null for the others. Pending approvals need fahrzeug_freigabe_von_sonderfahrten, licences due
 * fahrzeug_fuehrerscheinpruefung (spec §6). Floor plans belong to the rooms screen (/admin/raeume).
 */
export const getUebersicht = async (
  { database, now }: Deps,
  user: SessionUser,
): Promise<TAdminUebersicht> => {
  const failure = checkAdminRoute('/admin', user);
  if (failure) throw new DomainError(failure);
  const may = (path: string) => checkAdminRoute(path, user) === null;
  const at = now();
  return database.withTenant(user.mandantId, async (tx) => {
    const when = async (allowed: boolean, fn: () => Promise<number>) => (allowed ? fn() : null);
    return {
      benutzer: await when(may('/admin/benutzer'), () => countBenutzer(tx)),
      gruppen: await when(may('/admin/gruppen'), () => countGruppen(tx)),
      rollen: await when(may('/admin/rollen'), () => countRollen(tx)),
      standorte: await when(may('/admin/lokationen'), () => countStandorte(tx)),
      fahrzeuge: await when(may('/admin/fahrzeuge'), () => countFahrzeuge(tx)),
      grundrisse: await when(may('/admin/raeume'), () => countGrundrisse(tx)),
      offeneFreigaben: await when(user.permissions.has('fahrzeug_freigabe_von_sonderfahrten'), () =>
        countOffeneFreigaben(tx, { benutzerId: user.benutzerId, now: at }),
      ),
      faelligeFuehrerscheine: await when(user.permissions.has('fahrzeug_fuehrerscheinpruefung'), async () => {
        const settings = await loadEffectiveSettings(tx, user.benutzerId);
        const vorlauf = numberSetting(settings, 'FahrzeugFuehrerscheinErinnerungVorlaufTage');
        return countFaelligeFuehrerscheine(tx, addCalendarDays(berlinDateKey(at), vorlauf));
      }),
    };
  });
};
