// Per-thread LRU counters in shared memory, so GET /health can sum the cache
// hits and misses of every thread without a round trip to each worker.
//
// Layout: Int32Array[0] = next free slot (Atomics.add); then Float64 pairs
// (hits, misses), one pair per slot. Each thread writes only its own slot.
// Slot 0 is the main thread (inline jobs). A replaced worker takes a new slot,
// so the counts of a dead worker are kept.

export const MAX_STAT_SLOTS = 256;

export interface SharedStats {
  buffer: SharedArrayBuffer;
}

export function createSharedStats(): SharedStats {
  const buffer = new SharedArrayBuffer(8 + MAX_STAT_SLOTS * 16);
  new Int32Array(buffer, 0, 1)[0] = 1; // slot 0 belongs to the main thread
  return { buffer };
}

export class StatSlot {
  private readonly values: Float64Array;

  constructor(stats: SharedStats, slot?: number) {
    const counter = new Int32Array(stats.buffer, 0, 1);
    const index = slot ?? Atomics.add(counter, 0, 1) % MAX_STAT_SLOTS;
    this.values = new Float64Array(stats.buffer, 8 + index * 16, 2);
  }

  write(hits: number, misses: number): void {
    this.values[0] = hits;
    this.values[1] = misses;
  }
}

export function sumStats(stats: SharedStats): { hits: number; misses: number } {
  const all = new Float64Array(stats.buffer, 8, MAX_STAT_SLOTS * 2);
  let hits = 0;
  let misses = 0;
  for (let i = 0; i < MAX_STAT_SLOTS; i++) {
    hits += all[2 * i]!;
    misses += all[2 * i + 1]!;
  }
  return { hits, misses };
}
