/**
 * The assistant with the operator's language model (decision 248). Where `LLM_URL` is configured and the tenant has
 * switched `AssistentSprachmodell` on, the user's text goes to the model with the assistant's tools as functions
 * (`werkzeuge.ts`, the MCP server's tools). The model's tool calls run as the user, like the MCP tools: a read answers
 * the model, a write runs as a dry run only and is shown for the user's "Ja"; the panel then sends the same tool call
 * back with `bestaetigt`. Every tool call is written to the audit. Nothing else of the tenant is sent: only the
 * user's text, the current time, the tools' descriptions and the results of the tools the model called.
 */
import type { TAusfuehrenAntwort, TWerkzeugAufruf } from '@stellwerk/domain/assistent/api';
import { isoMitOffset } from '@stellwerk/domain/assistent/verstehen';
import { DomainError } from '@stellwerk/domain/errors';
import { booleanCustomizing } from '@stellwerk/domain/verwaltung/customizing';
import { z } from 'zod';
import { writeAudit } from '../../plattform/audit/audit.service.ts';
import { loadEffectiveCustomizing } from '../../verwaltung/customizing/customizing.service.ts';
import { type Auftrag, alsAblehnung } from '../ausfuehren/ausfuehren.kontext.ts';
import {
  WERKZEUGE,
  type Werkzeug,
  type WerkzeugKontext,
  werkzeugNamens,
  werkzeugText,
} from '../werkzeuge/werkzeuge.ts';
import {
  frageModell,
  type ModellNachricht,
  type ModellToolCall,
  type ModellWerkzeug,
  SprachmodellFehler,
} from './sprachmodell.client.ts';

/** Completions per request: a read or two, then the answer or a write to confirm. */
export const SPRACHMODELL_RUNDEN = 4;

/** The tools as functions: the MCP tools' names, descriptions and arguments, without `confirm`. */
export const modellWerkzeuge = (): ModellWerkzeug[] =>
  WERKZEUGE.map((w) => ({
    type: 'function',
    function: {
      name: w.name,
      description: w.description,
      parameters: z.toJSONSchema(z.object(w.eingabe), { io: 'input', unrepresentable: 'any' }) as Record<
        string,
        unknown
      >,
    },
  }));

const WOCHENTAG = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'Europe/Berlin' });

/** The instructions: what the assistant is and the current time; no data of the tenant. */
export const systemText = (jetzt: Date): string =>
  'You are the booking assistant of Stellwerk. Use the tools to answer requests about pool cars, desks and ' +
  'reading-room places of the signed-in user. Times are Europe/Berlin; now is ' +
  `${WOCHENTAG.format(jetzt)}, ${isoMitOffset(jetzt)}. Booking, changing, cancelling and checking in need the ` +
  'write tools; the user confirms every write in the app afterwards. Never ask about other people. Answer briefly ' +
  "in the language of the user's message.";

/** Whether the tenant lets the assistant use the language model. */
export const sprachmodellErlaubt = (a: Auftrag): Promise<boolean> =>
  a.deps.database.withTenant(a.user.mandantId, async (tx) =>
    booleanCustomizing(await loadEffectiveCustomizing(tx, a.user.benutzerId), 'AssistentSprachmodell'),
  );

const protokolliere = (
  a: Auftrag,
  aufruf: { name: string; argumente: unknown },
  bestaetigt: boolean,
  antwort: TAusfuehrenAntwort | null,
) =>
  a.deps.database.withTenant(a.user.mandantId, (tx) =>
    writeAudit(tx, {
      mandantId: a.user.mandantId,
      benutzerId: a.user.benutzerId,
      action: bestaetigt ? 'bestaetigt' : 'sprachmodell',
      entity: 'assistent.werkzeug',
      entityId: antwort?.buchungId ?? null,
      newValue: {
        werkzeug: aufruf.name,
        argumente: aufruf.argumente,
        art: antwort?.art ?? 'ungueltig',
        fehler: antwort?.fehler?.code ?? null,
      },
    }),
  );

const kontextVon = (a: Auftrag): WerkzeugKontext => ({ deps: a.deps, user: a.user, sprache: a.sprache });

/** Runs a tool as the caller; a screen's refusal becomes the assistant's refusal with the catalogue text. */
const fuehreWerkzeugAus = (a: Auftrag, w: Werkzeug, argumente: unknown, bestaetigt: boolean) =>
  alsAblehnung(a, () => w.ausfuehren(kontextVon(a), argumente as never, bestaetigt));

type Gelesen =
  | { w: Werkzeug; argumente: Record<string, unknown>; roh: Record<string, unknown> }
  | { fehler: string };

