// The JSON of a romanization result as UTF-8 bytes, byte for byte what
// new TextEncoder().encode(JSON.stringify(result)) gives, built faster.
//
// A 1,000-token answer is about 350 KB of JSON, almost all of it the
// tokens' candidate lists; JSON.stringify of the whole object and the UTF-8
// encoding of its Devanagari take several times the resolution itself. A
// token's candidate list depends only on the token and the request's
// max_candidates, and the Romanizer hands out the same, never mutated,
// array for the same list (analysis.ts candidateView): so the UTF-8 bytes
// of each token's JSON, apart from its offsets, are cached by that array,
// and an answer is those fragments copied into one buffer with the offsets
// written between them. Only the input text and converted_text are
// serialized per answer.
//
// Each Romanizer owns one RomanizationJson (one answer is built at a time
// per thread). Its fragments are held weakly by the candidate array, so
// they are bounded by the romanizer's own cache of analyses; tokens left
// unresolved (no candidates) are cached by their text in a bounded map.

import type { BudgetCache, CachePlan } from '../lang/budget-cache.js';
import type { RomanCandidate, RomanizationResult, RomanToken } from './results.js';

interface Fragment {
  token: string;
  converted: string;
  status: string;
  /** `{"token":…,"converted":…,"status":…,"start":` */
  head: Uint8Array;
  /** `,"candidates":[…]}` */
  tail: Uint8Array;
}

/** Heap and buffer bytes of a fragment (its two byte arrays and their headers). */
function fragmentBytes(f: Fragment): number {
  return 160 + f.head.length + f.tail.length;
}

const encoder = new TextEncoder();
const bytes = (s: string): Uint8Array => encoder.encode(s);

const OPEN_TEXT = bytes('{"text":');
const CONVERTED_TEXT = bytes(',"converted_text":');
const TOKENS = bytes(',"tokens":[');
const COMMA = 0x2c;
const END_KEY = bytes(',"end":');
const CLOSE = bytes(']}');
const NULL = bytes('null');
const EMPTY_TAIL = bytes(',"candidates":[]}');

/** A token's fragment; `tail` when the candidate list's bytes are known already. */
function makeFragment(t: RomanToken, tail?: Uint8Array): Fragment {
  const head = bytes(`{"token":${JSON.stringify(t.token)},"converted":${JSON.stringify(t.converted)},"status":${JSON.stringify(t.status)},"start":`);
  tail ??= t.candidates.length === 0 ? EMPTY_TAIL : bytes(`,"candidates":${JSON.stringify(t.candidates)}}`);
  return { token: t.token, converted: t.converted, status: t.status, head, tail };
}

const fits = (f: Fragment, t: RomanToken): boolean => f.token === t.token && f.converted === t.converted && f.status === t.status;

/** Writes an offset at p (a non-negative integer digit by digit, or null); returns the end. Room: 24 bytes. */
function writeOffset(b: Uint8Array, p: number, n: number | null): number {
  if (n === null) {
    b[p] = 0x6e; // null
    b[p + 1] = 0x75;
    b[p + 2] = 0x6c;
    b[p + 3] = 0x6c;
    return p + 4;
  }
  if (!Number.isSafeInteger(n) || n < 0) return p + encoder.encodeInto(JSON.stringify(n), b.subarray(p, p + 24)).written;
  let digits = 1;
  for (let v = n; v >= 10; v = (v - (v % 10)) / 10) digits++;
  let v = n;
  for (let i = p + digits - 1; i >= p; i--) {
    b[i] = 0x30 + (v % 10);
    v = (v - (v % 10)) / 10;
  }
  return p + digits;
}

/** Copies a short fragment byte by byte (cheaper than TypedArray#set for a few dozen bytes). */
function copySmall(b: Uint8Array, p: number, src: Uint8Array): number {
  const n = src.length;
  if (n > 64) {
    b.set(src, p);
    return p + n;
  }
  for (let i = 0; i < n; i++) b[p + i] = src[i]!;
  return p + n;
}

export class RomanizationJson {
  /** Fragments of tokens with candidates, by their candidate array. */
  private readonly byCandidates = new WeakMap<RomanCandidate[], Fragment>();
  /** Fragments of unresolved tokens (candidates []), by token text. */
  private readonly unresolved: BudgetCache<Fragment>;
  /** The growing output buffer, reused between answers. */
  private buf = new Uint8Array(1 << 16);
  private pos = 0;

  constructor(caches: CachePlan) {
    this.unresolved = caches.cache('roman.unresolvedJson', 0.03, fragmentBytes);
  }

  /**
   * The UTF-8 bytes of JSON.stringify(result), in a buffer of their own (it
   * can be moved to another thread).
   */
  bytes(result: RomanizationResult): Uint8Array {
    this.pos = 0;
    this.put(OPEN_TEXT);
    if (result.text === null) this.put(NULL);
    else this.putString(JSON.stringify(result.text));
    this.put(CONVERTED_TEXT);
    this.putString(JSON.stringify(result.converted_text));
    this.put(TOKENS);
    const tokens = result.tokens;
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      const f = this.fragmentOf(t);
      this.reserve(f.head.length + f.tail.length + 64);
      const b = this.buf;
      let p = this.pos;
      if (i > 0) b[p++] = COMMA;
      p = copySmall(b, p, f.head);
      p = writeOffset(b, p, t.start);
      p = copySmall(b, p, END_KEY);
      p = writeOffset(b, p, t.end);
      b.set(f.tail, p);
      this.pos = p + f.tail.length;
    }
    this.put(CLOSE);
    // Not zero-filled: every byte is written just below.
    const out = Buffer.allocUnsafeSlow(this.pos);
    out.set(this.buf.subarray(0, this.pos));
    return out;
  }

  private fragmentOf(t: RomanToken): Fragment {
    const c = t.candidates;
    if (c.length === 0) {
      const f = this.unresolved.get(t.token);
      if (f && fits(f, t)) return f;
      return this.unresolved.remember(t.token, makeFragment(t));
    }
    const f = this.byCandidates.get(c);
    // The same list may serve tokens typed differently (Ghar, ghar): the head is per token text.
    if (f && fits(f, t)) return f;
    const made = makeFragment(t, f?.tail);
    this.byCandidates.set(c, made);
    return made;
  }

  private reserve(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  private put(b: Uint8Array): void {
    this.reserve(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  private putString(s: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    this.reserve(s.length * 3);
    this.pos += encoder.encodeInto(s, this.buf.subarray(this.pos)).written;
  }
}
