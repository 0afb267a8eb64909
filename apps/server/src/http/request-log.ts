import { randomUUID } from 'node:crypto';
import { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/**
 * What the log never shows (decision 233): credentials in headers (the session cookie, `Authorization`, the
 * cookies a sign-in sets), and any field of a logged object that holds a password, a token, a secret or a
 * one-time code. Pino replaces them with `[redacted]` wherever a line logs such an object (an error carrying the
 * request, a service logging its input); the request line itself logs no headers and no body at all.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  ...[
    'password',
    'newPassword',
    'currentPassword',
    'passwort',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'secret',
    // not `code`: that is the error code of a refused request and of a database error
    'otp',
    'totpCode',
    'backupCode',
    'backupCodes',
    'totpURI',
    'cookie',
    'authorization',
  ].flatMap((key) => [key, `*.${key}`]),
];

/** The logger options of the app: the level, the redaction, and where lines go (stdout unless a test captures them). */
export const appLoggerOptions = ({
  level = 'info',
  stream,
}: {
  level?: string;
  stream?: NodeJS.WritableStream;
} = {}): Exclude<FastifyServerOptions['logger'], boolean | undefined> =>
  ({
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  }) as Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * Fastify's own lines per request ('incoming request' with the raw URL, 'request completed' without the tenant) are
 * left out; `registerRequestLog` writes the one line instead. Its other lines (a stream that broke) stay.
 */
export class RequestLineController extends LogController {
  override incomingRequest() {}
  override requestCompleted() {}
}

/** A request id unique across instances and restarts (Fastify's default counts from 1 in every process). */
export const newRequestId = () => randomUUID();

/** The path without its query (which may carry a token, e.g. of a calendar feed or a reset link). */
const pathOnly = (url: string) => url.split('?')[0] ?? url;

/**
 * Who made a request, as far as the session says: tenant and user id (never the e-mail address).
 * The API reads the session in the auth plugin's `onRequest` hook; routes under `/api/auth/` read none.
 */
const whoOf = (request: FastifyRequest) =>
  request.sessionUser
    ? { mandantId: request.sessionUser.mandantId, benutzerId: request.sessionUser.benutzerId }
    : {};

/** Requests whose logger carries tenant and user already. */
const bound = new WeakSet<FastifyRequest>();

/**
 * Binds tenant and user to the request's logger, so that every later line of the request, its request line among
 * them, names them. The API's requests are bound from their session; the sign-in routes (which read no session
 * for the API) bind the login they are about once it is known: the account a password or code is tried for, the
 * account of a reset token, the session of a signed-in caller. The first binding holds.
 */
export const bindLogTo = (request: FastifyRequest, who: { mandantId: string; benutzerId: string }) => {
  if (bound.has(request)) return;
  request.log = request.log.child({ mandantId: who.mandantId, benutzerId: who.benutzerId });
  bound.add(request);
};

/**
 * One line per answered request instead of Fastify's two (decision 233): request id (as `reqId`, also sent back
 * as `X-Request-Id`), method, the route pattern (the path without query only where no route matched), status,
 * time, and the tenant and user of the session. Once the session is read, the request's logger carries tenant and
 * user, so the lines logged later in the request (a refused or failed request) do as well.
 */
export const registerRequestLog = (
  app: FastifyInstance,
  {
    onAnswered,
  }: { onAnswered?: (request: FastifyRequest, statusCode: number, seconds: number) => void } = {},
) => {
  // after every onRequest hook, the auth plugin's reading of the session among them
  app.addHook('preParsing', async (request) => {
    const who = whoOf(request);
    if (who.mandantId) bindLogTo(request, who);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    const seconds = reply.elapsedTime / 1000;
    onAnswered?.(request, reply.statusCode, seconds);
    request.log.info(
      {
        method: request.method,
        ...(route ? { route } : { path: pathOnly(request.url) }),
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...(bound.has(request) ? {} : whoOf(request)),
      },
      'request completed',
    );
  });
};
