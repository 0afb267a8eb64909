import type { ErrorCode, ErrorParams } from '@stellwerk/domain/errors';

/** Thrown from a route's `beforeLoad` when a guard refuses: the error screen shows status and message. */
export class RouteError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly params: ErrorParams;

  constructor(status: number, code: ErrorCode, params: ErrorParams = {}) {
    super(code);
    this.name = 'RouteError';
    this.status = status;
    this.code = code;
    this.params = params;
  }
}
