// Types shared by the HTTP layer: the reply a handler gives, the request
// context it reads (copies of everything a handler may need from uWS's
// HttpRequest, which is invalid after the first await or return), its view of
// the rate limits, and the routes table's rows (routes/).

import type { TSchema } from 'typebox';
import type { ContentEncoding } from '../codec/encoding.js';
import type { Services } from '../dispatch/services.js';
import type { BodyValidator } from '../schemas/common.js';
import type { Metrics } from './metrics.js';

/** The media type of JSON answers. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** A body already made: its bytes, their media type, and the coding they are in. */
export interface Content {
  bytes: string | Uint8Array;
  /** JSON_TYPE for JSON made elsewhere (a worker's answer, the OpenAPI document); text/html, text/plain... for the rest. */
  type: string;
  /** The bytes are compressed in this coding already (a worker did it); null: the server compresses them as negotiated. */
  encoding: ContentEncoding | null;
  /** The bytes are in a buffer nothing else holds (Serialized.owned): once written, its memory is kept for reuse (dispatch/spare-buffers.ts). */
  owned?: boolean;
}

export interface Reply {
  status: number;
  /** A JSON value, serialized when written; with neither `body` nor `content` no body is sent (204, 304). */
  body?: unknown;
  /** Or a body already made. */
  content?: Content;
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

export interface ResponseDoc {
  description: string;
  /** Alternative bodies (documented as oneOf); of an NDJSON answer, the kinds of its lines. */
  schema?: TSchema | TSchema[];
  /** application/json unless said (application/x-ndjson for streamed answers). */
  contentType?: string;
  /** Response headers beyond the ones every response carries. */
  headers?: string[];
  /** A status sent without a body (304). */
  noBody?: boolean;
}

export interface RouteDoc {
  summary: string;
  description: string;
  tag: string;
  /** Query parameters documented but not read by the router (the live upgrade's key); a route's `query` is documented by itself. */
  query?: TSchema;
  /** Path parameters documented but not read by the router (the playground's file names, matched as sent); a route's `pathParams` are documented by themselves. */
  pathParams?: { name: string; schema: TSchema }[];
  /** A body documented but not checked by the router (batches); a route's `jsonBody` is documented by itself. */
  body?: TSchema;
  /** Request bodies by media type, where more than JSON is taken (documents: text/plain too). */
  bodyContent?: Record<string, TSchema>;
  responses: Record<number, ResponseDoc>;
}

/** A query schema compiled once (typebox/compile): the router reads the query string against it (query.ts). */
export interface QueryValidator<T> {
  Type(): TSchema;
  Check(value: unknown): value is T;
}

/** What a handler is given: the request, and its query, path parameters and JSON body already read and checked by the router. */
export interface HandlerInput<Q = unknown, B = unknown> {
  ctx: RequestContext;
  /** The query as the route's schema reads it (defaults filled in). */
  query: Q;
  /** The path parameters, decoded and checked, in the order of the path. */
  params: string[];
  /** The JSON body: checked by the route's BodyValidator when it has one, else as decoded (batches, documents sent as JSON). */
  body: B;
  /** The body's bytes as sent (documents sent as text/plain). */
  raw?: Buffer;
  /** Aborts when the client goes away (made on first use: most requests never need one). */
  signal(): AbortSignal;
  /** Who the request counts against (the rate limits' identity): the pool serves clients' jobs in turn. */
  client: string;
  /** The client's rate limits, for requests that are several (documents, batches). */
  quota: Quota;
}

/** What reaches the router for a route: the input before its query, parameters and body are read. */
export type RawInput = Omit<HandlerInput, 'query' | 'params'>;

export interface RouteSpec<Q, B> {
  method: 'GET' | 'POST';
  /** OpenAPI form: /api/v1/dictionary/word/{word}. */
  path: string;
  operationId: string;
  /**
   * The body read: none; JSON (application/json, MAX_BODY_BYTES, 413 in
   * Shape A); or, up to DOCUMENT_MAX_BYTES with every problem (413 too) in
   * Shape B, a document (text/plain or JSON) or a batch (JSON); or a form
   * (`form`: parameters in the query string and, on POST, in a body of any
   * Content-Type, up to MAX_BODY_BYTES), whose partner key may be among the
   * parameters: the request is counted against the rate limits once its
   * parameters are read.
   */
  body: false | 'json' | 'document' | 'batch' | 'form';
  /** False for the probes (/up, /api/v1/health): they neither count against nor are refused by rate limits. */
  rateLimited: boolean;
  /**
   * A JSON body longer than this many bytes is a pool job: while the pool
   * refuses new jobs (Services.refuseIfOverloaded) the request is answered
   * 503 before its body is parsed and checked. Set where that is all the
   * route does with such a body (a text to spellcheck or romanize).
   */
  poolBodyBytes?: number;
  /** The query, read by the router before the handler (MISSING_PARAMETER, INVALID_PARAMETER); documented from its schema. */
  query?: QueryValidator<Q>;
  /** The path parameters, decoded and read by the router, in order. */
  pathParams?: { name: string; schema: TSchema }[];
  /** The JSON body's check, run by the router (Shape B with its detail); documented from its schema and details. */
  jsonBody?: BodyValidator<B>;
  /** How a `form` route's parameters are read (the handler's `body`), and the partner key among them. */
  form?: FormReader<B>;
  /** Writes this path's error replies (status 400 and up, the pipeline's included) in a protocol's own form; the service's JSON shapes when absent. */
  renderError?: (reply: Reply) => Reply;
  doc: RouteDoc;
  handle(input: HandlerInput<Q, B>): Reply | Promise<Reply>;
}

/** A `form` route's parameters: read from the query string and the body's bytes (null when none is read: GET), and the partner key they carry. */
export interface FormReader<B> {
  read(query: string, body: Uint8Array | null): B;
  /** The partner key ('' for none: the X-API-Key header decides), or the reply refusing the credentials (the request is still counted). */
  apiKey(params: B): string | Reply;
}

/** A row of the routes table (route() keeps a row's handler typed by its validators). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table holds routes of every input type
export type Route = RouteSpec<any, any>;

export function route<Q = undefined, B = unknown>(spec: RouteSpec<Q, B>): Route {
  return spec;
}

export interface RouteDeps {
  services: Services;
  countWords: (text: string) => number;
  isShuttingDown: () => boolean;
  /** An error line for the server log, with the id of the request it concerns when there is one. */
  logError: (message: string, err?: unknown, requestId?: string) => void;
  /** DOCUMENT_MAX_BYTES: the body cap of documents and batches. */
  documentMaxBytes: number;
  /** What GET /metrics exposes (metrics.ts). */
  metrics: Metrics;
  /** Impairments of the rate limits (the shared store not answering), for health. */
  rateLimitIssues?: () => string[];
}
