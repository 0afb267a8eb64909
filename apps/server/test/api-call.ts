/** JSON calls against the test server as a browser makes them (same-origin header, session cookie), and their errors. */
import type { TestServer } from './harness.ts';

export type ApiErrorBody = { error: { code: string; message: string; params: Record<string, unknown> } };

/** `method path` on the test server, with the session `cookie` and a JSON `body` when given. */
export const call = (
  server: TestServer,
  cookie: string | null,
  method: string,
  path: string,
  body?: unknown,
) =>
  fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      origin: server.baseUrl,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The error of an answer in the one error shape (decision 027). */
export const errorOf = async (response: Response) => ((await response.json()) as ApiErrorBody).error;
