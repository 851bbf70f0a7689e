// Request bodies: the content-type rule, a capped chunked reader, and strict
// UTF-8 + JSON decoding.
//
// uWS hands the body in chunks whose ArrayBuffers are neutered after each
// onData callback, so every chunk is copied. The cap is enforced as chunks
// arrive (and up front from Content-Length), so an oversized upload is
// refused without buffering it.

import type { HttpResponse } from 'uWebSockets.js';
import { BODY_DECODE_DETAILS } from '../schemas/common.js';
import { bodyMemory, mainSpares } from '../dispatch/spare-buffers.js';
import { detailReply, HttpError, httpError } from './errors.js';

/**
 * The POST endpoints require `application/json` (the interface lists the
 * header); parameters are allowed, and a charset, when given, must be UTF-8.
 * Anything else, including no Content-Type at all, is 415.
 */
export function requireJsonContentType(contentType: string): void {
  const [mediaType, ...params] = contentType.split(';');
  if (mediaType?.trim().toLowerCase() !== 'application/json') {
    throw httpError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
  }
  for (const param of params) {
    const [key, value] = param.split('=');
    if (key?.trim().toLowerCase() === 'charset') {
      const charset = (value ?? '').trim().replace(/^"|"$/g, '').toLowerCase();
      if (charset !== 'utf-8' && charset !== 'utf8') {
        throw httpError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type charset must be utf-8');
      }
    }
  }
}

/**
 * The document endpoints take `text/plain` (a charset, when given, must be
 * UTF-8) or `application/json`; anything else is 415.
 */
export function documentContentType(contentType: string): 'text' | 'json' {
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'text/plain') {
    for (const param of contentType.split(';').slice(1)) {
      const [key, value] = param.split('=');
      if (key?.trim().toLowerCase() !== 'charset') continue;
      const charset = (value ?? '').trim().replace(/^"|"$/g, '').toLowerCase();
      if (charset !== 'utf-8' && charset !== 'utf8') throw httpError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type charset must be utf-8');
    }
    return 'text';
  }
  if (mediaType === 'application/json') {
    requireJsonContentType(contentType);
    return 'json';
  }
  throw httpError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be text/plain; charset=utf-8 or application/json');
}

/** Thrown into the body promise when the client goes away mid-upload. */
export class RequestAborted extends Error {
  override name = 'RequestAborted';
}

export interface BodyReader {
  /** Resolves with the whole body; rejects with HttpError (413) or RequestAborted. */
  promise: Promise<Buffer>;
  /** Called by the server's onAborted handler. */
  abort(): void;
  /**
   * The body has been decoded and nothing holds its bytes: their memory, when
   * it is a buffer of its own, is kept for reuse (dispatch/spare-buffers.ts).
   * Called at most once, after the promise resolved.
   */
  release(): void;
}

/**
 * Starts reading the body of `res`. Must be called synchronously inside the
 * uWS handler (onData has to be attached before the handler returns).
 * `tooLarge` is the error for a body over `maxBytes` (413 in Shape A unless
 * the endpoint answers body problems in Shape B).
 */
export function readBody(
  res: HttpResponse,
  contentLength: string,
  maxBytes: number,
  tooLarge: () => HttpError = () => httpError('PAYLOAD_TOO_LARGE', `Request body is larger than ${maxBytes} bytes`),
): BodyReader {
  let resolve!: (b: Buffer) => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<Buffer>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  let settled = false;
  const settle = (fn: () => void) => {
    if (!settled) {
      settled = true;
      fn();
    }
  };
  const declared = contentLength === '' ? NaN : Number(contentLength);
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Refused before a byte of the body is read. onData is still attached so
    // uWS has a consumer for whatever arrives before the connection closes.
    res.onData(() => {});
    settle(() => reject(tooLarge()));
    return { promise, abort: () => settle(() => reject(new RequestAborted())), release: () => {} };
  }

  // With a declared length the body is copied into one buffer as it comes
  // (a 5 MiB document is never held twice); without one, in chunks. A body
  // of a spare's size is read into memory of its own (a spare one when there
  // is one), so that it can be kept once decoded.
  let own = Number.isFinite(declared) ? bodyMemory(declared) : null;
  const whole = own !== null ? Buffer.from(own, 0, declared) : Number.isFinite(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : null;
  const chunks: Buffer[] = [];
  let received = 0;
  /** Bytes copied into `whole` (the rest, should more come than declared, is in `chunks`). */
  let filled = 0;
  let resolved = false;
  res.onData((chunk, isLast) => {
    if (settled) return;
    received += chunk.byteLength;
    if (received > maxBytes) {
      chunks.length = 0;
      settle(() => reject(tooLarge()));
      return;
    }
    // Copy: uWS reuses (neuters) the chunk's memory after this callback.
    if (whole && chunks.length === 0 && filled + chunk.byteLength <= whole.length) {
      whole.set(new Uint8Array(chunk), filled);
      filled += chunk.byteLength;
    } else chunks.push(Buffer.from(chunk.slice(0)));
    if (!isLast) return;
    const parts = whole ? [whole.subarray(0, filled), ...chunks] : chunks;
    settle(() => {
      resolved = true;
      resolve(parts.length === 1 ? parts[0]! : Buffer.concat(parts, received));
    });
  });
  return {
    promise,
    abort: () => settle(() => reject(new RequestAborted())),
    release: () => {
      if (!resolved || own === null) return;
      mainSpares.give(own);
      own = null;
    },
  };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes a body as UTF-8 JSON. Problems here are in what the client sent to
 * a POST endpoint, so they are answered in Shape B like the endpoints' other
 * input errors.
 */
export function decodeJsonBody(body: Buffer): unknown {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw new HttpError(detailReply(BODY_DECODE_DETAILS.invalidUtf8));
  }
  if (text.trim().length === 0) throw new HttpError(detailReply(BODY_DECODE_DETAILS.empty));
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(detailReply(BODY_DECODE_DETAILS.invalidJson));
  }
}
