/**
 * The one way the web app talks to the API: same-origin fetch with the session cookie, JSON in and out,
 * and every non-2xx answer turned into an `ApiError` carrying the server's `{ error: { code, message, params } }`.
 */

export type ApiErrorParams = Record<string, string | number>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly params: ApiErrorParams;

  constructor(status: number, message: string, code?: string, params: ApiErrorParams = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}

type ApiRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads our error envelope and, as a fallback, better-auth's `{ code, message }`. */
export const toApiError = (status: number, body: unknown, fallbackMessage: string): ApiError => {
  if (isRecord(body)) {
    const envelope = isRecord(body.error) ? body.error : body;
    const message = typeof envelope.message === 'string' ? envelope.message : fallbackMessage;
    const code = typeof envelope.code === 'string' ? envelope.code : undefined;
    const params = isRecord(envelope.params) ? (envelope.params as ApiErrorParams) : {};
    return new ApiError(status, message, code, params);
  }
  return new ApiError(status, fallbackMessage);
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/**
 * When the server wrote the last answer of each GET path (its `Date` header). Offline, the service worker answers
 * the own bookings from its cache (decision 244), with the date of the answer it kept: the page shows it as
 * 'Stand'.
 */
const staende = new Map<string, string>();
export const standVon = (path: string): Date | null => {
  const date = staende.get(path);
  return date ? new Date(date) : null;
};

export const apiFetch = async <T = unknown>(path: string, request: ApiRequest = {}): Promise<T> => {
  const { method = 'GET', body, signal } = request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const payload = await readBody(response);
  if (!response.ok)
    throw toApiError(response.status, payload, response.statusText || `HTTP ${response.status}`);
  const date = response.headers.get('date');
  if (method === 'GET' && date) staende.set(path, date);
  return payload as T;
};
