/**
 * Trips (decision 062): check-in and check-out of a vehicle booking write history entries of type
 * CHECK_IN and CHECK_OUT (spec §4: these decide whether a trip is under way or back); the check-out also writes
 * the trip's logbook entry. The logbook is append-only and hash-chained per vehicle: a later version (addition or
 * correction) and a trip recorded by hand are new rows, and `pruefeFahrtenbuch` recomputes the chain.
 */
import { createHash, randomUUID } from 'node:crypto';
import { arraySetting, booleanSetting, stringSetting } from '@stellwerk/domain/customizing';
import { DomainError } from '@stellwerk/domain/errors';
import type {
  TCheckInEingabe,
  TCheckInVorlage,
  TCheckOutEingabe,
  TFahrtAngabenEingabe,
  TFahrtenbuch,
  TFahrtenbuchAnker,
  TFahrtenbuchFassung,
  TFassungEingabe,
  THandEintragEingabe,
  TKettenPruefung,
  TOffenerSchaden,
} from '@stellwerk/domain/fahrtenbuch/api';
import {
  aktuelleFassungen,
  assertFahrt,
  assertNeueFassung,
  ergaenzbarBis,
  type FahrtAngaben,
  type FahrtenbuchEintrag,
  fehlendeAngaben,
  isErgaenzbar,
  sichtbarerEintrag,
  strecke,
} from '@stellwerk/domain/fahrtenbuch/eintrag';
import {
  assertAbstellplatz,
  assertSchaeden,
  fuhrparkMeldung,
  SCHADEN_ORTE,
  type SchadenOrt,
  vorCheckOut,
} from '@stellwerk/domain/fahrtenbuch/fahrt-schritt';
import {
  type KettenInhalt,
  kettenPruefer,
  kopfPruefer,
  verketten,
} from '@stellwerk/domain/fahrtenbuch/kette';
import { assertPasstInKette, kilometerLuecken } from '@stellwerk/domain/fahrtenbuch/kilometer';
import {
  assertKilometerstand,
  assertReinigungszustand,
  assertTankfuellung,
} from '@stellwerk/domain/fahrzeug/historie';
import type { TFahrzeugHistorie, TFahrzeugHistorieQuery } from '@stellwerk/domain/fahrzeug/historie-api';
import type { TFahrzeugBuchung } from '@stellwerk/domain/fahrzeug-buchung/api';
import { STORNO_GRUND } from '@stellwerk/domain/fahrzeug-buchung/machine';
import { parseLanguage } from '@stellwerk/domain/language';
import type { PermissionName } from '@stellwerk/domain/permissions';
import { parseHistorieTyp } from '@stellwerk/domain/status';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
  formatTimeDE,
} from '@stellwerk/domain/time';
import type { Tx } from '../../../db/client.ts';
import type { Upload } from '../../../http/multipart-upload.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { aktiveInhaber } from '../../identitaet/auth/auth.inhaber.ts';
import {
  loadEffectiveSettings,
  loadFeatureSwitches,
} from '../../verwaltung/customizing/customizing.service.ts';
import { publishEvent } from '../../plattform/events/events.service.ts';
import {
  type FahrtSchrittKontext,
  fahrtSchritt,
  projiziereFahrt,
  sperreBuchungZeile,
} from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.fahrt-schritt.ts';
import type { FahrzeugBuchungDeps } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.kontext.ts';
import { storniereDurchSystem } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.system-storno.ts';
import { sperreEintragen } from '../../fahrzeuge/fahrzeug-sperre/fahrzeug-sperre.service.ts';
import type { FahrtMeldungParams } from '../../plattform/mail/mail.fahrt-templates.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import {
  discardUpload,
  recordUpload,
  type WrittenUpload,
  writeUpload,
} from '../../plattform/storage/storage.service.ts';
import {
  type AnkerRow,
  type EintragRow,
  findAbstellplaetze,
  findAnker,
  findBuchungenByIdsFuerFahrt,
  findCheckIn,
  findEintraege,
  findEintrag,
  findFahrzeugKopf,
  findFahrzeugStand,
  findBelegeVon,
  findBelegeZuBuchungen,
  findHistorie,
  findKettenEnde,
  findKettenKopf,
  findKettenSeite,
  findKopfHash,
  findLetzterKilometerstand,
  findOffeneFahrten,
  findOffeneSchaeden,
  findPersonNamen,
  findPersonNamenMitMail,
  insertBelege,
  insertEintrag,
  insertHistorie,
  insertNachgetragenerCheckOut,
  insertSchaeden,
  isKorrigiert,
  lockFahrzeugKopf,
  markSchadenBehoben,
} from './fahrt.repository.ts';

export type FahrtDeps = FahrzeugBuchungDeps & { dataDir: string };

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

// --- check-in and check-out -------------------------------------------------------------------------------

const leerZuNull = (s: string | null | undefined): string | null => (s && s.trim() !== '' ? s.trim() : null);

