import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { auskunftText } from '@stellwerk/domain/assistent/auskunft';
import { anfrageFuer, spaetereZeitraeume } from '@stellwerk/domain/assistent/naechste-zeit';
import { isDomainError } from '@stellwerk/domain/errors';
import { isoMitOffset } from '@stellwerk/domain/assistent/verstehen';
import { listFahrzeuge } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.abfragen.ts';
import { createBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.anlegen.ts';
import { type Auftrag, abgelehnt, alsAblehnung } from './ausfuehren.kontext.ts';

/**
 * A car (decision 190): the dry run names the cars free for the caller under every rule (the screen's
 * `listFahrzeuge` with `nurFrei`); confirmed, the chosen or first one is booked with the screen's `createBuchung`
 * (rights, rules, audit, mails). A rule the operation refuses is answered with its catalogue text and the free cars.
 * When no car is free, the answer offers the next later period of the same length in which one is, asked of the
 * same `listFahrzeuge` (decision 254).
 */
export const fahrzeugBuchen = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const { deps, user, eingabe, lesung, antwort } = auftrag;
  if (!lesung.von || !lesung.bis) return antwort;
  const { von, bis } = lesung;
  const freieIn = async (zeitraum: { von: string; bis: string }) =>
    (await listFahrzeuge(deps, user, { ...zeitraum, nurFrei: true }))
      .filter((f) => !lesung.standort || f.standort.name === lesung.standort)
      .map((f) => ({
        id: f.id,
        bezeichnung: `${f.marke} ${f.modell} ${f.kennzeichen}`,
        standort: f.standort.name,
      }));
  return alsAblehnung(auftrag, async () => {
    const frei = await freieIn({ von, bis });
    const mitAlternativen = { ...antwort, fahrzeuge: frei };
    auftrag.antwort = mitAlternativen;
    if (frei.length === 0) {
      auftrag.antwort = { ...mitAlternativen, naechsteFreieZeit: await naechsteFreieZeit(auftrag, freieIn) };
      return abgelehnt(auftrag, 'assistent.kein_fahrzeug_frei');
    }
    if (!eingabe.bestaetigt) return { ...mitAlternativen, art: 'bestaetigen' };
    const fahrzeugId = eingabe.fahrzeugId ?? frei[0]!.id;
    const buchung = await createBuchung(deps, user, {
      fahrzeugId,
      von,
      bis,
      mitfahrer: [],
      freigeberIds: [],
    });
    // the alternatives are the others, not the one just booked
    return {
      ...mitAlternativen,
      art: 'ausgefuehrt',
      ausgefuehrt: true,
      zusammenfassung: `${auskunftText('gebucht', auftrag.sprache)}: ${antwort.zusammenfassung}`,
      fahrzeuge: frei.filter((f) => f.id !== fahrzeugId),
      buchungId: buchung.id,
      buchungArt: 'fahrzeug',
    };
  });
};

/**
 * The first later period of the same length in which a car is free for the caller (`spaetereZeitraeume`: later
 * the same day, then the same times on the next days), one query each until one has a car. A period the booking
 * rules refuse for everyone (outside the horizon or the opening hours) simply has no free car.
 */
const naechsteFreieZeit = async (
  auftrag: Auftrag,
  freieIn: (zeitraum: { von: string; bis: string }) => Promise<unknown[]>,
): Promise<TAusfuehrenAntwort['naechsteFreieZeit']> => {
  const { lesung, deps, sprache } = auftrag;
  if (!lesung.von || !lesung.bis) return null;
  const zeitraeume = spaetereZeitraeume({
    von: new Date(lesung.von),
    bis: new Date(lesung.bis),
    jetzt: deps.now(),
  });
  for (const zeitraum of zeitraeume) {
    const von = isoMitOffset(zeitraum.von);
    const bis = isoMitOffset(zeitraum.bis);
    let frei: unknown[];
    try {
      frei = await freieIn({ von, bis });
    } catch (e) {
      // a period the search itself refuses (a rule about the period) is no offer; anything else is a fault
      if (isDomainError(e)) continue;
      throw e;
    }
    if (frei.length > 0)
      return { von, bis, fahrzeuge: frei.length, anfrage: anfrageFuer(zeitraum, sprache, lesung.standort) };
  }
  return null;
};
