/**
 * Administration › Kiosks (decision 182): pair the device showing a code, list the kiosks with their last contact and
 * version, change what one shows, revoke one. Policy `kiosks.verwalten` (right `objekt_pflege`). Each step is audited.
 */
import { DomainError } from '@stellwerk/domain/errors';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import type {
  TKiosk,
  TKioskEinstellung,
  TKioskKoppeln,
  TKioskListe,
} from '@stellwerk/domain/plattform/kiosk/api';
import {
  type KioskNamensanzeige,
  KOPPLUNG_FEHLER,
  kioskOnline,
  kopplungsCodeGueltig,
  normalisiereKopplungsCode,
} from '@stellwerk/domain/plattform/kiosk/kopplung';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../audit/audit.service.ts';
import type { KioskDeps } from './kiosk.kopplung.service.ts';
import {
  deleteKopplung,
  findKiosk,
  findKopplung,
  findStandortName,
  insertKiosk,
  type KioskRow,
  listKiosks,
  updateKiosk,
} from './kiosk.repository.ts';

const view = (row: KioskRow, standortName: string, jetzt: Date): TKiosk => ({
  id: row.id,
  bezeichnung: row.bezeichnung,
  standortId: row.standortId,
  standortName,
  grundrissIds: row.grundrissIds,
  namensanzeige: row.namensanzeige as KioskNamensanzeige,
  fahrzeuge: row.fahrzeuge,
  sprache: row.sprache as 'de' | 'en',
  letzterKontaktAt: row.letzterKontaktAt?.toISOString() ?? null,
  online: !row.widerrufenAt && kioskOnline(row.letzterKontaktAt?.getTime() ?? null, jetzt.getTime()),
  version: row.version,
  gekoppeltAt: row.createdAt.toISOString(),
  widerrufenAt: row.widerrufenAt?.toISOString() ?? null,
});

const einstellungAudit = (row: KioskRow) => ({
  bezeichnung: row.bezeichnung,
  standortId: row.standortId,
  grundrissIds: row.grundrissIds,
  namensanzeige: row.namensanzeige,
  fahrzeuge: row.fahrzeuge,
  sprache: row.sprache,
});

/**
 * Pairs the device showing `code`: an unknown, used or expired code answers `kiosk.kopplungscode_ungueltig`
 * (the same for each). The device's secret becomes the kiosk's token; the code is used up.
 */
export const koppleKiosk = async (
  deps: KioskDeps,
  user: SessionUser,
  input: TKioskKoppeln,
): Promise<TKiosk> => {
  assertDarf(user, 'kiosks.verwalten');
  const jetzt = deps.now();
  const code = normalisiereKopplungsCode(input.code);
  if (code === null) throw new DomainError(KOPPLUNG_FEHLER.codeUngueltig);
  const kopplung = await deps.database.withAllTenants(async (tx) => {
    const row = await findKopplung(tx, code);
    if (!row) return null;
    await deleteKopplung(tx, row.id);
    return row;
  });
  if (!kopplung || !kopplungsCodeGueltig(kopplung.createdAt.getTime(), jetzt.getTime()))
    throw new DomainError(KOPPLUNG_FEHLER.codeUngueltig);
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const standortName = await findStandortName(tx, input.standortId);
    if (standortName === undefined) throw nichtGefunden('standort', input.standortId);
    const row = await insertKiosk(tx, {
      mandantId: user.mandantId,
      bezeichnung: input.bezeichnung,
      standortId: input.standortId,
      grundrissIds: input.grundrissIds,
      namensanzeige: input.namensanzeige,
      fahrzeuge: input.fahrzeuge,
      sprache: input.sprache,
      tokenHash: kopplung.geheimnisHash,
      tokenAusgestelltAt: jetzt,
      gekoppeltVon: user.benutzerId,
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'create',
      entity: 'kiosk',
      entityId: row.id,
      newValue: einstellungAudit(row),
    });
    return view(row, standortName, jetzt);
  });
};

export const listeKiosks = async (deps: KioskDeps, user: SessionUser): Promise<TKioskListe> => {
  assertDarf(user, 'kiosks.verwalten');
  const jetzt = deps.now();
  const rows = await deps.database.withTenant(user.mandantId, (tx) => listKiosks(tx));
  return { kiosks: rows.map((r) => view(r.kiosk, r.standortName, jetzt)) };
};

/** Changes what a kiosk shows (name, location, floor plans, names, vehicles, language). A revoked kiosk stays as it was. */
export const aendereKiosk = async (
  deps: KioskDeps,
  user: SessionUser,
  id: string,
  input: TKioskEinstellung,
): Promise<TKiosk> => {
  assertDarf(user, 'kiosks.verwalten');
  const jetzt = deps.now();
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const vorher = await findKiosk(tx, id);
    if (!vorher) throw nichtGefunden('kiosk', id);
    if (vorher.kiosk.widerrufenAt) return view(vorher.kiosk, vorher.standortName, jetzt);
    const standortName = await findStandortName(tx, input.standortId);
    if (standortName === undefined) throw nichtGefunden('standort', input.standortId);
    const row = (await updateKiosk(tx, id, {
      bezeichnung: input.bezeichnung,
      standortId: input.standortId,
      grundrissIds: input.grundrissIds,
      namensanzeige: input.namensanzeige,
      fahrzeuge: input.fahrzeuge,
      sprache: input.sprache,
    }))!;
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'kiosk',
      entityId: id,
      oldValue: einstellungAudit(vorher.kiosk),
      newValue: einstellungAudit(row),
    });
    return view(row, standortName, jetzt);
  });
};

/** Revokes a kiosk: its token stops at once and the screen shows a pairing code again. Revoking twice is harmless. */
export const widerrufeKiosk = async (deps: KioskDeps, user: SessionUser, id: string): Promise<TKiosk> => {
  assertDarf(user, 'kiosks.verwalten');
  const jetzt = deps.now();
  return deps.database.withTenant(user.mandantId, async (tx) => {
    const vorher = await findKiosk(tx, id);
    if (!vorher) throw nichtGefunden('kiosk', id);
    if (vorher.kiosk.widerrufenAt) return view(vorher.kiosk, vorher.standortName, jetzt);
    const row = (await updateKiosk(tx, id, { widerrufenAt: jetzt }))!;
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'revoke',
      entity: 'kiosk',
      entityId: id,
      oldValue: einstellungAudit(vorher.kiosk),
    });
    return view(row, vorher.standortName, jetzt);
  });
};