/** The files of a check-in or check-out: receipts, and a photo per damage by the damage's index. */
export type FahrtDateien = {
  belege: readonly Upload[];
  schadenFotos: ReadonlyMap<number, Upload>;
};

const KEINE_DATEIEN: FahrtDateien = { belege: [], schadenFotos: new Map() };

/**
 * Spec §5: fuel 0 to 100; at check-in the mileage greater than the vehicle's last reading (equal is refused;
 * 'Kilometerstand muss größer als {value} sein.' names the last reading itself, decision 092), at check-out not
 * below the trip's check-in reading (a trip of 0 km is recorded: 'Kilometerstand muss mindestens {value} sein.');
 * cleanliness
 * from the tenant's list; the parking spot from the location's (decision 064); every damage with its place and
 * description ('Bitte alle Pflichtfelder ausfüllen.').
 */
const pruefeAblesung = async (
  { tx, fahrzeug, settings }: FahrtSchrittKontext,
  input: TCheckInEingabe,
  schritt: 'checkIn' | 'checkOut',
  startKm: number | null = null,
): Promise<void> => {
  assertTankfuellung(input.tankfuellung);
  if (!Number.isInteger(input.kilometerstand) || input.kilometerstand < 0)
    throw new DomainError('fahrtenbuch.kilometer_ungueltig');
  if (schritt === 'checkIn')
    assertKilometerstand({
      neu: input.kilometerstand,
      letzter: await findLetzterKilometerstand(tx, fahrzeug.id),
    });
  else if (startKm !== null && input.kilometerstand < startKm)
    throw new DomainError('fahrtenbuch.kilometer_unter_beginn', { value: startKm });
  const liste = arraySetting(settings, 'FahrzeugReinigungszustaende').map(String);
  assertReinigungszustand({ art: 'Aussen', wert: input.sauberkeitAussen, liste });
  assertReinigungszustand({ art: 'Innen', wert: input.sauberkeitInnen, liste });
  assertAbstellplatz({
    wert: leerZuNull(input.abstellplatz),
    liste: await findAbstellplaetze(tx, fahrzeug.standortId),
    pflicht: schritt === 'checkOut',
  });
  assertSchaeden(input.schaeden);
};

const berlinZeit = (d: Date): string => `${formatDateDE(d)} ${formatTimeDE(d)}`;

/**
 * Writes the step's history entry with its receipts and damages (photos recorded from the written uploads),
 * mails the fleet managers when cleanliness reached a threshold or a damage was reported, and for a
 * safety-relevant damage returns what blocks the vehicle once the booking row took the step (decision 064).
 */
