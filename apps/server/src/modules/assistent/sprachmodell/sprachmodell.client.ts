/**
 * The call to an OpenAI-compatible chat completions endpoint (decision 248): `POST {LLM_URL}/chat/completions` with
 * the messages and the tools as functions. Only what the caller passes is sent; the answer is checked before use.
 * Any failure (no answer within the timeout, an HTTP error, an answer of another shape) throws, and the assistant
 * answers with its built-in understanding.
 */
import { z } from 'zod';
import type { SprachmodellConfig } from '../../../config.ts';

export type ModellWerkzeug = {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
};

const ZToolCall = z.object({
  id: z.string().max(200),
  type: z.literal('function').optional(),
  function: z.object({ name: z.string().max(200), arguments: z.string().max(20_000) }),
});
export type ModellToolCall = z.infer<typeof ZToolCall>;

export type ModellNachricht =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ModellToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

const ZAntwort = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().max(20_000).nullable().optional(),
          tool_calls: z.array(ZToolCall).max(10).nullable().optional(),
        }),
      }),
    )
    .min(1),
});
export type ModellAntwort = { content: string | null; toolCalls: ModellToolCall[] };

export class SprachmodellFehler extends Error {}

/** One completion: the model's words and tool calls. Throws `SprachmodellFehler` on every failure. */
export const frageModell = async (
  config: SprachmodellConfig,
  nachrichten: readonly ModellNachricht[],
  werkzeuge: readonly ModellWerkzeug[],
): Promise<ModellAntwort> => {
  let response: Response;
  try {
    response = await fetch(`${config.url}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: config.model,
        messages: nachrichten,
        tools: werkzeuge,
        tool_choice: 'auto',
        temperature: 0,
      }),
      signal: AbortSignal.timeout(config.timeoutMs),
      redirect: 'error',
    });
  } catch (e) {
    throw new SprachmodellFehler(`no answer: ${(e as Error).name}`);
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new SprachmodellFehler(`HTTP ${response.status}`);
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch (e) {
    throw new SprachmodellFehler(`unreadable answer: ${(e as Error).name}`);
  }
  const geprueft = ZAntwort.safeParse(json);
  if (!geprueft.success) throw new SprachmodellFehler('answer of another shape');
  const message = geprueft.data.choices[0]!.message;
  return { content: message.content ?? null, toolCalls: message.tool_calls ?? [] };
};
