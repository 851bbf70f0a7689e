// Types shared by the HTTP layer. RequestContext holds copies of everything a
// handler may need from uWS's HttpRequest, which is invalid after the first
// await or return.

import type { ContentEncoding } from '../dispatch/services.js';

export interface Reply {
  status: number;
  /** Serialized as JSON; undefined (and no json) sends no body (204). */
  body?: unknown;
  /** A body already serialized as JSON (the OpenAPI document is serialized once). */
  json?: string | Uint8Array;
  /** `json` is already compressed in this coding (a worker did it); otherwise the server compresses as negotiated. */
  encoding?: ContentEncoding | null;
  headers?: Record<string, string>;
  /**
   * A streamed body (NDJSON, status 200): chunks pulled one at a time and
   * written as they come, compressed as they stream when the client accepts
   * a coding. The first chunk is pulled before the status line is written,
   * so an HttpError thrown then is answered as an ordinary reply. Returning
   * the iterator early (the client went away) must stop its work.
   */
  stream?: AsyncIterable<Uint8Array>;
  /** A problem for the server log, never sent: written as an error line with the request's id. */
  log?: string;
  /** The body's media type when it is not JSON (the /metrics text). */
  contentType?: string;
}

export interface RequestContext {
  /** Upper-case method as sent (HEAD is answered as GET without a body). */
  method: string;
  /** The path as sent, still percent-encoded. */
  path: string;
  /** The raw query string without '?', still percent-encoded. */
  query: string;
  /** Route parameters as sent, still percent-encoded. */
  params: string[];
  contentType: string;
  contentLength: string;
  transferEncoding: string;
  /** Why the body's extent is ambiguous (conflicting Content-Length headers); null when it is not. */
  framingError: string | null;
  apiKey: string;
  forwardedFor: string;
  /** The address of the TCP peer (not yet resolved through trusted proxies). */
  peerAddress: string;
  /** The client the request is attributed to (after X-Forwarded-For), for logs and rate limits. */
  client: string;
  /** performance.now() when the request arrived. */
  receivedAt: number;
  /** The coding answers may be compressed in (Accept-Encoding negotiated); null for none. */
  encoding: ContentEncoding | null;
  /** If-None-Match as sent ('' when absent). */
  ifNoneMatch: string;
  /** X-Request-Id as sent when well-formed, else one made here; echoed back and logged. */
  requestId: string;
  /** Origin as sent ('' when absent), for CORS_ORIGINS. */
  origin: string;
}

/** What Quota.take counted. */
export interface QuotaGrant {
  /** Requests counted: all or none ("all"), as many as fit ("partial"). */
  granted: number;
  /** Seconds until what was not counted would be ("all"), or one more request ("partial"). */
  retryAfterSeconds: number;
  /** "all": more requests than a window of the limits holds. */
  neverFits: boolean;
  /** RateLimit-Policy of the limits that apply; null when none does. */
  policy: string | null;
}

/**
 * A handler's view of the client's rate limits. The request itself was
 * counted on arrival; a document's pieces and a batch's items beyond the
 * first count as requests of their own.
 */
export interface Quota {
  /** A Promise when the limits are shared in Redis. */
  take(n: number, mode: 'all' | 'partial'): QuotaGrant | Promise<QuotaGrant>;
  /** Takes back the request's own count (a request its handler refuses for its quota, as the limiter would have). */
  refundRequest(): void;
}
