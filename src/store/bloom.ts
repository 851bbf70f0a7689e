// The Bloom filter over the lexicon forms: a fast "certainly not a word"
// before any LMDB look-up, which lets the spellchecker try hundreds of edit
// candidates per misspelling cheaply. The build adds the keys of the
// confusion index too (as U+0001 + key, which no form starts with): most
// keys the spellchecker looks up are not there (StoreMeta.bloom.confusionKeys),
// and every beginning of every form (StoreMeta.bloom.beginnings), hashed
// apart from the words: the romanizer spells a typed token back into
// Devanagari piece by piece and follows only the readings some form begins
// with (engine/roman/reverse.ts), carrying the hashes' two lanes along.
//
// Hashing: two 32-bit hashes h1, h2 of the word; probe i is
// (h1 + i*h2) mod m (Kirsch-Mitzenmacher double hashing, as good as k
// independent hashes for a Bloom filter). How the two are made is the
// file's format version:
//   NPBLOOM2 (what the build writes): two multiplicative (FNV-1a-style)
//     hashes of the word's UTF-16 code units, each finished with murmur3's
//     fmix32. No encoding and no BigInt: a probe costs a quarter of an
//     NPBLOOM1 probe, and a word that is no form costs the spellchecker and
//     the romanizer dozens of probes.
//   NPBLOOM1 (older builds, still read): xxh64 (xxhash-wasm) of the word's
//     UTF-8 bytes, split into its two 32-bit halves.
//
// File format (little endian), one file in native-data/:
//   0  8 bytes  magic "NPBLOOM2" (or "NPBLOOM1")
//   8  u32      k (hash count)
//  12  u32      n (items added)
//  16  f64      m (bit count; exact as a double up to 2^53)
//  24  8 bytes  xxh64 of the bit array (integrity check)
//  32  ...      the bit array, ceil(m/8) bytes
// The service loads it once into a SharedArrayBuffer that every worker
// thread views without copying.

import xxhash from 'xxhash-wasm';

const { h64, h64Raw } = await xxhash();

/** A filter's hashing, by its file's magic (see above). */
export type BloomHashing = 1 | 2;
const MAGICS: Record<string, BloomHashing> = { NPBLOOM1: 1, NPBLOOM2: 2 };
/** The hashing new filters use. */
const CURRENT_HASHING: BloomHashing = 2;

// The two hashes of the last word hashed (module scratch: no allocation per probe).
let h1 = 0;
let h2 = 0;

/**
 * NPBLOOM2's two lanes before the first character, and one UTF-16 code unit
 * fed to each: a search that builds spellings piece by piece keeps the lanes
 * of each spelling and asks mayBegin without building the string.
 */
export const LANE_A_START = 0x811c9dc5;
export const LANE_B_START = 0x9e3779b9;
export function feedLaneA(a: number, code: number): number {
  return Math.imul(a ^ code, 0x01000193);
}
export function feedLaneB(b: number, code: number): number {
  return Math.imul(b ^ code, 0x5bd1e995);
}

/** Sets a beginning's hashes apart from a word's (a form is its own beginning too: it goes in as both). */
const BEGINNING_SALT = 0x2545f491;

/**
 * A beginning sets BEGINNING_BITS bits of one BLOCK_BITS-bit block (one
 * cache line), where a word sets k bits anywhere: a search tests hundreds of
 * beginnings per token, each then one memory access and no floating-point
 * remainder. A few times the words' false-positive rate; a false "maybe"
 * only lets the search go on.
 */
const BEGINNING_BITS = 8;
const BLOCK_BITS = 512;

/** The next bit offset of a beginning's block (a multiply-xorshift step over h2). */
function nextBeginningBit(x: number): number {
  x = Math.imul(x ^ (x >>> 15), 0x2c1b3c6d);
  return (x ^ (x >>> 12)) >>> 0;
}

function hashBeginning(a: number, b: number, length: number): void {
  h1 = fmix32(a ^ BEGINNING_SALT);
  h2 = (fmix32(b ^ (length + BEGINNING_SALT)) | 1) >>> 0;
}

/** Whether some form begins with a spelling, from the lanes of the spelling (see feedLaneA): false means certainly none. */
export interface BeginningsFilter {
  mayBegin(laneA: number, laneB: number, length: number): boolean;
}

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** What a confusion key is added as: this mark and the key. */
const KEY_MARK = '\u0001';

/** Sets h1, h2 for the word (with `marked`, for KEY_MARK + word), the way `hashing` says: hashPieces(word, '', ''), in one loop. */
function hashWord(word: string, hashing: BloomHashing, marked = false): void {
  if (hashing === 2) {
    let a = LANE_A_START;
    let b = LANE_B_START;
    if (marked) {
      a = Math.imul(a ^ 1, 0x01000193);
      b = Math.imul(b ^ 1, 0x5bd1e995);
    }
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i);
      a = feedLaneA(a, c);
      b = feedLaneB(b, c);
    }
    h1 = fmix32(a);
    h2 = (fmix32(b ^ (word.length + (marked ? 1 : 0))) | 1) >>> 0; // odd, and unsigned: `|` yields an int32
    return;
  }
  const h = h64(marked ? KEY_MARK + word : word);
  h1 = Number(h & 0xffffffffn);
  h2 = (Number(h >> 32n) | 1) >>> 0;
}

