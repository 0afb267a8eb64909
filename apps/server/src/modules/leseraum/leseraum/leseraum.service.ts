/**
 * `/admin/raeume` (right `ausstattungs_pflege`, decision 051): floor plans per location with their
 * sanitised SVG, and the places on a plan. Deactivating a place or a plan cancels the bookings that have not
 * ended through the reading-room booking service (system cancel with the deactivation mail); without
 * `confirmCancel: true` nothing is saved and the bookings are listed (409), like closing opening hours.
 */

import { DomainError } from '@stellwerk/domain/errors';
import type {
  TGrundrissAdmin,
  TGrundrissAenderungParsed,
  TGrundrissInputParsed,
  TPlatzAdmin,
} from '@stellwerk/domain/leseraum/admin-raeume.api';
import { wirdDeaktiviert } from '@stellwerk/domain/leseraum/leseraum-buchung/deaktivierung';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { mitBleibendem } from '@stellwerk/domain/put-bleibt';
import type { TBetroffeneBuchung } from '@stellwerk/domain/verwaltung/admin-stammdaten.api';
import type { Database, Tx } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  discardUpload,
  forgetDatei,
  recordUpload,
  removeForgottenFiles,
  writeUpload,
} from '../../plattform/storage/storage.service.ts';
import {
  findDeaktivierungBetroffene,
  storniereDurchSystem,
} from '../leseraum-buchung/leseraum-buchung.deaktivierung.ts';
import {
  countBuchungenDesGrundrisses,
  deleteGrundriss,
  existsStandort,
  findAusstattungDerPlaetze,
  findEigenerPlatzId,
  findGrundriss,
  findGrundrisse,
  findGrundrissIdDesPlatzes,
  findPlaetze,
  findPlatz,
  findStandorte,
  type GrundrissRow,
  insertGrundriss,
  lockGrundriss,
  type PlatzRow,
  setEigentuemer,
  updateGrundriss,
} from './leseraum.repository.ts';

export type RaeumeDeps = {
  database: Pick<Database, 'withTenant'>;
  now: () => Date;
  publicUrl: string;
  dataDir: string;
};

export type Gespeichert<T> =
  | { kind: 'saved'; value: T; storniert: TBetroffeneBuchung[] }
  | { kind: 'confirmation_required'; name: string; buchungen: TBetroffeneBuchung[] };

const bereichOf = (s: string): 'leseraum' | 'arbeitswelt' =>
  s === 'arbeitswelt' ? 'arbeitswelt' : 'leseraum';
export const orNull = (s: string | null | undefined): string | null => (s && s.length > 0 ? s : null);

const toGrundriss = (row: GrundrissRow): TGrundrissAdmin => ({
  id: row.id,
  bezeichnung: row.bezeichnung,
  beschreibung: row.beschreibung,
  link: row.link,
  aktiv: row.aktiv,
  bereich: bereichOf(row.bereich),
  standort:
    row.standortId && row.standortName !== null ? { id: row.standortId, name: row.standortName } : null,
  planUrl: row.dateiId ? `/api/dateien/${row.dateiId}` : null,
  plaetze: row.plaetze,
  aktivePlaetze: row.aktivePlaetze,
});

export const requireGrundriss = async (tx: Tx, id: string): Promise<GrundrissRow> => {
  const row = await findGrundriss(tx, id);
  if (!row) throw nichtGefunden('grundriss', id);
  return row;
};

export const loadPlaetze = async (tx: Tx, rows: PlatzRow[]): Promise<TPlatzAdmin[]> => {
  const ausstattung = await findAusstattungDerPlaetze(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    ausstattung: ausstattung
      .filter((a) => a.leseraumId === r.id)
      .map((a) => ({ id: a.id, name: a.name, anzahl: a.anzahl })),
  }));
};

export const loadPlatz = async (tx: Tx, id: string): Promise<TPlatzAdmin> => {
  const row = await findPlatz(tx, id);
  if (!row) throw nichtGefunden('platz', id);
  return (await loadPlaetze(tx, [row]))[0]!;
};

export const announce = (tx: Tx, user: SessionUser, grundrissId: string) =>
  publishEvent(tx, user.mandantId, { type: 'grundriss_leseraum', id: grundrissId });

// --- floor plans -------------------------------------------------------------------------------------------

