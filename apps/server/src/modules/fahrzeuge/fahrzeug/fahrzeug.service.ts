/**
 * Fleet administration (`/admin/fahrzeuge`, right `fahrzeug_pflege`; spec §3, §4; decision 048):
 * vehicles with every field and their per-weekday opening times, the preview of the bookings a change
 * cancels, the change itself (cancelling through the vehicle booking module's service), deletion of unused
 * vehicles and the photo in bucket `fahrzeuge`. Every step authorises first and runs in the tenant's
 * transaction; a change locks the vehicle row so no booking of it slips in between.
 */
import { DomainError } from '@stellwerk/domain/errors';
import type { TFahrzeugAdmin, TFahrzeugAdminEingabe } from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import { parseBuchungsfenster } from '@stellwerk/domain/fahrzeuge/fahrzeug/buchungsfenster';
import type { FahrzeugStand } from '@stellwerk/domain/fahrzeuge/fahrzeug/rules';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { assertTime, timeToMinutes } from '@stellwerk/domain/time';
import type { Database, Tx } from '../../../db/client.ts';
import { SQLSTATE, sqlStateOf } from '../../../db/errors.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { assertDarf } from '../../identitaet/auth/auth.guards.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import { deleteDateienInTx, storeUpload } from '../../plattform/storage/storage.service.ts';
import {
  loadFeatureSwitches,
  loadMandantListe,
  setzeMandantListenEintrag,
} from '../../verwaltung/customizing/customizing.service.ts';
import {
  countOffeneBuchungen,
  type FahrzeugAdminRow,
  type FahrzeugWerte,
  findBenutzteFahrzeugIds,
  findFahrzeugAdmin,
  findFahrzeugeAdmin,
  findFahrzeugIdByKennzeichen,
  findOeffnungszeitZeilen,
  findStandorte,
  findStandortName,
  lockFahrzeugAdmin,
  type OeffnungszeitZeileRow,
  updateFahrzeug,
} from './fahrzeug.repository.ts';

export type FahrzeugDeps = {
  database: Pick<Database, 'withTenant'>;
  dataDir: string;
  now: () => Date;
  publicUrl: string;
};

// --- guards ---------------------------------------------------------------------------------------------

/** A tenant without vehicle booking has no fleet administration: 404, like the screen. */
const assertFeature = async (tx: Tx): Promise<void> => {
  if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
};

export const inVerwaltung = <T>(
  deps: FahrzeugDeps,
  user: SessionUser,
  fn: (tx: Tx) => Promise<T>,
): Promise<T> => {
  assertDarf(user, 'fahrzeuge.pflegen');
  return deps.database.withTenant(user.mandantId, async (tx) => {
    await assertFeature(tx);
    return fn(tx);
  });
};

// --- shaping --------------------------------------------------------------------------------------------

const toApi = (
  row: FahrzeugAdminRow,
  zeilen: readonly OeffnungszeitZeileRow[],
  offen: number,
  benutzt: boolean,
  favorit: boolean,
): TFahrzeugAdmin => ({
  id: row.id,
  standort: { id: row.standortId, name: row.standortName },
  kategorie: row.kategorie,
  marke: row.marke,
  modell: row.modell,
  kennzeichen: row.kennzeichen,
  kraftstoff: row.kraftstoff,
  leistung: row.leistung,
  getriebe: row.getriebe,
  kofferraum: row.kofferraum,
  sitze: row.sitze,
  tueren: row.tueren,
  farbe: row.farbe,
  fuehrerscheinklasse: row.fuehrerscheinklasse,
  klimaanlage: row.klimaanlage,
  navigation: row.navigation,
  tempomat: row.tempomat,
  sitzheizung: row.sitzheizung,
  gueltigVon: row.gueltigVon,
  gueltigBis: row.gueltigBis,
  huFaelligAm: row.huFaelligAm,
  uvvFaelligAm: row.uvvFaelligAm,
  buchungszeitraumVon: row.buchungszeitraumVon,
  buchungszeitraumBis: row.buchungszeitraumBis,
  buchungszeitraumWochentage: [...(row.buchungszeitraumWochentage ?? [])].sort((a, b) => a - b),
  buchungAusserhalbMoeglich: row.buchungAusserhalbMoeglich,
  oeffnungszeiten: zeilen
    .filter((z) => z.fahrzeugOeffnungszeitId === row.fahrzeugOeffnungszeitId)
    .map(({ wochentag, von, bis, geoeffnet }) => ({ wochentag, von, bis, geoeffnet })),
  oeffnungszeitenGueltigVon: row.oeffnungszeitenGueltigVon,
  oeffnungszeitenGueltigBis: row.oeffnungszeitenGueltigBis,
  deaktiviert: row.deaktiviert,
  bildUrl: row.bildId ? `/api/dateien/${row.bildId}` : null,
  offeneBuchungen: offen,
  loeschbar: !benutzt,
  favorit,
  updatedAt: row.updatedAt.toISOString(),
});

