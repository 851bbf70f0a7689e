// The requests in flight: each is counted from its arrival to the end of its
// answer, then observed (the latency histogram, the access log line), and a
// shutdown waits for the count to reach zero.

import { performance } from 'node:perf_hooks';
import { logLine } from './log.js';
import type { Metrics } from './metrics.js';
import type { RequestState } from './pipeline.js';
import type { PatternGroup } from './router.js';
import type { RequestContext } from './types.js';

export class InFlight {
  private count = 0;
  private onDrained: (() => void) | null = null;

  constructor(
    private readonly metrics: Metrics,
    /** LOG_REQUESTS: an access line per request on stdout. */
    private readonly logRequests: boolean,
  ) {}

  begin(): void {
    this.count++;
  }

  /** A request's answer ended (or its client went away). */
  end(ctx: RequestContext | null, state: RequestState, group: PatternGroup | null): void {
    this.count--;
    if (ctx) this.metrics.observe(ctx.method, group ? group.template : null, state.aborted ? null : state.status, (performance.now() - ctx.receivedAt) / 1000);
    if (this.logRequests && ctx) {
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
    if (this.count === 0 && this.onDrained) this.onDrained();
  }

  /** Resolves when no request is in flight, or after `graceMs`. */
  drained(graceMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      this.onDrained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