// The two lanes of the NPBLOOM2 hashes while a string is fed to them piece by piece.
let laneA = 0;
let laneB = 0;

function feed(s: string): void {
  let a = laneA;
  let b = laneB;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = feedLaneA(a, c);
    b = feedLaneB(b, c);
  }
  laneA = a;
  laneB = b;
}

/** Sets h1, h2 for the string p + q + r, as hashWord would, without building it. */
function hashPieces(p: string, q: string, r: string, hashing: BloomHashing): void {
  if (hashing === 2) {
    laneA = LANE_A_START;
    laneB = LANE_B_START;
    feed(p);
    if (q.length > 0) feed(q);
    if (r.length > 0) feed(r);
    h1 = fmix32(laneA);
    h2 = (fmix32(laneB ^ (p.length + q.length + r.length)) | 1) >>> 0; // odd, and unsigned: `|` yields an int32
    return;
  }
  const h = h64(p + q + r);
  h1 = Number(h & 0xffffffffn);
  h2 = (Number(h >> 32n) | 1) >>> 0;
}

const HEADER_BYTES = 32;

export class BloomError extends Error {
  override name = 'BloomError';
}

/** Bit count and hash count for n items at a target false-positive rate. */
export function bloomParameters(n: number, falsePositiveRate: number): { m: number; k: number } {
  const items = Math.max(1, n);
  const m = Math.ceil((-items * Math.log(falsePositiveRate)) / (Math.LN2 * Math.LN2));
  const k = Math.max(1, Math.round((m / items) * Math.LN2));
  return { m, k };
}

export class BloomFilter implements BeginningsFilter {
  private n: number;
  /** Whole BLOCK_BITS-bit blocks (at least 1), where the beginnings go. */
  private readonly blocks: number;

  constructor(
    readonly bits: Uint8Array,
    readonly m: number,
    readonly k: number,
    n = 0,
    readonly hashing: BloomHashing = CURRENT_HASHING,
  ) {
    if (bits.length * 8 < m) throw new BloomError(`bit array of ${bits.length} bytes is too small for m=${m}`);
    this.n = n;
    this.blocks = Math.max(1, Math.floor(m / BLOCK_BITS));
  }

  static create(n: number, falsePositiveRate: number): BloomFilter {
    const { m, k } = bloomParameters(n, falsePositiveRate);
    return new BloomFilter(new Uint8Array(Math.ceil(m / 8)), m, k);
  }

  get items(): number {
    return this.n;
  }

  add(word: string): void {
    hashWord(word, this.hashing);
    this.set();
  }

  has(word: string): boolean {
    hashWord(word, this.hashing);
    return this.test();
  }

  /** has(a + b + c), without building the string: the spellchecker probes dozens of strings made of a word's pieces and keeps few. */
  hasJoined(a: string, b: string, c = ''): boolean {
    hashPieces(a, b, c, this.hashing);
    return this.test();
  }

  /** Adds a key of the confusion index (as KEY_MARK + key). */
  addConfusionKey(key: string): void {
    hashWord(key, this.hashing, true);
    this.set();
  }

  /** False: certainly no such key in the confusion index, when the build added the keys (StoreMeta.bloom.confusionKeys). */
  mayHaveConfusionKey(key: string): boolean {
    hashWord(key, this.hashing, true);
    return this.test();
  }

  /** Adds a beginning of a form (some form starts with it, or is it), hashed apart from the words. */
  addBeginning(beginning: string): void {
    laneA = LANE_A_START;
    laneB = LANE_B_START;
    feed(beginning);
    this.beginningBits(laneA, laneB, beginning.length, true);
    this.n++;
  }

  /** False: no beginning added (addBeginning) is the spelling of these lanes. Always true for an NPBLOOM1 filter (its hashes are not lanes). */
  mayBegin(laneA: number, laneB: number, length: number): boolean {
    return this.hashing !== 2 || this.beginningBits(laneA, laneB, length, false);
  }

  /**
   * Walks the BEGINNING_BITS bits of a beginning, in the block of its h1
   * (24 bits of h1, a small integer: no floating-point remainder), or
   * anywhere in a filter smaller than one block: sets them (`set`), or says
   * whether all are set.
   */
  private beginningBits(a: number, b: number, length: number, set: boolean): boolean {
    hashBeginning(a, b, length);
    const base = ((h1 >>> 8) % this.blocks) * BLOCK_BITS;
    let x = h2;
    for (let i = 0; i < BEGINNING_BITS; i++) {
      x = nextBeginningBit(x);
      const bit = this.m >= BLOCK_BITS ? base + (x & (BLOCK_BITS - 1)) : x % this.m;
      if (set) this.bits[bit >>> 3]! |= 1 << (bit & 7);
      else if ((this.bits[bit >>> 3]! & (1 << (bit & 7))) === 0) return false;
    }
    return true;
  }