const schreibeSchritt = async (
  deps: FahrtDeps,
  user: SessionUser,
  kontext: FahrtSchrittKontext,
  input: TCheckInEingabe,
  schritt: 'checkIn' | 'checkOut',
  dateien: { belege: WrittenUpload[]; schadenFotos: Map<number, WrittenUpload> },
): Promise<(() => Promise<void>) | undefined> => {
  const { tx, row, fahrzeug, settings, now, buchung } = kontext;
  const historieId = await insertHistorie(tx, {
    mandantId: user.mandantId,
    fahrzeugId: fahrzeug.id,
    fahrzeugBuchungId: row.id,
    typ: schritt === 'checkIn' ? 'CHECK_IN' : 'CHECK_OUT',
    zeitpunkt: now,
    kilometerstand: input.kilometerstand,
    tankfuellung: input.tankfuellung,
    sauberkeitAussen: input.sauberkeitAussen,
    sauberkeitInnen: input.sauberkeitInnen,
    abstellplatz: leerZuNull(input.abstellplatz),
    schaeden: input.schaeden.map((s) => ({ beschreibung: s.beschreibung })),
    benutzerId: user.benutzerId,
  });
  const belegIds: string[] = [];
  for (const written of dateien.belege)
    belegIds.push(await recordUpload(tx, { mandantId: user.mandantId, written, now }));
  await insertBelege(tx, { mandantId: user.mandantId, historieId, dateiIds: belegIds });
  const fotoIds = new Map<number, string>();
  for (const [index, written] of dateien.schadenFotos)
    fotoIds.set(index, await recordUpload(tx, { mandantId: user.mandantId, written, now }));
  await insertSchaeden(
    tx,
    input.schaeden.map((s, i) => ({
      mandantId: user.mandantId,
      fahrzeugId: fahrzeug.id,
      historieId,
      ort: s.ort,
      beschreibung: s.beschreibung.trim(),
      sicherheitsrelevant: s.sicherheitsrelevant,
      fotoId: fotoIds.get(i) ?? null,
      gemeldetAm: now,
      gemeldetVonId: user.benutzerId,
    })),
  );

  const meldung = fuhrparkMeldung({
    sauberkeitInnen: input.sauberkeitInnen,
    sauberkeitAussen: input.sauberkeitAussen,
    schwelleInnen: stringSetting(settings, 'FahrzeugReinigungsschwelleInnen'),
    schwelleAussen: stringSetting(settings, 'FahrzeugReinigungsschwelleAussen'),
    liste: arraySetting(settings, 'FahrzeugReinigungszustaende').map(String),
    schaeden: input.schaeden,
  });
  if (!meldung.melden) return undefined;
  const fahrer = buchung.fahrer ?? buchung.buchender;
  const mailParams = (sperre?: { umgebucht: number; storniert: number }): FahrtMeldungParams => ({
    schritt,
    fahrzeug: `${buchung.fahrzeug.marke} ${buchung.fahrzeug.modell}`,
    kennzeichen: buchung.fahrzeug.kennzeichen,
    fahrer: fahrer.name,
    zeitpunkt: berlinZeit(now),
    kilometerstand: input.kilometerstand,
    sauberkeitInnen: input.sauberkeitInnen,
    sauberkeitAussen: input.sauberkeitAussen,
    schwelle: meldung.sauberkeit,
    schaeden: input.schaeden.map((s, i) => {
      const foto = fotoIds.get(i);
      return {
        ort: s.ort,
        beschreibung: s.beschreibung.trim(),
        sicherheitsrelevant: s.sicherheitsrelevant,
        foto: foto ? `${deps.publicUrl}/api/dateien/${foto}` : null,
      };
    }),
    belege: belegIds.map((id) => `${deps.publicUrl}/api/dateien/${id}`),
    ...(sperre ? { gesperrtAb: berlinZeit(now), ...sperre } : {}),
    url: `${deps.publicUrl}/admin/fahrzeuge`,
  });
  const melde = async (sperre?: { umgebucht: number; storniert: number }) => {
    const empfaenger = await findPersonNamenMitMail(tx, await aktiveInhaber(tx, 'fahrzeug_pflege'));
    for (const p of empfaenger)
      await enqueueMail(
        tx,
        {
          mandantId: user.mandantId,
          to: p.email,
          template: 'fahrt_meldung',
          language: parseLanguage(stringSetting(await loadEffectiveSettings(tx, p.id), 'Sprache')),
          params: mailParams(sperre),
        },
        now,
      );
  };
  if (!meldung.sicherheitsrelevant) {
    await melde();
    return undefined;
  }
  return async () => {
    if (schritt === 'checkIn') {
      // the vehicle must not be driven: the trip ends where it began (decision 064)
      await insertNachgetragenerCheckOut(tx, {
        mandantId: user.mandantId,
        fahrzeugId: fahrzeug.id,
        fahrzeugBuchungId: row.id,
        zeitpunkt: now,
        benutzerId: user.benutzerId,
      });
      // checked in before its start: the trip is cancelled with the defect's reason; otherwise it ends now
      if (now.getTime() <= row.von.getTime())
        await storniereDurchSystem(tx, deps, user, { ids: [row.id], grund: STORNO_GRUND.DEFEKT });
      else await projiziereFahrt(tx, { ...row, status: 'aktiv' }, 'checkOut', now);
    }
    const ergebnis = await sperreEintragen(
      tx,
      deps,
      user,
      {
        fahrzeugId: fahrzeug.id,
        typ: 'DEFEKT',
        von: now.toISOString(),
        bis: berlinInstant(addCalendarDays(berlinDateKey(now), SPERRE_TAGE + 1), '00:00').toISOString(),
        sicherheitsrelevant: true,
        informationstext: input.schaeden
          .filter((s) => s.sicherheitsrelevant)
          .map((s) => s.beschreibung.trim())
          .join('; ')
          .slice(0, 1000),
        umbuchungen: [],
      },
      { alleUmbuchen: true },
    );
    await melde({ umgebucht: ergebnis.umgebucht.length, storniert: ergebnis.storniert.length });
  };
};

/** Days a safety-relevant damage blocks the vehicle until the fleet manager lifts the block (decision 064). */
const SPERRE_TAGE = 14;

/** Writes the uploads to their buckets before the transaction; removes them again when it fails. */
const mitDateien = async <T>(
  deps: FahrtDeps,
  user: SessionUser,
  input: TCheckInEingabe,
  dateien: FahrtDateien,
  fn: (written: { belege: WrittenUpload[]; schadenFotos: Map<number, WrittenUpload> }) => Promise<T>,
): Promise<T> => {
  for (const index of dateien.schadenFotos.keys())
    if (index >= input.schaeden.length) throw new DomainError('validation.pflichtfelder');
  const alle: WrittenUpload[] = [];
  try {
    const belege: WrittenUpload[] = [];
    for (const b of dateien.belege) {
      const w = await writeUpload(deps.dataDir, user.mandantId, 'belege', b);
      alle.push(w);
      belege.push(w);
    }
    const schadenFotos = new Map<number, WrittenUpload>();
    for (const [index, f] of dateien.schadenFotos) {
      const w = await writeUpload(deps.dataDir, user.mandantId, 'schaeden', f);
      alle.push(w);
      schadenFotos.set(index, w);
    }
    return await fn({ belege, schadenFotos });
  } catch (err) {
    for (const w of alle) await discardUpload(deps.dataDir, w).catch(() => undefined);
    throw err;
  }
};

