// The probes: GET /up (up or not, for load balancers) and GET /api/v1/health
// (what is impaired, the pool, memory). Neither is rate limited.

import { API_VERSION } from '../../schemas/common.js';
import { HealthResponse } from '../../schemas/health.js';
import { UpResponse } from '../../schemas/up.js';
import { route, type Route, type RouteDeps } from '../types.js';
import { COMMON_RESPONSES } from './common.js';

export function healthRoutes(deps: RouteDeps): Route[] {
  const { services } = deps;
  return [
    route({
      method: 'GET',
      path: '/up',
      operationId: 'up',
      body: false,
      rateLimited: false,
      doc: {
        summary: 'Uptime probe',
        description: 'Not rate limited, so load balancers and orchestrators can poll it freely.',
        tag: 'health',
        responses: {
          200: { description: '{"status":"ok"}', schema: UpResponse },
          503: { description: '{"status":"error"}: the store cannot be read, or the service is shutting down.', schema: UpResponse },
        },
      },
      handle(input) {
        let readable = false;
        try {
          readable = services.storeReadable();
        } catch (e) {
          deps.logError('storeReadable threw', e, input.ctx.requestId);
        }
        const up = readable && !deps.isShuttingDown();
        const body: UpResponse = { status: up ? 'ok' : 'error' };
        return { status: up ? 200 : 503, body };
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/health',
      operationId: 'health',
      body: false,
      rateLimited: false,
      doc: {
        summary: 'Service health',
        description:
          'Counts from the store metadata, Bloom filter state, LRU cache counters summed over all threads. "degraded" (still HTTP 200) with an issues array when something is impaired, e.g. the Bloom filter is missing, a worker is being replaced, or the service is shutting down. Not rate limited.',
        tag: 'health',
        responses: { 200: { description: 'Health result.', schema: HealthResponse }, 500: COMMON_RESPONSES[500]! },
      },
      async handle() {
        const h = await services.health();
        const issues = [...h.issues, ...(deps.rateLimitIssues?.() ?? [])];
        if (deps.isShuttingDown()) issues.push('the service is shutting down');
        const body: HealthResponse = {
          status: issues.length > 0 ? 'degraded' : 'healthy',
          version: API_VERSION,
          database: { connected: h.databaseConnected, entries_count: h.entriesCount, words_count: h.wordsCount },
          cache: { bloom_filter: h.bloomLoaded, lru_cache_hits: h.lruHits, lru_cache_misses: h.lruMisses },
        };
        if (h.pool) {
          const p = h.pool;
          body.pool = {
            workers: p.workers,
            running: p.running,
            queued: p.queued,
            admitted: p.admitted,
            refused: p.refused,
            refused_waiting: p.refusedWaiting,
            cancelled: p.cancelled,
            timed_out: p.timedOut,
            job_ms: p.jobMs,
          };
        }
        if (h.memory) {
          const m = h.memory;
          const mib = (b: number): number => Math.round((b / 2 ** 20) * 10) / 10;
          body.memory = {
            rss_anon_mib: m.rssAnonBytes === null ? null : mib(m.rssAnonBytes),
            rss_file_mib: m.rssFileBytes === null ? null : mib(m.rssFileBytes),
            heap_mib: mib(m.heapBytes),
            heap_committed_mib: mib(m.heapCommittedBytes),
            external_mib: mib(m.externalBytes),
            threads: m.threads,
            cache_budget_mib: mib(m.cacheBudgetBytes),
            caches: Object.fromEntries(m.caches.map((c) => [c.name, { entries: c.entries, mib: mib(c.bytes), budget_mib: mib(c.budgetBytes) }])),
          };
        }
        if (issues.length > 0) body.issues = issues;
        return { status: 200, body };
      },
    }),
  ];
}
