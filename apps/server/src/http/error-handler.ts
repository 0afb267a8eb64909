import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  DomainError,
  type ErrorCode,
  type ErrorParams,
  formatError,
  httpStatusOf,
  isErrorCode,
} from '@stellwerk/domain/errors';
import type { Language } from '@stellwerk/domain/language';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { sqlStateOf } from '../db/errors';
import { type FeatureSwitchedOff, refusedBySwitch } from './feature-guard';
import { requestLanguage } from './request-language';
import { describeValidation, type ValidationIssue } from './validation-messages';

/** The body of every error response (ARCHITECTURE §7). */
export type ApiErrorBody = { error: { code: ErrorCode; message: string; params: ErrorParams } };

export const errorBody = (code: ErrorCode, language: Language, params: ErrorParams = {}): ApiErrorBody => ({
  error: { code, message: formatError(code, language, params), params },
});

/** Upload and body limits; the error handler names the limit in the 413 message. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Largest request body that is not a multipart upload (JSON). */
export const MAX_BODY_BYTES = 1024 * 1024;
const megabytes = (bytes: number) => Math.round(bytes / 1024 / 1024);

type Mapped = { code: ErrorCode; params: ErrorParams; status?: number };

/** Fastify's own errors (a `FST_*` code) and http-errors from plugins (a 4xx/5xx `statusCode`). */
const isFastifyError = (error: unknown): error is FastifyError =>
  typeof error === 'object' &&
  error !== null &&
  ((typeof (error as { code?: unknown }).code === 'string' &&
    (error as { code: string }).code.startsWith('FST_')) ||
    typeof (error as { statusCode?: unknown }).statusCode === 'number');

/** A DomainError, also when a second copy of the domain package was loaded (no shared prototype). */
const asDomainError = (error: unknown): DomainError | undefined => {
  if (error instanceof DomainError) return error;
  if (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'DomainError' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    isErrorCode((error as { code: string }).code)
  ) {
    return error as DomainError;
  }
  return undefined;
};

const detailOf = (error: unknown): string => {
  const cause = (error as { cause?: { detail?: unknown } } | null)?.cause;
  const own = (error as { detail?: unknown } | null)?.detail;
  const detail = cause?.detail ?? own;
  return typeof detail === 'string' ? detail : '';
};

/** Flat `{ 'body.email': 'Invalid email address' }` params of a request validation error. */
const validationParams = (error: FastifyError): ErrorParams => {
  const params: Record<string, string> = {};
  const context = error.validationContext ?? 'body';
  for (const issue of error.validation ?? []) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const key = path ? `${context}.${path}` : context;
    params[key] = String(issue.message ?? 'invalid').slice(0, 300);
    if (Object.keys(params).length >= 20) break;
  }
  return params;
};

const mapSqlState = (error: unknown): Mapped | undefined => {
  const state = sqlStateOf(error);
  switch (state) {
    case undefined:
      return undefined;
    case '23P01': // exclusion constraint: the period is already taken (ARCHITECTURE §6)
    case '23505': // unique violation
    case '40001': // serialization failure
    case '40P01': // deadlock
      return { code: 'conflict', params: {} };
    case '23503': // foreign key: a missing reference is bad input, a remaining reference a conflict
      return detailOf(error).includes('is not present')
        ? { code: 'validation.failed', params: {} }
        : { code: 'conflict', params: {} };
    case '23502': // not null
      return { code: 'validation.pflichtfelder', params: {} };
    case '22P02': // invalid text representation, e.g. a malformed uuid in the path: no such item
    case '42501': // row-level security refused the row: another tenant's item does not exist for the caller
      return { code: 'not_found', params: {} };
    case '22001': // value too long
    case '22003': // numeric out of range
    case '22007': // invalid datetime format
    case '22008': // datetime out of range
    case '23514': // check constraint
      return { code: 'validation.failed', params: {} };
    default:
      return undefined;
  }
};

const mapFastifyError = (error: FastifyError): Mapped | undefined => {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'request.zu_gross', params: { maxMb: megabytes(MAX_BODY_BYTES) } };
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return { code: 'upload.too_large', params: { maxMb: megabytes(MAX_UPLOAD_BYTES) } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { code: 'request.json_ungueltig', params: {} };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'request.inhalt_fehlt', params: {} };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'request.format_nicht_unterstuetzt', params: {} };
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return { code: 'request.multipart_ungueltig', params: {} };
    case 'FST_ERR_VALIDATION':
      return { code: 'validation.failed', params: validationParams(error) };
    case 'FST_ERR_BAD_URL':
      return { code: 'request.adresse_ungueltig', params: {} };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { code: 'request.adresse_zu_lang', params: {} };
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 401) return { code: 'auth.unauthenticated', params: {} };
  if (status === 403) return { code: 'auth.forbidden', params: {} };
  if (status === 404) return { code: 'not_found', params: {} };
  if (status === 413) return mapFastifyError({ ...error, code: 'FST_ERR_CTP_BODY_TOO_LARGE' });
  if (status === 414) return { code: 'request.adresse_zu_lang', params: {} };
  if (status === 415) return { code: 'request.format_nicht_unterstuetzt', params: {} };
  if (status === 429) return { code: 'auth.rate_limited', params: {} };
  if (status >= 400 && status < 500) return { code: 'validation.failed', params: {}, status };
  return undefined;
};

