// The engines' caches: a Map with a byte budget. (Not a fact about Nepali:
// it lives in lang because lang is the one module every engine may import.)
//
// Why bytes and not entries: an entry of the romanizer's analysis cache can
// be 100 times the size of one of the spellchecker's Bloom memo, so caps in
// entries let a thread's memory follow the texts it is sent (0.9-1.0 GB of
// anonymous memory after 6,000 new texts). Each cache is given a
// budget and a size estimate per entry; the estimates are calibrated against
// the V8 heap (bench/journal/2026-11-26.md#cache-budget).
//
// Eviction is second-chance (CLOCK) over insertion order: a hit only marks
// the entry used (one hash lookup, no reordering: some memos are asked
// thousands of times per text), and the eviction scan moves a used entry to
// the back once instead of dropping it. So the entries kept are those used
// since they were last passed over, close to least-recently-used.
//
// The caches of one CachePlan lend each other what they do not use: a cache
// holds more than its share while the plan's total is within the plan's
// budget, and gives the excess back (its oldest unused entries) when another
// cache needs room. A thread that only romanizes has the analyses cache
// hold what the spellchecker's results cache leaves empty, and the other
// way round; the plan's budget bounds the sum either way.

interface Entry<V> {
  value: V;
  bytes: number;
  used: boolean;
}

/** A cache's figures for health: entries, estimated bytes, the budget. */
export interface CacheFigures {
  entries: number;
  bytes: number;
  budget: number;
}

/**
 * Bytes a string takes on the V8 heap, roughly: a header and one byte per
 * character for Latin text, two for Devanagari (V8 keeps a string one-byte
 * only when every character is below U+0100).
 */
export function stringBytes(s: string): number {
  const wide = s.length > 0 && s.charCodeAt(0) > 0xff ? 2 : /[^\u0000-\u00ff]/.test(s) ? 2 : 1;
  return 16 + ((s.length * wide + 7) & ~7);
}

/**
 * A thread's cache budget unless the service sets one (CACHE_MB): with the
 * main thread and two workers, the process's anonymous memory stays under
 * 400 MiB beside the mapped store (bench/journal/2026-11-26.md#bounded-heaps).
 */
export const DEFAULT_CACHE_BYTES = 32 * 2 ** 20;

/** Bytes of the Map slot and entry record each cached key costs beside its value. */
export const ENTRY_OVERHEAD = 64;

/** What the caches of one plan hold together, and may (CachePlan). */
interface Pool {
  readonly budget: number;
  used: number;
  readonly members: BudgetCache<unknown>[];
}

export class BudgetCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  private total = 0;

  /**
   * `budget` in bytes (0 turns the cache off): with a `pool` (a CachePlan's
   * caches), the share the cache is sure of, and it borrows what the pool's
   * other caches leave unused; without, its bound. `sizeOf` estimates what
   * an entry holds beyond its key and ENTRY_OVERHEAD (called once, on insert).
   */
  constructor(
    readonly budget: number,
    private readonly sizeOf: (value: V) => number = () => 0,
    private readonly pool: Pool | null = null,
  ) {
    if (!Number.isFinite(budget) || budget < 0) throw new RangeError('budget must be a non-negative number of bytes');
  }

  get size(): number {
    return this.map.size;
  }

  /** Estimated bytes held. */
  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) return undefined;
    e.used = true;
    return e.value;
  }

  has(key: string): boolean {
    return this.map.has(key);
  }

  /** Stores the entry (replacing one under the same key), evicts down to the budget, and returns the value. */
  remember(key: string, value: V): V {
    if (this.budget === 0) return value;
    const old = this.map.get(key);
    if (old !== undefined) {
      this.add(-old.bytes);
      this.map.delete(key);
    }
    const bytes = ENTRY_OVERHEAD + stringBytes(key) + this.sizeOf(value);
    // An entry larger than the whole budget would only evict everything else.
    if (bytes > this.budget) return value;
    this.map.set(key, { value, bytes, used: false });
    this.add(bytes);
    const pool = this.pool;
    if (pool === null) {
      // Evict a little below the budget so a full cache does not scan on every insert.
      if (this.total > this.budget) this.evict(this.budget * 0.95);
    } else if (pool.used > pool.budget) reclaim(pool);
    return value;
  }

  clear(): void {
    this.add(-this.total);
    this.map.clear();
  }

  figures(): CacheFigures {
    return { entries: this.map.size, bytes: this.total, budget: this.budget };
  }

  /** Bytes held beyond the cache's share (what it borrows from its pool). */
  get borrowed(): number {
    return this.total - this.budget;
  }

  private add(bytes: number): void {
    this.total += bytes;
    if (this.pool !== null) this.pool.used += bytes;
  }

  /** Second chance, down to `target` bytes: from the oldest, a used entry goes to the back unused, an unused one goes. */
  evict(target: number): void {
    for (const [key, e] of this.map) {
      if (this.total <= target) break;
      this.map.delete(key);
      if (e.used) {
        e.used = false;
        this.map.set(key, e);
      } else {
        this.add(-e.bytes);
      }
    }
  }
}

