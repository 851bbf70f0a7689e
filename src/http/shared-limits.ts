// Rate limits shared by replicas: the sliding-window log of rate-limit.ts
// kept in Redis (REDIS_URL), so N replicas behind a load balancer allow a
// client the limit, not N times it.
//
// Each client (or partner) is a sorted set: one member per counted request,
// scored by the time Redis gave it (one clock for every replica). One Lua
// script prunes the set, counts every window, decides, records and reports,
// atomically (Redis runs a script alone), with exactly the arithmetic of
// SlidingWindowLimiter: the same windows (a time counts while it is after
// now - window), "all" and "partial" counting, the wait until requests fit,
// and the RateLimit-* report of the policy nearest to exhaustion.
//
// Failure: every call has a short timeout (REDIS_TIMEOUT_MS) and commands
// are not queued while the connection is down, so a slow or gone Redis
// never holds a request for long and never blocks the event loop (the
// client is asynchronous). The caller (RateLimits) then counts in the
// process, and health says so, until the connection is back; ioredis
// reconnects by itself.

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { policyHeader, type ManyDecision, type RateDecision, type WindowPolicy } from './rate-windows.js';

const WINDOW_SCRIPT = `
local key = KEYS[1]
local n = tonumber(ARGV[1])
local mode = ARGV[2]
local alongside = tonumber(ARGV[3])
local token = ARGV[4]
local pc = tonumber(ARGV[5])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limits, windows, counts = {}, {}, {}
local longest = 0
for i = 1, pc do
  limits[i] = tonumber(ARGV[4 + 2 * i])
  windows[i] = tonumber(ARGV[5 + 2 * i])
  if windows[i] > longest then longest = windows[i] end
end
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - longest)
local free = nil
for i = 1, pc do
  counts[i] = redis.call('ZCOUNT', key, '(' .. (now - windows[i]), '+inf')
  local f = limits[i] - counts[i]
  if free == nil or f < free then free = f end
end
local granted = 0
if mode == 'partial' then
  granted = math.max(0, math.min(n, free))
elseif mode == 'all' and n <= free then
  granted = n
end
local neverFits = 0
if mode == 'all' then
  for i = 1, pc do
    if limits[i] < n + alongside then neverFits = 1 end
  end
end
-- The wait until what was not counted would be: all n ("all"), one more ("partial", "peek").
local waitMs = 0
if granted < n or mode == 'peek' then
  local need = granted + 1
  if mode == 'all' then need = n end
  for i = 1, pc do
    if counts[i] + need > limits[i] then
      if need > limits[i] then
        waitMs = -1
        break
      end
      local k = counts[i] + need - limits[i]
      local r = redis.call('ZRANGEBYSCORE', key, '(' .. (now - windows[i]), '+inf', 'WITHSCORES', 'LIMIT', k - 1, 1)
      local w = tonumber(r[2]) + windows[i] - now
      if w > waitMs then waitMs = w end
    end
  end
end
if granted > 0 then
  for j = 1, granted do
    redis.call('ZADD', key, now, token .. ':' .. j)
  end
  redis.call('PEXPIRE', key, longest)
end
-- The policy with the fewest requests left once these are counted (ties: the shorter window).
local bestLimit, bestRemaining, bestReset = 0, nil, 0
for i = 1, pc do
  local used = counts[i] + granted
  local remaining = math.max(0, limits[i] - used)
  local resetMs = 0
  if used > 0 then
    if counts[i] > 0 then
      local r = redis.call('ZRANGEBYSCORE', key, '(' .. (now - windows[i]), '+inf', 'WITHSCORES', 'LIMIT', 0, 1)
      resetMs = tonumber(r[2]) + windows[i] - now
    else
      resetMs = windows[i]
    end
  end
  if bestRemaining == nil or remaining < bestRemaining then
    bestLimit, bestRemaining, bestReset = limits[i], remaining, resetMs
  end
end
return { granted, neverFits, bestLimit, bestRemaining, bestReset, waitMs }
`;

const RETRY_AFTER_FAILURE_MS = 1000;

interface WindowCommands {
  nlsWindow(key: string, ...args: (string | number)[]): Promise<number[]>;
}

export interface SharedWindowsOptions {
  url: string;
  /** Longest wait for an answer; past it the call fails and the caller counts in the process. */
  timeoutMs: number;
  /** Prefix of every key (several services on one Redis). */
  prefix: string;
}

/** A decision made in Redis; recordedAt is the member to remove on refund. */
export type SharedDecision = ManyDecision & { recordedAt?: string };

export class SharedWindows {
  private readonly redis: Redis & WindowCommands;
  private readonly prefix: string;
  private downSince: Date | null = null;
  /** Since when calls fail or time out on a connection that is up (a stalled Redis); null after a success. */
  private failingSince: Date | null = null;
  /** After a failure, calls are not tried again before this (performance.now()): one timeout a second at most, not one per request. */
  private retryAt = 0;
  private lastError = '';
  private closed = false;

