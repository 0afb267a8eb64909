/** POST /api/admin/fahrzeuge: a new vehicle with its opening times (decision 048). */
import type { TFahrzeugAdmin, TFahrzeugAdminEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import { schreibeFahrzeugHistorie } from '../../fahrten/fahrt/fahrt.historie.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { ersetzeFahrzeugZeilen } from '../../leseraum/oeffnungszeit/oeffnungszeit.fahrzeug.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { insertFahrzeug, replaceOeffnungszeiten, updateFahrzeug } from './fahrzeug.repository.ts';
import {
  assertKennzeichenFrei,
  type FahrzeugDeps,
  guardKennzeichen,
  inVerwaltung,
  ladeEines,
  pruefeEingabe,
  standortNameOf,
  werteAus,
} from './fahrzeug.service.ts';

// --- writing --------------------------------------------------------------------------------------------

/** POST /api/admin/fahrzeuge: a new vehicle with its opening times. */
export const createFahrzeugAdmin = (
  deps: FahrzeugDeps,
  user: SessionUser,
  input: TFahrzeugAdminEingabe,
): Promise<TFahrzeugAdmin> =>
  inVerwaltung(deps, user, async (tx) => {
    const zeilen = pruefeEingabe(input);
    await standortNameOf(tx, input.standortId);
    await assertKennzeichenFrei(tx, input.kennzeichen);
    const werte = werteAus(input);
    const id = await guardKennzeichen(input.kennzeichen, () => insertFahrzeug(tx, user.mandantId, werte));
    const setId = await replaceOeffnungszeiten(tx, {
      mandantId: user.mandantId,
      fahrzeugId: id,
      setId: null,
      gueltigVon: input.gueltigVon,
      buchungAusserhalbMoeglich: input.buchungAusserhalbMoeglich,
      zeilen: zeilen ?? [],
    });
    if (setId) {
      await updateFahrzeug(tx, id, { fahrzeugOeffnungszeitId: setId });
      await ersetzeFahrzeugZeilen(tx, {
        mandantId: user.mandantId,
        fahrzeugOeffnungszeitId: setId,
        zeilen: zeilen ?? [],
      });
    }
    await schreibeFahrzeugHistorie(tx, {
      mandantId: user.mandantId,
      fahrzeugId: id,
      typ: 'ERSTELLUNG',
      beschreibung: `Fahrzeug angelegt: ${input.marke} ${input.modell}, ${input.kennzeichen}`,
      benutzerId: user.benutzerId,
      zeitpunkt: deps.now(),
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'fahrzeug',
      entityId: id,
      newValue: { ...werte, oeffnungszeiten: zeilen },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id });
    return ladeEines(tx, id, deps.now());
  });

/**
 * PUT /api/admin/fahrzeuge/{id}/favorit: marks or unmarks a favourite of the tenant (FahrzeugLieblingsFahrzeuge
 * at tenant level), first in every user's /fahrzeuge list beside their own favourites. The tenant's row is
 * locked (once it exists), so two fleet managers starring at once both count. An unchanged mark is not saved; a change is
 * audited (entity `fahrzeug`, `favorit` old and new) and announced to open lists.
 */
