import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { auskunftText, buchungZeile } from '@stellwerk/domain/assistent/auskunft';
import { zusammenfassung as worte } from '@stellwerk/domain/assistent/zusammenfassung';
import { berlinDateKey } from '@stellwerk/domain/time';
import { updateFahrzeugBuchung } from '../../fahrzeuge/fahrzeug-buchung/fahrzeug-buchung.aendern.ts';
import { aendereBuchung } from '../../leseraum/leseraum-buchung/leseraum-buchung.aendern.ts';
import { eigeneBuchungen, ohneRechte } from './ausfuehren.eigene.ts';
import { type Auftrag, abgelehnt, alsAblehnung } from './ausfuehren.kontext.ts';

/**
 * New times for one of the caller's own bookings (`buchungId`), same car or place (decision 227): the dry run
 * repeats the booking and the new period; confirmed, the screens' own change operations run (the vehicles'
 * `updateFahrzeugBuchung`, the reading room's `aendereBuchung`: rules, rights, audit, mails). A booking the caller
 * may not change is refused with the screen's step refusal.
 */
export const buchungAendern = async (auftrag: Auftrag): Promise<TAusfuehrenAntwort> => {
  const { deps, user, eingabe, lesung, sprache } = auftrag;
  const buchung = (await eigeneBuchungen(auftrag)).find((b) => b.id === eingabe.buchungId);
  if (!buchung) return abgelehnt(auftrag, 'assistent.keine_buchung');
  if (!lesung.von || !lesung.bis) return abgelehnt(auftrag, 'assistent.nicht_ausfuehrbar');
  const { von, bis } = lesung;
  const antwort: TAusfuehrenAntwort = {
    ...auftrag.antwort,
    art: 'bestaetigen',
    zusammenfassung: `${auskunftText('aendern', sprache)}: ${buchungZeile(buchung, sprache)}; ${auskunftText('neu', sprache)}: ${worte(lesung, sprache)}`,
    buchungen: [ohneRechte(buchung)],
    buchungId: buchung.id,
    buchungArt: buchung.art,
  };
  auftrag.antwort = antwort;
  if (!eingabe.bestaetigt) return antwort;
  return alsAblehnung(auftrag, async () => {
    if (buchung.art === 'fahrzeug')
      await updateFahrzeugBuchung(deps, user, buchung.id, { fahrzeugId: buchung.fahrzeugId!, von, bis });
    else
      await aendereBuchung(
        deps,
        user,
        buchung.id,
        lesung.ganztags
          ? { modus: 'ganztags', tag: berlinDateKey(new Date(von)), tageszeit: 'ganztags' }
          : { modus: 'stuendlich', von: new Date(von).toISOString(), bis: new Date(bis).toISOString() },
      );
    return {
      ...antwort,
      art: 'ausgefuehrt',
      ausgefuehrt: true,
      zusammenfassung: `${auskunftText('geaendert', sprache)}: ${antwort.zusammenfassung}`,
    };
  });
};