/**
 * POST /api/fahrzeug-buchungen/{id}/check-in: the driver starts the trip (history entry CHECK_IN) with readings,
 * damages found (with photos) and receipts. When the vehicle's previous trip is still checked in, decision 063
 * (`VorCheckOutAkzeptieren`) records its missing check-out or refuses.
 */
export const checkIn = (
  deps: FahrtDeps,
  user: SessionUser,
  id: string,
  input: TCheckInEingabe,
  dateien: FahrtDateien = KEINE_DATEIEN,
): Promise<TFahrzeugBuchung> =>
  mitDateien(deps, user, input, dateien, (written) =>
    fahrtSchritt(deps, user, id, 'checkIn', async (kontext) => {
      await pruefeAblesung(kontext, input, 'checkIn');
      const offen = await findOffeneFahrten(kontext.tx, {
        fahrzeugId: kontext.fahrzeug.id,
        ausser: kontext.row.id,
      });
      const vorher = vorCheckOut({
        vorherigeOffen: offen.length > 0,
        akzeptieren: booleanSetting(kontext.settings, 'VorCheckOutAkzeptieren'),
      });
      if (vorher === 'nachtragen')
        for (const vorherigeId of offen) {
          const vorherige = await sperreBuchungZeile(kontext.tx, vorherigeId);
          if (!vorherige) continue;
          await insertNachgetragenerCheckOut(kontext.tx, {
            mandantId: user.mandantId,
            fahrzeugId: kontext.fahrzeug.id,
            fahrzeugBuchungId: vorherigeId,
            zeitpunkt: kontext.now,
            benutzerId: user.benutzerId,
          });
          await projiziereFahrt(kontext.tx, vorherige, 'checkOut', kontext.now);
        }
      return schreibeSchritt(deps, user, kontext, input, 'checkIn', written);
    }),
  );

const offenerSchaden = (s: Awaited<ReturnType<typeof findOffeneSchaeden>>[number]): TOffenerSchaden => ({
  id: s.id,
  ort: (SCHADEN_ORTE as readonly string[]).includes(s.ort) ? (s.ort as SchadenOrt) : 'sonstiges',
  beschreibung: s.beschreibung,
  sicherheitsrelevant: s.sicherheitsrelevant,
  fotoId: s.fotoId,
  gemeldetAm: s.gemeldetAm.toISOString(),
  gemeldetVon: s.vorname === null ? null : `${s.vorname} ${s.nachname ?? ''}`.trim(),
});

/** GET /api/fahrzeuge/{id}/schaeden: the vehicle's open damages, newest first, for the fleet managers. */
export const listOffeneSchaeden = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
): Promise<TOffenerSchaden[]> =>
  imModul(deps, user, async (tx) => {
    if (!(await findFahrzeugKopf(tx, fahrzeugId))) throw new DomainError('not_found');
    return (await findOffeneSchaeden(tx, fahrzeugId)).map(offenerSchaden);
  });

/**
 * POST /api/fahrzeuge/{id}/schaeden/{schadenId}/behoben: the fleet manager marks a damage repaired; it is no
 * longer shown at check-in. Marking it again changes nothing. A DEFEKT block stays until the fleet manager lifts
 * it (decision 075: the repair of one damage and the vehicle's return to service are separate decisions).
 */
export const markiereSchadenBehoben = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
  schadenId: string,
): Promise<void> =>
  imModul(deps, user, async (tx) => {
    const done = await markSchadenBehoben(tx, { fahrzeugId, schadenId, now: deps.now() });
    if (!done) throw new DomainError('not_found');
    await writeAudit(tx, {
      mandantId: user.mandantId,
      benutzerId: user.benutzerId,
      action: 'update',
      entity: 'fahrzeug_schaden',
      entityId: schadenId,
      newValue: { fahrzeugId, behobenAm: done.behobenAm.toISOString() },
    });
    await publishEvent(tx, user.mandantId, { type: 'fahrzeug', id: fahrzeugId });
  });

/**
 * GET /api/fahrzeug-buchungen/{id}/check-in: what the check-in and check-out dialogs show: the proposed mileage
 * (the highest reading so far), the cleaning states, the location's parking spots, the open damages with photos,
 * and whether the previous trip is still open. For the trip's driver.
 */
export const checkInVorlage = (deps: FahrtDeps, user: SessionUser, id: string): Promise<TCheckInVorlage> =>
  imModul(deps, user, async (tx) => {
    const [row] = await findBuchungenByIdsFuerFahrt(tx, [id]);
    if (!row) throw new DomainError('not_found');
    const fahrerId = row.fahrerId ?? row.benutzerId;
    if (
      fahrerId !== user.benutzerId &&
      row.benutzerId !== user.benutzerId &&
      !user.permissions.has('fahrzeug_pflege')
    )
      throw new DomainError('not_found');
    const kopf = await findFahrzeugStand(tx, row.fahrzeugId);
    if (!kopf) throw new DomainError('not_found');
    const settings = await loadEffectiveSettings(tx, user.benutzerId);
    const schaeden = await findOffeneSchaeden(tx, row.fahrzeugId);
    return {
      kilometerstand: await findLetzterKilometerstand(tx, row.fahrzeugId),
      reinigungszustaende: arraySetting(settings, 'FahrzeugReinigungszustaende').map(String),
      abstellplaetze: await findAbstellplaetze(tx, kopf.standortId),
      elektro: (kopf.kraftstoff ?? '').toLowerCase().startsWith('elektro'),
      offeneSchaeden: schaeden.map(offenerSchaden),
      vorherigeOffen:
        (await findOffeneFahrten(tx, { fahrzeugId: row.fahrzeugId, ausser: row.id })).length > 0,
      vorCheckOutAkzeptieren: booleanSetting(settings, 'VorCheckOutAkzeptieren'),
    };
  });