  constructor(options: SharedWindowsOptions) {
    this.prefix = options.prefix;
    this.redis = new Redis(options.url, {
      // Fail at once while disconnected, and within the timeout when connected: a request never waits on Redis for longer.
      enableOfflineQueue: false,
      commandTimeout: options.timeoutMs,
      connectTimeout: Math.max(1000, options.timeoutMs * 4),
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => (this.closed ? null : Math.min(100 * times, 2000)),
      lazyConnect: false,
    }) as Redis & WindowCommands;
    this.redis.defineCommand('nlsWindow', { numberOfKeys: 1, lua: WINDOW_SCRIPT });
    // Down until the first connection is made: start-up does not wait for Redis.
    this.downSince = new Date();
    this.redis.on('ready', () => {
      this.downSince = null;
      this.lastError = '';
    });
    this.redis.on('error', (e: Error) => {
      this.lastError = e.message;
      this.markDown();
    });
    this.redis.on('close', () => this.markDown());
  }

  private markDown(): void {
    if (this.downSince === null) this.downSince = new Date();
  }

  /** True while commands can be sent (the connection is ready). */
  get up(): boolean {
    return this.downSince === null && this.redis.status === 'ready';
  }

  /** True when a decision should be asked of Redis now: connected, and not within a second of a failed call. */
  get usable(): boolean {
    return this.up && performance.now() >= this.retryAt;
  }

  /** Why limits are counted per process now, for health; null while Redis answers. */
  issue(): string | null {
    const since = !this.up ? (this.downSince ?? new Date()) : this.failingSince;
    if (since === null) return null;
    const why = this.lastError ? ` (${this.lastError.replace(/rediss?:\/\/\S*/gi, 'redis://…')})` : '';
    return `rate limits are counted per process: the shared store (REDIS_URL) has not answered since ${since.toISOString()}${why}`;
  }

  /** Resolves once connected, or rejects after `ms` (tests, start-up logs). */
  async waitUntilUp(ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (!this.up && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    return this.up;
  }

  private keyOf(kind: string, key: string): string {
    return `${this.prefix}:${kind}:${key}`;
  }

  /** SlidingWindowLimiter.consumeMany, in Redis. A failure (timeout, disconnection) rejects; the caller decides locally. */
  async consumeMany(kind: string, key: string, policies: WindowPolicy[], n: number, mode: 'all' | 'partial' | 'peek', alongside = 0): Promise<SharedDecision> {
    const token = randomBytes(9).toString('base64url');
    const args: (string | number)[] = [n, mode, alongside, token, policies.length];
    for (const p of policies) args.push(p.limit, p.windowMs);
    let r: number[];
    try {
      r = await this.redis.nlsWindow(this.keyOf(kind, key), ...args);
      this.failingSince = null;
    } catch (e) {
      // A timeout on a live connection (Redis stalled or far away): the caller counts locally, and so does every call for a second.
      this.lastError = (e as Error).message;
      this.failingSince ??= new Date();
      this.retryAt = performance.now() + RETRY_AFTER_FAILURE_MS;
      if (n > 0 && mode !== 'peek') this.takeBackLate(kind, key, token, n);
      throw e;
    }
    const [granted, neverFits, limit, remaining, resetMs, waitMs] = r.map(Number) as [number, number, number, number, number, number];
    const decision: SharedDecision = {
      allowed: mode === 'peek' ? waitMs === 0 : granted > 0 || n === 0,
      limit,
      remaining,
      resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)),
      retryAfterSeconds: waitMs === 0 ? 0 : waitMs < 0 ? Math.ceil(Math.max(...policies.map((p) => p.windowMs)) / 1000) : Math.max(1, Math.ceil(waitMs / 1000)),
      policy: policyHeader(policies),
      granted,
      neverFits: neverFits === 1,
    };
    if (granted > 0) decision.recordedAt = `${token}:1`;
    return decision;
  }

  /**
   * A script that timed out is still on its way: a stalled Redis runs it
   * when it resumes, and the requests it records would count twice (the
   * caller counted them in the process). Its members are removed by a command
   * sent after it on the same connection, which Redis runs after it.
   */
  private takeBackLate(kind: string, key: string, token: string, n: number): void {
    if (this.redis.status !== 'ready') return;
    const members = Array.from({ length: n }, (_, i) => `${token}:${i + 1}`);
    // Its own reply may time out too; it still runs after the script.
    this.redis.zrem(this.keyOf(kind, key), ...members).catch(() => {});
  }

  async peek(kind: string, key: string, policies: WindowPolicy[]): Promise<RateDecision> {
    const { granted: _g, neverFits: _n, ...d } = await this.consumeMany(kind, key, policies, 0, 'peek');
    return d;
  }

  /** Takes back one request (its member); a failure is only logged by the caller's catch. */
  async refund(kind: string, key: string, member: string): Promise<void> {
    await this.redis.zrem(this.keyOf(kind, key), member);
  }

  async close(): Promise<void> {
    this.closed = true;
    try {
      await this.redis.quit();
    } catch {
      this.redis.disconnect();
    }
  }
}