/** The tenant's favourite vehicles (FahrzeugLieblingsFahrzeuge at tenant level, spec §2 "favourites first"). */
const LIEBLINGS_OPTION = 'FahrzeugLieblingsFahrzeuge';
const mandantsFavoriten = (tx: Tx): Promise<string[]> => loadMandantListe(tx, LIEBLINGS_OPTION);

const ladeAlle = async (tx: Tx, now: Date): Promise<TFahrzeugAdmin[]> => {
  const rows = await findFahrzeugeAdmin(tx);
  const zeilen = await findOeffnungszeitZeilen(
    tx,
    rows.flatMap((r) => (r.fahrzeugOeffnungszeitId ? [r.fahrzeugOeffnungszeitId] : [])),
  );
  const offen = await countOffeneBuchungen(tx, now);
  const benutzt = await findBenutzteFahrzeugIds(tx);
  const favoriten = await mandantsFavoriten(tx);
  const favoritSet = new Set(favoriten);
  return rows.map((r) => toApi(r, zeilen, offen.get(r.id) ?? 0, benutzt.has(r.id), favoritSet.has(r.id)));
};

export const ladeEines = async (tx: Tx, id: string, now: Date): Promise<TFahrzeugAdmin> => {
  const row = await findFahrzeugAdmin(tx, id);
  if (!row) throw nichtGefunden('fahrzeug', id);
  const zeilen = await findOeffnungszeitZeilen(
    tx,
    row.fahrzeugOeffnungszeitId ? [row.fahrzeugOeffnungszeitId] : [],
  );
  const offen = await countOffeneBuchungen(tx, now);
  const benutzt = await findBenutzteFahrzeugIds(tx, [id]);
  const favoriten = await mandantsFavoriten(tx);
  return toApi(row, zeilen, offen.get(id) ?? 0, benutzt.has(id), favoriten.includes(id));
};

// --- input ----------------------------------------------------------------------------------------------

/**
 * The checks zod cannot make: times `HH:mm` (spec §5 'Zeit zum setzen ist kein valider String.'), the window
 * starting before it ends, and the weekday rows (each weekday once, open days from before to).
 */
export const pruefeEingabe = (input: TFahrzeugAdminEingabe) => {
  for (const zeit of [input.buchungszeitraumVon, input.buchungszeitraumBis])
    if (zeit !== null) assertTime(zeit);
  if (
    input.buchungszeitraumVon &&
    input.buchungszeitraumBis &&
    timeToMinutes(input.buchungszeitraumVon) >= timeToMinutes(input.buchungszeitraumBis)
  )
    throw new DomainError('oeffnungszeit.von_nach_bis', {
      von: input.buchungszeitraumVon,
      bis: input.buchungszeitraumBis,
    });
  // left out: the stored rows stay (undefined); given: they replace the stored ones
  if (input.oeffnungszeiten === undefined) return undefined;
  for (const zeile of input.oeffnungszeiten) {
    assertTime(zeile.von);
    assertTime(zeile.bis);
  }
  return parseBuchungsfenster({ zeilen: input.oeffnungszeiten });
};

export const werteAus = (input: TFahrzeugAdminEingabe): FahrzeugWerte => ({
  standortId: input.standortId,
  kategorie: input.kategorie,
  marke: input.marke,
  modell: input.modell,
  kennzeichen: input.kennzeichen,
  kraftstoff: input.kraftstoff,
  leistung: input.leistung,
  getriebe: input.getriebe,
  kofferraum: input.kofferraum,
  sitze: input.sitze,
  tueren: input.tueren,
  farbe: input.farbe,
  fuehrerscheinklasse: input.fuehrerscheinklasse,
  klimaanlage: input.klimaanlage,
  navigation: input.navigation,
  tempomat: input.tempomat,
  sitzheizung: input.sitzheizung,
  gueltigVon: input.gueltigVon,
  gueltigBis: input.gueltigBis,
  huFaelligAm: input.huFaelligAm,
  uvvFaelligAm: input.uvvFaelligAm,
  buchungszeitraumVon: input.buchungszeitraumVon,
  buchungszeitraumBis: input.buchungszeitraumBis,
  buchungszeitraumWochentage: [...new Set(input.buchungszeitraumWochentage)].sort((a, b) => a - b),
  buchungAusserhalbMoeglich: input.buchungAusserhalbMoeglich,
  deaktiviert: input.deaktiviert,
});

