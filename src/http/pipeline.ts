// The request pipeline, apart from uWS: identify the client (a partner key,
// or its address) and count the request against its rate limits, route it
// (preflight, 404, 405), read and decode its body, refuse a large text early
// while the pool refuses new jobs, and run the route (router.ts). It works on
// a RequestContext and a small RequestState, and reads a body through a
// BodySource the transport gives it, so it runs the same over uWS
// (server.ts) and over a fake transport in unit tests.

import type { Services } from '../dispatch/services.js';
import { decodeJsonBody, documentContentType, requireJsonContentType, type BodyReader } from './body.js';
import { clientKey } from './client-address.js';
import { detailReply, errorReply, failureReply, HttpError, rateLimitedReply } from './errors.js';
import { rateLimitHeaders, then, type Identity, type Maybe, type RateLimits } from './rate-limit.js';
import { hasBody } from './request.js';
import { runRoute, type PatternGroup } from './router.js';
import type { Quota, RawInput, Reply, RequestContext, Route } from './types.js';

const PREFLIGHT_ALLOWED_HEADERS = 'Content-Type, X-API-Key, X-Request-Id';
const PREFLIGHT_MAX_AGE_SECONDS = '86400';

/** Per-request bookkeeping that outlives the transport's callback. */
export interface RequestState {
  /** The client went away: nothing more is written. */
  aborted: boolean;
  /** The body being read, aborted with the request. */
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
  /** The status answered, and the bytes of its body (the access log). */
  status: number;
  bytes: number;
}

