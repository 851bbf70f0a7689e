// Per-thread figures in shared memory, so GET /health can sum every thread's
// cache counters and sizes without a round trip to each worker.
//
// Layout: Int32Array[0] = next free slot (Atomics.add); then one slot of
// SLOT_DOUBLES Float64 per thread: [hits, misses, heap bytes used, thread
// id, heap bytes committed, external bytes (ArrayBuffers, Buffers), then
// (entries, estimated bytes) of each cache of its CachePlan in the plan's
// order]. Each thread writes only its own slot, after each job. Slot
// 0 is the main thread (inline jobs). A replaced worker takes a new slot:
// the hit and miss counts of a dead worker are kept, its sizes are not (the
// caller says which thread ids are alive).
//
// Every thread makes its caches in the same order (the same engine code),
// so the i-th pair of every slot is the same cache; the main thread names
// them from its own plan.

import { getHeapStatistics } from 'node:v8';
import { threadId } from 'node:worker_threads';
import type { CachePlan } from '../engine/lang/budget-cache.js';

export const MAX_STAT_SLOTS = 256;
/** Caches a plan may have and still be reported. */
const MAX_CACHES = 24;
const HEADER = 6;
const SLOT_DOUBLES = HEADER + 2 * MAX_CACHES;
/** How often a thread re-reads its heap size (v8.getHeapStatistics costs a few microseconds). */
const HEAP_EVERY_MS = 1_000;

export interface SharedStats {
  buffer: SharedArrayBuffer;
}

export function createSharedStats(): SharedStats {
  const buffer = new SharedArrayBuffer(8 + MAX_STAT_SLOTS * SLOT_DOUBLES * 8);
  new Int32Array(buffer, 0, 1)[0] = 1; // slot 0 belongs to the main thread
  return { buffer };
}

export class StatSlot {
  private readonly values: Float64Array;
  private heapReadAt = -Infinity;

  constructor(stats: SharedStats, slot?: number) {
    const counter = new Int32Array(stats.buffer, 0, 1);
    const index = slot ?? Atomics.add(counter, 0, 1) % MAX_STAT_SLOTS;
    this.values = new Float64Array(stats.buffer, 8 + index * SLOT_DOUBLES * 8, SLOT_DOUBLES);
  }

  /** The thread's spellcheck counters, heap and cache sizes. */
  write(hits: number, misses: number, caches: CachePlan): void {
    const v = this.values;
    v[0] = hits;
    v[1] = misses;
    const now = performance.now();
    if (now - this.heapReadAt >= HEAP_EVERY_MS) {
      this.heapReadAt = now;
      const h = getHeapStatistics();
      v[2] = h.used_heap_size;
      v[4] = h.total_heap_size;
      v[5] = h.external_memory;
    }
    v[3] = threadId;
    let i = HEADER;
    caches.forEach((cache) => {
      if (i >= SLOT_DOUBLES) return;
      v[i++] = cache.size;
      v[i++] = cache.bytes;
    });
  }
}

export interface CacheTotals {
  entries: number;
  bytes: number;
}

export interface StatsTotals {
  hits: number;
  misses: number;
  /** Heap bytes used, summed over the live threads. */
  heapBytes: number;
  /** Heap bytes V8 has committed (used, free and fragmented), summed over the live threads. */
  heapCommittedBytes: number;
  /** Memory of ArrayBuffers and Buffers outside the heaps, summed over the live threads. */
  externalBytes: number;
  /** Per cache (in plan order), summed over the live threads. */
  caches: CacheTotals[];
}

/**
 * Sums the slots. `live`: whether a thread id is running now (a dead
 * worker's sizes are stale; its hits and misses still count).
 */
export function sumStats(stats: SharedStats, live: (threadId: number) => boolean = () => true): StatsTotals {
  const all = new Float64Array(stats.buffer, 8, MAX_STAT_SLOTS * SLOT_DOUBLES);
  const out: StatsTotals = {
    hits: 0,
    misses: 0,
    heapBytes: 0,
    heapCommittedBytes: 0,
    externalBytes: 0,
    caches: Array.from({ length: MAX_CACHES }, () => ({ entries: 0, bytes: 0 })),
  };
  for (let s = 0; s < MAX_STAT_SLOTS; s++) {
    const base = s * SLOT_DOUBLES;
    out.hits += all[base]!;
    out.misses += all[base + 1]!;
    if (!live(all[base + 3]!)) continue;
    out.heapBytes += all[base + 2]!;
    out.heapCommittedBytes += all[base + 4]!;
    out.externalBytes += all[base + 5]!;
    for (let c = 0; c < MAX_CACHES; c++) {
      out.caches[c]!.entries += all[base + HEADER + 2 * c]!;
      out.caches[c]!.bytes += all[base + HEADER + 2 * c + 1]!;
    }
  }
  return out;
}
