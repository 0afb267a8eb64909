import type { TAusfuehrenAntwort, TAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import { fragtNachPersonen } from '@stellwerk/domain/assistent/frage';
import { normalisiere } from '@stellwerk/domain/assistent/text';
import { type Lesung, versteheAnfrage } from '@stellwerk/domain/assistent/verstehen';
import type { Language } from '@stellwerk/domain/language';
import { zusammenfassung } from '@stellwerk/domain/assistent/zusammenfassung';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';
import { buchungenAnzeigen, buchungStornieren, einchecken } from './ausfuehren.eigene.ts';
import { fahrzeugBuchen } from './ausfuehren.fahrzeug.ts';
import { frage } from './ausfuehren.frage.ts';
import { type Auftrag, type AusfuehrenDeps, abgelehnt } from './ausfuehren.kontext.ts';
import { platzBuchen } from './ausfuehren.platz.ts';
import { findStandortNamen } from './ausfuehren.repository.ts';

/**
 * A request to carry out, before any tool ran: the answer repeats the reading (a question back when there is
 * one). Also the start of every MCP tool (decision 227), whose reading comes from the tool's arguments.
 */
export const neuerAuftrag = (
  deps: AusfuehrenDeps,
  user: SessionUser,
  eingabe: TAusfuehrenEingabe,
  lesung: Lesung,
  sprache: Language,
  normalisiert: string,
): Auftrag => ({
  deps,
  user,
  eingabe,
  lesung,
  sprache,
  normalisiert,
  antwort: {
    lesung,
    art: lesung.rueckfrage ? 'rueckfrage' : 'auskunft',
    zusammenfassung: zusammenfassung(lesung, sprache),
    ausgefuehrt: false,
    fahrzeuge: [],
    plaetze: [],
    buchungen: [],
    buchungId: null,
    buchungArt: null,
    fehler: null,
  },
});

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
  switch (lesung.absicht) {
    case 'buchung_stornieren':
      return buchungStornieren(auftrag);
    case 'buchungen_anzeigen':
      return buchungenAnzeigen(auftrag);
    case 'einchecken':
      return einchecken(auftrag);
    case 'frage':
      return frage(auftrag);
  }
  // a question back is never carried out, confirmed or not
  if (lesung.rueckfrage) return auftrag.antwort;
  if (lesung.absicht === 'fahrzeug_buchen') return fahrzeugBuchen(auftrag);
  if (lesung.absicht === 'platz_buchen') return platzBuchen(auftrag);
  return abgelehnt(auftrag, 'assistent.nicht_ausfuehrbar');
};