/** GET /api/admin/raeume/grundrisse: every plan (active or not) with its location and counts, by creation. */
export const listGrundrisse = async (
  { database }: RaeumeDeps,
  user: SessionUser,
): Promise<TGrundrissAdmin[]> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => (await findGrundrisse(tx)).map(toGrundriss));
};

/** GET /api/admin/raeume/standorte: the locations a plan can belong to. */
export const listStandorte = async ({ database }: RaeumeDeps, user: SessionUser) => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, findStandorte);
};

const grundrissValues = async (tx: Tx, input: TGrundrissInputParsed) => {
  const standortId = input.standortId ?? null;
  if (standortId && !(await existsStandort(tx, standortId)))
    throw new DomainError('leseraum.standort_unbekannt', { id: standortId });
  return {
    bezeichnung: input.bezeichnung,
    beschreibung: orNull(input.beschreibung),
    link: orNull(input.link),
    aktiv: input.aktiv,
    bereich: input.bereich,
    standortId,
  };
};

export const createGrundriss = async (
  { database }: RaeumeDeps,
  user: SessionUser,
  input: TGrundrissInputParsed,
): Promise<TGrundrissAdmin> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    const values = await grundrissValues(tx, input);
    const id = await insertGrundriss(tx, { ...values, mandantId: user.mandantId });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'grundriss_leseraum',
      entityId: id,
      newValue: values,
    });
    await announce(tx, user, id);
    return toGrundriss(await requireGrundriss(tx, id));
  });
};

/** The ids of a plan's places (all of them: an inactive plan closes every place). */
const platzIdsOf = async (tx: Tx, grundrissId: string) =>
  (await findPlaetze(tx, grundrissId)).map((p) => p.id);

/** The bookings deactivating the plan would cancel (the holds and reservations of its places). */
export const previewGrundrissDeaktivierung = async (
  { database, now }: RaeumeDeps,
  user: SessionUser,
  id: string,
): Promise<TBetroffeneBuchung[]> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    await requireGrundriss(tx, id);
    return findDeaktivierungBetroffene(tx, { leseraumIds: await platzIdsOf(tx, id), now: now() });
  });
};

/**
 * PUT /api/admin/raeume/grundrisse/:id. Deactivating a plan over bookings that have not ended needs
 * `confirmCancel: true`; then they are cancelled by the system with the deactivation mail, in this
 * transaction. The places keep their own active flag, so activating the plan again restores them.
 */
export const saveGrundriss = async (
  { database, now, publicUrl }: RaeumeDeps,
  user: SessionUser,
  id: string,
  aenderung: TGrundrissAenderungParsed,
): Promise<Gespeichert<TGrundrissAdmin>> => {
  assertDarf(user, 'raeume.pflegen');
  return database.withTenant(user.mandantId, async (tx) => {
    if (!(await lockGrundriss(tx, id))) throw nichtGefunden('grundriss', id);
    const before = await requireGrundriss(tx, id);
    // decision 125: what the PUT left out stays as stored
    const input: TGrundrissInputParsed = mitBleibendem(
      {
        bezeichnung: before.bezeichnung,
        beschreibung: before.beschreibung,
        link: before.link,
        aktiv: before.aktiv,
        bereich: before.bereich as TGrundrissInputParsed['bereich'],
        standortId: before.standortId,
        confirmCancel: undefined as boolean | undefined,
      },
      aenderung,
    );
    const values = await grundrissValues(tx, input);
    const at = now();
    const deaktiviert = wirdDeaktiviert({ vorher: before.aktiv, nachher: values.aktiv });
    const leseraumIds = deaktiviert ? await platzIdsOf(tx, id) : [];
    if (deaktiviert) {
      const betroffen = await findDeaktivierungBetroffene(tx, { leseraumIds, now: at });
      if (betroffen.length > 0 && input.confirmCancel !== true)
        return { kind: 'confirmation_required', name: before.bezeichnung, buchungen: betroffen };
    }
    await updateGrundriss(tx, id, values);
    const storniert = deaktiviert
      ? await storniereDurchSystem(tx, { publicUrl }, { mandantId: user.mandantId, leseraumIds, now: at })
      : [];
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'grundriss_leseraum',
      entityId: id,
      oldValue: toGrundriss(before),
      newValue: { ...values, storniert: storniert.map((b) => b.id) },
    });
    await announce(tx, user, id);
    return { kind: 'saved', value: toGrundriss(await requireGrundriss(tx, id)), storniert };
  });
};

