import { createHash } from 'node:crypto';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { DomainError, isDomainError } from '@stellwerk/domain/errors';
import { isFeatureRouteOpen } from '@stellwerk/domain/features';
import { tokenAusHeader } from '@stellwerk/domain/identitaet/zugriffstoken/zugriffstoken';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { nutzerDesTokens } from '../../identitaet/zugriffstoken/zugriffstoken.public.ts';
import { loadFeatureSwitches } from '../../verwaltung/customizing/customizing.service.ts';
import { registriereWerkzeuge } from './mcp.werkzeuge.ts';

type McpDeps = { database: Database; now: () => Date; publicUrl: string };

/** Calls per token and minute: an AI client calls a few tools per question. */
export const MCP_LIMIT = 120;

/** The version the server names to clients. */
const SERVER = { name: 'stellwerk', version: '1.0.0' };

/**
 * The user of the request's bearer token, with the tenant's Chatbot switched on; the catalogue's 401 (with
 * `WWW-Authenticate: Bearer`) or 403 otherwise. A session cookie is never read here (decision 226).
 */
const anmelden = async (deps: McpDeps, request: FastifyRequest, reply: FastifyReply) => {
  try {
    const token = tokenAusHeader(request.headers.authorization);
    if (!token) throw new DomainError('zugriffstoken.ungueltig');
    const nutzer = await nutzerDesTokens(deps, token);
    const schalter = await deps.database.withTenant(nutzer.user.mandantId, (tx) => loadFeatureSwitches(tx));
    if (!isFeatureRouteOpen('Chatbot', schalter)) throw new DomainError('zugriffstoken.chatbot_aus');
    return nutzer;
  } catch (e) {
    if (isDomainError(e) && e.status === 401) reply.header('www-authenticate', 'Bearer realm="stellwerk"');
    throw e;
  }
};

/**
 * The MCP server (Model Context Protocol, streamable HTTP; decision 227) at `/mcp`: stateless, one server and
 * transport per request, answers as JSON. Authenticated only by a personal access token; its tools act as the
 * token's user in their tenant with their rights (`mcp.werkzeuge.ts`). GET and DELETE (server-sent streams,
 * sessions) are not offered: 405.
 */
export const mcpRoutes: FastifyPluginAsync<McpDeps> = async (app, deps) => {
  app.post(
    '/mcp',
    {
      config: {
        rateLimit: {
          max: MCP_LIMIT,
          timeWindow: '1 minute',
          keyGenerator: (request) =>
            `mcp:${createHash('sha256')
              .update(request.headers.authorization ?? request.ip)
              .digest('hex')}`,
        },
      },
      schema: { hide: true },
    },
    async (request, reply) => {
      const nutzer = await anmelden(deps, request, reply);
      const server = new McpServer(SERVER, {
        instructions:
          'Stellwerk books pool cars and desks or reading-room places for the signed-in user. Read tools change ' +
          'nothing. Every write tool answers a dry run first; call it again with confirm: true only after the ' +
          'user agreed. Times are Berlin time.',
      });
      registriereWerkzeuge(server, deps, nutzer);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      reply.hijack();
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
  const nichtErlaubt = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
  app.get('/mcp', { schema: { hide: true } }, nichtErlaubt);
  app.delete('/mcp', { schema: { hide: true } }, nichtErlaubt);
};
