// The only code that touches uWS. Invariants kept here:
// - everything a handler needs from HttpRequest is copied before anything
//   else happens (HttpRequest is invalid after the first await or return);
// - res.onAborted is attached on every request before any asynchronous work,
//   and nothing is written to an aborted response;
// - every write happens inside res.cork;
// - no exception ever crosses back into uWS: anything unexpected becomes a
//   generic 500 INTERNAL_ERROR and a line on stderr;
// - a streamed answer (NDJSON) is written chunk by chunk, each in its own
//   cork, and the next chunk is asked for only when res.write reported no
//   backpressure or res.onWritable fired: a slow reader holds up the work
//   behind the stream instead of filling memory;
// - an answer is compressed as Accept-Encoding allows (compression.ts) from
//   COMPRESS_MIN_BYTES up, a stream whenever allowed; every body and 304
//   carries Vary: Accept-Encoding, and HEAD sends the headers GET would.

import type { HttpRequest, HttpResponse, us_listen_socket, us_socket, us_socket_context_t } from 'uWebSockets.js';
import uWS, { listenOn } from './uws.js';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Config } from '../config.js';
import { COMPRESS_MIN_BYTES, compressBody, countWords as engineCountWords, createCompressor, type ContentEncoding, type Services } from '../dispatch/services.js';
import { decodeJsonBody, documentContentType, readBody, RequestAborted, requireJsonContentType, type BodyReader } from './body.js';
import { ClientResolver, clientKey } from './client-address.js';
import { negotiateEncoding } from './compression.js';
import { LIVE_PATH, LiveChannel, type LiveConnection } from './live.js';
import { Metrics } from './metrics.js';
import { detailReply, errorReply, failureReply, HttpError, rateLimitedReply, statusLine } from './errors.js';
import { buildOpenApi } from './openapi.js';
import { PartnerKeys } from './partners.js';
import { RateLimits, rateLimitHeaders, then, type Identity, type Maybe } from './rate-limit.js';
import { SharedWindows } from './shared-limits.js';
import { buildRoutes, openApiRoute, type Route } from './routes.js';
import type { Quota, Reply, RequestContext } from './types.js';

export interface ServerHandle {
  port: number;
  /** /up -> 503, stop accepting, wait for in-flight requests (bounded by config.shutdownGraceMs), close the listen socket and the app */
  shutdown(): Promise<void>;
}

