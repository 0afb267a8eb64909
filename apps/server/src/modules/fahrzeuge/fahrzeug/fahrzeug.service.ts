/**
 * Fleet administration (`/admin/fahrzeuge`, right `fahrzeug_pflege`; spec §3, §4; decision 048):
 * vehicles with every field and their per-weekday opening times, the preview of the bookings a change
 * cancels, the change itself (cancelling through the vehicle booking module's service), deletion of unused
 * vehicles and the photo in bucket `fahrzeuge`. Every step authorises first and runs in the tenant's
 * transaction; a change locks the vehicle row so no booking of it slips in between.
 */
import { DomainError } from '@stellwerk/domain/errors';
import type {
  TFahrzeugAdmin,
  TFahrzeugAdminAenderung,
  TFahrzeugAdminEingabe,
  TFahrzeugAdminGespeichert,
  TFahrzeugStornoVorschau,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/api';
import { parseBuchungsfenster } from '@stellwerk/domain/fahrzeuge/fahrzeug/buchungsfenster';
import {
  type FahrzeugStand,
  type FahrzeugStorno,
  stornoGrundText,
  stornosBeiFahrzeugAenderung,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/rules';
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
  belegungenDesFahrzeugs,
  type FahrzeugBelegung,
} from '../fahrzeug-buchung/fahrzeug-buchung.abfragen.ts';
import { storniereDurchSystem } from '../fahrzeug-buchung/fahrzeug-buchung.system-storno.ts';
import {
  countOffeneBuchungen,
  deleteFahrzeug,
  type FahrzeugAdminRow,
  type FahrzeugWerte,
  findBenutzteFahrzeugIds,
  findFahrzeugAdmin,
  findFahrzeugeAdmin,
  findFahrzeugIdByKennzeichen,
  findOeffnungszeitZeilen,
  findStandorte,
  findStandortName,
  insertFahrzeug,
  lockFahrzeugAdmin,
  type OeffnungszeitZeileRow,
  replaceOeffnungszeiten,
  updateFahrzeug,
} from './fahrzeug.repository.ts';
import { loescheErstellungsHistorie, schreibeFahrzeugHistorie } from '../../fahrten/fahrt/fahrt.historie.ts';
import { ersetzeFahrzeugZeilen } from '../../leseraum/oeffnungszeit/oeffnungszeit.fahrzeug.ts';

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

const inVerwaltung = <T>(deps: FahrzeugDeps, user: SessionUser, fn: (tx: Tx) => Promise<T>): Promise<T> => {
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

const ladeEines = async (tx: Tx, id: string, now: Date): Promise<TFahrzeugAdmin> => {
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
const pruefeEingabe = (input: TFahrzeugAdminEingabe) => {
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

const werteAus = (input: TFahrzeugAdminEingabe): FahrzeugWerte => ({
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

const standortNameOf = async (tx: Tx, standortId: string): Promise<string> => {
  const name = await findStandortName(tx, standortId);
  if (name === undefined) throw new DomainError('fahrzeug.standort_unbekannt');
  return name;
};

const assertKennzeichenFrei = async (tx: Tx, kennzeichen: string, eigeneId?: string) => {
  const other = await findFahrzeugIdByKennzeichen(tx, kennzeichen);
  if (other && other !== eigeneId) throw new DomainError('fahrzeug.kennzeichen_vergeben', { kennzeichen });
};

/** The unique constraint is the last line against two vehicles with one plate (parallel requests). */
const guardKennzeichen = async <T>(kennzeichen: string, fn: () => Promise<T>): Promise<T> => {
  try {
    return await fn();
  } catch (err) {
    if (sqlStateOf(err) === SQLSTATE.uniqueViolation)
      throw new DomainError('fahrzeug.kennzeichen_vergeben', { kennzeichen });
    throw err;
  }
};

const standVon = (row: FahrzeugAdminRow): FahrzeugStand => ({
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

/** What the change of `row` to `input` cancels (spec §4), against the vehicle's bookings still to come. */
const stornosFuer = async (
  tx: Tx,
  row: FahrzeugAdminRow,
  input: TFahrzeugAdminEingabe,
  { mitAltdaten, now }: { mitAltdaten: boolean; now: Date },
): Promise<FahrzeugStorno<FahrzeugBelegung>> => {
  const standortName = await standortNameOf(tx, input.standortId);
  const buchungen = await belegungenDesFahrzeugs(tx, row.id, now);
  return stornosBeiFahrzeugAenderung({
    alt: mitAltdaten ? standVon(row) : null,
    neu: {
      deaktiviert: input.deaktiviert,
      standortName,
      gueltigVon: input.gueltigVon,
      gueltigBis: input.gueltigBis,
    },
    buchungen,
    now,
  });
};

/**
 * POST /api/admin/fahrzeuge/{id}/vorschau: the bookings saving `input` would cancel and the reason, so the
 * dialog lists them before the user confirms. Nothing is saved.
 */
export const vorschauFahrzeugAdmin = (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
  input: TFahrzeugAdminEingabe,
): Promise<TFahrzeugStornoVorschau> =>
  inVerwaltung(deps, user, async (tx) => {
    pruefeEingabe(input);
    const row = await findFahrzeugAdmin(tx, id);
    if (!row) throw nichtGefunden('fahrzeug', id);
    const storno = await stornosFuer(tx, row, input, { mitAltdaten: true, now: deps.now() });
    return {
      grund: storno.buchungen.length > 0 ? storno.grund : null,
      buchungen: storno.buchungen.map((b) => ({
        id: b.id,
        von: b.von.toISOString(),
        bis: b.bis.toISOString(),
        typ: b.typ,
        status: b.status,
        buchender: b.buchender,
      })),
    };
  });

/**
 * PUT /api/admin/fahrzeuge/{id}: saves every field and the opening times. Without the old vehicle data
 * (`alt`) the update is refused with the spec's message; when the vehicle changed since the dialog loaded
 * it, 409. The bookings the change cancels (spec §4) must all be among `bestaetigteStornos` (else 409 and
 * nothing saved); they are cancelled with the spec's reason and their bookers mailed. Deactivating writes a
 * DEAKTIVIERUNG history entry.
 */
export const updateFahrzeugAdmin = (
  deps: FahrzeugDeps,
  user: SessionUser,
  id: string,
  aenderung: TFahrzeugAdminAenderung,
): Promise<TFahrzeugAdminGespeichert> =>
  inVerwaltung(deps, user, async (tx) => {
    const now = deps.now();
    const input = aenderung.fahrzeug;
    const zeilen = pruefeEingabe(input);
    const row = await lockFahrzeugAdmin(tx, id);
    if (!row) throw nichtGefunden('fahrzeug', id);
    // the domain rule refuses an update without the old data (spec §4, §8)
    const storno = await stornosFuer(tx, row, input, { mitAltdaten: !!aenderung.alt, now });
    if (aenderung.alt?.updatedAt !== row.updatedAt.toISOString()) throw new DomainError('fahrzeug.veraltet');
    const bestaetigt = new Set(aenderung.bestaetigteStornos);
    const unbestaetigt = storno.buchungen.filter((b) => !bestaetigt.has(b.id));
    if (unbestaetigt.length > 0)
      throw new DomainError('fahrzeug.stornierung_bestaetigen', { anzahl: storno.buchungen.length });
    await assertKennzeichenFrei(tx, input.kennzeichen, id);

    const storniert = (
      await storniereDurchSystem(tx, deps, user, {
        ids: storno.buchungen.map((b) => b.id),
        grund: storno.grund,
        grundIn: (sprache) => stornoGrundText({ grund: storno.grund, sprache }),
      })
    ).length;
    const werte = werteAus(input);
    await guardKennzeichen(input.kennzeichen, () => updateFahrzeug(tx, id, werte));
    // without rows in the input the stored ones stay; the set's validity still follows the vehicle
    const neueZeilen =
      zeilen ??
      (
        await findOeffnungszeitZeilen(tx, row.fahrzeugOeffnungszeitId ? [row.fahrzeugOeffnungszeitId] : [])
      ).map(({ wochentag, von, bis, geoeffnet }) => ({ wochentag, von, bis, geoeffnet }));
    const setId = await replaceOeffnungszeiten(tx, {
      mandantId: user.mandantId,
      fahrzeugId: id,
      setId: row.fahrzeugOeffnungszeitId,
      gueltigVon: input.gueltigVon,
      buchungAusserhalbMoeglich: input.buchungAusserhalbMoeglich,
      zeilen: neueZeilen,
    });
    if (setId !== row.fahrzeugOeffnungszeitId)
      await updateFahrzeug(tx, id, { fahrzeugOeffnungszeitId: setId });
    if (setId)
      await ersetzeFahrzeugZeilen(tx, {
        mandantId: user.mandantId,
        fahrzeugOeffnungszeitId: setId,
        zeilen: neueZeilen,
      });
    if (input.deaktiviert && !row.deaktiviert)
      await schreibeFahrzeugHistorie(tx, {
        mandantId: user.mandantId,
        fahrzeugId: id,
        typ: 'DEAKTIVIERUNG',
        beschreibung: storno.grund,
        benutzerId: user.benutzerId,
        zeitpunkt: now,
      });
    if (!input.deaktiviert && row.deaktiviert)
      await schreibeFahrzeugHistorie(tx, {
        mandantId: user.mandantId,
        fahrzeugId: id,
        typ: 'STATUSAENDERUNG',
        beschreibung: 'Fahrzeug wieder aktiviert',
        benutzerId: user.benutzerId,
        zeitpunkt: now,
      });
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'fahrzeug',
      entityId: id,
      oldValue: { ...standVon(row), kennzeichen: row.kennzeichen },
      newValue: {
        ...werte,
        oeffnungszeiten: neueZeilen,
        storniert,
        grund: storniert > 0 ? storno.grund : null,
      },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id });
    return { fahrzeug: await ladeEines(tx, id, now), storniert };
  });

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
