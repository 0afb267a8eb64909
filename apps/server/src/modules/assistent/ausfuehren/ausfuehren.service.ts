import { ressourcenIn } from '@stellwerk/domain/assistent/absicht';
import type { TAusfuehrenAntwort, TAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import { fragtNachPersonen } from '@stellwerk/domain/assistent/frage';
import { normalisiere } from '@stellwerk/domain/assistent/text';
import { versteheAnfrage } from '@stellwerk/domain/assistent/verstehen';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { SprachmodellFehler } from '../sprachmodell/sprachmodell.client.ts';
import {
  mitSprachmodell,
  sprachmodellErlaubt,
  werkzeugBestaetigen,
} from '../sprachmodell/sprachmodell.service.ts';
import { buchungenAnzeigen, buchungStornieren, einchecken } from './ausfuehren.eigene.ts';
import { fahrzeugBuchen } from './ausfuehren.fahrzeug.ts';
import { frage } from './ausfuehren.frage.ts';
import { type AusfuehrenDeps, abgelehnt, neuerAuftrag } from './ausfuehren.kontext.ts';
import { platzBuchen } from './ausfuehren.platz.ts';
import { findStandortNamen } from './ausfuehren.repository.ts';
import { meinSpind, spindBuchen } from './ausfuehren.spind.ts';

/**
 * The assistant's action (decisions 190, 219): reads the request like `verstehen`; without `bestaetigt` it only
 * repeats the reading and names what the rules allow; with `bestaetigt: true` it changes through the screens' own
 * operations (rights, rules, audit, mails). A request about other people is refused before any tool runs, and
 * every tool asks with the caller only.
 */
export const fuehreAus = async (
  deps: AusfuehrenDeps,
  user: SessionUser,
  eingabe: TAusfuehrenEingabe,
): Promise<TAusfuehrenAntwort> => {
  const standorte = await deps.database.withTenant(user.mandantId, (tx) => findStandortNamen(tx));
  const { lesung, sprache } = versteheAnfrage({
    text: eingabe.text,
    bezug: eingabe.bezug ? new Date(eingabe.bezug) : deps.now(),
    standorte,
  });
  const auftrag = neuerAuftrag(deps, user, eingabe, lesung, sprache, normalisiere(eingabe.text));
  if (fragtNachPersonen(auftrag.normalisiert)) return abgelehnt(auftrag, 'assistent.fremde_personen');
  // the tool call the language model chose, shown again or confirmed as shown (decision 248)
  if (eingabe.werkzeug) return werkzeugBestaetigen(auftrag, eingabe.werkzeug);
  // free text goes to the language model where the operator has one and the tenant allows it; a confirmation of
  // the built-in reading stays with the built-in reading
  if (deps.sprachmodell && !eingabe.bestaetigt && (await sprachmodellErlaubt(auftrag))) {
    try {
      return await mitSprachmodell(auftrag);
    } catch (e) {
      if (!(e instanceof SprachmodellFehler)) throw e;
      deps.log?.warn({ grund: e.message }, 'language model failed, built-in understanding answers');
      auftrag.antwort = { ...auftrag.antwort, verstanden: 'ersatz' };
    }
  }
  switch (lesung.absicht) {
    case 'buchung_stornieren':
      return buchungStornieren(auftrag);
    case 'buchungen_anzeigen':
      return buchungenAnzeigen(auftrag);
    case 'einchecken':
      return einchecken(auftrag);
    case 'frage':
      // 'wo ist mein Spind?' is a question about the caller's own locker (decision 249)
      if (ressourcenIn(auftrag.normalisiert).includes('spind')) return meinSpind(auftrag);
      return frage(auftrag);
  }
  // a question back is never carried out, confirmed or not
  if (lesung.rueckfrage) return auftrag.antwort;
  if (lesung.absicht === 'fahrzeug_buchen') return fahrzeugBuchen(auftrag);
  if (lesung.absicht === 'platz_buchen') return platzBuchen(auftrag);
  if (lesung.absicht === 'spind_buchen') return spindBuchen(auftrag);
  return abgelehnt(auftrag, 'assistent.nicht_ausfuehrbar');
};
