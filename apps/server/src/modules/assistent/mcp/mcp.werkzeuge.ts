/**
 * The MCP server's tools (decision 227): the assistant's tools (`werkzeuge.ts`, shared with the language model,
 * decision 248) with `confirm` added to every write. Without `confirm: true` a write is a dry run; a token with the
 * right `lesen` is refused before it writes.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { TAusfuehrenAntwort } from '@stellwerk/domain/assistent/api';
import { type ErrorCode, type ErrorParams, formatError, isDomainError } from '@stellwerk/domain/errors';
import { darfSchreiben } from '@stellwerk/domain/identitaet/zugriffstoken/zugriffstoken';
import { z } from 'zod';
import type { TokenNutzer } from '../../identitaet/zugriffstoken/zugriffstoken.public.ts';
import type { AusfuehrenDeps } from '../ausfuehren/ausfuehren.kontext.ts';
import { WERKZEUGE, type WerkzeugKontext, werkzeugText } from '../werkzeuge/werkzeuge.ts';

const BESTAETIGT = z
  .boolean()
  .optional()
  .describe('true carries the change out; without it the tool only answers what it would do (dry run)');

const text = (t: string) => ({ type: 'text' as const, text: t });

/** The answer for the client: the words first (in the user's language), then the structured answer as JSON. */
const ergebnis = (antwort: TAusfuehrenAntwort, hinweis?: string): CallToolResult => ({
  content: werkzeugText(antwort, hinweis).map(text),
  isError: antwort.art === 'abgelehnt',
});

const TROCKEN = {
  de: 'Nichts wurde geändert. Rufen Sie das Werkzeug mit confirm: true erneut auf, um es auszuführen.',
  en: 'Nothing was changed. Call the tool again with confirm: true to carry it out.',
} as const;

export const registriereWerkzeuge = (server: McpServer, deps: AusfuehrenDeps, nutzer: TokenNutzer) => {
  const { user } = nutzer;
  const sprache = user.language;
  const kontext: WerkzeugKontext = { deps, user, sprache };
  /** A refusal of the catalogue, in the user's language. */
  const abgelehnt = (code: ErrorCode, params: ErrorParams = {}): CallToolResult => {
    const message = formatError(code, sprache, params);
    return { content: [text(message), text(JSON.stringify({ fehler: { code, message } }))], isError: true };
  };
  /** An operation's own refusal (a right the user lacks, an area switched off) becomes the catalogue's text. */
  const alsErgebnis = async (fn: () => Promise<CallToolResult>): Promise<CallToolResult> => {
    try {
      return await fn();
    } catch (e) {
      if (isDomainError(e)) return abgelehnt(e.code, e.params);
      throw e;
    }
  };

  for (const w of WERKZEUGE) {
    if (!w.schreibt) {
      server.registerTool(
        w.name,
        {
          description: w.description,
          inputSchema: w.eingabe,
          annotations: { readOnlyHint: true, openWorldHint: false },
        },
        (a: Record<string, unknown>) =>
          alsErgebnis(async () => ergebnis(await w.ausfuehren(kontext, a, false))),
      );
      continue;
    }
    server.registerTool(
      w.name,
      {
        description: `${w.description} Call it with confirm: true to carry it out.`,
        inputSchema: { ...w.eingabe, confirm: BESTAETIGT },
        annotations: {
          readOnlyHint: false,
          destructiveHint: w.loescht ?? false,
          idempotentHint: false,
          openWorldHint: false,
        },
      },
      async ({ confirm, ...a }: Record<string, unknown>) => {
        // a reading token may run the dry run, never the write
        if (confirm === true && !darfSchreiben(nutzer.recht)) return abgelehnt('zugriffstoken.nur_lesen');
        const antwort = await w.ausfuehren(kontext, a, confirm === true);
        return ergebnis(
          antwort,
          confirm !== true && antwort.art === 'bestaetigen' ? TROCKEN[sprache] : undefined,
        );
      },
    );
  }
};
