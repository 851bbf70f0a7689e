// A WebSocket upgrade of /api/v1/live: counted as one request of the
// client's rate limits (a partner key in X-API-Key or the `key` query
// parameter), the Origin checked against CORS_ORIGINS, the live connection
// caps; then uWS switches protocols, or the refusal is an ordinary HTTP
// answer. The upgrade must happen inside uWS's callback, or after a
// shared rate limit's answer (the headers copied first).

import type { HttpRequest, HttpResponse, us_socket_context_t } from 'uWebSockets.js';
import type { Config } from '../config.js';
import { clientKey, type ClientResolver } from './client-address.js';
import { errorReply, rateLimitedReply } from './errors.js';
import type { InFlight } from './in-flight.js';
import { LiveChannel } from './live.js';
import type { LogError } from './log.js';
import { newState, type RequestPipeline, type RequestState } from './pipeline.js';
import { copyRequest } from './request.js';
import type { Cors, Responder } from './responder.js';
import type { PatternGroup } from './router.js';
import { then, type Maybe } from './rate-limit.js';
import type { Reply, RequestContext } from './types.js';

export interface UpgradeDeps {
  config: Pick<Config, 'rateLimitPerDay' | 'livePartnerFactor'>;
  live: LiveChannel;
  pipeline: RequestPipeline;
  responder: Responder;
  cors: Cors;
  resolver: ClientResolver;
  inFlight: InFlight;
  /** The live route's group (the access log and metrics name its template). */
  group: PatternGroup | null;
  isShuttingDown: () => boolean;
  logError: LogError;
}

/** uWS's upgrade callback for the live channel. */
export function upgradeHandler(deps: UpgradeDeps): (res: HttpResponse, req: HttpRequest, context: us_socket_context_t) => void {
  const { live, pipeline, responder, inFlight, group, logError } = deps;

  function refusal(ctx: RequestContext, host: string, state: RequestState): Maybe<Reply | null> {
    if (deps.isShuttingDown()) return errorReply('SERVICE_UNAVAILABLE', 'The service is shutting down', { retryAfter: 1, headers: { 'Retry-After': '1' } });
    // Browsers do not apply CORS to WebSockets: the server checks the Origin
    // itself. The service's own pages (the playground, same origin) may always connect.
    const sameOrigin = host !== '' && (ctx.origin === `http://${host}` || ctx.origin === `https://${host}`);
    if (ctx.origin !== '' && !sameOrigin && !deps.cors.allows(ctx.origin)) return errorReply('FORBIDDEN', `Origin ${ctx.origin} is not allowed (CORS_ORIGINS)`);
    return then(pipeline.identify(ctx, false, state), (refused) => (refused !== null ? refused : capRefusal(ctx, state)));
  }

  function capRefusal(ctx: RequestContext, state: RequestState): Reply | null {
    const cap = live.refusal(LiveChannel.capKey(clientKey(ctx.client), state.partner), state.partner === null ? 1 : deps.config.livePartnerFactor);
    if (cap === null) return null;
    // Not a request served: the count is taken back.
    pipeline.quotaOf(state).refundRequest();
    return cap.code === 'RATE_LIMIT_EXCEEDED'
      ? rateLimitedReply(1, cap.message)
      : errorReply('SERVICE_UNAVAILABLE', cap.message, { retryAfter: 1, headers: { 'Retry-After': '1' } });
  }

  return (res, req, context) => {
    const state = newState();
    let ctx: RequestContext | null = null;
    inFlight.begin();
    try {
      ctx = copyRequest(res, req, 0, deps.resolver);
      const secKey = req.getHeader('sec-websocket-key');
      const protocol = req.getHeader('sec-websocket-protocol');
      const extensions = req.getHeader('sec-websocket-extensions');
      const host = req.getHeader('host');
      res.onAborted(() => {
        state.aborted = true;
      });
      if (ctx.apiKey === '' && ctx.query !== '') ctx.apiKey = new URLSearchParams(ctx.query).get('key') ?? '';
      const c = ctx;
      const complete = (refused: Reply | null): void => {
        if (refused !== null) responder.respond(res, c, state, refused);
        else if (!state.aborted) {
          const identity = state.identity;
          const conn = live.newConnection({
            address: c.client,
            capKey: LiveChannel.capKey(clientKey(c.client), state.partner),
            budgetKey: pipeline.identityKey(c, state),
            partner: state.partner,
            requestsPerDay: identity?.kind === 'partner' ? identity.partner.perDay : deps.config.rateLimitPerDay,
          });
          res.cork(() => {
            // The 101 carries the request id too: uWS's upgrade writes its status line only when none was written.
            res.writeStatus('101 Switching Protocols').writeHeader('X-Request-Id', c.requestId);
            res.upgrade(conn, secKey, protocol, extensions, context);
          });
          state.status = 101;
        }
      };
      const refused = refusal(c, host, state);
      if (refused instanceof Promise) {
        // Rate limits shared in Redis: the upgrade completes when it answers (the headers were copied above).
        refused
          .then(complete, (e) => {
            logError('live upgrade failed', e, c.requestId);
            responder.respond(res, c, state, errorReply('INTERNAL_ERROR'));
          })
          .finally(() => inFlight.end(c, state, group));
        return;
      }
      complete(refused);
    } catch (e) {
      logError('live upgrade failed', e, ctx?.requestId);
      responder.respond(res, ctx, state, errorReply('INTERNAL_ERROR'));
    }
    inFlight.end(ctx, state, group);
  };
}