const angabenAus = (
  input: TFahrtAngabenEingabe,
  basis: Omit<FahrtAngaben, 'art' | 'ziel' | 'zweck' | 'partner' | 'umweg' | 'notiz'>,
): FahrtAngaben => ({
  ...basis,
  art: input.art,
  ziel: leerZuNull(input.ziel),
  zweck: leerZuNull(input.zweck),
  partner: leerZuNull(input.partner),
  umweg: leerZuNull(input.umweg),
  notiz: leerZuNull(input.notiz),
});

/** Appends a version to the vehicle's chain (the vehicle row is locked by the caller). */
const anhaengen = async (
  tx: Tx,
  mandantId: string,
  inhalt: KettenInhalt,
): Promise<FahrtenbuchEintrag & { laufnummer: number }> => {
  const ende = await findKettenEnde(tx, inhalt.fahrzeugId);
  const eintrag = {
    ...verketten({ inhalt, letzterHash: ende?.hash ?? null, hash: sha256 }),
    laufnummer: (ende?.laufnummer ?? 0) + 1,
  };
  await insertEintrag(tx, { ...eintrag, mandantId });
  return eintrag;
};

/**
 * POST /api/fahrzeug-buchungen/{id}/check-out: the driver ends the trip (history entry CHECK_OUT) and states it
 * for the logbook; the booking's trip reason, destination and destination person are the defaults. A business
 * trip's purpose and partner may follow within the completion period (decision 062). A trip of 0 km writes its
 * entry too (decision 092).
 */
export const checkOut = (
  deps: FahrtDeps,
  user: SessionUser,
  id: string,
  input: TCheckOutEingabe,
  dateien: FahrtDateien = KEINE_DATEIEN,
): Promise<TFahrzeugBuchung> =>
  mitDateien(deps, user, input, dateien, (written) =>
    fahrtSchritt(deps, user, id, 'checkOut', async (kontext) => {
      const { tx, row, buchung, fahrzeug, now } = kontext;
      const start = await findCheckIn(tx, row.id);
      if (!start) throw new DomainError('fahrzeug_buchung.nicht_eingecheckt');
      await pruefeAblesung(kontext, input, 'checkOut', start.kilometerstand);
      const danach = await schreibeSchritt(deps, user, kontext, input, 'checkOut', written);
      const kmBeginn = start.kilometerstand ?? input.kilometerstand;
      // a trip of 0 km (checked in, not driven) is a trip too: it gets its entry (decision 092)
      const fahrer = buchung.fahrer ?? buchung.buchender;
      const angaben = angabenAus(
        {
          ...input.fahrt,
          ziel: input.fahrt.ziel ?? row.zielAdresse,
          zweck: input.fahrt.zweck ?? row.anlass,
          partner: input.fahrt.partner ?? row.zielPerson,
          umweg: input.fahrt.umweg ?? row.umweg,
        },
        {
          beginn: start.zeitpunkt,
          ende: now,
          kmBeginn,
          kmEnde: input.kilometerstand,
          fahrerId: fahrer.id,
          fahrerName: fahrer.name,
        },
      );
      assertFahrt(angaben, { pflichtfelder: false });
      const ich = (await findPersonNamen(tx, [user.benutzerId])).get(user.benutzerId) ?? '';
      await anhaengen(tx, user.mandantId, {
        ...angaben,
        id: randomUUID(),
        fahrzeugId: fahrzeug.id,
        kennzeichen: buchung.fahrzeug.kennzeichen,
        fahrzeugBuchungId: row.id,
        quelle: 'fahrt',
        korrigiertId: null,
        grund: null,
        erfasstAm: now,
        erfasstVonId: user.benutzerId,
        erfasstVonName: ich,
      });
      return danach;
    }),
  );

// --- the logbook ------------------------------------------------------------------------------------------

/** Who reads a vehicle's whole logbook: fleet administrators and the holders of the logbook report right. */
const LESER: readonly PermissionName[] = ['fahrzeug_pflege', 'fahrzeug_logbuch_report'];
const darfLesen = (user: SessionUser): boolean => LESER.some((p) => user.permissions.has(p));

