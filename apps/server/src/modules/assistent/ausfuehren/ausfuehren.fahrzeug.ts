import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { auskunftText } from '@stellwerk/domain/assistent/auskunft';
import { listFahrzeuge } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.abfragen.ts';
import { createBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.anlegen.ts';
import { type Auftrag, abgelehnt, alsAblehnung } from './ausfuehren.kontext.ts';

/**
 * A car (decision 190): the dry run names the cars free for the caller under every rule (the screen's
 * `listFahrzeuge` with `nurFrei`); confirmed, the chosen or first one is booked with the screen's `createBuchung`
 * (rights, rules, audit, mails). A rule the operation refuses is answered with its catalogue text and the free cars.
 */
export const fahrzeugBuchen = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const { deps, user, eingabe, lesung, antwort } = auftrag;
  if (!lesung.von || !lesung.bis) return antwort;
  const { von, bis } = lesung;
  return alsAblehnung(auftrag, async () => {
    const frei = (await listFahrzeuge(deps, user, { von, bis, nurFrei: true }))
      .filter((f) => !lesung.standort || f.standort.name === lesung.standort)
      .map((f) => ({
        id: f.id,
        bezeichnung: `${f.marke} ${f.modell} ${f.kennzeichen}`,
        standort: f.standort.name,
      }));
    const mitAlternativen = { ...antwort, fahrzeuge: frei };
    auftrag.antwort = mitAlternativen;
    if (frei.length === 0) return abgelehnt(auftrag, 'assistent.kein_fahrzeug_frei');
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
