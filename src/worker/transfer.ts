// Moving bytes to another thread without copying them, and keeping the
// memory of bytes once sent, so that a thread does not allocate a new
// ArrayBuffer for every answer or request body.
//
// Why keep it: V8 counts an ArrayBuffer's memory as external memory of the
// heap that holds it until a collection frees it, and the main thread, which
// allocates little on its own heap, meets the external limit by a full
// mark-compact of its heap (and the collector's threads) rather than by a
// cheap scavenge: a long answer and body through the main thread on every
// request keep it collecting. A buffer kept here and moved to a worker with
// the next job is detached here (its memory leaves this heap's count at
// once), written there, and moved back with the answer.

/**
 * The bytes in an ArrayBuffer of their own, so that it can be transferred to
 * another thread (a small Buffer lives in Node's shared pool, which must
 * never be detached).
 */
export function ownBuffer(b: Uint8Array): Uint8Array {
  if (b.byteOffset === 0 && b.byteLength === b.buffer.byteLength && !(b.buffer instanceof SharedArrayBuffer)) return b;
  const copy = new Uint8Array(b.byteLength);
  copy.set(b);
  return copy;
}

/** Buffers kept per thread: the requests of a few connections at once. */
export const SPARE_BUFFERS = 8;
/** The smallest buffer worth keeping (smaller bytes come from Node's pool or are cheap to collect). */
export const SPARE_MIN_BYTES = 16 * 1024;
/** The largest kept: a longer answer or body is rare, and its memory is better returned. */
export const SPARE_MAX_BYTES = 1 << 20;

/** The size a new buffer for `bytes` gets: the next power of two, so that it fits the next answer of about that size too. */
export function spareSize(bytes: number): number {
  return bytes <= SPARE_MIN_BYTES ? SPARE_MIN_BYTES : 2 ** Math.ceil(Math.log2(bytes));
}

/**
 * ArrayBuffers whose bytes are no longer needed, kept to be written again.
 * Only a buffer its giver owns alone may be given: nothing else may read or
 * write it afterwards (a view of Node's pool, a store's mapped memory or a
 * cached answer must never come here).
 */
export class SpareBuffers {
  private readonly free: ArrayBuffer[] = [];

  constructor(private readonly max = SPARE_BUFFERS) {}

  get size(): number {
    return this.free.length;
  }

  /** Keeps `buffer` when it is worth keeping and there is room (a detached one, length 0, is not). */
  give(buffer: ArrayBuffer): void {
    if (buffer.byteLength < SPARE_MIN_BYTES || buffer.byteLength > SPARE_MAX_BYTES || this.free.length >= this.max) return;
    this.free.push(buffer);
  }

  /** The smallest kept buffer of at least `bytes`, or null. */
  take(bytes = 0): ArrayBuffer | null {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const n = this.free[i]!.byteLength;
      if (n >= bytes && (best === -1 || n < this.free[best]!.byteLength)) best = i;
    }
    return this.remove(best);
  }

  /** The largest kept buffer, or null. */
  takeLargest(): ArrayBuffer | null {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) if (best === -1 || this.free[i]!.byteLength > this.free[best]!.byteLength) best = i;
    return this.remove(best);
  }

  /** The kept buffer at `i`, taken out (the order of the others does not matter); null for -1. */
  private remove(i: number): ArrayBuffer | null {
    if (i === -1) return null;
    const b = this.free[i]!;
    this.free[i] = this.free[this.free.length - 1]!;
    this.free.pop();
    return b;
  }
}

const encoder = new TextEncoder();

/** A new buffer for `bytes`: of a spare's size when it may be kept, else of exactly that size. */
function newBuffer(bytes: number): ArrayBuffer {
  return new ArrayBuffer(bytes > SPARE_MAX_BYTES ? bytes : spareSize(bytes));
}

/** `bytes` copied into a buffer of their own to move: a spare that holds them, or a new one. */
export function movableBytes(spares: SpareBuffers, bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(spares.take(bytes.length) ?? newBuffer(bytes.length), 0, bytes.length);
  out.set(bytes);
  return out;
}

/**
 * `text` as UTF-8 in a buffer of its own to move, written there directly (no
 * copy): into the largest spare, and what does not fit into a new buffer
 * after the part written (the spare is kept). A new buffer to keep is made
 * for the most bytes the text can take (three a UTF-16 unit).
 */
export function movableUtf8(spares: SpareBuffers, text: string): Uint8Array {
  const spare = spares.takeLargest();
  if (spare === null) {
    // Too long to keep: exactly its size (TextEncoder.encode measures it first).
    if (text.length * 3 > SPARE_MAX_BYTES) return encoder.encode(text);
    const out = new Uint8Array(spareSize(text.length * 3));
    return out.subarray(0, encoder.encodeInto(text, out).written);
  }
  const { read, written } = encoder.encodeInto(text, new Uint8Array(spare));
  if (read === text.length) return new Uint8Array(spare, 0, written);
  const grown = new Uint8Array(newBuffer(written + (text.length - read) * 3));
  grown.set(new Uint8Array(spare, 0, written));
  spares.give(spare);
  return grown.subarray(0, written + encoder.encodeInto(text.slice(read), grown.subarray(written)).written);
}
