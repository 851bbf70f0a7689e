// The HTTP front end, wired: the routes table and its OpenAPI document, the
// rate limits, the request pipeline (pipeline.ts), the writer of answers
// (responder.ts), the live channel and its upgrades (live.ts, upgrade.ts), on
// one uWS app; then listening, and the drain on shutdown. The only code that
// touches uWS is here, in request.ts, body.ts, responder.ts, upgrade.ts and
// live.ts. Invariants kept here:
// - everything a handler needs from HttpRequest is copied before anything
//   else happens (HttpRequest is invalid after the first await or return);
// - res.onAborted is attached on every request before any asynchronous work;
// - no exception ever crosses back into uWS: anything unexpected becomes a
//   generic 500 INTERNAL_ERROR and a line on stderr.

import type { HttpRequest, HttpResponse, us_listen_socket, us_socket } from 'uWebSockets.js';
import uWS, { listenOn } from './uws.js';
import { createServer } from 'node:net';
import type { Config } from '../config.js';
import { compressBody, type ContentEncoding } from '../codec/encoding.js';
import type { Services } from '../dispatch/services.js';
import { limitWords } from '../schemas/common.js';
import { readBody } from './body.js';
import { ClientResolver } from './client-address.js';
import { errorReply, statusLine } from './errors.js';
import { InFlight } from './in-flight.js';
import { LIVE_PATH, LiveChannel, type LiveConnection } from './live.js';
import { logError } from './log.js';
import { Metrics } from './metrics.js';
import { buildOpenApi } from './openapi.js';
import { PartnerKeys } from './partners.js';
import { abortRequest, newState, RequestPipeline } from './pipeline.js';
import { RateLimits } from './rate-limit.js';
import { copyRequest } from './request.js';
import { Cors, Responder } from './responder.js';
import { groupRoutes, type PatternGroup } from './router.js';
import { buildRoutes, openApiRoute } from './routes/index.js';
import { SharedWindows } from './shared-limits.js';
import { upgradeHandler } from './upgrade.js';
import { JSON_TYPE, type Reply, type RequestContext, type Route } from './types.js';

export interface ServerHandle {
  port: number;
  /** /up -> 503, stop accepting, wait for in-flight requests (bounded by config.shutdownGraceMs), close the listen socket and the app */
  shutdown(): Promise<void>;
}