/**
 * A pool over its budget: the caches holding more than their share give
 * back, the one that borrows most first, until the pool is a little below
 * its budget (so a full pool does not scan on every insert). Only a
 * borrower gives back, so a cache within its share keeps it.
 */
function reclaim(pool: Pool): void {
  const target = pool.budget * 0.95;
  while (pool.used > target) {
    let most: BudgetCache<unknown> | null = null;
    for (const c of pool.members) if (c.borrowed > 0 && (most === null || c.borrowed > most.borrowed)) most = c;
    if (most === null) return;
    most.evict(Math.max(most.budget, most.bytes - (pool.used - target)));
  }
}

/**
 * Estimated heap bytes of a value built of plain objects, arrays, strings
 * and numbers: 24 per object or array plus 8 per property or element, the
 * strings by stringBytes. Substructures reached twice count twice (an
 * over-estimate, on the safe side of a budget). For entries that cost far
 * more to compute than this walk (analyses, check results).
 */
export function approxBytes(value: unknown, depth = 0): number {
  if (typeof value === 'string') return stringBytes(value);
  if (typeof value === 'number') return Number.isInteger(value) ? 0 : 16;
  if (value === null || typeof value !== 'object') return 0;
  if (depth > 32) return 0;
  let n = 24;
  if (Array.isArray(value)) {
    n += 8 * value.length;
    for (const x of value) n += approxBytes(x, depth + 1);
    return n;
  }
  for (const k in value as Record<string, unknown>) n += 8 + approxBytes((value as Record<string, unknown>)[k], depth + 1);
  return n;
}

/**
 * A thread's caches and the memory they may take: each engine makes its
 * caches here, by name, with a share of the thread's budget it is sure of
 * (and it borrows what the others leave unused), so one setting (CACHE_MB)
 * bounds them all and health can list them. The spellchecker
 * owns the thread's plan and the romanizer makes its caches in the same one.
 */
export class CachePlan {
  private readonly caches = new Map<string, { share: number; cache: BudgetCache<unknown> }>();
  /** What the plan's caches hold together (each lends the others what it does not use). */
  private readonly pool: Pool;

  /** `totalBytes`: the budget shared by every cache made here (0: no caching). */
  constructor(readonly totalBytes: number) {
    if (!Number.isFinite(totalBytes) || totalBytes < 0) throw new RangeError('the cache budget must be a non-negative number of bytes');
    this.pool = { budget: totalBytes, used: 0, members: [] };
  }

  /** A cache sure of `share` (0-1) of the budget, borrowing what the others leave unused; a name is made once. */
  cache<V>(name: string, share: number, sizeOf?: (value: NoInfer<V>) => number): BudgetCache<V> {
    if (this.caches.has(name)) throw new Error(`cache ${name} is made twice`);
    if (!(share > 0 && share <= 1)) throw new RangeError(`cache ${name}: share must be in (0, 1]`);
    const cache = new BudgetCache<V>(Math.floor(this.totalBytes * share), sizeOf, this.pool);
    this.caches.set(name, { share, cache: cache as BudgetCache<unknown> });
    this.pool.members.push(cache as BudgetCache<unknown>);
    return cache;
  }

  /** The shares handed out (at most 1 when the engines are sized right). */
  get sharesTotal(): number {
    let n = 0;
    for (const { share } of this.caches.values()) n += share;
    return n;
  }

  /** Each cache in the order made, with its name. */
  forEach(fn: (cache: BudgetCache<unknown>, name: string) => void): void {
    for (const [name, { cache }] of this.caches) fn(cache, name);
  }

  /** Every cache's entries, estimated bytes and budget, by name. */
  figures(): Record<string, CacheFigures> {
    const out: Record<string, CacheFigures> = {};
    for (const [name, { cache }] of this.caches) out[name] = cache.figures();
    return out;
  }
}