/** In the tenant's transaction, when the tenant has vehicle booking (404 otherwise, like a missing page). */
const imModul = <T>(deps: FahrtDeps, user: SessionUser, fn: (tx: Tx) => Promise<T>): Promise<T> =>
  deps.database.withTenant(user.mandantId, async (tx) => {
    if (!(await loadFeatureSwitches(tx)).FahrzeugBuchung) throw new DomainError('not_found');
    return fn(tx);
  });

const toFassung = (e: EintragRow, betrachterId: string): TFahrtenbuchFassung => {
  const s = sichtbarerEintrag({ eintrag: e, betrachterId });
  return {
    id: s.id,
    laufnummer: s.laufnummer,
    quelle: s.quelle,
    fahrzeugBuchungId: s.fahrzeugBuchungId,
    korrigiertId: s.korrigiertId,
    grund: s.grund,
    art: s.art,
    beginn: s.beginn.toISOString(),
    ende: s.ende.toISOString(),
    kmBeginn: s.kmBeginn,
    kmEnde: s.kmEnde,
    strecke: strecke(s),
    fahrer: { id: s.fahrerId, name: s.fahrerName },
    ziel: s.ziel,
    zweck: s.zweck,
    partner: s.partner,
    umweg: s.umweg,
    notiz: s.notiz,
    erfasstAm: s.erfasstAm.toISOString(),
    erfasstVon: { id: s.erfasstVonId, name: s.erfasstVonName },
    hash: s.hash,
  };
};

/** A calendar year in Berlin: the default period of the logbook. */
const kalenderjahr = (now: Date): { von: Date; bis: Date } => {
  const jahr = Number(berlinDateKey(now).slice(0, 4));
  return { von: berlinInstant(`${jahr}-01-01`, '00:00'), bis: berlinInstant(`${jahr + 1}-01-01`, '00:00') };
};

/** Whether `user` may add a version to an entry: its driver, or a fleet administrator, within the period. */
const kannErgaenzen = (e: EintragRow, user: SessionUser, now: Date): boolean =>
  (e.fahrerId === user.benutzerId || user.permissions.has('fahrzeug_pflege')) &&
  isErgaenzbar({ ende: e.ende, now });

/** GET /api/fahrzeuge/{id}/fahrtenbuch: the trips that began in the period, each with its versions. */
export const getFahrtenbuch = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
  query: { von?: string; bis?: string },
): Promise<TFahrtenbuch> =>
  imModul(deps, user, async (tx) => {
    if (!darfLesen(user)) throw new DomainError('auth.forbidden');
    const kopf = await findFahrzeugKopf(tx, fahrzeugId);
    if (!kopf) throw new DomainError('not_found');
    const now = deps.now();
    const standard = kalenderjahr(now);
    const von = query.von ? new Date(query.von) : standard.von;
    const bis = query.bis ? new Date(query.bis) : standard.bis;
    if (!(von.getTime() < bis.getTime())) throw new DomainError('fahrtenbuch.ende_vor_beginn');
    const alle = await findEintraege(tx, fahrzeugId);
    const imZeitraum = aktuelleFassungen(alle).filter(
      ({ aktuell }) => aktuell.beginn.getTime() >= von.getTime() && aktuell.beginn.getTime() < bis.getTime(),
    );
    imZeitraum.sort((a, b) => a.aktuell.beginn.getTime() - b.aktuell.beginn.getTime());
    const aktuelle = imZeitraum.map((e) => e.aktuell);
    const belege = await findBelegeZuBuchungen(
      tx,
      aktuelle.flatMap((e) => (e.fahrzeugBuchungId ? [e.fahrzeugBuchungId] : [])),
    );
    return {
      fahrzeug: kopf,
      von: von.toISOString(),
      bis: bis.toISOString(),
      eintraege: imZeitraum.map(({ aktuell, fruehere }) => ({
        aktuell: toFassung(aktuell, user.benutzerId),
        fruehere: fruehere.map((f) => toFassung(f, user.benutzerId)),
        fehlend: fehlendeAngaben(aktuell) as Array<'ziel' | 'zweck' | 'partner' | 'notiz'>,
        ergaenzbarBis: ergaenzbarBis(aktuell.ende).toISOString(),
        kannErgaenzen: kannErgaenzen(aktuell, user, now),
        belege: (aktuell.fahrzeugBuchungId ? (belege.get(aktuell.fahrzeugBuchungId) ?? []) : []).map(
          (id) => ({
            id,
            url: `/api/dateien/${id}`,
          }),
        ),
      })),
      luecken: kilometerLuecken(aktuelle).map((l) => ({
        ...l,
        vonZeit: l.vonZeit.toISOString(),
        bisZeit: l.bisZeit.toISOString(),
      })),
      summeKm: aktuelle.reduce((s, e) => s + strecke(e), 0),
      anker: toAnker(await findAnker(tx, fahrzeugId)),
    };
  });

/**
 * POST /api/fahrtenbuch/{id}/fassungen: a new version of an entry (the driver or a fleet administrator), an
 * addition or, with a reason, a correction, within the completion period. Only the current version can be
 * replaced (409 otherwise).
 */
