// What a rate limit decides, in the vocabulary shared by the in-memory
// sliding-window log (rate-limit.ts) and the one kept in Redis
// (shared-limits.ts): the policies (N requests in any window of W), a
// decision and the RateLimit-Policy header.

export interface WindowPolicy {
  /** Maximum accepted requests in any window of windowMs; must be >= 1. */
  limit: number;
  windowMs: number;
}

export interface RateDecision {
  allowed: boolean;
  /** The policy nearest to exhaustion, as reported in the RateLimit-* headers. */
  limit: number;
  remaining: number;
  /** Seconds until that policy's remaining count next grows (0 when nothing is counted). */
  resetSeconds: number;
  /** Seconds until a request would be accepted; 0 when allowed. */
  retryAfterSeconds: number;
  /** RateLimit-Policy header value, e.g. "30;w=60, 1000;w=86400". */
  policy: string;
  /** When the request was recorded (consume, when allowed): what refund() takes back (in Redis, the request's member). */
  recordedAt?: number | string;
}

/** consumeMany's answer: how many of the requests were counted. */
export interface ManyDecision extends RateDecision {
  /** Requests counted (and so allowed): all or none in "all" mode, as many as fit in "partial" mode. */
  granted: number;
  /** "all" mode: the requests (with those counted alongside) exceed a limit's whole window: they can never be taken at once. */
  neverFits: boolean;
}

/** The RateLimit-Policy header of some policies ("30;w=60, 1000;w=86400"), made once per policies array (the Redis window asks for it on every decision). */
const POLICY_HEADERS = new WeakMap<readonly WindowPolicy[], string>();
export function policyHeader(policies: readonly WindowPolicy[]): string {
  let h = POLICY_HEADERS.get(policies);
  if (h === undefined) POLICY_HEADERS.set(policies, (h = policies.map((p) => `${p.limit};w=${Math.round(p.windowMs / 1000)}`).join(', ')));
  return h;
}