export interface ServerOptions {
  /** Word counter for the 1,000-word limit; defaults to the spellcheck tokenizer's. */
  countWords?: (text: string) => number;
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

/**
 * Adds GET /api/v1/openapi.json to the table: the document of every route,
 * itself included, serialized once and compressed once per coding. Returns
 * the document.
 */
function addOpenApiRoute(routes: Route[], config: Config): Record<string, unknown> {
  let json: Uint8Array = new Uint8Array(0);
  const compressed = new Map<ContentEncoding, Uint8Array>();
  routes.push(
    openApiRoute((encoding) => {
      if (encoding === null) return { bytes: json, type: JSON_TYPE, encoding: null };
      let c = compressed.get(encoding);
      if (!c) compressed.set(encoding, (c = compressBody(json, encoding)));
      return { bytes: c, type: JSON_TYPE, encoding };
    }),
  );
  const { maxBodyBytes, documentMaxBytes, rateLimitPerMinute, rateLimitPerDay } = config;
  const document = buildOpenApi(routes, { maxBodyBytes, documentMaxBytes, rateLimitPerMinute, rateLimitPerDay });
  json = Buffer.from(JSON.stringify(document));
  return document;
}

/**
 * The OpenAPI document a service with this configuration serves, made without
 * starting one (src/docs/api-reference.ts renders it): the routes' documentation
 * is data and no handler runs, so their services are never asked, and any
 * attempt to ask one fails loudly.
 */
export function openApiDocument(config: Config): Record<string, unknown> {
  const services = new Proxy({} as Services, {
    get: (_target, name) => {
      throw new Error(`the OpenAPI document asked the services for ${String(name)}`);
    },
  });
  const routes = buildRoutes({
    services,
    countWords: limitWords,
    isShuttingDown: () => false,
    logError,
    documentMaxBytes: config.documentMaxBytes,
    metrics: new Metrics(),
  });
  return addOpenApiRoute(routes, config);
}

export async function startServer(config: Config, services: Services, options: ServerOptions = {}): Promise<ServerHandle> {
  // ---- set-up: everything that can fail does so before the port opens
  const partners = await PartnerKeys.load(config.partnerKeysFile);
  const resolver = new ClientResolver(config.trustedProxies);
  const shared = config.redisUrl === null ? null : new SharedWindows({ url: config.redisUrl, timeoutMs: config.redisTimeoutMs, prefix: config.redisKeyPrefix });
  const limits = new RateLimits({ perMinute: config.rateLimitPerMinute, perDay: config.rateLimitPerDay }, partners, {}, shared);
  const countWords = options.countWords ?? limitWords;

  let shuttingDown = false;
  const isShuttingDown = (): boolean => shuttingDown;
  const metrics = new Metrics();
  const inFlight = new InFlight(metrics, config.logRequests);
  const routes = buildRoutes({
    services,
    countWords,
    isShuttingDown,
    logError,
    documentMaxBytes: config.documentMaxBytes,
    metrics,
    rateLimitIssues: () => limits.issues(),
  });
  addOpenApiRoute(routes, config);

  const groups = groupRoutes(routes);
  const cors = new Cors(config.corsOrigins);
  const pipeline = new RequestPipeline({ services, limits, groups, countWords, maxBodyBytes: config.maxBodyBytes, documentMaxBytes: config.documentMaxBytes });
  const responder = new Responder({ cors, logError, isShuttingDown });
  const live = new LiveChannel({ config, services, routes, countWords, metrics, logError, isShuttingDown });
  metrics.liveUnsentBytes = () => live.unsentBytes;

  // ---- per request
  function onRequest(res: HttpResponse, req: HttpRequest, group: PatternGroup | null): void {
    const state = newState();
    let ctx: RequestContext | null = null;
    inFlight.begin();
    try {
      ctx = copyRequest(res, req, group?.paramCount ?? 0, resolver);
      res.onAborted(() => abortRequest(state));
      const c = ctx;
      let out: Reply | Promise<Reply>;
      try {
        // The body is read from uWS as the route asks for it (onData must be attached in this callback).
        out = pipeline.handle(c, group, state, (maxBytes, tooLarge) => readBody(res, c.contentLength, maxBytes, tooLarge));
      } catch (e) {
        out = responder.errorToReply(e, c) ?? errorReply('INTERNAL_ERROR');
      }
      if (out instanceof Promise) {
        out
          .then(
            (reply) => responder.respond(res, c, state, reply),
            (e) => responder.respond(res, c, state, responder.errorToReply(e, c)),
          )
          .catch((e) => logError('responding failed', e, c.requestId))
          .finally(() => inFlight.end(c, state, group));
        return;
      }
      const streaming = responder.respond(res, c, state, out);
      if (streaming) {
        streaming.catch((e) => logError('responding failed', e, c.requestId)).finally(() => inFlight.end(c, state, group));
        return;
      }
      inFlight.end(c, state, group);
    } catch (e) {
      // Only reachable if copying the request itself failed.
      logError('request handling failed', e);
      try {
        if (!state.aborted) {
          res.cork(() => {
            res.writeStatus(statusLine(500)).writeHeader('Content-Type', JSON_TYPE);
            if (cors.anyOrigin) res.writeHeader('Access-Control-Allow-Origin', '*');
            res.end(JSON.stringify(errorReply('INTERNAL_ERROR').body), true);
          });
        }
      } catch {
        // Nothing more can be done for this connection.
      }
      inFlight.end(ctx, state, group);
    }
  }

  // ---- uWS app
  const app = uWS.App();
  // Before the routes: a GET with an Upgrade header goes here, any other request to the routes table (426).
  const onUpgrade = upgradeHandler({
    config,
    live,
    pipeline,
    responder,
    cors,
    resolver,
    inFlight,
    group: groups.get(LIVE_PATH) ?? null,
    isShuttingDown,
    logError,
  });
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
        await inFlight.drained(config.shutdownGraceMs);
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