export const neueFassung = (
  deps: FahrtDeps,
  user: SessionUser,
  eintragId: string,
  input: TFassungEingabe,
): Promise<TFahrtenbuchFassung> =>
  imModul(deps, user, async (tx) => {
    const vorab = await findEintrag(tx, eintragId);
    if (!vorab || (vorab.fahrerId !== user.benutzerId && !darfLesen(user)))
      throw new DomainError('not_found');
    const kopf = await lockFahrzeugKopf(tx, vorab.fahrzeugId);
    const alt = await findEintrag(tx, eintragId);
    if (!kopf || !alt) throw new DomainError('not_found');
    if (alt.fahrerId !== user.benutzerId && !user.permissions.has('fahrzeug_pflege'))
      throw new DomainError('auth.forbidden');
    if (await isKorrigiert(tx, alt.id)) throw new DomainError('conflict');
    const now = deps.now();
    const neu = angabenAus(input, {
      beginn: alt.beginn,
      ende: alt.ende,
      kmBeginn: input.kmBeginn ?? alt.kmBeginn,
      kmEnde: input.kmEnde ?? alt.kmEnde,
      fahrerId: alt.fahrerId,
      fahrerName: alt.fahrerName,
    });
    const grund = leerZuNull(input.grund);
    assertNeueFassung({ alt, neu, grund, now });
    // corrected readings must still fit between the trips before and after (decision 092)
    if (neu.kmBeginn !== alt.kmBeginn || neu.kmEnde !== alt.kmEnde)
      assertPasstInKette({
        fahrt: { id: alt.id, ...neu },
        fahrten: aktuelleFassungen(await findEintraege(tx, alt.fahrzeugId)).map((e) => e.aktuell),
      });
    const ich = (await findPersonNamen(tx, [user.benutzerId])).get(user.benutzerId) ?? '';
    const eintrag = await anhaengen(tx, user.mandantId, {
      ...neu,
      id: randomUUID(),
      fahrzeugId: alt.fahrzeugId,
      kennzeichen: alt.kennzeichen,
      fahrzeugBuchungId: alt.fahrzeugBuchungId,
      quelle: alt.quelle,
      korrigiertId: alt.id,
      grund,
      erfasstAm: now,
      erfasstVonId: user.benutzerId,
      erfasstVonName: ich,
    });
    return toFassung(eintrag, user.benutzerId);
  });

/**
 * POST /api/fahrzeuge/{id}/fahrtenbuch: a trip recorded by hand by a fleet administrator (a gap in the mileage
 * chain explained), complete, fitting between its neighbours, labelled as such with the reason.
 */
export const handEintrag = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
  input: THandEintragEingabe,
): Promise<TFahrtenbuchFassung> =>
  imModul(deps, user, async (tx) => {
    if (!user.permissions.has('fahrzeug_pflege')) throw new DomainError('auth.forbidden');
    const kopf = await lockFahrzeugKopf(tx, fahrzeugId);
    if (!kopf) throw new DomainError('not_found');
    const namen = await findPersonNamen(tx, [input.fahrerId, user.benutzerId]);
    const fahrerName = namen.get(input.fahrerId);
    if (fahrerName === undefined) throw new DomainError('not_found');
    const angaben = angabenAus(input, {
      beginn: new Date(input.beginn),
      ende: new Date(input.ende),
      kmBeginn: input.kmBeginn,
      kmEnde: input.kmEnde,
      fahrerId: input.fahrerId,
      fahrerName,
    });
    assertFahrt(angaben);
    const id = randomUUID();
    assertPasstInKette({
      fahrt: { id, ...angaben },
      fahrten: aktuelleFassungen(await findEintraege(tx, fahrzeugId)).map((e) => e.aktuell),
    });
    const eintrag = await anhaengen(tx, user.mandantId, {
      ...angaben,
      id,
      fahrzeugId,
      kennzeichen: kopf.kennzeichen,
      fahrzeugBuchungId: null,
      quelle: 'hand',
      korrigiertId: null,
      grund: leerZuNull(input.grund),
      erfasstAm: deps.now(),
      erfasstVonId: user.benutzerId,
      erfasstVonName: namen.get(user.benutzerId) ?? '',
    });
    return toFassung(eintrag, user.benutzerId);
  });

/** The retention purge's anchor as the API shows it (decision 081). */
const toAnker = (anker: AnkerRow | undefined): TFahrtenbuchAnker | null =>
  anker
    ? {
        bisLaufnummer: anker.bisLaufnummer,
        bisEnde: anker.bisEnde.toISOString(),
        anzahl: anker.anzahl,
        geloeschtAm: anker.geloeschtAm.toISOString(),
      }
    : null;

/** Versions per page of the chain check: a long chain is never held whole. */
const PRUEFUNG_SEITE = 1000;

/**
 * Recomputes a vehicle's whole chain from its anchor (decision 081) and compares it with the heads the database
 * recorded at every append (decision 091): the first version whose content or link does not fit, else a removed
 * tail (or stretch) by number, else a stored version that is not the one recorded. Read in pages within `tx`.
 */
