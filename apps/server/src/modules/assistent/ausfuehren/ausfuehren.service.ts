import type { TAusfuehrenAntwort, TAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import { versteheAnfrage } from '@stellwerk/domain/assistent/verstehen';
import { zusammenfassung } from '@stellwerk/domain/assistent/zusammenfassung';
import type { Database } from '../../../db/client.ts';
import { listFahrzeuge } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.abfragen.ts';
import { createBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.anlegen.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { findStandortNamen } from './ausfuehren.repository.ts';

type Deps = { database: Database; now: () => Date; publicUrl: string };

/**
 * The assistant's action (decision 190): reads the request like `verstehen`; without `bestaetigt` it only repeats
 * the reading and names the cars free for the user under every rule; with `bestaetigt: true` it books through the
 * screens' own operation (`createBuchung`: rights, rules, audit, mails). Only vehicle bookings act so far; other
 * intents answer their reading and change nothing.
 */
export const fuehreAus = async (
  deps: Deps,
  user: SessionUser,
  eingabe: TAusfuehrenEingabe,
): Promise<TAusfuehrenAntwort> => {
  const standorte = await deps.database.withTenant(user.mandantId, (tx) => findStandortNamen(tx));
  const { lesung, sprache } = versteheAnfrage({
    text: eingabe.text,
    bezug: eingabe.bezug ? new Date(eingabe.bezug) : deps.now(),
    standorte,
  });
  const antwort: TAusfuehrenAntwort = {
    lesung,
    zusammenfassung: zusammenfassung(lesung, sprache),
    ausgefuehrt: false,
    fahrzeuge: [],
    buchungId: null,
  };
  if (lesung.absicht !== 'fahrzeug_buchen' || lesung.rueckfrage || !lesung.von || !lesung.bis) return antwort;
  const frei = (await listFahrzeuge(deps, user, { von: lesung.von, bis: lesung.bis, nurFrei: true }))
    .filter((f) => !lesung.standort || f.standort.name === lesung.standort)
    .map((f) => ({
      id: f.id,
      bezeichnung: `${f.marke} ${f.modell} ${f.kennzeichen}`,
      standort: f.standort.name,
    }));
  antwort.fahrzeuge = frei;
  if (!eingabe.bestaetigt) return antwort;
  const fahrzeugId = eingabe.fahrzeugId ?? frei[0]?.id;
  // no free car in the period: nothing booked, the answer says so
  if (!fahrzeugId) {
    const keins =
      sprache === 'de' ? 'Kein Fahrzeug ist in diesem Zeitraum frei.' : 'No vehicle is free in this period.';
    return { ...antwort, zusammenfassung: `${antwort.zusammenfassung}. ${keins}` };
  }
  const buchung = await createBuchung(deps, user, {
    fahrzeugId,
    von: lesung.von,
    bis: lesung.bis,
    mitfahrer: [],
    freigeberIds: [],
  });
  return { ...antwort, ausgefuehrt: true, buchungId: buchung.id };
};
