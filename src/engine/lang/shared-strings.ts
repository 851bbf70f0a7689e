// A string-to-string memo in one SharedArrayBuffer, read and written by
// every thread of the process at once. (Not a fact about Nepali: it lives in
// lang because lang is the one module every engine may import.)
//
// Why: each worker thread has its own caches (budget-cache.ts), so the words
// of a document split over two threads were worked out twice, once by each
// (bench/RESULTS.md#shared-results). A thread asks its own cache first, then
// this table, and only then does the work; what it works out it writes here.
//
// Layout: a ring of UTF-16 code units where entries are appended
// ([key length, value length, check (two units), key..., value...]) and an index of slots, one
// per hash of a key, holding where its latest entry starts. Old entries are
// overwritten as the ring comes round; a slot shared by two keys holds the
// later one. So the table forgets, as a cache does, and never grows.
//
// Concurrency, without locks (a thread may be terminated at any moment, and
// a lock it held would stop every other):
// - a writer reserves room by advancing the cursor with one Atomics.add, then
//   writes its entry there, then publishes it in its slot (Atomics.store);
//   an entry that would run past the ring's end is dropped, not written;
// - a reader takes the slot, reads the entry, and keeps what it read only if
//   the cursor has not since come round to the entry (a writer reserves
//   before it writes, so an entry the cursor has not reached again is
//   whole), and only if its key is the key asked: anything else is a miss;
// - a writer stopped (preempted) between its reservation and its write
//   while the others wrote a whole ring's worth writes over newer entries
//   the cursor check calls whole: so each entry carries a 32-bit check of
//   its key and value, and a reader keeps only what matches it. (Seen in
//   the test of two threads on a 4,096-unit ring with the machine loaded:
//   one value in about 400,000 reads was another entry's.)
// Positions are unsigned 32-bit counts of code units that wrap; the ring's
// size is a power of two, so a position's place in the ring survives the wrap.

/** Header words (Uint32): the cursor (next free position), then entries written and dropped. */
const CURSOR = 0;
const WRITTEN = 1;
const DROPPED = 2;
const HEADER_WORDS = 4;
/** Units before an entry's key: its key and value lengths, and its check (32 bits). */
const ENTRY_HEAD = 4;
/** The largest entry, as a share of the ring. */
const MAX_ENTRY_SHARE = 1 / 64;
/** The largest key or value: its length is one code unit of the entry. */
const MAX_LENGTH = 0xffff;

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 0 && (n & (n - 1)) === 0;
}

