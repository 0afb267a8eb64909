import { DomainError } from '@stellwerk/domain/errors';
import type {
  TFahrzeugHistorie,
  TFahrzeugHistorieQuery,
} from '@stellwerk/domain/fahrzeuge/fahrzeug/historie-api';
import { nichtGefunden } from '@stellwerk/domain/nicht-gefunden';
import { parseHistorieTyp } from '@stellwerk/domain/status';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { darfLesen, type FahrtDeps, imModul } from './fahrt.kontext.ts';
import { findBelegeVon, findFahrzeugKopf, findHistorie, findPersonNamen } from './fahrt.repository.ts';

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
