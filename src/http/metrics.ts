// GET /metrics: the Prometheus text format (prom-client), for operators.
//
// Two kinds of figures:
// - counted here, per request, by the server (requests by route, method and
//   status; latency per route; rate-limit refusals): cheap increments on the
//   request path;
// - read at scrape time from the services' health snapshot (the pool's
//   admission counters, the spellcheck cache's hits and misses, the engine
//   caches, memory apart for the heaps and for the mapped store), so the
//   request path pays nothing for them. The snapshot's counters are totals
//   since start; they are exposed as Prometheus counters by adding what grew
//   since the last scrape.
//
// Label values are bounded: a route is the path template of a known
// endpoint or "unmatched", a method one of the HTTP methods the service
// knows or "other", so no client can grow the series without limit.

import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { Counter, Gauge, Registry } from 'prom-client';
import type { HealthSnapshot } from '../dispatch/services.js';

/** A label value as the text format writes it: backslash, double quote and newline escaped. */
function escapeLabel(v: string): string {
  return v.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : '\\' + c));
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE']);

/** Latency buckets, seconds: a look-up takes tens of microseconds, a new 1,000-token text tens of milliseconds, a document seconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export class Metrics {
  readonly registry = new Registry();
  /** Requests by "method route status", and latency by "method route": tallied here, written as text at scrape time. */
  private readonly requests = new Map<string, { labels: string; count: number }>();
  private readonly latency = new Map<string, { labels: string; buckets: Float64Array; sum: number; count: number }>();
  private rateLimited = 0;
  /** The live channel: connections open now, opened since start, and messages by outcome (OK or the error code). */
  private liveOpen = 0;
  private liveOpenedTotal = 0;
  private readonly liveMessages = new Map<string, number>();
  /** Live connections the service closed on its own rules, by reason. */
  private readonly liveDrops = new Map<string, number>();
  /** Unread bytes of the live connections (set by the server: LiveChannel.unsentBytes). */
  liveUnsentBytes: () => number = () => 0;
  private readonly fromSnapshot: { counter: Counter; read: (h: HealthSnapshot) => number | undefined; last: number }[] = [];
  private readonly gauges: { gauge: Gauge; read: (h: HealthSnapshot) => number | null | undefined }[] = [];
  private readonly cacheBytes: Gauge<'cache'>;
  private readonly cacheEntries: Gauge<'cache'>;
  private readonly cacheBudget: Gauge<'cache'>;
  private readonly degraded: Gauge;

  /** The main thread's event-loop delay since the last scrape (null: not measured). */
  private readonly loopDelay: IntervalHistogram | null;
  private readonly loopDelayGauge: Gauge<'quantile'>;
  private readonly cpu: Counter<'mode'>;
  private lastCpu = { user: 0, system: 0 };

  /**
   * `processMetrics`: the main thread's event-loop delay and the process's
   * CPU time. Not prom-client's collectDefaultMetrics: with it the main
   * thread spent 1.4-2 µs more per request at 50,000 requests a second
   * (bench/lookup-ratio.js, CPU per request), 8-10% of a look-up's cost.
   */
  constructor(processMetrics = true) {
    const r = this.registry;
    this.cpu = new Counter({
      name: 'nls_process_cpu_seconds_total',
      help: 'CPU time of the process, all threads, by mode (user, system).',
      labelNames: ['mode'],
      registers: [r],
    });
    this.loopDelayGauge = new Gauge({
      name: 'nls_eventloop_delay_seconds',
      help: "Delay of the main thread's event loop since the last scrape, by quantile (0.5, 0.99, 1 = the longest): how long a request may wait to be read.",
      labelNames: ['quantile'],
      registers: [r],
    });
    new Gauge({ name: 'nls_process_start_time_seconds', help: 'Start time of the process, seconds since the epoch.', registers: [r] }).set(
      Math.round(Date.now() / 1000 - process.uptime()),
    );
    this.loopDelay = processMetrics ? monitorEventLoopDelay({ resolution: 20 }) : null;
    this.loopDelay?.enable();
    const counter = (name: string, help: string, read: (h: HealthSnapshot) => number | undefined): void => {
      this.fromSnapshot.push({ counter: new Counter({ name, help, registers: [r] }), read, last: 0 });
    };
    counter('nls_pool_jobs_admitted_total', 'Jobs the worker pool admitted.', (h) => h.pool?.admitted);
    counter('nls_pool_jobs_refused_total', 'Jobs refused with 503 on arrival (queue full or expected wait over QUEUE_MAX_WAIT_MS).', (h) => h.pool?.refused);
    counter('nls_pool_jobs_refused_waiting_total', 'Jobs refused with 503 after waiting longer than QUEUE_MAX_WAIT_MS.', (h) => h.pool?.refusedWaiting);
    counter('nls_pool_jobs_cancelled_total', 'Jobs dropped or stopped because their client went away.', (h) => h.pool?.cancelled);
    counter('nls_pool_jobs_timed_out_total', 'Jobs stopped at TASK_TIMEOUT_MS.', (h) => h.pool?.timedOut);
    counter('nls_spell_cache_hits_total', 'Spellcheck per-word cache hits, all threads.', (h) => h.lruHits);
    counter('nls_spell_cache_misses_total', 'Spellcheck per-word cache misses, all threads.', (h) => h.lruMisses);
    const gauge = (name: string, help: string, read: (h: HealthSnapshot) => number | null | undefined): void => {
      this.gauges.push({ gauge: new Gauge({ name, help, registers: [r] }), read });
    };
    gauge('nls_pool_workers', 'Worker threads of the pool.', (h) => h.pool?.workers);
    gauge('nls_pool_running', 'Jobs on the worker threads now (each thread holds up to four).', (h) => h.pool?.running);
    gauge('nls_pool_queued', 'Jobs waiting for a worker thread now.', (h) => h.pool?.queued);
    gauge('nls_pool_utilisation', 'Share of the worker threads busy now (0-1).', (h) =>
      h.pool && h.pool.workers > 0 ? Math.min(h.pool.running, h.pool.workers) / h.pool.workers : undefined,
    );
    gauge('nls_pool_job_seconds', 'Recent time of a job on a thread (the median the admission estimate uses).', (h) =>
      h.pool ? h.pool.jobMs / 1000 : undefined,
    );
    gauge('nls_memory_rss_anon_bytes', 'Resident anonymous memory of the process: heaps, caches, native buffers.', (h) => h.memory?.rssAnonBytes);
    gauge('nls_memory_rss_file_bytes', 'Resident file-backed memory of the process: mostly the mapped LMDB store.', (h) => h.memory?.rssFileBytes);
    gauge('nls_memory_heap_used_bytes', 'V8 heap used, all threads.', (h) => h.memory?.heapBytes);
    gauge('nls_memory_heap_committed_bytes', 'V8 heap committed, all threads.', (h) => h.memory?.heapCommittedBytes);
    gauge('nls_memory_external_bytes', 'ArrayBuffers and Buffers outside the V8 heaps, all threads.', (h) => h.memory?.externalBytes);
    gauge('nls_threads', 'Threads running the engines (the main thread and the workers).', (h) => h.memory?.threads);
    this.cacheBytes = new Gauge({
      name: 'nls_cache_bytes',
      help: 'Estimated bytes held by each engine cache, all threads.',
      labelNames: ['cache'],
      registers: [r],
    });
    this.cacheEntries = new Gauge({ name: 'nls_cache_entries', help: 'Entries of each engine cache, all threads.', labelNames: ['cache'], registers: [r] });
    this.cacheBudget = new Gauge({
      name: 'nls_cache_budget_bytes',
      help: 'Byte budget of each engine cache, all threads (shares of CACHE_MB).',
      labelNames: ['cache'],
      registers: [r],
    });
    this.degraded = new Gauge({ name: 'nls_degraded', help: '1 while health says degraded (its issues list is not empty), else 0.', registers: [r] });
  }

  /** Counts one request as it ends: its status, or null when the client went away before the answer. */
  observe(method: string, route: string | null, status: number | null, seconds: number): void {
    // Tallied by hand: prom-client's labelled inc and observe hash their label
    // objects on every call, which cost the main thread about 2 µs a request
    // at 50,000 requests a second (bench/lookup-ratio.js); this costs a
    // string key and two Map look-ups.
    const m = METHODS.has(method) ? method : 'other';
    const rt = route ?? 'unmatched';
    const st = status === null ? 'aborted' : status;
    const key = `${m} ${rt}`;
    let l = this.latency.get(key);
    if (l === undefined) {
      l = { labels: `method="${escapeLabel(m)}",route="${escapeLabel(rt)}"`, buckets: new Float64Array(BUCKETS.length), sum: 0, count: 0 };
      this.latency.set(key, l);
    }
    l.count++;
    l.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= BUCKETS[i]!) {
        l.buckets[i]!++;
        break;
      }
    }
    const rkey = `${key} ${st}`;
    const r = this.requests.get(rkey);
    if (r === undefined) this.requests.set(rkey, { labels: `${l.labels},status="${st}"`, count: 1 });
    else r.count++;
    if (status === 429) this.rateLimited++;
  }

  liveOpened(): void {
    this.liveOpen++;
    this.liveOpenedTotal++;
  }

  liveClosed(): void {
    this.liveOpen--;
  }

  /** A live message answered (or refused): OK, or its error code (codes of the catalog, a bounded set). */
  liveMessage(outcome: string): void {
    this.liveMessages.set(outcome, (this.liveMessages.get(outcome) ?? 0) + 1);
  }

  /** A live connection the service closed on one of its rules (a bounded set of reasons). */
  liveDropped(reason: string): void {
    this.liveDrops.set(reason, (this.liveDrops.get(reason) ?? 0) + 1);
  }

  /** The exposition text, after reading the snapshot's figures. */
  async render(snapshot: HealthSnapshot): Promise<string> {
    for (const c of this.fromSnapshot) {
      const now = c.read(snapshot);
      if (now === undefined) continue;
      // A total that went down (a replaced worker's counts) starts again from it.
      const grew = now >= c.last ? now - c.last : now;
      if (grew > 0) c.counter.inc(grew);
      c.last = now;
    }
    for (const g of this.gauges) {
      const v = g.read(snapshot);
      if (v !== undefined && v !== null && Number.isFinite(v)) g.gauge.set(v);
    }
    for (const c of snapshot.memory?.caches ?? []) {
      this.cacheBytes.set({ cache: c.name }, c.bytes);
      this.cacheEntries.set({ cache: c.name }, c.entries);
      this.cacheBudget.set({ cache: c.name }, c.budgetBytes);
    }
    this.degraded.set(snapshot.issues.length > 0 ? 1 : 0);
    const cpu = process.cpuUsage();
    this.cpu.inc({ mode: 'user' }, (cpu.user - this.lastCpu.user) / 1e6);
    this.cpu.inc({ mode: 'system' }, (cpu.system - this.lastCpu.system) / 1e6);
    this.lastCpu = cpu;
    if (this.loopDelay && this.loopDelay.count > 0) {
      this.loopDelayGauge.set({ quantile: '0.5' }, this.loopDelay.percentile(50) / 1e9);
      this.loopDelayGauge.set({ quantile: '0.99' }, this.loopDelay.percentile(99) / 1e9);
      this.loopDelayGauge.set({ quantile: '1' }, this.loopDelay.max / 1e9);
      this.loopDelay.reset();
    }
    return (await this.registry.metrics()) + this.requestText();
  }

  /** The request tallies in the text format (histogram buckets cumulative, as the format wants). */
  private requestText(): string {
    const out: string[] = [
      '# HELP nls_http_requests_total HTTP requests as they end, by method, route (the endpoint\'s path template, or "unmatched") and status ("aborted": the client went away first).',
      '# TYPE nls_http_requests_total counter',
    ];
    for (const r of this.requests.values()) out.push(`nls_http_requests_total{${r.labels}} ${r.count}`);
    out.push(
      '# HELP nls_http_request_duration_seconds Time from reading a request to the end of its answer, by method and route.',
      '# TYPE nls_http_request_duration_seconds histogram',
    );
    for (const l of this.latency.values()) {
      let cumulative = 0;
      for (let i = 0; i < BUCKETS.length; i++) {
        cumulative += l.buckets[i]!;
        out.push(`nls_http_request_duration_seconds_bucket{le="${BUCKETS[i]}",${l.labels}} ${cumulative}`);
      }
      out.push(`nls_http_request_duration_seconds_bucket{le="+Inf",${l.labels}} ${l.count}`);
      out.push(`nls_http_request_duration_seconds_sum{${l.labels}} ${l.sum}`);
      out.push(`nls_http_request_duration_seconds_count{${l.labels}} ${l.count}`);
    }
    out.push(
      '# HELP nls_rate_limit_refusals_total Requests refused with 429 RATE_LIMIT_EXCEEDED.',
      '# TYPE nls_rate_limit_refusals_total counter',
      `nls_rate_limit_refusals_total ${this.rateLimited}`,
    );
    out.push(
      '# HELP nls_live_connections WebSocket connections of /api/v1/live open now.',
      '# TYPE nls_live_connections gauge',
      `nls_live_connections ${this.liveOpen}`,
      '# HELP nls_live_connections_opened_total WebSocket connections of /api/v1/live opened since start.',
      '# TYPE nls_live_connections_opened_total counter',
      `nls_live_connections_opened_total ${this.liveOpenedTotal}`,
      '# HELP nls_live_messages_total Messages of /api/v1/live by outcome: OK, CANCELLED (the connection closed first) or the error code answered.',
      '# TYPE nls_live_messages_total counter',
    );
    for (const [outcome, n] of this.liveMessages) out.push(`nls_live_messages_total{outcome="${escapeLabel(outcome)}"} ${n}`);
    out.push(
      '# HELP nls_live_unsent_bytes Replies the live connections have not read yet, together (bounded by LIVE_MAX_TOTAL_BUFFERED_BYTES).',
      '# TYPE nls_live_unsent_bytes gauge',
      `nls_live_unsent_bytes ${this.liveUnsentBytes()}`,
      '# HELP nls_live_dropped_total Live connections the service closed on its own rules (1008), by reason: slow_reader (its unread replies over LIVE_MAX_BUFFERED_BYTES), output_bound (the slowest readers while all unread replies are over LIVE_MAX_TOTAL_BUFFERED_BYTES), pings (pinging past the message budget), bad_messages (refused messages in a row).',
      '# TYPE nls_live_dropped_total counter',
    );
    for (const [reason, n] of this.liveDrops) out.push(`nls_live_dropped_total{reason="${escapeLabel(reason)}"} ${n}`);
    return out.join('\n') + '\n';
  }

  /** Stops the event-loop monitor (shutdown). */
  close(): void {
    this.loopDelay?.disable();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
