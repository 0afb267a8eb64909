import { DomainError } from '@stellwerk/domain/errors';
import type { TCheckInEingabe } from '@stellwerk/domain/fahrten/fahrtenbuch/api';
import {
  assertAbstellplatz,
  assertSchaeden,
  fuhrparkMeldung,
} from '@stellwerk/domain/fahrten/fahrtenbuch/fahrt-schritt';
import {
  assertKilometerstand,
  assertReinigungszustand,
  assertTankfuellung,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/historie';
import { STORNO_GRUND } from '@stellwerk/domain/fahrzeuge/fahrzeug-buchung/machine';
import { parseLanguage } from '@stellwerk/domain/language';
import {
  addCalendarDays,
  berlinDateKey,
  berlinInstant,
  formatDateDE,
  formatTimeDE,
} from '@stellwerk/domain/time';
import { arrayCustomizing, stringCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Upload } from '../../../http/multipart-upload.ts';
import {
  type FahrtSchrittKontext,
  projiziereFahrt,
} from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.fahrt-schritt.ts';
import { storniereDurchSystem } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.system-storno.ts';
import { sperreEintragen } from '../../fahrzeuge/fahrzeug-sperre/fahrzeug-sperre.service.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { aktiveInhaber } from '../../identitaet/auth/auth.inhaber.ts';
import type { FahrtMeldungParams } from '../../plattform/mail/mail.fahrt-templates.ts';
import { enqueueMail } from '../../plattform/mail/mail.service.ts';
import {
  discardUpload,
  recordUpload,
  type WrittenUpload,
  writeUpload,
} from '../../plattform/storage/storage.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { insertBelege, insertHistorie, insertNachgetragenerCheckOut } from './fahrt.historie.repository.ts';
import { type FahrtDeps, leerZuNull } from './fahrt.kontext.ts';
import {
  findAbstellplaetze,
  findLetzterKilometerstand,
  findPersonNamenMitMail,
  insertSchaeden,
} from './fahrt.repository.ts';

/** The files of a check-in or check-out: receipts, and a photo per damage by the damage's index. */
export type FahrtDateien = {
  belege: readonly Upload[];
  schadenFotos: ReadonlyMap<number, Upload>;
};

export const KEINE_DATEIEN: FahrtDateien = { belege: [], schadenFotos: new Map() };

/**
 * Spec §5: fuel 0 to 100; at check-in the mileage greater than the vehicle's last reading (equal is refused;
 * 'Kilometerstand muss größer als {value} sein.' names the last reading itself, decision 092), at check-out not
 * below the trip's check-in reading (a trip of 0 km is recorded: 'Kilometerstand muss mindestens {value} sein.');
 * cleanliness
 * from the tenant's list; the parking spot from the location's (decision 064); every damage with its place and
 * description ('Bitte alle Pflichtfelder ausfüllen.').
 */
export const pruefeAblesung = async (
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
  const liste = arrayCustomizing(settings, 'FahrzeugReinigungszustaende').map(String);
  assertReinigungszustand({ art: 'Aussen', wert: input.sauberkeitAussen, liste });
  assertReinigungszustand({ art: 'Innen', wert: input.sauberkeitInnen, liste });
  assertAbstellplatz({
    wert: leerZuNull(input.abstellplatz),
    liste: await findAbstellplaetze(tx, fahrzeug.standortId),
    pflicht: schritt === 'checkOut',
  });
  assertSchaeden(input.schaeden);
};

export const berlinZeit = (d: Date): string => `${formatDateDE(d)} ${formatTimeDE(d)}`;

/**
 * Writes the step's history entry with its receipts and damages (photos recorded from the written uploads),
 * mails the fleet managers when cleanliness reached a threshold or a damage was reported, and for a
 * safety-relevant damage returns what blocks the vehicle once the booking row took the step (decision 064).
 */
export const schreibeSchritt = async (
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
    schwelleInnen: stringCustomizing(settings, 'FahrzeugReinigungsschwelleInnen'),
    schwelleAussen: stringCustomizing(settings, 'FahrzeugReinigungsschwelleAussen'),
    liste: arrayCustomizing(settings, 'FahrzeugReinigungszustaende').map(String),
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
          language: parseLanguage(stringCustomizing(await loadEffectiveCustomizing(tx, p.id), 'Sprache')),
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
export const SPERRE_TAGE = 14;

/** Writes the uploads to their buckets before the transaction; removes them again when it fails. */
export const mitDateien = async <T>(
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