/** The memory a table with `ringUnits` units and `slots` slots takes, bytes. */
export function sharedStringsBytes(ringUnits: number, slots: number): number {
  return 4 * (HEADER_WORDS + slots) + 2 * ringUnits;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** 32-bit FNV-1a over the key's code units. */
function hash(s: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

/** An entry's check: FNV-1a over the value's code units, continued from the key's hash. */
function checkOf(keyHash: number, value: string): number {
  let h = keyHash;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}

export interface SharedStringsFigures {
  /** Entries the table holds now (whole, and the latest of their slot). */
  entries: number;
  /** Bytes of its memory in use: the ring as far as it has been written, and the slots. */
  bytes: number;
  /** Bytes of its memory. */
  size: number;
  /** Entries written since the table was made (by every thread). */
  written: number;
  /** Entries not written: too long, or reserved across the ring's end. */
  dropped: number;
  /** Code units of the ring. */
  units: number;
}

export class SharedStrings {
  private readonly header: Uint32Array;
  private readonly index: Uint32Array;
  private readonly ring: Uint16Array;
  private readonly units: number;
  private readonly slotMask: number;
  private readonly maxEntry: number;

  /** Makes the memory of a table of `ringUnits` code units (a power of two) and `slots` slots (a power of two). */
  static allocate(ringUnits: number, slots: number): SharedArrayBuffer {
    if (!isPowerOfTwo(ringUnits) || !isPowerOfTwo(slots) || ringUnits < 64)
      throw new RangeError('ringUnits and slots must be powers of two (ringUnits at least 64)');
    const buffer = new SharedArrayBuffer(sharedStringsBytes(ringUnits, slots));
    new Uint32Array(buffer, 0, HEADER_WORDS)[3] = slots;
    return buffer;
  }

  /** A view of a table made by allocate() (in this thread or another). */
  constructor(buffer: SharedArrayBuffer) {
    this.header = new Uint32Array(buffer, 0, HEADER_WORDS);
    const slots = this.header[3]!;
    if (!isPowerOfTwo(slots)) throw new RangeError('not a shared string table');
    this.index = new Uint32Array(buffer, 4 * HEADER_WORDS, slots);
    this.units = (buffer.byteLength - 4 * (HEADER_WORDS + slots)) / 2;
    if (!isPowerOfTwo(this.units)) throw new RangeError('not a shared string table');
    this.ring = new Uint16Array(buffer, 4 * (HEADER_WORDS + slots), this.units);
    this.slotMask = slots - 1;
    this.maxEntry = Math.max(ENTRY_HEAD + 1, Math.floor(this.units * MAX_ENTRY_SHARE));
  }

  /** The value last written under `key`, if the table still holds it. */
  get(key: string): string | undefined {
    const keyHash = hash(key);
    const published = Atomics.load(this.index, keyHash & this.slotMask);
    if (published === 0) return undefined;
    const pos = (published - 1) >>> 0;
    if (!this.intact(pos, 0)) return undefined;
    const ring = this.ring;
    const at = pos & (this.units - 1);
    const keyLength = ring[at]!;
    const valueLength = ring[at + 1]!;
    const size = ENTRY_HEAD + keyLength + valueLength;
    if (keyLength !== key.length || at + size > this.units) return undefined;
    for (let i = 0; i < keyLength; i++) if (ring[at + ENTRY_HEAD + i] !== key.charCodeAt(i)) return undefined;
    const from = at + ENTRY_HEAD + keyLength;
    const value = String.fromCharCode.apply(null, ring.subarray(from, from + valueLength) as unknown as number[]);
    // Written over while it was read, or by a writer the ring came round on: not this key's value.
    if (!this.intact(pos, size) || (ring[at + 2]! | (ring[at + 3]! << 16)) >>> 0 !== checkOf(keyHash, value)) return undefined;
    return value;
  }

  /** Stores `value` under `key` (dropped when the entry is longer than a 64th of the ring, or either is over 65,535 units). */
  set(key: string, value: string): void {
    const size = ENTRY_HEAD + key.length + value.length;
    if (size > this.maxEntry || key.length > MAX_LENGTH || value.length > MAX_LENGTH) {
      Atomics.add(this.header, DROPPED, 1);
      return;
    }
    const pos = Atomics.add(this.header, CURSOR, size) >>> 0;
    const at = pos & (this.units - 1);
    // Entries never wrap: one that would is dropped (its room is left unused until the ring comes round).
    if (at + size > this.units) {
      Atomics.add(this.header, DROPPED, 1);
      return;
    }
    const ring = this.ring;
    const keyHash = hash(key);
    const check = checkOf(keyHash, value);
    ring[at] = key.length;
    ring[at + 1] = value.length;
    ring[at + 2] = check & 0xffff;
    ring[at + 3] = check >>> 16;
    for (let i = 0; i < key.length; i++) ring[at + ENTRY_HEAD + i] = key.charCodeAt(i);
    const from = at + ENTRY_HEAD + key.length;
    for (let i = 0; i < value.length; i++) ring[from + i] = value.charCodeAt(i);
    Atomics.store(this.index, keyHash & this.slotMask, (pos + 1) >>> 0);
    Atomics.add(this.header, WRITTEN, 1);
  }

  /** The table's figures (a walk over its slots: for health, not for every request). */
  figures(): SharedStringsFigures {
    let entries = 0;
    for (let slot = 0; slot < this.index.length; slot++) {
      const published = Atomics.load(this.index, slot);
      if (published !== 0 && this.intact((published - 1) >>> 0, ENTRY_HEAD)) entries++;
    }
    const slotBytes = 4 * (HEADER_WORDS + this.index.length);
    return {
      entries,
      bytes: slotBytes + 2 * Math.min(Atomics.load(this.header, CURSOR), this.units),
      size: slotBytes + 2 * this.units,
      written: Atomics.load(this.header, WRITTEN),
      dropped: Atomics.load(this.header, DROPPED),
      units: this.units,
    };
  }

  /** No writer has reserved room over the `size` units at `pos` since they were written (the cursor has not come round to them). */
  private intact(pos: number, size: number): boolean {
    const ahead = (Atomics.load(this.header, CURSOR) - pos) >>> 0;
    return ahead >= size && ahead <= this.units;
  }
}
