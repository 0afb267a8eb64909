import { mayOpenScreen } from '@stellwerk/domain/screens';
import type { TAdminUebersicht } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Database } from '../../../db/client.ts';
import { anzahlFaelligeFuehrerscheine } from '../../fahrzeuge/fuehrerschein/fuehrerschein.service.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { loadFeatureSwitches } from '../customizing/customizing.service.ts';
import {
  countBenutzer,
  countFahrzeuge,
  countGrundrisse,
  countGruppen,
  countOffeneFreigaben,
  countRollen,
  countStandorte,
} from './admin.repository.ts';

type Deps = { database: Pick<Database, 'withTenant'>; now: () => Date };

/**
 * The admin start page (/admin): a count for each screen the user may open (the screen guard decides:
 * rights of spec §2/§6 and the tenant's feature switches), null for the others. Pending approvals count
 * for whoever may open /fahrzeuge/freigaben, licences due for /fahrzeuge/fuehrerschein (spec §6). Floor
 * plans belong to the rooms screen (/admin/raeume).
 */
export const getUebersicht = async (
  { database, now }: Deps,
  user: SessionUser,
): Promise<TAdminUebersicht> => {
  assertDarf(user, 'verwaltung.oeffnen');
  const at = now();
  return database.withTenant(user.mandantId, async (tx) => {
    const features = await loadFeatureSwitches(tx);
    const may = (path: string) =>
      mayOpenScreen(path, { permissions: user.permissions, isPlatformAdmin: user.isPlatformAdmin, features });
    const when = async (allowed: boolean, fn: () => Promise<number>) => (allowed ? fn() : null);
    return {
      benutzer: await when(may('/admin/benutzer'), () => countBenutzer(tx)),
      gruppen: await when(may('/admin/gruppen'), () => countGruppen(tx)),
      rollen: await when(may('/admin/rollen'), () => countRollen(tx)),
      standorte: await when(may('/admin/lokationen'), () => countStandorte(tx)),
      fahrzeuge: await when(may('/admin/fahrzeuge'), () => countFahrzeuge(tx)),
      grundrisse: await when(may('/admin/raeume'), () => countGrundrisse(tx)),
      offeneFreigaben: await when(may('/fahrzeuge/freigaben'), () =>
        countOffeneFreigaben(tx, { benutzerId: user.benutzerId, now: at }),
      ),
      // the menu's count (no record, overdue, due within the lead; decision 050)
      faelligeFuehrerscheine: await when(may('/fahrzeuge/fuehrerschein'), () =>
        anzahlFaelligeFuehrerscheine(tx, at),
      ),
    };
  });
};
