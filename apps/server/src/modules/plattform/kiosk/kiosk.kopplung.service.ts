/**
 * The device side of pairing (decision 182): an unpaired device asks for a pairing code and keeps a secret of its
 * own; once an administrator entered the code, that secret is the kiosk's device token. The device reads its own
 * settings with the token; a token older than a day is replaced in that answer.
 */
import { randomBytes } from 'node:crypto';
import { DomainError } from '@stellwerk/domain/errors';
import type { TKioskGeraet, TKioskKopplung } from '@stellwerk/domain/plattform/kiosk/api';
import { KIOSK_TOKEN_PATTERN } from '@stellwerk/domain/plattform/kiosk/api';
import {
  erzeugeKopplungsCode,
  formatiereKopplungsCode,
  KIOSK,
  type KioskNamensanzeige,
  KOPPLUNG_FEHLER,
  tokenFaellig,
  vorigerTokenGilt,
} from '@stellwerk/domain/plattform/kiosk/kopplung';
import type { Database } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import {
  deleteKopplungenVor,
  findKioskByHash,
  findStandortName,
  insertKopplung,
  type KioskRow,
  updateKiosk,
} from './kiosk.repository.ts';
import { hashKioskToken, neuerKioskToken } from './kiosk.token.ts';

export type KioskDeps = {
  database: Database;
  now: () => Date;
  publicUrl: string;
  eincheckGeheimnis: string;
  /** where stored files live (the board's floor-plan images) */
  dataDir: string;
};

/** A new pairing code for an unpaired device (expired codes are deleted on the way). */
export const erstelleKopplung = async (deps: KioskDeps): Promise<TKioskKopplung> => {
  const jetzt = deps.now();
  const geheimnis = neuerKioskToken();
  for (let versuch = 0; versuch < 5; versuch++) {
    const code = erzeugeKopplungsCode(randomBytes(32));
    if (code === null) continue;
    try {
      await deps.database.withAllTenants(async (tx) => {
        await deleteKopplungenVor(tx, new Date(jetzt.getTime() - KIOSK.kopplungGueltigMs));
        await insertKopplung(tx, code, hashKioskToken(geheimnis), jetzt);
      });
    } catch (error) {
      if (sqlStateOf(error) === SQLSTATE.uniqueViolation) continue;
      throw error;
    }
    return {
      code: formatiereKopplungsCode(code),
      geheimnis,
      gueltigBis: new Date(jetzt.getTime() + KIOSK.kopplungGueltigMs).toISOString(),
    };
  }
  throw new Error('no free pairing code after 5 draws');
};

/**
 * The kiosk of a device token, or `kiosk.nicht_gekoppelt` (401) for an unknown, malformed, long-replaced or revoked
 * token, the same answer for each. Notes the contact (and the app version the device reports). A due token is
 * replaced only where the answer carries the new one (`rotieren`, not for a file answer such as a plan's image).
 */
export const kioskVonToken = async (
  deps: KioskDeps,
  token: string | undefined,
  version?: string,
  { rotieren = true }: { rotieren?: boolean } = {},
): Promise<{ row: KioskRow; neuerToken: string | null }> => {
  if (!token || !KIOSK_TOKEN_PATTERN.test(token)) throw new DomainError(KOPPLUNG_FEHLER.nichtGekoppelt);
  const hash = hashKioskToken(token);
  const row = await deps.database.withAllTenants((tx) => findKioskByHash(tx, hash));
  if (!row || row.widerrufenAt) throw new DomainError(KOPPLUNG_FEHLER.nichtGekoppelt);
  const jetzt = deps.now();
  const istVoriger = row.tokenHash !== hash;
  if (
    istVoriger &&
    !(row.vorigerErsetztAt && vorigerTokenGilt(row.vorigerErsetztAt.getTime(), jetzt.getTime()))
  )
    throw new DomainError(KOPPLUNG_FEHLER.nichtGekoppelt);
  const neuerToken =
    rotieren && !istVoriger && tokenFaellig(row.tokenAusgestelltAt.getTime(), jetzt.getTime())
      ? neuerKioskToken()
      : null;
  const kontakt = {
    letzterKontaktAt: jetzt,
    ...(version ? { version: version.slice(0, 40) } : {}),
    ...(neuerToken
      ? {
          tokenHash: hashKioskToken(neuerToken),
          tokenAusgestelltAt: jetzt,
          vorigerTokenHash: row.tokenHash,
          vorigerErsetztAt: jetzt,
        }
      : {}),
  };
  const saved = await deps.database.withTenant(row.mandantId, (tx) => updateKiosk(tx, row.id, kontakt));
  return { row: saved ?? row, neuerToken };
};

/** `GET /api/kiosk/geraet`: the device's own settings (no personal data). */
export const kioskGeraet = async (
  deps: KioskDeps,
  token: string | undefined,
  version?: string,
): Promise<TKioskGeraet> => {
  const { row, neuerToken } = await kioskVonToken(deps, token, version);
  const standortName = await deps.database.withTenant(row.mandantId, (tx) =>
    findStandortName(tx, row.standortId),
  );
  return {
    id: row.id,
    bezeichnung: row.bezeichnung,
    standortId: row.standortId,
    standortName: standortName ?? '',
    grundrissIds: row.grundrissIds,
    namensanzeige: row.namensanzeige as KioskNamensanzeige,
    fahrzeuge: row.fahrzeuge,
    sprache: row.sprache as 'de' | 'en',
    neuerToken,
  };
};
