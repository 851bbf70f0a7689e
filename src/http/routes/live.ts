// GET /api/v1/live: the WebSocket's row in the table. An upgrade never
// reaches it (the server hands upgrades to the live channel, live.ts); a
// plain GET is answered 426, and the row documents the channel.

import { Type } from 'typebox';
import { ErrorBody, RateLimitBody, UnavailableBody } from '../../schemas/common.js';
import { errorReply } from '../errors.js';
import { route, type Route } from '../types.js';
import { COMMON_RESPONSES } from './common.js';

export function liveRoute(): Route {
  return route({
    method: 'GET',
    path: '/api/v1/live',
    operationId: 'live',
    body: false,
    rateLimited: true,
    doc: {
      summary: 'Live channel (WebSocket)',
      description:
        'A WebSocket for live typing and checking: JSON text messages {"id", "op", ...the REST fields}, op one of romanize, romanize_tokens, spellcheck, spellcheck_word, suggest, lookup, english; each answered {"id", "op", "result": <the REST body>} or {"id", "op", "error": {"code", "message"}}, in any order. The upgrade counts as one request of the rate limits (a partner key in X-API-Key or the `key` query parameter); after it, budgets per client, shared by its connections (LIVE_MESSAGES_PER_SECOND, LIVE_BURST, LIVE_CHARACTERS_PER_MINUTE, LIVE_MESSAGES_PER_REQUEST of the daily limit, LIVE_MAX_PENDING, LIVE_MAX_MESSAGE_BYTES), caps on connections (LIVE_MAX_CONNECTIONS_PER_CLIENT, LIVE_MAX_CONNECTIONS), an idle timeout with pings and a slow-reader rule. The protocol, every limit and close code: docs/api.md, "Live channel". A GET without an Upgrade header is answered 426.',
      tag: 'live',
      query: Type.Object({
        key: Type.Optional(Type.String({ description: 'A partner key, for clients that cannot set X-API-Key on an upgrade (browsers). Never logged.' })),
      }),
      responses: {
        101: { description: 'Switching Protocols: the WebSocket is open; the first message is {"op": "ready", "api_version", "data_version", "limits"}.' },
        403: {
          description: "FORBIDDEN: CORS_ORIGINS lists origins and the upgrade's Origin is not one of them (browsers do not apply CORS to WebSockets).",
          schema: ErrorBody,
        },
        426: { description: 'UPGRADE_REQUIRED: a GET without a WebSocket upgrade.', schema: ErrorBody, headers: ['Upgrade'] },
        ...COMMON_RESPONSES,
        429: {
          description:
            "RATE_LIMIT_EXCEEDED (retry_after, Retry-After): the upgrade is over the client's rate limit, or the client holds LIVE_MAX_CONNECTIONS_PER_CLIENT live connections already.",
          schema: RateLimitBody,
          headers: ['Retry-After'],
        },
        503: {
          description: 'SERVICE_UNAVAILABLE (retry_after, Retry-After): shutting down, or LIVE_MAX_CONNECTIONS connections are open.',
          schema: UnavailableBody,
          headers: ['Retry-After'],
        },
      },
    },
    handle() {
      return errorReply('UPGRADE_REQUIRED', 'GET /api/v1/live is a WebSocket: send Upgrade: websocket (docs/api.md, "Live channel")', {
        headers: { Upgrade: 'websocket' },
      });
    },
  });
}