/** A tool call of the model: a known tool and arguments its schema accepts. */
const lies = (call: ModellToolCall): Gelesen => {
  const w = werkzeugNamens(call.function.name);
  if (!w) return { fehler: `Unknown tool ${call.function.name}.` };
  let roh: unknown;
  try {
    roh = call.function.arguments.trim() === '' ? {} : JSON.parse(call.function.arguments);
  } catch {
    return { fehler: 'The arguments are not JSON.' };
  }
  const geprueft = z.object(w.eingabe).strict().safeParse(roh);
  if (!geprueft.success) return { fehler: `Invalid arguments: ${z.prettifyError(geprueft.error)}` };
  return { w, argumente: geprueft.data, roh: roh as Record<string, unknown> };
};

/**
 * The model's answer to the request of `a`: its tool calls are run (reads answer the model; the first write is a dry
 * run shown for confirmation). Throws `SprachmodellFehler` when the model fails, times out or does not finish
 * within `SPRACHMODELL_RUNDEN`; the caller then answers with the built-in understanding.
 */
export const mitSprachmodell = async (a: Auftrag): Promise<TAusfuehrenAntwort> => {
  const config = a.deps.sprachmodell;
  if (!config) throw new SprachmodellFehler('not configured');
  const werkzeuge = modellWerkzeuge();
  const nachrichten: ModellNachricht[] = [
    { role: 'system', content: systemText(a.eingabe.bezug ? new Date(a.eingabe.bezug) : a.deps.now()) },
    { role: 'user', content: a.eingabe.text },
  ];
  let letzte: TAusfuehrenAntwort | null = null;
  for (let runde = 0; runde < SPRACHMODELL_RUNDEN; runde++) {
    const antwort = await frageModell(config, nachrichten, werkzeuge);
    if (antwort.toolCalls.length === 0) {
      const worte = antwort.content?.trim().slice(0, 4000) || null;
      if (!worte && !letzte) throw new SprachmodellFehler('empty answer');
      const basis = letzte ?? { ...a.antwort, art: 'auskunft' as const };
      return { ...basis, zusammenfassung: worte ?? basis.zusammenfassung, verstanden: 'sprachmodell' };
    }
    nachrichten.push({ role: 'assistant', content: antwort.content, tool_calls: antwort.toolCalls });
    for (const call of antwort.toolCalls) {
      const gelesen = lies(call);
      if ('fehler' in gelesen) {
        await protokolliere(a, { name: call.function.name.slice(0, 60), argumente: null }, false, null);
        nachrichten.push({ role: 'tool', tool_call_id: call.id, content: gelesen.fehler });
        continue;
      }
      const ergebnis = await fuehreWerkzeugAus(a, gelesen.w, gelesen.argumente, false);
      await protokolliere(a, { name: gelesen.w.name, argumente: gelesen.roh }, false, ergebnis);
      if (gelesen.w.schreibt)
        // a write is the user's to confirm: shown, not answered to the model
        return {
          ...ergebnis,
          verstanden: 'sprachmodell',
          werkzeug: ergebnis.art === 'bestaetigen' ? { name: gelesen.w.name, argumente: gelesen.roh } : null,
        };
      letzte = ergebnis;
      nachrichten.push({ role: 'tool', tool_call_id: call.id, content: werkzeugText(ergebnis).join('\n') });
    }
  }
  throw new SprachmodellFehler('too many rounds');
};

/**
 * The panel's answer to a tool call the model chose (`werkzeug`): without `bestaetigt` the dry run again, with it the
 * change, as the user through the screens' operations. Arguments the tool does not accept are refused with 400.
 */
export const werkzeugBestaetigen = async (
  a: Auftrag,
  aufruf: TWerkzeugAufruf,
): Promise<TAusfuehrenAntwort> => {
  const w = werkzeugNamens(aufruf.name);
  if (!w) throw new DomainError('validation.failed', { werkzeug: aufruf.name.slice(0, 60) });
  const geprueft = z.object(w.eingabe).strict().safeParse(aufruf.argumente);
  if (!geprueft.success) throw new DomainError('validation.failed', { werkzeug: aufruf.name });
  const bestaetigt = a.eingabe.bestaetigt && w.schreibt;
  const ergebnis = await fuehreWerkzeugAus(a, w, geprueft.data, bestaetigt);
  await protokolliere(a, aufruf, bestaetigt, ergebnis);
  return {
    ...ergebnis,
    verstanden: 'sprachmodell',
    werkzeug: ergebnis.art === 'bestaetigen' && !bestaetigt ? aufruf : null,
  };
};
