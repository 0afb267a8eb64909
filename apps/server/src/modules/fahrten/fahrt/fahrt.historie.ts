import { DomainError } from '@stellwerk/domain/errors';
import type {
  TFahrzeugHistorie,
  TFahrzeugHistorieQuery,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/historie-api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { parseHistorieTyp } from '@stellwerk/domain/status';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import {
  deleteErstellungsHistorie,
  findBelegeVon,
  findHistorie,
  insertFahrzeugHistorie,
  insertSperrHistorie,
} from './fahrt.historie.repository.ts';
import { darfLesen, type FahrtDeps, imModul } from './fahrt.kontext.ts';
import { findFahrzeugKopf, findPersonNamen } from './fahrt.repository.ts';

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
    if (!(await findFahrzeugKopf(tx, fahrzeugId))) throw nichtGefunden('fahrzeug', fahrzeugId);
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

/**
 * The history entry of a vehicle block (spec §3), written for the block module in its transaction: the vehicle's
 * history belongs to the trips module (decision 153), so a block records its entry through this operation.
 */
export const schreibeSperrHistorie = insertSperrHistorie;

/** The history entry of the vehicle itself (created, deactivated, active again), written for the fleet module. */
export const schreibeFahrzeugHistorie = insertFahrzeugHistorie;

/**
 * Deleting a vehicle whose history is only its ERSTELLUNG entry removes that entry first (decision 068: history no
 * longer goes with its vehicle by itself); the fleet module calls it in its transaction.
 */
export const loescheErstellungsHistorie = deleteErstellungsHistorie;