export interface ServerOptions {
  /** Word counter for the 1,000-word limit; defaults to the spellcheck tokenizer's. */
  countWords?: (text: string) => number;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const NDJSON_TYPE = 'application/x-ndjson';
const EXPOSED_HEADERS = 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, X-Request-Id';
const PREFLIGHT_ALLOWED_HEADERS = 'Content-Type, X-API-Key, X-Request-Id';
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
const PREFLIGHT_MAX_AGE_SECONDS = '86400';
const ADDRESS_TEXT = new TextDecoder();

/** The routes sharing one uWS pattern, by method. */
interface PatternGroup {
  /** The path in OpenAPI form; logged instead of the raw path so words in the path stay out of logs. */
  template: string;
  byMethod: Map<string, Route>;
  /** Allow header value: the methods, HEAD where GET is, and OPTIONS. */
  allow: string;
  paramCount: number;
}

/** Per-request bookkeeping that outlives the uWS callback. */
interface RequestState {
  aborted: boolean;
  reader: BodyReader | null;
  /** RateLimit-* headers computed for this request; sent with whatever reply follows. */
  rateHeaders: Record<string, string> | null;
  partner: string | null;
  /** The whole body was read; when false and the request has one, the connection is closed after the reply. */
  bodyConsumed: boolean;
  /** Made when a handler first asks for a signal; aborted with the request. */
  abort: AbortController | null;
  /** Who the request counts against, and when it was counted (a handler may count more, or take it back: Quota). */
  identity: Identity | null;
  countedAt: number | string | null;
  /** Wakes a stream waiting for the socket to drain (called on abort too). */
  wake: (() => void) | null;
  status: number;
  bytes: number;
}

function logLine(stream: NodeJS.WriteStream, record: Record<string, unknown>): void {
  try {
    stream.write(JSON.stringify(record) + '\n');
  } catch {
    // Logging must never take a request down with it.
  }
}

function logError(message: string, err?: unknown, requestId?: string): void {
  const record: Record<string, unknown> = { time: new Date().toISOString(), level: 'error', message };
  if (requestId !== undefined) record.request_id = requestId;
  if (err !== undefined) record.error = err instanceof Error ? (err.stack ?? err.message) : String(err);
  logLine(process.stderr, record);
}

function signalOf(state: RequestState): AbortSignal {
  if (!state.abort) {
    state.abort = new AbortController();
    if (state.aborted) state.abort.abort();
  }
  return state.abort.signal;
}

/** Bytes of a body as it will be sent. */
function bodyBytes(json: string | Uint8Array): Uint8Array {
  return typeof json === 'string' ? Buffer.from(json) : json;
}

function hasBody(ctx: RequestContext): boolean {
  return (ctx.contentLength !== '' && ctx.contentLength !== '0') || ctx.transferEncoding !== '';
}

/**
 * Why uWS could not listen (it only says that it could not): node:net tries
 * the same address and reports the system's reason.
 */
async function listenFailure(host: string, port: number, reusePort: boolean): Promise<Error> {
  const code = await new Promise<string>((resolve) => {
    const probe = createServer();
    probe.once('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve('')));
  });
  if (code === 'EADDRINUSE') {
    return new Error(
      `port ${port} on ${host} is already in use (another instance of this service?)` +
        (reusePort ? ' by a process that does not share it' : '; set REUSE_PORT=true to share it with one on purpose'),
    );
  }
  return new Error(`cannot listen on ${host}:${port}${code ? ` (${code})` : ''}`);
}

export async function startServer(config: Config, services: Services, options: ServerOptions = {}): Promise<ServerHandle> {
  // ---- set-up: everything that can fail does so before the port opens
  const partners = await PartnerKeys.load(config.partnerKeysFile);
  const resolver = new ClientResolver(config.trustedProxies);
  const shared = config.redisUrl === null ? null : new SharedWindows({ url: config.redisUrl, timeoutMs: config.redisTimeoutMs, prefix: config.redisKeyPrefix });
  const limits = new RateLimits({ perMinute: config.rateLimitPerMinute, perDay: config.rateLimitPerDay }, partners, {}, shared);
  const countWords = options.countWords ?? engineCountWords;

  let shuttingDown = false;
  let inFlight = 0;
  let onDrained: (() => void) | null = null;

  const metrics = new Metrics();
  const routes = buildRoutes({
    services,
    countWords,
    isShuttingDown: () => shuttingDown,
    logError,
    documentMaxBytes: config.documentMaxBytes,
    metrics,
    rateLimitIssues: () => limits.issues(),
  });
  // The OpenAPI document is serialized once, and compressed once per coding.
  let openApiJson: Uint8Array = new Uint8Array(0);
  const openApiCompressed = new Map<ContentEncoding, Uint8Array>();
  routes.push(
    openApiRoute((encoding) => {
      if (encoding === null) return { json: openApiJson, encoding: null };
      let c = openApiCompressed.get(encoding);
      if (!c) openApiCompressed.set(encoding, (c = compressBody(openApiJson, encoding)));
      return { json: c, encoding };
    }),
  );
  openApiJson = Buffer.from(
    JSON.stringify(
      buildOpenApi(routes, {
        maxBodyBytes: config.maxBodyBytes,
        documentMaxBytes: config.documentMaxBytes,
        rateLimitPerMinute: config.rateLimitPerMinute,
        rateLimitPerDay: config.rateLimitPerDay,
      }),
    ),
  );

  const groups = new Map<string, PatternGroup>();
  for (const route of routes) {
    const pattern = route.path.replace(/\{(\w+)\}/g, ':$1');
    let g = groups.get(pattern);
    if (!g) {
      g = { template: route.path, byMethod: new Map(), allow: '', paramCount: (pattern.match(/:/g) ?? []).length };
      groups.set(pattern, g);
    }
    if (g.byMethod.has(route.method)) throw new Error(`two routes for ${route.method} ${route.path}`);
    g.byMethod.set(route.method, route);
  }
  const liveGroup = groups.get(LIVE_PATH) ?? null;
  const live = new LiveChannel({ config, services, routes, countWords, metrics, logError, isShuttingDown: () => shuttingDown });
  metrics.liveUnsentBytes = () => live.unsentBytes;
  for (const g of groups.values()) {
    const methods = [...g.byMethod.keys()];
    if (g.byMethod.has('GET')) methods.push('HEAD');
    methods.push('OPTIONS');
    g.allow = methods.join(', ');
  }

  // ---- per request
  function copyRequest(res: HttpResponse, req: HttpRequest, paramCount: number): RequestContext {
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

  function newState(): RequestState {
    return {
      aborted: false,
      reader: null,
      rateHeaders: null,
      partner: null,
      bodyConsumed: false,
      abort: null,
      identity: null,
      countedAt: null,
      wake: null,
      status: 0,
      bytes: 0,
    };
  }

  function requestIdOf(sent: string): string {
    return REQUEST_ID.test(sent) ? sent : randomUUID();
  }

  /** CORS: any origin ('*'), or the request's Origin when CORS_ORIGINS lists it (then the answer varies by Origin). */
  const anyOrigin = config.corsOrigins.includes('*');
  const allowedOrigins = new Set(config.corsOrigins);
  function allowOrigin(ctx: RequestContext | null): string | null {
    if (anyOrigin) return '*';
    return ctx !== null && allowedOrigins.has(ctx.origin) ? ctx.origin : null;
  }

  /**
   * Identity (a partner key, or the client address) and the rate limit: the
   * refusal (401, 429), or null with the request counted in `state`. Probes
   * and preflights (`exempt`) ignore the key: a gateway or orchestrator
   * holding a stale key must still see the instance up; they only report the
   * quota, never spend or refuse it. A Promise when the limits are shared
   * in Redis (REDIS_URL) and it answers.
   */
  function identify(ctx: RequestContext, exempt: boolean, state: RequestState): Maybe<Reply | null> {
    let identity: Identity = { kind: 'anonymous', key: clientKey(ctx.client) };
    if (ctx.apiKey !== '' && !exempt) {
      const partner = limits.findPartner(ctx.apiKey);
      if (partner === null) {
        // A wrong key counts against the address, so keys cannot be guessed at speed.
        return then(limits.consume(identity), (d) => {
          if (d) {
            state.rateHeaders = rateLimitHeaders(d);
            if (!d.allowed) return rateLimitedReply(d.retryAfterSeconds);
          }
          return errorReply('UNAUTHORIZED', 'Unknown API key');
        });
      }
      identity = { kind: 'partner', partner };
      state.partner = partner.name;
    }
    return then(exempt ? limits.peek(identity) : limits.consume(identity), (decision) => {
      if (decision) {
        state.rateHeaders = rateLimitHeaders(decision);
        if (!exempt && !decision.allowed) return rateLimitedReply(decision.retryAfterSeconds);
      }
      if (!exempt) {
        state.identity = identity;
        state.countedAt = decision?.recordedAt ?? null;
      }
      return null;
    });
  }

  /** The rate limits' identity as one key: the partner, or the client address (IPv6 by /64). Pool jobs and live budgets are kept per key. */
  function identityKey(ctx: RequestContext, state: RequestState): string {
    return state.partner !== null ? `partner ${state.partner}` : clientKey(ctx.client);
  }

  /** Routing, identity, rate limit, then the handler. Synchronous until a handler, a body read or a shared rate limit goes async. */
  function dispatch(res: HttpResponse, ctx: RequestContext, group: PatternGroup | null, state: RequestState): Reply | Promise<Reply> {
    // Where the body ends is unknown: answer, and close so no byte of it is read as the next request.
    if (ctx.framingError !== null) return errorReply('BAD_REQUEST', ctx.framingError);
    const preflight = ctx.method === 'OPTIONS' && group !== null;
    const route = group?.byMethod.get(ctx.method === 'HEAD' ? 'GET' : ctx.method);
    const exempt = preflight || (route !== undefined && !route.rateLimited);

    const refused = identify(ctx, exempt, state);
    if (refused instanceof Promise) {
      // Redis decides later, but uWS wants the body's reader attached now: the body is read meanwhile.
      let body: BodyRead | null = null;
      if (group !== null && !preflight && route !== undefined && route.body !== false) {
        try {
          body = readRouteBody(res, ctx, route, state);
        } catch (e) {
          body = { form: 'json', promise: Promise.reject(e) };
        }
        body.promise.catch(() => {});
      }
      return refused.then((r) => r ?? routed(res, ctx, group, route, preflight, state, body));
    }
    if (refused !== null) return refused;
    return routed(res, ctx, group, route, preflight, state, null);
  }

  /** A request's body being read, and how to decode it. */
  interface BodyRead {
    form: 'json' | 'text';
    promise: Promise<Buffer>;
  }

  /** Starts reading a route's body (its content type checked first: an HttpError is thrown at once). */
  function readRouteBody(res: HttpResponse, ctx: RequestContext, route: Route, state: RequestState): BodyRead {
    if (route.body === 'json') {
      requireJsonContentType(ctx.contentType);
      const reader = readBody(res, ctx.contentLength, config.maxBodyBytes);
      state.reader = reader;
      return { form: 'json', promise: reader.promise };
    }
    // Documents and batches answer every body problem in Shape B, its size too.
    const form = route.body === 'document' ? documentContentType(ctx.contentType) : (requireJsonContentType(ctx.contentType), 'json');
    const tooLarge = route.body === 'document' ? `Document exceeds ${config.documentMaxBytes} bytes` : `Request body exceeds ${config.documentMaxBytes} bytes`;
    const reader = readBody(res, ctx.contentLength, config.documentMaxBytes, () => new HttpError({ ...detailReply(tooLarge), status: 413 }));
    state.reader = reader;
    return { form: form === 'json' ? 'json' : 'text', promise: reader.promise };
  }

  /** After identity and the rate limit: routing, then the handler (`body`: the body's read, when already started). */
  function routed(
    res: HttpResponse,
    ctx: RequestContext,
    group: PatternGroup | null,
    route: Route | undefined,
    preflight: boolean,
    state: RequestState,
    body: BodyRead | null,
  ): Reply | Promise<Reply> {
    if (group === null) return errorReply('NOT_FOUND', `No endpoint at ${ctx.path}`);
    if (preflight) {
      return {
        status: 204,
        headers: {
          Allow: group.allow,
          'Access-Control-Allow-Methods': group.allow,
          'Access-Control-Allow-Headers': PREFLIGHT_ALLOWED_HEADERS,
          'Access-Control-Max-Age': PREFLIGHT_MAX_AGE_SECONDS,
        },
      };
    }
    if (route === undefined) {
      return errorReply('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed here; allowed: ${group.allow}`, { headers: { Allow: group.allow } });
    }
    const client = identityKey(ctx, state);
    const input = { ctx, body: undefined as unknown, raw: undefined as Buffer | undefined, signal: () => signalOf(state), quota: quotaOf(state), client };
    if (route.body === false) return route.handle(input);
    const read = body ?? readRouteBody(res, ctx, route, state);
    return read.promise.then((buf) => {
      state.bodyConsumed = true;
      if (route.poolBodyBytes !== undefined && buf.length > route.poolBodyBytes) {
        // A large text while the pool refuses new jobs: refused before the body is parsed and counted (Route.poolBodyBytes).
        const refused = services.refuseIfOverloaded(client);
        if (refused !== null) return failureReply(refused, route.operationId);
      }
      return read.form === 'json' ? route.handle({ ...input, body: decodeJsonBody(buf) }) : route.handle({ ...input, raw: buf });
    });
  }

  /** The handler's view of the rate limits: more requests counted for the pieces or items of this one, or this one taken back. */
  function quotaOf(state: RequestState): Quota {
    return {
      take(n, mode) {
        if (n <= 0 || state.identity === null) return { granted: Math.max(0, n), retryAfterSeconds: 0, neverFits: false, policy: null };
        return then(limits.consumeMany(state.identity, n, mode, state.countedAt === null ? 0 : 1), (d) => {
          if (d === null) return { granted: n, retryAfterSeconds: 0, neverFits: false, policy: null };
          state.rateHeaders = rateLimitHeaders(d);
          return { granted: d.granted, retryAfterSeconds: d.retryAfterSeconds, neverFits: d.neverFits, policy: d.policy };
        });
      },
      refundRequest() {
        if (state.identity === null || state.countedAt === null) return;
        limits.refund(state.identity, state.countedAt);
        state.countedAt = null;
        // The headers of a reply not yet written say what is left (from Redis: if it answers before the reply goes).
        const peeked = then(limits.peek(state.identity), (d) => {
          if (d) state.rateHeaders = rateLimitHeaders(d);
        });
        if (peeked instanceof Promise) peeked.catch(() => {});
      },
    };
  }

  function errorToReply(err: unknown, ctx: RequestContext | null): Reply | null {
    if (err instanceof RequestAborted) return null;
    if (err instanceof HttpError) return err.reply;
    logError(`unhandled error on ${ctx ? `${ctx.method} ${ctx.path}` : 'a request'}`, err, ctx?.requestId);
    return errorReply('INTERNAL_ERROR');
  }

  /** Status line and the headers every answer carries (inside a cork). */
  function writeHead(res: HttpResponse, ctx: RequestContext | null, state: RequestState, reply: Reply, contentType: string | null, encoding: ContentEncoding | null): void {
    res.writeStatus(statusLine(reply.status));
    if (contentType !== null) res.writeHeader('Content-Type', contentType);
    const origin = allowOrigin(ctx);
    if (origin !== null) {
      res.writeHeader('Access-Control-Allow-Origin', origin);
      res.writeHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    const varies = contentType !== null || reply.status === 304;
    if (anyOrigin) {
      if (varies) res.writeHeader('Vary', 'Accept-Encoding');
    } else res.writeHeader('Vary', varies ? 'Accept-Encoding, Origin' : 'Origin');
    if (ctx !== null) res.writeHeader('X-Request-Id', ctx.requestId);
    if (encoding !== null) res.writeHeader('Content-Encoding', encoding);
    if (state.rateHeaders) for (const k in state.rateHeaders) res.writeHeader(k, state.rateHeaders[k]!);
    if (reply.headers) for (const k in reply.headers) res.writeHeader(k, reply.headers[k]!);
  }

  function write(res: HttpResponse, ctx: RequestContext | null, state: RequestState, reply: Reply): void {
    if (state.aborted) return;
    let json: string | Uint8Array | undefined;
    try {
      json = reply.json ?? (reply.body === undefined ? undefined : JSON.stringify(reply.body));
    } catch (e) {
      // A body that cannot be serialized is a bug behind the interface.
      logError('response body could not be serialized', e, ctx?.requestId);
      reply = errorReply('INTERNAL_ERROR');
      json = JSON.stringify(reply.body);
    }
    const head = ctx?.method === 'HEAD';
    // Compressed here unless a worker did it already; HEAD says what GET would send without compressing.
    let encoding = reply.encoding ?? null;
    // The body's length, measured once without encoding it (most answers are small strings uWS encodes itself).
    let length = json === undefined ? 0 : typeof json === 'string' ? Buffer.byteLength(json) : json.length;
    if (json !== undefined && encoding === null && ctx?.encoding && length >= COMPRESS_MIN_BYTES) {
      encoding = ctx.encoding;
      if (!head) {
        json = compressBody(bodyBytes(json), encoding);
        length = json.length;
      }
    }
    // A body still (partly) unread, or a shutdown: do not keep the connection.
    const close = shuttingDown || reply.status === 413 || (ctx !== null && (ctx.framingError !== null || (!state.bodyConsumed && hasBody(ctx))));
    res.cork(() => {
      writeHead(res, ctx, state, reply, json === undefined ? null : (reply.contentType ?? JSON_TYPE), encoding);
      if (json === undefined || head) {
        // endWithoutBody(undefined, ...) would announce a bogus huge length, and
        // a real length makes uWS wait for a body that never comes: send none,
        // unless the connection is closing, where uWS needs a number (0).
        if (close) res.endWithoutBody(0, true);
        else res.endWithoutBody();
      } else {
        res.end(json, close);
      }
    });
    state.status = reply.status;
    state.bytes = head ? 0 : length;
  }

  /**
   * Writes a streamed reply (module header: one cork per chunk, backpressure,
   * compression as it streams). The first chunk is pulled before anything is
   * written, so a refusal then is an ordinary reply.
   */
  async function writeStream(res: HttpResponse, ctx: RequestContext, state: RequestState, reply: Reply): Promise<void> {
    const it = reply.stream![Symbol.asyncIterator]();
    let step: IteratorResult<Uint8Array>;
    try {
      step = await it.next();
    } catch (e) {
      respond(res, ctx, state, errorToReply(e, ctx));
      return;
    }
    let ended = false;
    try {
      if (state.aborted) return;
      const encoding = ctx.encoding;
      // A drain that has begun before the answer starts is said in its head:
      // the client does not send another request on this connection.
      const closing = shuttingDown;
      res.cork(() => {
        writeHead(res, ctx, state, reply, NDJSON_TYPE, encoding);
        if (closing) res.writeHeader('Connection', 'close');
      });
      state.status = reply.status;
      let blocked = false;
      const send = (chunk: Uint8Array): void => {
        if (state.aborted || chunk.length === 0) return;
        res.cork(() => {
          if (!res.write(chunk)) blocked = true;
        });
        state.bytes += chunk.length;
      };
      const drained = (): Promise<void> =>
        new Promise<void>((resolve) => {
          if (state.aborted) return resolve();
          state.wake = resolve;
          res.onWritable(() => {
            state.wake = null;
            resolve();
            return true;
          });
        });
      const z = encoding ? createCompressor(encoding) : null;
      z?.stream.on('data', send);
      const flushed = (): Promise<void> => new Promise<void>((resolve) => z!.stream.flush(z!.flushKind, () => resolve()));
      while (!step.done && !state.aborted) {
        if (z) {
          z.stream.write(step.value);
          // Each chunk is complete lines: flushed so the client can read them now.
          await flushed();
        } else send(step.value);
        if (blocked) {
          await drained();
          blocked = false;
        }
        if (state.aborted) break;
        step = await it.next();
      }
      if (state.aborted) {
        z?.stream.destroy();
        return;
      }
      if (z) {
        // 'end': the compressor's last bytes have been handed to `send`.
        await new Promise<void>((resolve) => {
          z.stream.once('end', resolve);
          z.stream.end();
        });
      }
      ended = true;
      // Never end(_, true) here: with the head already out, uWS would write its
      // Connection header into the chunked body. The stream ends cleanly, and a
      // drain closes the connection afterwards (shutdown's app.close()).
      if (!state.aborted) res.cork(() => res.end());
    } catch (e) {
      // Lines have gone out: there is no status left to change. Say so in the log and cut the answer short.
      logError(`streamed answer of ${ctx.method} ${ctx.path} failed`, e, ctx.requestId);
      if (!state.aborted) {
        try {
          res.cork(() => res.close());
        } catch {
          // The socket is gone already.
        }
      }
    } finally {
      // The client went away (or the answer failed): stop the work behind the stream.
      if (!ended) await it.return?.(undefined).catch(() => {});
    }
  }

  function respond(res: HttpResponse, ctx: RequestContext | null, state: RequestState, reply: Reply | null): void | Promise<void> {
    // Logged whether or not the client is still there to read the answer.
    if (reply?.log !== undefined) logError(reply.log, undefined, ctx?.requestId);
    if (reply === null || state.aborted) return;
    try {
      if (reply.stream && ctx) return writeStream(res, ctx, state, reply);
      write(res, ctx, state, reply);
    } catch (e) {
      // The socket went away between the abort check and the write.
      logError('writing a response failed', e, ctx?.requestId);
    }
  }

  function finish(ctx: RequestContext | null, state: RequestState, group: PatternGroup | null): void {
    inFlight--;
    if (ctx) metrics.observe(ctx.method, group ? group.template : null, state.aborted ? null : state.status, (performance.now() - ctx.receivedAt) / 1000);
    if (config.logRequests && ctx) {
      // The query string and path words are what users typed: not logged.
      logLine(process.stdout, {
        time: new Date().toISOString(),
        method: ctx.method,
        path: group ? group.template : ctx.path,
        request_id: ctx.requestId,
        status: state.aborted ? null : state.status,
        aborted: state.aborted || undefined,
        ms: Math.round((performance.now() - ctx.receivedAt) * 100) / 100,
        bytes: state.bytes,
        client: ctx.client,
        partner: state.partner ?? undefined,
      });
    }
    if (inFlight === 0 && onDrained) onDrained();
  }

  function onRequest(res: HttpResponse, req: HttpRequest, group: PatternGroup | null): void {
    const state = newState();
    let ctx: RequestContext | null = null;
    inFlight++;
    try {
      ctx = copyRequest(res, req, group?.paramCount ?? 0);
      res.onAborted(() => {
        state.aborted = true;
        state.reader?.abort();
        state.abort?.abort();
        state.wake?.();
      });
      let out: Reply | Promise<Reply>;
      try {
        out = dispatch(res, ctx, group, state);
      } catch (e) {
        out = errorToReply(e, ctx) ?? errorReply('INTERNAL_ERROR');
      }
      if (out instanceof Promise) {
        const c = ctx;
        out
          .then(
            (reply) => respond(res, c, state, reply),
            (e) => respond(res, c, state, errorToReply(e, c)),
          )
          .catch((e) => logError('responding failed', e, c.requestId))
          .finally(() => finish(c, state, group));
        return;
      }
      const streaming = respond(res, ctx, state, out);
      if (streaming) {
        const c = ctx;
        streaming.catch((e) => logError('responding failed', e, c.requestId)).finally(() => finish(c, state, group));
        return;
      }
      finish(ctx, state, group);
    } catch (e) {
      // Only reachable if copying the request itself failed.
      logError('request handling failed', e);
      try {
        if (!state.aborted) {
          res.cork(() => {
            res.writeStatus(statusLine(500)).writeHeader('Content-Type', JSON_TYPE);
            if (anyOrigin) res.writeHeader('Access-Control-Allow-Origin', '*');
            res.end(JSON.stringify(errorReply('INTERNAL_ERROR').body), true);
          });
        }
      } catch {
        // Nothing more can be done for this connection.
      }
      finish(ctx, state, group);
    }
  }

  /**
   * A WebSocket upgrade of /api/v1/live: counted as one request of the
   * client's rate limits (partner key in X-API-Key or the `key` query
   * parameter), the Origin checked against CORS_ORIGINS, the live
   * connection caps; then uWS switches protocols, or the refusal is an
   * ordinary HTTP answer. All synchronous: the upgrade happens inside this
   * callback.
   */
  function onUpgrade(res: HttpResponse, req: HttpRequest, context: us_socket_context_t): void {
    const state = newState();
    let ctx: RequestContext | null = null;
    inFlight++;
    try {
      ctx = copyRequest(res, req, 0);
      const secKey = req.getHeader('sec-websocket-key');
      const protocol = req.getHeader('sec-websocket-protocol');
      const extensions = req.getHeader('sec-websocket-extensions');
      const host = req.getHeader('host');
      res.onAborted(() => {
        state.aborted = true;
      });
      if (ctx.apiKey === '' && ctx.query !== '') ctx.apiKey = new URLSearchParams(ctx.query).get('key') ?? '';
      const c = ctx;
      const complete = (refusal: Reply | null): void => {
        if (refusal !== null) respond(res, c, state, refusal);
        else if (!state.aborted) {
          const identity = state.identity;
          const conn = live.newConnection({
            address: c.client,
            capKey: LiveChannel.capKey(clientKey(c.client), state.partner),
            budgetKey: identityKey(c, state),
            partner: state.partner,
            requestsPerDay: identity?.kind === 'partner' ? identity.partner.perDay : config.rateLimitPerDay,
          });
          res.cork(() => {
            // The 101 carries the request id too: uWS's upgrade writes its status line only when none was written.
            res.writeStatus('101 Switching Protocols').writeHeader('X-Request-Id', c.requestId);
            res.upgrade(conn, secKey, protocol, extensions, context);
          });
          state.status = 101;
        }
      };
      const refusal = upgradeRefusal(c, host, state);
      if (refusal instanceof Promise) {
        // Rate limits shared in Redis: the upgrade completes when it answers (the headers were copied above).
        refusal
          .then(complete, (e) => {
            logError('live upgrade failed', e, c.requestId);
            respond(res, c, state, errorReply('INTERNAL_ERROR'));
          })
          .finally(() => finish(c, state, liveGroup));
        return;
      }
      complete(refusal);
    } catch (e) {
      logError('live upgrade failed', e, ctx?.requestId);
      respond(res, ctx, state, errorReply('INTERNAL_ERROR'));
    }
    finish(ctx, state, liveGroup);
  }

  function upgradeRefusal(ctx: RequestContext, host: string, state: RequestState): Maybe<Reply | null> {
    if (shuttingDown) return errorReply('SERVICE_UNAVAILABLE', 'The service is shutting down', { retryAfter: 1, headers: { 'Retry-After': '1' } });
    // Browsers do not apply CORS to WebSockets: the server checks the Origin
    // itself. The service's own pages (the playground, same origin) may always connect.
    const sameOrigin = host !== '' && (ctx.origin === `http://${host}` || ctx.origin === `https://${host}`);
    if (!anyOrigin && ctx.origin !== '' && !sameOrigin && !allowedOrigins.has(ctx.origin)) return errorReply('FORBIDDEN', `Origin ${ctx.origin} is not allowed (CORS_ORIGINS)`);
    return then(identify(ctx, false, state), (refused) => (refused !== null ? refused : liveCapRefusal(ctx, state)));
  }

  function liveCapRefusal(ctx: RequestContext, state: RequestState): Reply | null {
    const cap = live.refusal(LiveChannel.capKey(clientKey(ctx.client), state.partner), state.partner === null ? 1 : config.livePartnerFactor);
    if (cap !== null) {
      // Not a request served: the count is taken back.
      quotaOf(state).refundRequest();
      return cap.code === 'RATE_LIMIT_EXCEEDED' ? rateLimitedReply(1, cap.message) : errorReply('SERVICE_UNAVAILABLE', cap.message, { retryAfter: 1, headers: { 'Retry-After': '1' } });
    }
    return null;
  }

  // ---- uWS app
  const app = uWS.App();
  // Before the routes: a GET with an Upgrade header goes here, any other request to the routes table (426).
  app.ws<LiveConnection>(LIVE_PATH, live.behavior(onUpgrade));
  for (const [pattern, group] of groups) app.any(pattern, (res, req) => onRequest(res, req, group));
  app.any('/*', (res, req) => onRequest(res, req, null));

  // Idle clients' counters are dropped here, not only when the cache is full.
  const purgeTimer = setInterval(() => limits.purgeStale(), 60_000);
  purgeTimer.unref();

  let listenSocket: us_listen_socket | null = await new Promise<us_listen_socket>((resolve, reject) => {
    listenOn(app, config.host, config.port, !config.reusePort, (ls) => {
      if (ls) resolve(ls);
      else listenFailure(config.host, config.port, config.reusePort).then(reject, reject);
    });
  }).catch((e) => {
    clearInterval(purgeTimer);
    metrics.close();
    app.close();
    void shared?.close();
    throw e;
  });
  const port = uWS.us_socket_local_port(listenSocket as unknown as us_socket);

  let shutdownPromise: Promise<void> | null = null;
  return {
    port,
    shutdown(): Promise<void> {
      if (shutdownPromise) return shutdownPromise;
      shuttingDown = true;
      shutdownPromise = (async () => {
        // New connections are refused from here on; open ones get
        // "Connection: close" on their next response.
        if (listenSocket) {
          uWS.us_listen_socket_close(listenSocket);
          listenSocket = null;
        }
        if (inFlight > 0) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, config.shutdownGraceMs);
            onDrained = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        // Live connections: their messages in flight are answered, then each is closed with 1001.
        await live.shutdown(config.shutdownGraceMs);
        // What the last answers wrote from outside uWS's callbacks is corked
        // until the event loop turns (a stream's last chunks): let it go out
        // before the sockets close.
        await new Promise<void>((resolve) => setImmediate(resolve));
        // Closes keep-alive sockets and anything still running after the grace period.
        clearInterval(purgeTimer);
        metrics.close();
        app.close();
        await shared?.close();
      })();
      return shutdownPromise;
    },
  };
}
