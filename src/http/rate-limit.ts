// Rate limits: an exact sliding-window log per client.
//
// Why not rate-limiter-flexible: its limiters use an "enhanced fixed window"
// (the window starts at a key's first request and resets after `duration`),
// so a client can spend 30 requests at the end of one window and 30 more at
// the start of the next: 60 within a few seconds. The interface says 30 a
// minute, and a sliding log is the one scheme where "at most N requests in
// any window of W" holds exactly, for every window, not only aligned ones.
//
// Each client keeps the times of its accepted requests in a ring buffer; one
// log serves every policy (per minute, per day), because the limit-th newest
// time decides whether a window is full. The buffer grows on demand up to the
// largest limit (8 bytes a request: 8 KB for a client at 1,000 a day), and
// the clients live in an lru-cache bounded by count and by bytes, with a TTL
// of the longest window: an idle client's times have all expired by then, so
// dropping it loses nothing. Under memory pressure the least recently seen
// client is dropped first (its counts restart; documented).
//
// Requests that are refused are not logged: a client that keeps hammering is
// refused until its old requests age out, and then served again, instead of
// being locked out for as long as it keeps trying.
//
// The service front end is one thread, so check-and-record is atomic here.
// Replicas share the log in Redis when REDIS_URL is set (shared-limits.ts:
// a sorted set per client, trimmed, counted and recorded in one Lua script
// with this file's arithmetic); while Redis does not answer, each process
// counts here again.

import { LRUCache } from 'lru-cache';
import { performance } from 'node:perf_hooks';
import type { Partner, PartnerKeys } from './partners.js';
import type { SharedWindows } from './shared-limits.js';
import { policyHeader, type ManyDecision, type RateDecision, type WindowPolicy } from './rate-windows.js';

/** Something that decides and records requests per key (the in-memory log here; Redis for several machines). */
export interface Limiter {
  consume(key: string): RateDecision;
  /**
   * Counts `n` requests made at once (a document's pieces, a batch's items):
   * all of them or none ("all"), or as many as the windows still hold, in
   * order ("partial"). retryAfterSeconds is the wait until the requests not
   * counted would be ("all") or until one more would be ("partial").
   * `alongside`: requests of the same call counted already (the request that
   * carries them), for neverFits.
   */
  consumeMany(key: string, n: number, mode: 'all' | 'partial', alongside?: number): ManyDecision;
  /** Takes back a request consume() counted at `at` (its decision's recordedAt). */
  refund(key: string, at: number): void;
  peek(key: string): RateDecision;
  /** Forgets clients idle for longer than the longest window. */
  purgeStale(): void;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

class RequestLog {
  times: Float64Array;
  head = 0;
  count = 0;

  constructor(capacity: number) {
    this.times = new Float64Array(capacity);
  }

  /** The i-th oldest time. */
  at(i: number): number {
    return this.times[(this.head + i) % this.times.length]!;
  }

  /** Drops times at or before `cutoff`. */
  prune(cutoff: number): void {
    while (this.count > 0 && this.at(0) <= cutoff) {
      this.head = (this.head + 1) % this.times.length;
      this.count--;
    }
  }

  /** Number of times after `cutoff` (the log is sorted, so binary search). */
  countAfter(cutoff: number): number {
    let lo = 0;
    let hi = this.count;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.at(mid) <= cutoff) lo = mid + 1;
      else hi = mid;
    }
    return this.count - lo;
  }

  /** Removes one time equal to `t` (the newest such), keeping the order; false when there is none. */
  remove(t: number): boolean {
    for (let i = this.count - 1; i >= 0; i--) {
      if (this.at(i) !== t) continue;
      for (let j = i; j < this.count - 1; j++) this.times[(this.head + j) % this.times.length] = this.at(j + 1);
      this.count--;
      return true;
    }
    return false;
  }

  /** Appends a time; returns true when the buffer was reallocated (its byte size changed). */
  push(t: number, maxCapacity: number): boolean {
    let grew = false;
    if (this.count === this.times.length) {
      if (this.times.length < maxCapacity) {
        const bigger = new Float64Array(Math.min(maxCapacity, this.times.length * 2));
        for (let i = 0; i < this.count; i++) bigger[i] = this.at(i);
        this.times = bigger;
        this.head = 0;
        grew = true;
      } else {
        // Full at the largest limit: the oldest time no longer decides anything.
        this.head = (this.head + 1) % this.times.length;
        this.count--;
      }
    }
    this.times[(this.head + this.count) % this.times.length] = t;
    this.count++;
    return grew;
  }
}