export const standortNameOf = async (tx: Tx, standortId: string): Promise<string> => {
  const name = await findStandortName(tx, standortId);
  if (name === undefined) throw new DomainError('fahrzeug.standort_unbekannt');
  return name;
};

export const assertKennzeichenFrei = async (tx: Tx, kennzeichen: string, eigeneId?: string) => {
  const other = await findFahrzeugIdByKennzeichen(tx, kennzeichen);
  if (other && other !== eigeneId) throw new DomainError('fahrzeug.kennzeichen_vergeben', { kennzeichen });
};

/** The unique constraint is the last line against two vehicles with one plate (parallel requests). */
export const guardKennzeichen = async <T>(kennzeichen: string, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (sqlStateOf(err) === SQLSTATE.uniqueViolation)
      throw new DomainError('fahrzeug.kennzeichen_vergeben', { kennzeichen });
    throw err;
  }
};

export const standVon = (row: FahrzeugAdminRow): FahrzeugStand => ({
  deaktiviert: row.deaktiviert,
  standortName: row.standortName,
  gueltigVon: row.gueltigVon,
  gueltigBis: row.gueltigBis,
});

// --- reading --------------------------------------------------------------------------------------------

/** GET /api/admin/fahrzeuge: every vehicle of the tenant, deactivated ones included. */
export const listFahrzeugeAdmin = (deps: FahrzeugDeps, user: SessionUser): Promise<TFahrzeugAdmin[]> =>
  inVerwaltung(deps, user, (tx) => ladeAlle(tx, deps.now()));

/** GET /api/admin/fahrzeuge/standorte: the tenant's locations by name, for the dialog. */
export const listFahrzeugStandorte = (deps: FahrzeugDeps, user: SessionUser) =>
  inVerwaltung(deps, user, (tx) => findStandorte(tx));

export const setFahrzeugFavorit = (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
  favorit: boolean,
): Promise<TFahrzeugAdmin> =>
  inVerwaltung(deps, user, async (tx) => {
    if (!(await findFahrzeugAdmin(tx, id))) throw nichtGefunden('fahrzeug', id);
    const war = await setzeMandantListenEintrag(tx, {
      mandantId: user.mandantId,
      name: LIEBLINGS_OPTION,
      eintrag: id,
      enthalten: favorit,
    });
    if (war !== favorit) {
      await writeAudit(tx, {
        mandantId: user.mandantId,
        benutzerId: user.benutzerId,
        action: 'update',
        entity: 'fahrzeug',
        entityId: id,
        oldValue: { favorit: war },
        newValue: { favorit },
      });
      await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id });
    }
    return ladeEines(tx, id, deps.now());
  });

// --- photo ----------------------------------------------------------------------------------------------

/** POST /api/admin/fahrzeuge/{id}/bild: a PNG or JPG photo (checked by content) replaces the previous one. */
export const uploadFahrzeugBild = (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
  upload: { filename: string; data: Buffer },
): Promise<TFahrzeugAdmin> => {
  assertDarf(user, 'fahrzeuge.pflegen');
  return storeUpload(deps, user, 'fahrzeuge', upload, async (tx, file) => {
    await assertFeature(tx);
    const row = await lockFahrzeugAdmin(tx, id);
    if (!row) throw nichtGefunden('fahrzeug', id);
    await updateFahrzeug(tx, id, { bildId: file.id });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'upload',
      entity: 'fahrzeug.bild',
      entityId: id,
      oldValue: row.bildId ? { dateiId: row.bildId } : null,
      newValue: { dateiId: file.id, originalName: file.originalName, mime: file.mime, size: file.size },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id });
    return { result: await ladeEines(tx, id, deps.now()), replaces: row.bildId ? [row.bildId] : [] };
  });
};

/** DELETE /api/admin/fahrzeuge/{id}/bild: removes the photo (row and stored file); 404 when there is none. */
export const removeFahrzeugBild = async (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
): Promise<TFahrzeugAdmin> => {
  const { result, removeFiles } = await inVerwaltung(deps, user, async (tx) => {
    const row = await lockFahrzeugAdmin(tx, id);
    if (!row?.bildId) throw nichtGefunden('fahrzeug_bild', id);
    await updateFahrzeug(tx, id, { bildId: null });
    const removeFiles = await deleteDateienInTx(tx, {
      dataDir: deps.dataDir,
      mandantId: user.mandantId,
      ids: [row.bildId],
    });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'delete',
      entity: 'fahrzeug.bild',
      entityId: id,
      oldValue: { dateiId: row.bildId },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id });
    return { result: await ladeEines(tx, id, deps.now()), removeFiles };
  });
  await removeFiles();
  return result;
};