/** The one mapping of any thrown value to a catalogue code and status. Unknown errors are `internal`. */
export const mapError = (error: unknown): Mapped & { status: number } => {
  const mapped = mapKnown(error) ?? { code: 'internal', params: {} };
  return { ...mapped, status: mapped.status ?? httpStatusOf(mapped.code) };
};

const mapKnown = (error: unknown): Mapped | undefined => {
  const domain = asDomainError(error);
  if (domain) return { code: domain.code, params: domain.params };
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { code: 'validation.failed', params: validationParams(error as unknown as FastifyError) };
  }
  const sql = mapSqlState(error);
  if (sql) return sql;
  if (isResponseSerializationError(error)) return undefined; // our bug, not the caller's: 500
  return isFastifyError(error) ? mapFastifyError(error) : undefined;
};

/**
 * The params a response may carry: a server error (5xx) names no cause, its `fehler` placeholder is the
 * request id under which the cause is logged (e.g. `customizing.save_failed`).
 */
const responseParams = (
  request: FastifyRequest,
  { code, status, params }: Mapped & { status: number },
): ErrorParams => {
  if (status >= 500 && Object.hasOwn(params, 'fehler')) return { ...params, fehler: String(request.id) };
  // The 415 names the content type the caller sent (its own header, bounded).
  if (code === 'request.format_nicht_unterstuetzt')
    return { format: String(request.headers['content-type'] ?? '–').slice(0, 100) };
  return params;
};

/** A request validation error (Fastify's or the zod type provider's): its issues and where they are. */
const validationOf = (error: unknown): { issues: ValidationIssue[]; context: string } | undefined => {
  const validation = (error as { validation?: unknown } | null)?.validation;
  if (!Array.isArray(validation) || validation.length === 0) return undefined;
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  return { issues: validation as ValidationIssue[], context };
};

const requestPart = (request: FastifyRequest, context: string): unknown => {
  switch (context) {
    case 'querystring':
      return request.query;
    case 'params':
      return request.params;
    case 'headers':
      return request.headers;
    default:
      return request.body;
  }
};

/**
 * The mapped error, a refused request's fields described with the catalogue's texts in the user's language
 * (decision 128).
 */
const mapForRequest = (request: FastifyRequest, error: unknown): Mapped & { status: number } => {
  const mapped = mapError(error);
  const validation = mapped.code === 'validation.failed' ? validationOf(error) : undefined;
  if (!validation) return mapped;
  const described = describeValidation(
    validation.issues,
    validation.context,
    requestPart(request, validation.context),
    requestLanguage(request),
  );
  return { ...mapped, ...described };
};

const sendError = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
  const mapped = mapForRequest(request, error);
  const { code, status } = mapped;
  const params = responseParams(request, mapped);
  if (status >= 500) {
    request.log.error({ err: error, reqId: request.id }, 'request failed');
  } else {
    request.log.info({ code, status, reqId: request.id }, 'request refused');
  }
  if (reply.sent || reply.raw.headersSent) return;
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(errorBody(code, requestLanguage(request), params));
};

/**
 * Installs the error handler and the 404 handler of the API. `fallback` answers GETs outside `/api`
 * that no route matched (the single-page app in production).
 */
/** The longest path segment the router accepts (app.ts `maxParamLength`). */
export const MAX_PATH_SEGMENT = 2048;

export const registerErrorHandling = (
  app: FastifyInstance,
  options: {
    fallback?: (request: FastifyRequest, reply: FastifyReply) => unknown;
    /** A feature route's input refusal becomes the switch's 404 when the tenant switched it off (decision 126). */
    featureSwitchedOff?: FeatureSwitchedOff;
  } = {},
) => {
  app.setErrorHandler(async (error, request, reply) => {
    if (await refusedBySwitch(request, mapError(error).status, options.featureSwitchedOff))
      return sendError(request, reply, new DomainError('not_found'));
    return sendError(request, reply, error);
  });
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && options.fallback && (request.method === 'GET' || request.method === 'HEAD')) {
      return options.fallback(request, reply);
    }
    // The router does not always raise FST_ERR_MAX_PARAM_LENGTH for an over-long segment (it depends on
    // which parametric routes share the prefix); such an address is too long, not unknown.
    if (
      isApi &&
      request.url
        .split('?')[0]!
        .split('/')
        .some((segment) => segment.length > MAX_PATH_SEGMENT)
    )
      return sendError(request, reply, new DomainError('request.adresse_zu_lang'));
    return sendError(request, reply, new DomainError('not_found'));
  });
};

/**
 * Fastify's `frameworkErrors`: errors its router raises before any route or hook runs (a path parameter
 * longer than the router allows, a URL that cannot be decoded). Answered like every other error.
 */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
  sendError(request, reply, error);

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused (broken request line, headers too
 * large, timeout). No request object exists, so the answer is German, in the API's error shape.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? 'request.zeitueberschreitung'
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? 'request.kopfzeilen_zu_gross'
        : 'request.ungueltig';
  const status = httpStatusOf(code);
  const body = JSON.stringify(errorBody(code, 'de'));
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