export interface SlidingWindowOptions {
  /** Most clients remembered at once. */
  maxClients?: number;
  /** Most bytes of request logs kept at once. */
  maxBytes?: number;
  /** Monotonic clock in milliseconds (tests pass a fake one). */
  now?: () => number;
}

const ENTRY_OVERHEAD_BYTES = 96;

export class SlidingWindowLimiter implements Limiter {
  private readonly policies: WindowPolicy[];
  private readonly longestMs: number;
  private readonly maxCapacity: number;
  private readonly clients: LRUCache<string, RequestLog>;
  private readonly now: () => number;
  readonly policyHeader: string;

  constructor(policies: WindowPolicy[], options: SlidingWindowOptions = {}) {
    if (policies.length === 0) throw new Error('SlidingWindowLimiter needs at least one policy');
    for (const p of policies) {
      if (!Number.isInteger(p.limit) || p.limit < 1) throw new Error('policy.limit must be a positive integer');
      if (!(p.windowMs > 0)) throw new Error('policy.windowMs must be positive');
    }
    this.policies = [...policies].sort((a, b) => a.windowMs - b.windowMs);
    this.longestMs = Math.max(...policies.map((p) => p.windowMs));
    this.maxCapacity = Math.max(...policies.map((p) => p.limit));
    this.now = options.now ?? (() => performance.now());
    this.policyHeader = policyHeader(this.policies);
    const now = this.now;
    this.clients = new LRUCache<string, RequestLog>({
      max: options.maxClients ?? 100_000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (log) => log.times.byteLength + ENTRY_OVERHEAD_BYTES,
      ttl: this.longestMs,
      updateAgeOnGet: true,
      perf: { now },
    });
  }

  /** Number of clients currently remembered (for tests and health). */
  get size(): number {
    return this.clients.size;
  }

  purgeStale(): void {
    this.clients.purgeStale();
  }

  consume(key: string): RateDecision {
    const many = this.consumeMany(key, 1, 'all');
    const { granted: _granted, neverFits: _neverFits, ...decision } = many;
    return decision;
  }

  consumeMany(key: string, n: number, mode: 'all' | 'partial', alongside = 0): ManyDecision {
    const now = this.now();
    let log = this.clients.get(key);
    if (log) log.prune(now - this.longestMs);
    const free = Math.min(...this.policies.map((p) => p.limit - (log ? log.countAfter(now - p.windowMs) : 0)));
    const granted = Math.max(0, mode === 'partial' ? Math.min(n, free) : n <= free ? n : 0);
    const neverFits = mode === 'all' && this.policies.some((p) => p.limit < n + alongside);
    // The wait for what was not counted: all n ("all"), or one more after those counted ("partial").
    const waitMs = granted === n ? 0 : this.waitFor(log, now, mode === 'all' ? n : granted + 1);
    const decision: ManyDecision = {
      ...this.report(log, now, granted),
      allowed: granted > 0 || n === 0,
      retryAfterSeconds: waitMs === 0 ? 0 : Number.isFinite(waitMs) ? Math.max(1, Math.ceil(waitMs / 1000)) : Math.ceil(this.longestMs / 1000),
      granted,
      neverFits,
    };
    if (granted > 0) {
      decision.recordedAt = now;
      if (!log) {
        log = new RequestLog(Math.min(Math.max(4, granted), this.maxCapacity));
        for (let i = 0; i < granted; i++) log.push(now, this.maxCapacity);
        this.clients.set(key, log);
      } else {
        let grew = false;
        for (let i = 0; i < granted; i++) grew = log.push(now, this.maxCapacity) || grew;
        if (grew) {
          // lru-cache recomputes an entry's size only when the value changes
          // identity, so delete and re-add to account for the bigger buffer.
          this.clients.delete(key);
          this.clients.set(key, log);
        }
      }
    }
    return decision;
  }