/**
 * DELETE /api/admin/raeume/grundrisse/:id: only a plan whose places were never booked (bookings are the
 * history of the place); its places, their equipment rows, its opening hours and its SVG go with it.
 */
export const removeGrundriss = async (
  { database, dataDir }: RaeumeDeps,
  user: SessionUser,
  id: string,
): Promise<void> => {
  assertDarf(user, 'raeume.pflegen');
  const forgotten = await database.withTenant(user.mandantId, async (tx) => {
    if (!(await lockGrundriss(tx, id))) throw nichtGefunden('grundriss', id);
    const before = await requireGrundriss(tx, id);
    const buchungen = await countBuchungenDesGrundrisses(tx, id);
    if (buchungen > 0)
      throw new DomainError('grundriss.in_verwendung', { name: before.bezeichnung, buchungen });
    await deleteGrundriss(tx, id);
    const datei = before.dateiId
      ? await forgetDatei(tx, { mandantId: user.mandantId, id: before.dateiId })
      : undefined;
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'grundriss_leseraum',
      entityId: id,
      oldValue: toGrundriss(before),
    });
    await announce(tx, user, id);
    return datei;
  });
  await removeForgottenFiles(dataDir, [forgotten]);
};

/**
 * POST /api/admin/raeume/grundrisse/:id/plan: the plan's SVG (bucket `grundrisse`, checked by content and
 * sanitised like every SVG upload); the file it replaces is deleted.
 */
export const uploadGrundrissPlan = async (
  { database, dataDir, now }: RaeumeDeps,
  user: SessionUser,
  id: string,
  upload: { filename: string; data: Buffer },
): Promise<TGrundrissAdmin> => {
  assertDarf(user, 'raeume.pflegen');
  // The tenant check comes before anything is written: another tenant's plan is 404, not a stray file.
  await database.withTenant(user.mandantId, (tx) => requireGrundriss(tx, id));
  const written = await writeUpload(dataDir, user.mandantId, 'grundrisse', upload);
  try {
    const { result, replaced } = await database.withTenant(user.mandantId, async (tx) => {
      if (!(await lockGrundriss(tx, id))) throw nichtGefunden('grundriss', id);
      const before = await requireGrundriss(tx, id);
      const dateiId = await recordUpload(tx, { mandantId: user.mandantId, written, now: now() });
      await updateGrundriss(tx, id, { dateiId });
      const old = before.dateiId
        ? await forgetDatei(tx, { mandantId: user.mandantId, id: before.dateiId })
        : undefined;
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'upload',
        entity: 'grundriss_leseraum',
        entityId: id,
        oldValue: before.dateiId ? { dateiId: before.dateiId } : null,
        newValue: { dateiId, originalName: written.originalName, size: written.size },
      });
      await announce(tx, user, id);
      return { result: toGrundriss(await requireGrundriss(tx, id)), replaced: old };
    });
    await removeForgottenFiles(dataDir, [replaced]);
    return result;
  } catch (err) {
    await discardUpload(dataDir, written);
    throw err;
  }
};

/** The place a user owns (decision 138), in the caller's tenant transaction; the caller has authorised. */
export const eigenerPlatzVon = (tx: Tx, benutzerId: string) => findEigenerPlatzId(tx, benutzerId);

/**
 * Assigns a user's own place (decision 138), or none, in the caller's tenant transaction (the caller has
 * authorised and audits). An unknown place answers 404; open plans hear that their occupancy changed.
 */
export const setzeEigenenPlatz = async (
  tx: Tx,
  { mandantId, benutzerId, leseraumId }: { mandantId: string; benutzerId: string; leseraumId: string | null },
): Promise<void> => {
  const vorher = await findEigenerPlatzId(tx, benutzerId);
  if (vorher === (leseraumId ?? undefined)) return;
  if (!(await setEigentuemer(tx, { benutzerId, leseraumId }))) throw nichtGefunden('platz', leseraumId ?? '');
  for (const id of [vorher, leseraumId]) {
    if (!id) continue;
    const grundrissId = await findGrundrissIdDesPlatzes(tx, id);
    if (grundrissId) await publishEvent(tx, mandantId, { type: 'leseraum_belegung', id: grundrissId });
  }
};
