/** Deleting a vehicle that never had a booking, history or service-book entry (decision 048). */
import { DomainError } from '@stellwerk/domain/errors';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { loescheErstellungsHistorie } from '../../fahrten/fahrt/fahrt.historie.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { deleteDateienInTx } from '../../plattform/storage/storage.service.ts';
import { deleteFahrzeug, findBenutzteFahrzeugIds, lockFahrzeugAdmin } from './fahrzeug.repository.ts';
import { type FahrzeugDeps, inVerwaltung } from './fahrzeug.service.ts';

/**
 * DELETE /api/admin/fahrzeuge/{id}: only a vehicle that never had a booking, history or service-book entry
 * is deleted for good (with its opening times and photo); any other answers 409 and stays (deactivate it).
 */
export const deleteFahrzeugAdmin = async (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
): Promise<void> => {
  const removeFiles = await inVerwaltung(deps, user, async (tx) => {
    const row = await lockFahrzeugAdmin(tx, id);
    if (!row) throw nichtGefunden('fahrzeug', id);
    if ((await findBenutzteFahrzeugIds(tx, [id])).has(id))
      throw new DomainError('fahrzeug.in_verwendung', { kennzeichen: row.kennzeichen });
    await loescheErstellungsHistorie(tx, id);
    await deleteFahrzeug(tx, id);
    const remove = await deleteDateienInTx(tx, {
      dataDir: deps.dataDir,
      mandantId: user.mandantId,
      ids: row.bildId ? [row.bildId] : [],
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'fahrzeug',
      entityId: id,
      oldValue: { kennzeichen: row.kennzeichen, marke: row.marke, modell: row.modell },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id });
    return remove;
  });
  await removeFiles();
};
