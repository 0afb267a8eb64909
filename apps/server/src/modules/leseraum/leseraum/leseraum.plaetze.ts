/** The places of a floor plan in the rooms administration (decision 051): list, create, change, move, deactivate preview and remove. */

import { DomainError } from '@stellwerk/domain/errors';
import type {
  TPlatzAdmin,
  TPlatzAenderungParsed,
  TPlatzInputParsed,
} from '@stellwerk/domain/leseraum/admin-raeume.api';
import type { TPlanPosition } from '@stellwerk/domain/leseraum/leseraum-buchung/api';
import { wirdDeaktiviert } from '@stellwerk/domain/leseraum/leseraum-buchung/deaktivierung';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { mitBleibendem } from '@stellwerk/domain/put-bleibt';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import {
  findDeaktivierungBetroffene,
  storniereDurchSystem,
} from '../leseraum-buchung/leseraum-buchung.deaktivierung.ts';
import {
  countBuchungenDesPlatzes,
  deletePlatz,
  findAusstattungIds,
  findPlaetze,
  findPlatz,
  insertPlatz,
  lockGrundriss,
  lockPlatz,
  type PlatzValues,
  replaceAusstattung,
  updatePlatz,
} from './leseraum.repository.ts';
import {
  announce,
  type Gespeichert,
  loadPlaetze,
  loadPlatz,
  orNull,
  type RaeumeDeps,
  requireGrundriss,
} from './leseraum.service.ts';

// --- places ------------------------------------------------------------------------------------------------

/** GET /api/admin/raeume/grundrisse/:id/plaetze: the plan's places with equipment, in name order. */
export const listPlaetze = async (
  { database }: RaeumeDeps,
  user: SessionUser,
  grundrissId: string,
): Promise<TPlatzAdmin[]> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    await requireGrundriss(tx, grundrissId);
    return loadPlaetze(tx, await findPlaetze(tx, grundrissId));
  });
};

const platzValues = (input: TPlatzInputParsed, position: PlatzValues['position']): PlatzValues => ({
  bezeichnung: input.bezeichnung,
  kapazitaet: input.kapazitaet,
  position,
  beschreibung: orNull(input.beschreibung),
  bedingungen: orNull(input.bedingungen),
  aktiv: input.aktiv,
  brandschutzhelfer: input.brandschutzhelfer,
  ersthelfer: input.ersthelfer,
  bestaetigungDurchPersonal: input.bestaetigungDurchPersonal,
});

const checkAusstattung = async (tx: Tx, input: Pick<TPlatzInputParsed, 'ausstattung'>) => {
  const known = await findAusstattungIds(
    tx,
    input.ausstattung.map((a) => a.ausstattungId),
  );
  const unknown = input.ausstattung.find((a) => !known.has(a.ausstattungId));
  if (unknown) throw new DomainError('leseraum.ausstattung_unbekannt', { id: unknown.ausstattungId });
};

export const createPlatz = async (
  { database }: RaeumeDeps,
  user: SessionUser,
  grundrissId: string,
  input: TPlatzInputParsed,
): Promise<TPlatzAdmin> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    if (!(await lockGrundriss(tx, grundrissId))) throw nichtGefunden('grundriss', grundrissId);
    await checkAusstattung(tx, input);
    const values = platzValues(input, input.position ?? null);
    const id = await insertPlatz(tx, { ...values, mandantId: user.mandantId, grundrissId });
    await replaceAusstattung(tx, { mandantId: user.mandantId, leseraumId: id, rows: input.ausstattung });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'leseraum',
      entityId: id,
      newValue: { ...values, grundrissId, ausstattung: input.ausstattung },
    });
    await announce(tx, user, grundrissId);
    return loadPlatz(tx, id);
  });
};

/** The bookings deactivating the place would cancel. */
export const previewPlatzDeaktivierung = async (
  { database, now }: RaeumeDeps,
  user: SessionUser,
  id: string,
): Promise<TBetroffeneBuchung[]> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    if (!(await findPlatz(tx, id))) throw nichtGefunden('platz', id);
    return findDeaktivierungBetroffene(tx, { leseraumIds: [id], now: now() });
  });
};

