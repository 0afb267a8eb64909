import type { TAusfuehrenAntwort, TAusfuehrenEingabe } from '@stellwerk/domain/assistent/api';
import type { Lesung } from '@stellwerk/domain/assistent/verstehen';
import { zusammenfassung } from '@stellwerk/domain/assistent/zusammenfassung';
import { type ErrorCode, type ErrorParams, formatError, isDomainError } from '@stellwerk/domain/errors';
import type { Language } from '@stellwerk/domain/language';
import type { SprachmodellConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { SessionUser } from '../../identitaet/auth/auth.context.ts';

export type AusfuehrenDeps = {
  database: Database;
  now: () => Date;
  publicUrl: string;
  /** The operator's language model (decision 248); unset, the built-in understanding answers alone. */
  sprachmodell?: SprachmodellConfig | undefined;
  /** Where a failing language model is noted. */
  log?: { warn: (obj: object, msg: string) => void };
};

/**
 * One request to carry out: the reading, its language and the answer so far. Every tool gets the caller as
 * `user` and asks the screens' operations with it, so it can only see and change what the caller may: the
 * caller's own bookings, never anyone else's (decision 219).
 */
export type Auftrag = {
  deps: AusfuehrenDeps;
  user: SessionUser;
  eingabe: TAusfuehrenEingabe;
  lesung: Lesung;
  sprache: Language;
  normalisiert: string;
  antwort: TAusfuehrenAntwort;
};

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
    naechsteFreieZeit: null,
    plaetze: [],
    buchungen: [],
    buchungId: null,
    buchungArt: null,
    fehler: null,
    spinde: [],
    verstanden: 'eingebaut',
    werkzeug: null,
  },
});

/** A refusal: the catalogue's text in the request's language; the alternatives stay in the answer. */
export const abgelehnt = (
  auftrag: Auftrag,
  code: ErrorCode,
  params: ErrorParams = {},
  rest: Partial<TAusfuehrenAntwort> = {},
): TAusfuehrenAntwort => {
  const message = formatError(code, auftrag.sprache, params);
  return {
    ...auftrag.antwort,
    ...rest,
    art: 'abgelehnt',
    ausgefuehrt: false,
    zusammenfassung: message,
    fehler: { code, message },
  };
};

/**
 * Runs one of the screens' operations; a rule it refuses (a catalogue error) becomes the assistant's refusal with
 * the same code and text, so the assistant says exactly what the screen would.
 */
export const alsAblehnung = async (
  auftrag: Auftrag,
  fn: () => Promise<TAusfuehrenAntwort>,
  rest: Partial<TAusfuehrenAntwort> = {},
): Promise<TAusfuehrenAntwort> => {
  try {
    return await fn();
  } catch (e) {
    if (isDomainError(e)) return abgelehnt(auftrag, e.code, e.params, rest);
    throw e;
  }
};