  /** Sets the bits of h1, h2. */
  private set(): void {
    for (let i = 0; i < this.k; i++) {
      const bit = (h1 + i * h2) % this.m;
      this.bits[bit >>> 3]! |= 1 << (bit & 7);
    }
    this.n++;
  }

  /** All the bits of h1, h2 are set. */
  private test(): boolean {
    for (let i = 0; i < this.k; i++) {
      const bit = (h1 + i * h2) % this.m;
      if ((this.bits[bit >>> 3]! & (1 << (bit & 7))) === 0) return false;
    }
    return true;
  }

  checksum(): string {
    return h64Raw(this.bits).toString(16).padStart(16, '0');
  }

  serialize(): Uint8Array {
    const out = new Uint8Array(HEADER_BYTES + this.bits.length);
    const view = new DataView(out.buffer);
    out.set(new TextEncoder().encode(this.hashing === 2 ? 'NPBLOOM2' : 'NPBLOOM1'), 0);
    view.setUint32(8, this.k, true);
    view.setUint32(12, this.n, true);
    view.setFloat64(16, this.m, true);
    view.setBigUint64(24, h64Raw(this.bits), true);
    out.set(this.bits, HEADER_BYTES);
    return out;
  }

  /**
   * Parses and verifies a serialized filter. With `shared`, the bits are copied
   * into a SharedArrayBuffer so worker threads can view them (see fromShared).
   */
  static parse(buf: Uint8Array, shared = false): BloomFilter {
    if (buf.length < HEADER_BYTES) throw new BloomError(`file is ${buf.length} bytes, shorter than the ${HEADER_BYTES}-byte header`);
    const magic = new TextDecoder().decode(buf.subarray(0, 8));
    const hashing = MAGICS[magic];
    if (hashing === undefined) throw new BloomError(`bad magic ${JSON.stringify(magic)}`);
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const k = view.getUint32(8, true);
    const n = view.getUint32(12, true);
    const m = view.getFloat64(16, true);
    const sum = view.getBigUint64(24, true);
    if (!Number.isSafeInteger(m) || m <= 0 || k < 1 || k > 64) throw new BloomError(`bad parameters m=${m} k=${k}`);
    const bytes = Math.ceil(m / 8);
    if (buf.length !== HEADER_BYTES + bytes) throw new BloomError(`file is ${buf.length} bytes, expected ${HEADER_BYTES + bytes}`);
    const src = buf.subarray(HEADER_BYTES);
    if (h64Raw(src) !== sum) throw new BloomError('checksum mismatch: the bit array is corrupt');
    const bits = shared ? new Uint8Array(new SharedArrayBuffer(bytes)) : new Uint8Array(bytes);
    bits.set(src);
    return new BloomFilter(bits, m, k, n, hashing);
  }

  /** What a worker thread needs to view a parsed filter without copying or re-verifying it. */
  share(): SharedBloom {
    if (!(this.bits.buffer instanceof SharedArrayBuffer)) throw new BloomError('filter was not parsed into shared memory');
    return { buffer: this.bits.buffer, m: this.m, k: this.k, n: this.n, hashing: this.hashing };
  }

  static fromShared(s: SharedBloom): BloomFilter {
    return new BloomFilter(new Uint8Array(s.buffer), s.m, s.k, s.n, s.hashing);
  }
}

/** Every beginning of the words (each word's first letter, its first two, ..., the word itself), once each. */
export function beginningsOf(words: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const w of words) for (let i = 1; i <= w.length; i++) out.add(w.slice(0, i));
  return out;
}

/**
 * What a store tests beginnings with: the build's filter when it holds them
 * (StoreMeta.bloom.beginnings), else a filter of the forms' beginnings made
 * here (a memory store, a filter missing, an older build).
 */
export function formBeginningsFilter(bloom: BloomFilter | null, beginningsInFilter: number | undefined, forms: () => Iterable<string>): BeginningsFilter {
  return bloom !== null && (beginningsInFilter ?? 0) > 0 ? bloom : beginningsFilter(forms());
}

/** A filter of the words' beginnings alone, for a store whose build wrote none into its filter (a memory store, or a filter missing). */
export function beginningsFilter(words: Iterable<string>, falsePositiveRate = 0.01): BloomFilter {
  const beginnings = beginningsOf(words);
  const filter = BloomFilter.create(beginnings.size, falsePositiveRate);
  for (const b of beginnings) filter.addBeginning(b);
  return filter;
}

export interface SharedBloom {
  buffer: SharedArrayBuffer;
  m: number;
  k: number;
  n: number;
  hashing: BloomHashing;
}
