// The one error catalog: every error the HTTP layer answers, with its status
// and default message. Handlers throw HttpError (or return its reply); the
// server turns anything else into a generic 500 and logs it to stderr, so no
// stack or internal message ever reaches a response body.

import type { Outcome } from '../dispatch/services.js';
import type { Reply } from './types.js';

export const ERROR_CATALOG = {
  WORD_NOT_FOUND: { status: 404, message: 'Word not found in the dictionary' },
  MISSING_PARAMETER: { status: 400, message: 'A required parameter is missing' },
  INVALID_PARAMETER: { status: 400, message: 'A parameter has an invalid value' },
  BAD_REQUEST: { status: 400, message: 'The request is malformed' },
  UNAUTHORIZED: { status: 401, message: 'Unknown API key' },
  FORBIDDEN: { status: 403, message: 'Origin not allowed' },
  NOT_FOUND: { status: 404, message: 'No such endpoint' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed on this endpoint' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json' },
  UPGRADE_REQUIRED: { status: 426, message: 'This endpoint is a WebSocket; send an Upgrade request' },
  RATE_LIMIT_EXCEEDED: { status: 429, message: 'Rate limit exceeded' },
  INTERNAL_ERROR: { status: 500, message: 'Internal server error' },
  SERVICE_UNAVAILABLE: { status: 503, message: 'Service temporarily unavailable' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOG;

/** Status lines for uWS writeStatus, which takes the whole "code reason" text. */
export const STATUS_LINES: Record<number, string> = {
  200: '200 OK',
  204: '204 No Content',
  304: '304 Not Modified',
  400: '400 Bad Request',
  401: '401 Unauthorized',
  403: '403 Forbidden',
  404: '404 Not Found',
  405: '405 Method Not Allowed',
  413: '413 Payload Too Large',
  415: '415 Unsupported Media Type',
  426: '426 Upgrade Required',
  429: '429 Too Many Requests',
  500: '500 Internal Server Error',
  503: '503 Service Unavailable',
};

export function statusLine(status: number): string {
  return STATUS_LINES[status] ?? `${status} Status`;
}

/** Shape A body for a catalog code, with the extra top-level or error fields some codes carry. */
export function errorReply(
  code: ErrorCode,
  message: string = ERROR_CATALOG[code].message,
  extra: { similarWords?: string[]; retryAfter?: number; headers?: Record<string, string> } = {},
): Reply {
  const error: Record<string, unknown> = { code, message };
  if (extra.retryAfter !== undefined) error.retry_after = extra.retryAfter;
  const body: Record<string, unknown> = { error };
  if (extra.similarWords !== undefined) body.similar_words = extra.similarWords.slice(0, 5);
  return { status: ERROR_CATALOG[code].status, body, headers: extra.headers };
}

/** 429 RATE_LIMIT_EXCEEDED with its retry time, in the body and the Retry-After header. */
export function rateLimitedReply(retryAfterSeconds: number, message = `Rate limit exceeded; retry after ${retryAfterSeconds} seconds`): Reply {
  return errorReply('RATE_LIMIT_EXCEEDED', message, { retryAfter: retryAfterSeconds, headers: { 'Retry-After': String(retryAfterSeconds) } });
}

/** Shape B body: the input errors of the spellcheck and romanization endpoints. */
export function detailReply(detail: string): Reply {
  return { status: 400, body: { detail } };
}

/** A request error carrying its finished reply; thrown from parsing code deep inside a handler. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(readonly reply: Reply) {
    super(`HTTP ${reply.status}`);
  }
}

export function httpError(code: ErrorCode, message?: string): HttpError {
  return new HttpError(errorReply(code, message));
}

/** A failed Outcome's catalog reply; an internal message goes to the log, never the client. */
export function failureReply(o: Outcome<never>, what: string): Reply {
  if (o.ok) throw new Error('failureReply of a success');
  if (o.code === 'SERVICE_UNAVAILABLE') {
    const retryAfter = o.retryAfterSeconds ?? 1;
    return errorReply('SERVICE_UNAVAILABLE', o.message, { retryAfter, headers: { 'Retry-After': String(retryAfter) } });
  }
  // The client has gone: nothing will be written; the reply only closes the books.
  if (o.code === 'CANCELLED') return errorReply('SERVICE_UNAVAILABLE', 'the request was cancelled');
  if (o.code === 'WORD_NOT_FOUND') {
    // Look-ups answer WORD_NOT_FOUND themselves (with similar words); any
    // other service saying so still gets the right status and shape.
    return errorReply('WORD_NOT_FOUND', o.message, { similarWords: [] });
  }
  return { ...errorReply('INTERNAL_ERROR'), log: `${what} failed: ${o.message}` };
}
