// What the route files share: the responses every endpoint may give,
// documented once, and the replies made from service outcomes.

import { Serialized, type Outcome } from '../../dispatch/services.js';
import { BODY_DECODE_DETAILS, ErrorBody, RateLimitBody, UnavailableBody } from '../../schemas/common.js';
import { errorReply, failureReply, HttpError } from '../errors.js';
import { JSON_TYPE, type Reply, type ResponseDoc, type RouteDeps } from '../types.js';

export const SIMILAR_WORDS_MAX = 5;

// The validators of answers that depend only on the data build and the code (caching.ts).
export const CACHED_HEADERS = ['ETag', 'Cache-Control'];
export const NOT_MODIFIED: ResponseDoc = {
  description:
    "Not Modified: If-None-Match holds this answer's ETag (the same request to the same data build and code; `*` where there is an answer), by GET or HEAD, whatever the Accept-Encoding. No body.",
  noBody: true,
  headers: CACHED_HEADERS,
};

// Responses every rate-limited endpoint may give, documented once.
export const COMMON_RESPONSES: Record<number, ResponseDoc> = {
  401: { description: 'UNAUTHORIZED: the X-API-Key header names no partner key.', schema: ErrorBody },
  429: { description: 'RATE_LIMIT_EXCEEDED, with error.retry_after and a Retry-After header.', schema: RateLimitBody, headers: ['Retry-After'] },
  500: {
    description: 'INTERNAL_ERROR: {"error":{"code":"INTERNAL_ERROR","message":"Internal server error"}}; details go to the server log only.',
    schema: ErrorBody,
  },
  503: {
    description:
      'SERVICE_UNAVAILABLE: the service is overloaded (a text job would wait for a worker longer than QUEUE_MAX_WAIT_MS, or QUEUE_MAX jobs already wait: refused at once, with error.retry_after and a Retry-After header; a spellcheck/text or romanization/resolve body over 2 KiB is then refused before it is parsed) or shutting down; retry after the time given.',
    schema: UnavailableBody,
    headers: ['Retry-After'],
  },
};

/**
 * Bodies of spellcheck/text and romanization/resolve longer than this are
 * refused 503 before they are parsed while the pool refuses new jobs: a
 * text that long is a pool job (texts up to 200 characters run inline, about
 * 600 bytes of Devanagari), and under a flood of them parsing and counting
 * each body (about 150 µs for a near-limit text) was most of what the main
 * thread spent on a request it then refused (bench/journal/2026-11-25.md#overload).
 */
export const POOL_BODY_BYTES = 2048;

export const BODY_RESPONSES: Record<number, ResponseDoc> = {
  413: {
    description: 'PAYLOAD_TOO_LARGE: the body is over the byte cap (MAX_BODY_BYTES, 256 KiB by default); refused as it arrives and the connection is closed.',
    schema: ErrorBody,
  },
  415: { description: 'UNSUPPORTED_MEDIA_TYPE: Content-Type is not application/json (a charset, when given, must be utf-8).', schema: ErrorBody },
};

export function queryParamErrors(extra = ''): ResponseDoc {
  return {
    description: `MISSING_PARAMETER (message names the parameter) or INVALID_PARAMETER (out of range, not a boolean/integer, over 100 characters, given twice, malformed percent-encoding)${extra}.`,
    schema: ErrorBody,
  };
}

/** "Shape B. detail is one of: ..." from a body check's details (BodyValidator) and the body's decoding ones: never restated by hand. */
export function bodyDetails(details: Readonly<Record<string, string>>): string {
  const all = [...new Set([...Object.values(details), ...Object.values(BODY_DECODE_DETAILS)])];
  return `Shape B. detail is one of: ${all.map((d) => JSON.stringify(d)).join(', ')}.`;
}

/** An Outcome's value; a failure becomes its catalog reply (thrown). */
export function unwrap<T>(o: Outcome<T>, what: string): T {
  if (o.ok) return o.value;
  throw new HttpError(failureReply(o, what));
}

/** A 200 reply; a result a worker already serialized (and maybe compressed) is sent as it is. */
export function okReply<T>(value: T | Serialized<T>): Reply {
  return value instanceof Serialized
    ? { status: 200, content: { bytes: value.json, type: JSON_TYPE, encoding: value.encoding, owned: value.owned } }
    : { status: 200, body: value };
}

/** The WORD_NOT_FOUND reply (404 body: the word and up to 5 similar words). */
export function wordNotFound(word: string, similar: string[]): Reply {
  return errorReply('WORD_NOT_FOUND', `Word '${word}' not found in the dictionary`, { similarWords: similar.slice(0, SIMILAR_WORDS_MAX) });
}

/** WORD_NOT_FOUND with the similar words given, or asked of the services (a failure there leaves the hints out, logged). */
export async function notFound(word: string, deps: RouteDeps, similar?: string[]): Promise<Reply> {
  let words = similar;
  let log: string | undefined;
  if (words === undefined) {
    const o = await deps.services.similarWords(word, SIMILAR_WORDS_MAX);
    if (o.ok) words = o.value;
    else {
      // The 404 is still the right answer; only its hints are missing.
      log = `similarWords failed: ${o.message}`;
      words = [];
    }
  }
  const reply = wordNotFound(word, words);
  return log === undefined ? reply : { ...reply, log };
}
