/**
 * The retention purge (decision 081): once a Berlin day per tenant, deletes what the period
 * `FahrzeugAufbewahrungJahre` no longer keeps: the prefix of each vehicle's logbook chain whose trips ended
 * before the cut-off (an anchor keeps the rest verifiable), the trips (bookings) with their history entries,
 * receipts and repaired damages, history entries without a trip, and service book entries. Never a vehicle,
 * never a trip still on the road, never one with a damage still open. Stored files of deleted rows are listed
 * in `datei_entfernung` and removed after the transaction committed (`entferneDateien`).
 */

import { randomUUID } from 'node:crypto';
import {
  aufbewahrungsStichtag,
  loeschbarerKettenanfang,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/aufbewahrung';
import { berlinDateKey } from '@stellwerk/domain/time';
import { numberCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import type { Database, Tx } from '../../../db/client.ts';
import type { JobLog } from '../../../jobs/scheduler.ts';
import {
  deleteBuchungen,
  insertTagErledigt,
} from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.aufbewahrung.ts';
import { deleteFaelligesServiceheft } from '../../fahrzeuge/serviceheft/serviceheft.aufbewahrung.ts';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import {
  deleteDateienVorgemerkt,
  removeVorgemerkteDateien,
} from '../../plattform/storage/storage.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { deleteHistorie, loescheKettenanfang } from '../fahrt/fahrt.aufbewahrung.ts';
import {
  countSchaedenVonHistorie,
  findDateienVonHistorie,
  findFaelligeBuchungen,
  findFaelligeHistorie,
  findFahrzeugeMitAltemFahrtenbuch,
  findHistorieVonBuchungen,
  findKettenGlieder,
  istTagErledigt,
  lockFahrzeug,
} from './fahrzeug-aufbewahrung.repository.ts';

/** Tenant settings, read without a user (no group or personal values). */
const NIEMAND = '00000000-0000-0000-0000-000000000000';

/** Rows of one kind per run at most; a fuller run leaves the day open, and the next minute goes on. */
export const AUFBEWAHRUNG_STAPEL = 2000;

export type AufbewahrungsAnzahlen = {
  fahrtenbuch: number;
  fahrten: number;
  historie: number;
  schaeden: number;
  serviceheft: number;
  dateien: number;
};

export type AufbewahrungsLauf =
  | { lauf: false }
  | {
      lauf: true;
      laufId: string;
      stichtag: Date;
      jahre: number;
      anzahl: AufbewahrungsAnzahlen;
      fertig: boolean;
    };

const leer = (): AufbewahrungsAnzahlen => ({
  fahrtenbuch: 0,
  fahrten: 0,
  historie: 0,
  schaeden: 0,
  serviceheft: 0,
  dateien: 0,
});

/** The day's key in the vehicle jobs' record (decision 067): the purge of that Berlin day is complete. */
const tagesSchluessel = (now: Date) => `aufbewahrung:${berlinDateKey(now)}`;

/** History entries with their stored files and damages: deletes them and counts. */
const loescheHistorie = async (
  tx: Tx,
  mandantId: string,
  historieIds: readonly string[],
  anzahl: AufbewahrungsAnzahlen,
) => {
  const dateiIds = await findDateienVonHistorie(tx, historieIds);
  anzahl.schaeden += await countSchaedenVonHistorie(tx, historieIds);
  anzahl.historie += await deleteHistorie(tx, historieIds);
  anzahl.dateien += await deleteDateienVorgemerkt(tx, { mandantId, ids: dateiIds });
};

/**
 * One tenant's purge in the job's transaction (`stellwerk_app`, row-level security on the tenant). Runs once a
 * Berlin day; at most `stapel` rows of each kind, and when a kind filled its batch the day stays open so the
 * next run (a minute later, its own transaction) goes on. Writes one audit entry when it deleted something.
 */
export const loescheNachAufbewahrung = async (
  tx: Tx,
  { mandantId, now }: { mandantId: string; now: Date },
  stapel = AUFBEWAHRUNG_STAPEL,
): Promise<AufbewahrungsLauf> => {
  const schluessel = tagesSchluessel(now);
  if (await istTagErledigt(tx, schluessel)) return { lauf: false };
  const jahre = numberCustomizing(await loadEffectiveCustomizing(tx, NIEMAND), 'FahrzeugAufbewahrungJahre');
  const stichtag = aufbewahrungsStichtag(jahre, now);
  const laufId = randomUUID();
  const anzahl = leer();
  let fertig = true;

  // 1. the logbook: per vehicle the prefix of its chain that is due, with an anchor (decision 062, 081)
  for (const fahrzeugId of await findFahrzeugeMitAltemFahrtenbuch(tx, stichtag)) {
    if (anzahl.fahrtenbuch >= stapel) {
      fertig = false;
      break;
    }
    await lockFahrzeug(tx, fahrzeugId); // the lock every append to the chain holds
    const bis = loeschbarerKettenanfang(await findKettenGlieder(tx, fahrzeugId), stichtag);
    if (bis > 0)
      anzahl.fahrtenbuch += await loescheKettenanfang(tx, {
        fahrzeugId,
        bisLaufnummer: bis,
        stichtag,
        laufId,
        now,
      });
  }

  // 2. trips: their history entries (receipts, repaired damages), then the bookings
  const buchungen = await findFaelligeBuchungen(tx, stichtag, stapel);
  if (buchungen.length >= stapel) fertig = false;
  await loescheHistorie(tx, mandantId, await findHistorieVonBuchungen(tx, buchungen), anzahl);
  anzahl.fahrten += await deleteBuchungen(tx, buchungen);

  // 3. history entries without a trip (creation, status changes, maintenance ...)
  const historie = await findFaelligeHistorie(tx, stichtag, stapel);
  if (historie.length >= stapel) fertig = false;
  await loescheHistorie(tx, mandantId, historie, anzahl);

  // 4. the service book
  anzahl.serviceheft += await deleteFaelligesServiceheft(tx, stichtag, stapel);
  if (anzahl.serviceheft >= stapel) fertig = false;

  if (Object.values(anzahl).some((n) => n > 0))
    await writeAudit(tx, {
      mandantId,
      benutzerId: null,
      action: 'delete',
      entity: 'fahrzeug_aufbewahrung',
      entityId: laufId,
      newValue: { stichtag: stichtag.toISOString(), jahre, anzahl },
    });
  if (fertig) await insertTagErledigt(tx, { mandantId, schluessel, now });
  return { lauf: true, laufId, stichtag, jahre, anzahl, fertig };
};

/** After the commit: removes the stored files of deleted rows (and those a failed earlier run left). */
export const entferneDateien = (
  { database, dataDir }: { database: Database; dataDir: string },
  mandantId: string,
  log?: JobLog,
) =>
  removeVorgemerkteDateien({ database, dataDir }, mandantId, (message, err) =>
    log?.error({ err, mandantId, job: 'fahrzeug.aufbewahrung' }, message),
  );
