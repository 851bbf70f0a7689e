// GET /metrics (the Prometheus text) and GET /api/v1/openapi.json (this
// service's OpenAPI document, built by the server once the table exists).

import { Type } from 'typebox';
import type { ContentEncoding } from '../../codec/encoding.js';
import { route, type Content, type Route, type RouteDeps } from '../types.js';
import { COMMON_RESPONSES } from './common.js';

export function metricsRoute(deps: RouteDeps): Route {
  const { services } = deps;
  return route({
    method: 'GET',
    path: '/metrics',
    operationId: 'metrics',
    body: false,
    rateLimited: false,
    doc: {
      summary: 'Metrics for Prometheus',
      description:
        'The Prometheus text exposition format (prom-client): requests by method, route and status (`nls_http_requests_total`), latency histograms per route (`nls_http_request_duration_seconds`), rate-limit refusals, the worker pool (workers, running, queued, utilisation, admitted, refused, cancelled and timed-out jobs), the spellcheck cache hits and misses, each engine cache\'s bytes, entries and budget, memory (RssAnon and the mapped store apart, V8 heap used and committed), `nls_degraded`, the process\'s CPU time (`nls_process_cpu_seconds_total`) and the main thread\'s event-loop delay (`nls_eventloop_delay_seconds`). Not rate limited and open to whoever reaches it: behind a proxy, keep it internal (deploy/ notes). Label values are bounded (known routes or "unmatched", known methods or "other").',
      tag: 'health',
      responses: {
        200: { description: 'Prometheus text format 0.0.4.', schema: Type.String(), contentType: 'text/plain; version=0.0.4; charset=utf-8' },
        500: COMMON_RESPONSES[500]!,
      },
    },
    async handle() {
      const text = await deps.metrics.render(await services.health());
      return { status: 200, content: { bytes: text, type: deps.metrics.contentType, encoding: null } };
    },
  });
}

/** The OpenAPI route is added by the server once the document exists; its row lives here for the table. */
export function openApiRoute(document: (encoding: ContentEncoding | null) => Content): Route {
  return route({
    method: 'GET',
    path: '/api/v1/openapi.json',
    operationId: 'openapi',
    body: false,
    rateLimited: true,
    doc: {
      summary: 'This OpenAPI 3.1 document',
      description: 'Generated at start-up from the same schemas that validate requests.',
      tag: 'meta',
      responses: { 200: { description: 'The OpenAPI 3.1 document.' }, 429: COMMON_RESPONSES[429]! },
    },
    handle({ ctx }) {
      return { status: 200, content: document(ctx.encoding) };
    },
  });
}