export const kettenBefund = async (tx: Tx, fahrzeugId: string): Promise<TKettenPruefung> => {
  const anker = await findAnker(tx, fahrzeugId);
  const ab = anker?.bisLaufnummer ?? 0;
  const kette = kettenPruefer({ hash: sha256, anfang: anker?.hash });
  const koepfe = kopfPruefer({
    ab,
    anker: anker ? { hash: anker.hash, kopfHash: await findKopfHash(tx, fahrzeugId, ab) } : null,
  });
  let fehlerNr = 0;
  let nach = ab;
  for (;;) {
    const seite = await findKettenSeite(tx, { fahrzeugId, nachLaufnummer: nach, anzahl: PRUEFUNG_SEITE });
    for (const e of seite) {
      const { kopfHash, laufnummer, ...eintrag } = e;
      kette.glied(eintrag);
      if (fehlerNr === 0 && !kette.ergebnis().ok) fehlerNr = laufnummer;
      koepfe.glied({ laufnummer, hash: e.hash, kopfHash });
    }
    if (seite.length < PRUEFUNG_SEITE) break;
    nach = seite.at(-1)?.laufnummer ?? nach;
  }
  const kopf = (await findKettenKopf(tx, fahrzeugId)) ?? null;
  const ergebnis = kette.ergebnis();
  const kopfBefund = koepfe.ende(kopf);
  const gemeinsam = { anzahl: ergebnis.anzahl, anker: toAnker(anker), kopf };
  if (!ergebnis.ok)
    return {
      ...gemeinsam,
      ok: false,
      letzterHash: null,
      fehler: {
        laufnummer: fehlerNr,
        bisLaufnummer: fehlerNr,
        id: ergebnis.id,
        grund: ergebnis.grund,
      },
    };
  if (!kopfBefund.ok)
    return {
      ...gemeinsam,
      ok: false,
      letzterHash: null,
      fehler: {
        laufnummer: kopfBefund.laufnummer,
        bisLaufnummer: kopfBefund.bisLaufnummer,
        id: null,
        grund: kopfBefund.grund,
      },
    };
  return { ...gemeinsam, ok: true, letzterHash: ergebnis.letzterHash, fehler: null };
};

/** POST /api/fahrzeuge/{id}/fahrtenbuch/pruefung: recomputes the vehicle's whole chain (the `verify` action). */
export const pruefeFahrtenbuch = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
): Promise<TKettenPruefung> =>
  imModul(deps, user, async (tx) => {
    if (!darfLesen(user)) throw new DomainError('auth.forbidden');
    if (!(await findFahrzeugKopf(tx, fahrzeugId))) throw new DomainError('not_found');
    return kettenBefund(tx, fahrzeugId);
  });

// --- the vehicle's history ---------------------------------------------------------------------------------

/**
 * GET /api/fahrzeuge/{id}/historie: the vehicle's history entries, newest first, a page at a time (`vor`).
 * A `typ` outside spec §3's list answers 'Typ {x} unbekannt'; a stored type outside it as well (never silently).
 */
export const getHistorie = (
  deps: FahrtDeps,
  user: SessionUser,
  fahrzeugId: string,
  query: TFahrzeugHistorieQuery,
): Promise<TFahrzeugHistorie> =>
  imModul(deps, user, async (tx) => {
    if (!darfLesen(user)) throw new DomainError('auth.forbidden');
    const typ = query.typ ? parseHistorieTyp(query.typ) : null;
    if (!(await findFahrzeugKopf(tx, fahrzeugId))) throw new DomainError('not_found');
    const rows = await findHistorie(tx, {
      fahrzeugId,
      typ,
      vor: query.vor ? new Date(query.vor) : null,
      anzahl: query.anzahl + 1,
    });
    const seite = rows.slice(0, query.anzahl);
    const belege = await findBelegeVon(
      tx,
      seite.map((r) => r.id),
    );
    const namen = await findPersonNamen(tx, [
      ...new Set(seite.flatMap((r) => (r.benutzerId ? [r.benutzerId] : []))),
    ]);
    return {
      weitere: rows.length > query.anzahl,
      eintraege: seite.map((r) => ({
        id: r.id,
        typ: parseHistorieTyp(r.typ),
        zeitpunkt: r.zeitpunkt.toISOString(),
        beschreibung: r.beschreibung,
        status: r.status,
        fahrzeugBuchungId: r.fahrzeugBuchungId,
        kilometerstand: r.kilometerstand,
        tankfuellung: r.tankfuellung,
        sauberkeitAussen: r.sauberkeitAussen,
        sauberkeitInnen: r.sauberkeitInnen,
        abstellplatz: r.abstellplatz,
        schaeden: r.schaeden.map((x) => ({ beschreibung: x.beschreibung })),
        benutzer: r.benutzerId ? { id: r.benutzerId, name: namen.get(r.benutzerId) ?? '' } : null,
        belege: (belege.get(r.id) ?? []).map((id) => ({ id, url: `/api/dateien/${id}` })),
      })),
    };
  });
