// Shared answer buffers: where a worker thread writes the encoded answer of
// a single-answer pool job (worker/handler.ts), so that the main thread
// writes it to the socket from memory every thread shares, instead of
// receiving each answer in a new ArrayBuffer.
//
// Why: a 1,000-token romanization answer is about 0.4 MB. Moved from the
// worker as a buffer of its own, every answer was external memory of the
// main thread's heap until a full collection freed it, and that pressure
// made V8 run a Mark-Compact every 20-25 answers at a heap of only 23-29 MB
// (bench/RESULTS.md, "The main thread under romanization answers").
//
// A buffer is leased to one job from before it is handed to its thread
// until the HTTP layer has written the answer (uWS copies what the socket
// does not take at once) or dropped it: the lease's release(), called once;
// a later call, or one for an older lease of the same buffer, does nothing.
// A lease whose view is garbage-collected unreleased (an answer a code path
// dropped without writing) comes back through a FinalizationRegistry. When
// every buffer is leased, a job simply gets none and its answer is moved in
// a buffer of its own, as before.

import { ANSWER_BUFFER_BYTES } from '../worker/protocol.js';

/** One job's use of one buffer. */
export interface AnswerLease {
  readonly index: number;
  readonly generation: number;
}

export class AnswerBuffers {
  /** Every buffer, one after another (WorkerData.answers). */
  readonly shared: SharedArrayBuffer;
  /** Free buffers, the most recently used last (taken first: its pages are resident already). */
  private readonly free: number[] = [];
  /** Each buffer's current lease; bumped at release, so a stale release is ignored. */
  private readonly generations: number[];
  private readonly leased: boolean[];
  private readonly backstop = new FinalizationRegistry<AnswerLease>((lease) => this.release(lease));
  /** Jobs that found no buffer free (their answers were moved in buffers of their own). */
  private missed = 0;

  constructor(
    readonly count: number,
    readonly bytesEach: number = ANSWER_BUFFER_BYTES,
  ) {
    this.shared = new SharedArrayBuffer(count * bytesEach);
    this.generations = new Array<number>(count).fill(0);
    this.leased = new Array<boolean>(count).fill(false);
    for (let i = count - 1; i >= 0; i--) this.free.push(i);
  }

  /** A buffer for one job, or null when all are leased. */
  lease(): AnswerLease | null {
    const index = this.free.pop();
    if (index === undefined) {
      this.missed++;
      return null;
    }
    this.leased[index] = true;
    return { index, generation: this.generations[index]! };
  }

  /** The first `length` bytes of the lease's buffer; the lease comes back on its own if this view is dropped unreleased. */
  view(lease: AnswerLease, length: number): Uint8Array {
    const view = new Uint8Array(this.shared, lease.index * this.bytesEach, length);
    this.backstop.register(view, lease);
    return view;
  }

  /** Returns the buffer; its bytes must not be read after this. Idempotent. */
  release(lease: AnswerLease): void {
    const i = lease.index;
    if (!this.leased[i] || this.generations[i] !== lease.generation) return;
    this.leased[i] = false;
    this.generations[i] = (this.generations[i]! + 1) >>> 0;
    this.free.push(i);
  }

  counters(): { leased: number; missed: number } {
    return { leased: this.count - this.free.length, missed: this.missed };
  }
}
