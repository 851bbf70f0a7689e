// A request as the handlers see it: everything copied out of uWS's
// HttpRequest at once (it is invalid after the first await or return), the
// client resolved through trusted proxies, the coding negotiated, the request
// id taken or made.

import type { HttpRequest, HttpResponse } from 'uWebSockets.js';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ClientResolver } from './client-address.js';
import { negotiateEncoding } from './compression.js';
import type { RequestContext } from './types.js';

/**
 * An X-Request-Id the service takes as sent: 1-128 characters of letters,
 * digits and - _ . :, beginning and ending with a letter or digit (a UUID, a
 * ULID, a proxy's hex id); anything else is replaced by an id made here,
 * never altered, so no header or log line carries what a client chose to
 * inject. (uWS's parser drops bytes over 0x7F at either end of a header
 * value before the service sees it, reading them as white space: `अ-1`
 * arrives as `-1`, which the first-and-last rule refuses; docs/api.md,
 * "Request ids".)
 */
const REQUEST_ID = /^[A-Za-z0-9](?:[A-Za-z0-9._:-]{0,126}[A-Za-z0-9])?$/;
const ADDRESS_TEXT = new TextDecoder();

export function requestIdOf(sent: string): string {
  return REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** The request has a body to read (or skip). */
export function hasBody(ctx: RequestContext): boolean {
  return (ctx.contentLength !== '' && ctx.contentLength !== '0') || ctx.transferEncoding !== '';
}

/** Copies what handlers need from the request; `paramCount` path parameters of the matched pattern. */
export function copyRequest(res: HttpResponse, req: HttpRequest, paramCount: number, resolver: ClientResolver): RequestContext {
  const params: string[] = [];
  for (let i = 0; i < paramCount; i++) params.push(req.getParameter(i) ?? '');
  const peer = ADDRESS_TEXT.decode(res.getRemoteAddressAsText());
  let forwardedFor = '';
  if (resolver.isTrusted(peer)) {
    // A proxy may send the header more than once; read every copy, in order.
    const parts: string[] = [];
    req.forEach((k, v) => {
      if (k === 'x-forwarded-for') parts.push(v);
    });
    forwardedFor = parts.join(',');
  }
  const acceptEncoding = req.getHeader('accept-encoding');
  const contentLength = req.getHeader('content-length');
  const transferEncoding = req.getHeader('transfer-encoding');
  let framingError: string | null = null;
  if (contentLength !== '') {
    // uWS 20.51 reads the first of several Content-Length headers; where
    // the others differ, client and server disagree on where the body
    // ends (request smuggling), so the request is refused (RFC 9112 6.3).
    // (uWS itself refuses Content-Length beside Transfer-Encoding.)
    req.forEach((k, v) => {
      if (k === 'content-length' && v.trim() !== contentLength.trim()) framingError = 'Conflicting Content-Length headers';
    });
  }
  return {
    method: req.getMethod().toUpperCase(),
    path: req.getUrl(),
    query: req.getQuery() ?? '',
    params,
    contentType: req.getHeader('content-type'),
    contentLength,
    transferEncoding,
    framingError,
    apiKey: req.getHeader('x-api-key'),
    forwardedFor,
    peerAddress: peer,
    client: resolver.resolve(peer, forwardedFor),
    receivedAt: performance.now(),
    encoding: acceptEncoding === '' ? null : negotiateEncoding(acceptEncoding),
    ifNoneMatch: req.getHeader('if-none-match'),
    requestId: requestIdOf(req.getHeader('x-request-id')),
    origin: req.getHeader('origin'),
  };
}
