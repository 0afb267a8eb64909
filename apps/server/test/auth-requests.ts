import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './harness.ts';

export type AuthCall = {
  body?: unknown;
  /** The client address (what a reverse proxy or NAT would show); default 127.0.0.1. */
  address?: string;
  /** Host header; default the test server's `127.0.0.1:<port>`. */
  host?: string;
  /** Origin header; default the page at the address the request goes to; `null` sends none. */
  origin?: string | null;
  language?: 'de' | 'en';
  cookie?: string;
  headers?: Record<string, string>;
};

/**
 * A request to the auth API through the real app with a chosen client address and Host header (Fastify's
 * inject), for what a plain `fetch` from 127.0.0.1 cannot show: an office behind one address, another
 * machine, the app opened under another name.
 */
export const authRequest = (
  server: TestServer,
  method: 'GET' | 'POST',
  path: string,
  { body, address = '127.0.0.1', host, origin, language, cookie, headers = {} }: AuthCall = {},
): Promise<LightMyRequestResponse> => {
  const hostHeader = host ?? new URL(server.baseUrl).host;
  const originHeader = origin === undefined ? `http://${hostHeader}` : origin;
  return server.app.inject({
    method,
    url: path,
    remoteAddress: address,
    headers: {
      host: hostHeader,
      ...(originHeader !== null ? { origin: originHeader } : {}),
      ...(language ? { 'accept-language': language } : {}),
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
};

export type ErrorBody = { error: { code: string; message: string; params: Record<string, unknown> } };

/** The body must be exactly the project's error shape, nothing of better-auth's. */
export const errorOf = (response: { json: () => unknown }): ErrorBody['error'] => {
  const body = response.json() as ErrorBody;
  if (Object.keys(body).join() !== 'error' || Object.keys(body.error).sort().join() !== 'code,message,params')
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  return body.error;
};