  refund(key: string, at: number): void {
    this.clients.get(key, { updateAgeOnGet: false })?.remove(at);
  }

  peek(key: string): RateDecision {
    const now = this.now();
    const log = this.clients.get(key, { updateAgeOnGet: false });
    if (log) log.prune(now - this.longestMs);
    const waitMs = this.waitFor(log, now, 1);
    return { ...this.report(log, now, 0), allowed: waitMs === 0, retryAfterSeconds: waitMs === 0 ? 0 : Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Ms until `n` more requests fit in every window (0: now; Infinity: more than a window holds). */
  private waitFor(log: RequestLog | undefined, now: number, n: number): number {
    let wait = 0;
    for (const p of this.policies) {
      const inWindow = log ? log.countAfter(now - p.windowMs) : 0;
      if (inWindow + n <= p.limit) continue;
      if (n > p.limit) return Infinity;
      // The k oldest requests in this window must leave it before n more fit.
      const k = inWindow + n - p.limit;
      wait = Math.max(wait, log!.at(log!.count - inWindow + k - 1) + p.windowMs - now);
    }
    return wait;
  }

  /** The RateLimit-* report once `counted` more requests are recorded now: the policy nearest to exhaustion. */
  private report(log: RequestLog | undefined, now: number, counted: number): Pick<RateDecision, 'limit' | 'remaining' | 'resetSeconds' | 'policy'> {
    // Report the policy with the fewest requests left (ties: the shorter window).
    let best: { limit: number; remaining: number; resetSeconds: number } | null = null;
    for (const p of this.policies) {
      const inWindow = log ? log.countAfter(now - p.windowMs) : 0;
      const used = inWindow + counted;
      const remaining = Math.max(0, p.limit - used);
      let resetMs = 0;
      if (used > 0) {
        // The oldest counted request in this window (or the ones just made).
        resetMs = inWindow > 0 ? log!.at(log!.count - inWindow) + p.windowMs - now : p.windowMs;
      }
      const resetSeconds = Math.max(0, Math.ceil(resetMs / 1000));
      if (best === null || remaining < best.remaining) best = { limit: p.limit, remaining, resetSeconds };
    }
    return { limit: best!.limit, remaining: best!.remaining, resetSeconds: best!.resetSeconds, policy: this.policyHeader };
  }
}

/** Who a request counts against. */
export type Identity = { kind: 'anonymous'; key: string } | { kind: 'partner'; partner: Partner };

export interface RateLimitSettings {
  /** Anonymous requests per minute per client; 0 turns the limit off. */
  perMinute: number;
  /** Anonymous requests per day per client; 0 turns the limit off. */
  perDay: number;
}

function policiesFor(perMinute: number, perDay: number): WindowPolicy[] {
  const out: WindowPolicy[] = [];
  if (perMinute > 0) out.push({ limit: perMinute, windowMs: MINUTE_MS });
  if (perDay > 0) out.push({ limit: perDay, windowMs: DAY_MS });
  return out;
}

/** A value now, or later (a decision made in Redis). */
export type Maybe<T> = T | Promise<T>;

/** Applies `f` to a value now or when it comes. */
export function then<T, R>(v: Maybe<T>, f: (t: T) => R): Maybe<R> {
  return v instanceof Promise ? v.then(f) : f(v);
}

interface Tier {
  limiter: Limiter | null;
  key: string;
  /** The Redis key's kind (anonymous clients and partners apart) and the tier's policies. */
  kind: 'anon' | 'partner';
  policies: WindowPolicy[];
}

/**
 * The limits of the anonymous tier and of each partner key. With `shared`
 * (REDIS_URL) every decision is made in Redis while it answers (a Promise);
 * a call that fails or times out, and every call while the connection is
 * down, is decided by this process's own log instead (synchronously).
 */
export class RateLimits {
  private readonly anonymous: Limiter | null;
  private readonly anonymousPolicies: WindowPolicy[];
  private readonly partnerTiers = new Map<string, { limiter: Limiter | null; policies: WindowPolicy[] }>();

  constructor(
    settings: RateLimitSettings,
    private readonly partners: PartnerKeys,
    private readonly options: SlidingWindowOptions = {},
    private readonly shared: SharedWindows | null = null,
  ) {
    this.anonymousPolicies = policiesFor(settings.perMinute, settings.perDay);
    this.anonymous = this.anonymousPolicies.length > 0 ? new SlidingWindowLimiter(this.anonymousPolicies, options) : null;
  }

  /** The partner for an X-API-Key value, or null when the key is unknown. */
  findPartner(apiKey: string): Partner | null {
    return this.partners.find(apiKey);
  }

  private tierOf(identity: Identity): Tier {
    if (identity.kind === 'anonymous') return { limiter: this.anonymous, key: identity.key, kind: 'anon', policies: this.anonymousPolicies };
    const { partner } = identity;
    let tier = this.partnerTiers.get(partner.name);
    if (tier === undefined) {
      const policies = policiesFor(partner.perMinute, partner.perDay);
      tier = { limiter: policies.length > 0 ? new SlidingWindowLimiter(policies, { ...this.options, maxClients: 1 }) : null, policies };
      this.partnerTiers.set(partner.name, tier);
    }
    return { limiter: tier.limiter, key: partner.name, kind: 'partner', policies: tier.policies };
  }

  /** Redis, when it is configured and its connection is up. */
  private sharedNow(): SharedWindows | null {
    return this.shared !== null && this.shared.usable ? this.shared : null;
  }

  /** Impairments for health: limits counted per process while the shared store does not answer. */
  issues(): string[] {
    const i = this.shared?.issue();
    return i ? [i] : [];
  }

  /** Forgets idle clients (the server calls this once a minute; lookups also skip expired ones). */
  purgeStale(): void {
    this.anonymous?.purgeStale();
    for (const t of this.partnerTiers.values()) t.limiter?.purgeStale();
  }

  /** Counts a request; null when no limit applies to this identity. */
  consume(identity: Identity): Maybe<RateDecision | null> {
    const t = this.tierOf(identity);
    if (!t.limiter) return null;
    const shared = this.sharedNow();
    if (shared === null) return t.limiter.consume(t.key);
    return shared.consumeMany(t.kind, t.key, t.policies, 1, 'all').then(
      ({ granted: _g, neverFits: _n, ...d }) => d,
      () => t.limiter!.consume(t.key),
    );
  }

  /** Counts several requests at once (Limiter.consumeMany); null when no limit applies. */
  consumeMany(identity: Identity, n: number, mode: 'all' | 'partial', alongside = 0): Maybe<ManyDecision | null> {
    const t = this.tierOf(identity);
    if (!t.limiter) return null;
    const shared = this.sharedNow();
    if (shared === null) return t.limiter.consumeMany(t.key, n, mode, alongside);
    return shared.consumeMany(t.kind, t.key, t.policies, n, mode, alongside).catch(() => t.limiter!.consumeMany(t.key, n, mode, alongside));
  }

  /** Takes back a request counted at `at` (its decision's recordedAt: a time here, a member in Redis). */
  refund(identity: Identity, at: number | string): void {
    const t = this.tierOf(identity);
    if (typeof at === 'number') t.limiter?.refund(t.key, at);
    // Best effort: a refund Redis does not take leaves the request counted.
    else this.shared?.refund(t.kind, t.key, at).catch(() => {});
  }

  /** Reports without counting (probe endpoints); null when no limit applies. */
  peek(identity: Identity): Maybe<RateDecision | null> {
    const t = this.tierOf(identity);
    if (!t.limiter) return null;
    const shared = this.sharedNow();
    if (shared === null) return t.limiter.peek(t.key);
    return shared.peek(t.kind, t.key, t.policies).catch(() => t.limiter!.peek(t.key));
  }
}

/** The RateLimit-* headers for a decision (Retry-After belongs to the 429 reply itself). */
export function rateLimitHeaders(d: RateDecision): Record<string, string> {
  return {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
    'RateLimit-Policy': d.policy,
  };
}