/**
 * PUT /api/admin/raeume/plaetze/:id: every field, the equipment rows replaced. Without `position` in the
 * body the place keeps where it is. Deactivating over bookings that have not ended needs `confirmCancel`.
 */
export const savePlatz = async (
  { database, now, publicUrl }: RaeumeDeps,
  user: SessionUser,
  id: string,
  aenderung: TPlatzAenderungParsed,
): Promise<Gespeichert<TPlatzAdmin>> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const before = await lockPlatz(tx, id);
    if (!before) throw nichtGefunden('platz', id);
    // decision 125: what the PUT left out stays as stored (the equipment rows too, when no list is given)
    const { ausstattung, ...gegeben } = aenderung;
    const input = mitBleibendem(
      {
        bezeichnung: before.bezeichnung,
        kapazitaet: before.kapazitaet,
        position: before.position,
        beschreibung: before.beschreibung,
        bedingungen: before.bedingungen,
        aktiv: before.aktiv,
        brandschutzhelfer: before.brandschutzhelfer,
        ersthelfer: before.ersthelfer,
        bestaetigungDurchPersonal: before.bestaetigungDurchPersonal,
        confirmCancel: undefined as boolean | undefined,
      },
      gegeben,
    );
    if (ausstattung) await checkAusstattung(tx, { ausstattung });
    const values = platzValues({ ...input, ausstattung: ausstattung ?? [] }, input.position);
    const at = now();
    const deaktiviert = wirdDeaktiviert({ vorher: before.aktiv, nachher: values.aktiv });
    if (deaktiviert) {
      const betroffen = await findDeaktivierungBetroffene(tx, { leseraumIds: [id], now: at });
      if (betroffen.length > 0 && input.confirmCancel !== true)
        return { kind: 'confirmation_required', name: before.bezeichnung, buchungen: betroffen };
    }
    const alt = await loadPlatz(tx, id);
    await updatePlatz(tx, id, values);
    if (ausstattung)
      await replaceAusstattung(tx, { mandantId: user.mandantId, leseraumId: id, rows: ausstattung });
    const storniert = deaktiviert
      ? await storniereDurchSystem(
          tx,
          { publicUrl },
          { mandantId: user.mandantId, leseraumIds: [id], now: at },
        )
      : [];
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'leseraum',
      entityId: id,
      oldValue: alt,
      newValue: {
        ...values,
        ausstattung: ausstattung ?? alt.ausstattung,
        storniert: storniert.map((b) => b.id),
      },
    });
    await announce(tx, user, before.grundrissId);
    return { kind: 'saved', value: await loadPlatz(tx, id), storniert };
  });
};

/** PUT /api/admin/raeume/plaetze/:id/position: moved on the plan (drag and drop or arrow keys). */
export const movePlatz = async (
  { database }: RaeumeDeps,
  user: SessionUser,
  id: string,
  position: TPlanPosition,
): Promise<TPlatzAdmin> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const before = await lockPlatz(tx, id);
    if (!before) throw nichtGefunden('platz', id);
    await updatePlatz(tx, id, { position });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'move',
      entity: 'leseraum',
      entityId: id,
      oldValue: { position: before.position },
      newValue: { position },
    });
    await announce(tx, user, before.grundrissId);
    return loadPlatz(tx, id);
  });
};

/** DELETE /api/admin/raeume/plaetze/:id: only a place that was never booked (deactivate it otherwise). */
export const removePlatz = async ({ database }: RaeumeDeps, user: SessionUser, id: string): Promise<void> => {
  assertDarf(user, 'raeume.pflegen');
  await database.withTenant(user.mandantId, async (tx) => {
    const before = await lockPlatz(tx, id);
    if (!before) throw nichtGefunden('platz', id);
    const buchungen = await countBuchungenDesPlatzes(tx, id);
    if (buchungen > 0)
      throw new DomainError('leseraum.in_verwendung', { name: before.bezeichnung, buchungen });
    await deletePlatz(tx, id);
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'leseraum',
      entityId: id,
      oldValue: before,
    });
    await announce(tx, user, before.grundrissId);
  });
};