export function newState(): RequestState {
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

/** The request went away: its body's read and its work stop, a waiting stream wakes. */
export function abortRequest(state: RequestState): void {
  state.aborted = true;
  state.reader?.abort();
  state.abort?.abort();
  state.wake?.();
}

function signalOf(state: RequestState): AbortSignal {
  if (!state.abort) {
    state.abort = new AbortController();
    if (state.aborted) state.abort.abort();
  }
  return state.abort.signal;
}

/** Reads the request's body, up to `maxBytes` (`tooLarge` is the error past it); started at once. */
export type BodySource = (maxBytes: number, tooLarge?: () => HttpError) => BodyReader;

/** A request's body being read, and how to decode it. */
interface BodyRead {
  form: 'json' | 'text';
  promise: Promise<Buffer>;
}

export interface PipelineDeps {
  services: Services;
  limits: RateLimits;
  groups: ReadonlyMap<string, PatternGroup>;
  countWords: (text: string) => number;
  /** MAX_BODY_BYTES and DOCUMENT_MAX_BYTES. */
  maxBodyBytes: number;
  documentMaxBytes: number;
}

export class RequestPipeline {
  constructor(private readonly deps: PipelineDeps) {}

  /**
   * Identity (a partner key, or the client address) and the rate limit: the
   * refusal (401, 429), or null with the request counted in `state`. Probes
   * and preflights (`exempt`) ignore the key: a gateway or orchestrator
   * holding a stale key must still see the instance up; they only report the
   * quota, never spend or refuse it. A Promise when the limits are shared
   * in Redis (REDIS_URL) and it answers.
   */
  identify(ctx: RequestContext, exempt: boolean, state: RequestState, apiKey: string = ctx.apiKey): Maybe<Reply | null> {
    const { limits } = this.deps;
    let identity: Identity = { kind: 'anonymous', key: clientKey(ctx.client) };
    if (apiKey !== '' && !exempt) {
      const partner = limits.findPartner(apiKey);
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
  identityKey(ctx: RequestContext, state: RequestState): string {
    return state.partner !== null ? `partner ${state.partner}` : clientKey(ctx.client);
  }

  /**
   * Routing, identity, rate limit, then the handler. Synchronous until a
   * handler, a body read or a shared rate limit goes async. A path whose
   * routes write their errors in a protocol's own form (Route.renderError)
   * has every error reply written so, thrown or returned.
   */
  handle(ctx: RequestContext, group: PatternGroup | null, state: RequestState, body: BodySource): Reply | Promise<Reply> {
    const route = group?.byMethod.get(ctx.method === 'HEAD' ? 'GET' : ctx.method);
    const render = (route ?? (group?.byMethod.values().next().value as Route | undefined))?.renderError;
    if (render === undefined) return this.dispatch(ctx, group, route, state, body);
    const rendered = (e: unknown): Reply => {
      if (e instanceof HttpError) return render(e.reply);
      throw e;
    };
    let out: Reply | Promise<Reply>;
    try {
      out = this.dispatch(ctx, group, route, state, body);
    } catch (e) {
      return rendered(e);
    }
    return out instanceof Promise ? out.then(render, rendered) : render(out);
  }

  private dispatch(ctx: RequestContext, group: PatternGroup | null, route: Route | undefined, state: RequestState, body: BodySource): Reply | Promise<Reply> {
    // Where the body ends is unknown: answer, and close so no byte of it is read as the next request.
    if (ctx.framingError !== null) return errorReply('BAD_REQUEST', ctx.framingError);
    const preflight = ctx.method === 'OPTIONS' && group !== null;
    if (route?.body === 'form' && !preflight) return this.formRequest(ctx, route, state, body);
    const exempt = preflight || (route !== undefined && !route.rateLimited);

    const refused = this.identify(ctx, exempt, state);
    if (refused instanceof Promise) {
      // Redis decides later, but the transport wants the body's reader attached now: the body is read meanwhile.
      let read: BodyRead | null = null;
      if (group !== null && !preflight && route !== undefined && route.body !== false) {
        try {
          read = this.readRouteBody(ctx, route, state, body);
        } catch (e) {
          read = { form: 'json', promise: Promise.reject(e) };
        }
        read.promise.catch(() => {});
      }
      return refused.then((r) => r ?? this.routed(ctx, group, route, preflight, state, read ?? body));
    }
    if (refused !== null) return refused;
    return this.routed(ctx, group, route, preflight, state, body);
  }

  /**
   * A `form` route: its parameters are read first (the body, whatever its
   * Content-Type, up to MAX_BODY_BYTES; GET and HEAD read none), since the
   * partner key may be one of them; then identity and the rate limit, then
   * the handler with the parameters as its body.
   */
  private formRequest(ctx: RequestContext, route: Route, state: RequestState, body: BodySource): Reply | Promise<Reply> {
    const form = route.form!;
    const run = (bytes: Buffer | null): Reply | Promise<Reply> => {
      const params: unknown = form.read(ctx.query, bytes);
      // The parameters are strings of their own: the body's memory is free.
      state.reader?.release();
      const key = form.apiKey(params);
      const refusal = typeof key === 'string' ? null : key;
      // A handler's promise returned from a then() callback is flattened by it: the result is a Reply or one promise of it.
      return then(
        this.identify(ctx, !route.rateLimited, state, typeof key === 'string' && key !== '' ? key : ctx.apiKey),
        (refused): Reply | Promise<Reply> => {
          if (refused !== null) return refused;
          if (refusal !== null) return refusal;
          const input: RawInput = { ctx, body: params, signal: () => signalOf(state), quota: this.quotaOf(state), client: this.identityKey(ctx, state) };
          return runRoute(route, input, this.deps.countWords);
        },
      ) as Reply | Promise<Reply>;
    };
    if (ctx.method === 'GET' || ctx.method === 'HEAD' || !hasBody(ctx)) return run(null);
    const reader = body(this.deps.maxBodyBytes);
    state.reader = reader;
    return reader.promise.then((bytes) => {
      state.bodyConsumed = true;
      return run(bytes);
    });
  }

  /** Starts reading a route's body (its content type checked first: an HttpError is thrown at once). */
  private readRouteBody(ctx: RequestContext, route: Route, state: RequestState, body: BodySource): BodyRead {
    const { maxBodyBytes, documentMaxBytes } = this.deps;
    if (route.body === 'json') {
      requireJsonContentType(ctx.contentType);
      const reader = body(maxBodyBytes);
      state.reader = reader;
      return { form: 'json', promise: reader.promise };
    }
    // Documents and batches answer every body problem in Shape B, its size too.
    const form = route.body === 'document' ? documentContentType(ctx.contentType) : (requireJsonContentType(ctx.contentType), 'json');
    const tooLarge = route.body === 'document' ? `Document exceeds ${documentMaxBytes} bytes` : `Request body exceeds ${documentMaxBytes} bytes`;
    const reader = body(documentMaxBytes, () => new HttpError({ ...detailReply(tooLarge), status: 413 }));
    state.reader = reader;
    return { form: form === 'json' ? 'json' : 'text', promise: reader.promise };
  }

  /** After identity and the rate limit: routing, then the handler (`body`: the body's read when already started, else its source). */
  private routed(
    ctx: RequestContext,
    group: PatternGroup | null,
    route: Route | undefined,
    preflight: boolean,
    state: RequestState,
    body: BodyRead | BodySource,
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
    const client = this.identityKey(ctx, state);
    const input: RawInput = { ctx, body: undefined, signal: () => signalOf(state), quota: this.quotaOf(state), client };
    const { countWords, services } = this.deps;
    if (route.body === false) return runRoute(route, input, countWords);
    const read = typeof body === 'function' ? this.readRouteBody(ctx, route, state, body) : body;
    return read.promise.then((buf) => {
      state.bodyConsumed = true;
      if (route.poolBodyBytes !== undefined && buf.length > route.poolBodyBytes) {
        // A large text while the pool refuses new jobs: refused before the body is parsed and counted (Route.poolBodyBytes).
        const refused = services.refuseIfOverloaded(client);
        if (refused !== null) return failureReply(refused, route.operationId);
      }
      if (read.form !== 'json') return runRoute(route, { ...input, raw: buf }, countWords);
      const body = decodeJsonBody(buf);
      // Parsed into values of their own: the body's memory is free.
      state.reader?.release();
      return runRoute(route, { ...input, body }, countWords);
    });
  }

  /** The handler's view of the rate limits: more requests counted for the pieces or items of this one, or this one taken back. */
  quotaOf(state: RequestState): Quota {
    const { limits } = this.deps;
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
}
