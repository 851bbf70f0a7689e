// Splitting a whole document into pieces that the single endpoints would
// take (spellcheck: 10,000 characters and 1,000 words; romanization text:
// also 2,000 tokens), so each runs as one pool job and its answer is what
// the single endpoint gives for that text.
//
// The document is read as the UTF-8 bytes it arrived in (checked valid
// first): the main thread never decodes the whole of it, which on a
// 1.8 MB document cost as much as the split itself (8 ms), and holds it
// once. Each piece's bytes go to the pool job, which decodes its own.
// Pieces carry both byte offsets (to slice) and UTF-16 offsets (what the
// answers' offsets are).
//
// Invariants:
// - the pieces tile the document: piece i ends where piece i+1 starts, the
//   first starts at 0 and the last ends at the document's end, so every
//   character (whitespace included) is in exactly one piece and offsets of
//   a piece map to the document by adding its start;
// - a piece ends only where whitespace begins (after a chunk: lang/text.ts
//   forEachChunk), so no word is ever cut, and only at a grapheme boundary
//   (checked with Intl.Segmenter; whitespace after a Prepend letter is not
//   one); a run of whitespace longer than a piece is cut inside itself,
//   never between CR and LF;
// - each piece is within every limit; a chunk that alone exceeds one (a
//   "word" of over 10,000 characters or 2,000 tokens) makes the document
//   one the service cannot split, refused before any work;
// - a piece ends, by preference, at a paragraph break (a blank line or
//   U+2029), else at a sentence end (. ! ? । ॥, or a line break), else at
//   any whitespace, and prefers the latest such place that fills at least
//   half of the piece: fewer, fuller pieces (each counts as a request
//   against the rate limits) that still break where the text does;
// - the first piece is smaller (FIRST_PIECE_SHARE of the limits), so the
//   first line of a streamed answer arrives after a short job.
//
// Characters are counted as code points, as the single endpoints count
// them. Every whitespace character (lang/text.ts isSpace) is one UTF-16
// code unit and at most three bytes.

import { hasLetterOrDigit, isSpace } from '../engine/lang/text.js';
import { tokenizeRoman } from '../engine/roman/tokenize.js';

/** Tokens of a chunk as the romanization text limit counts them (tokenizeRoman: tokens never cross whitespace). */
export function romanTokenCount(chunk: string): number {
  return tokenizeRoman(chunk).length;
}

export interface PieceLimits {
  /** Code points, whitespace included. */
  characters: number;
  /** Chunks with a letter or digit (lang/text.ts countWords). */
  words: number;
  /** Tokens as countTokens counts them; Infinity when not limited. */
  tokens: number;
}

export interface Piece {
  /** UTF-16 offsets in the document, end exclusive (the answers' offsets). */
  start: number;
  end: number;
  /** Offsets in the document's UTF-8 bytes, end exclusive. */
  byteStart: number;
  byteEnd: number;
  words: number;
  tokens: number;
}

/** `at`: the UTF-16 offset of the chunk that cannot be split. */
export type SplitOutcome = { ok: true; pieces: Piece[]; words: number } | { ok: false; problem: 'characters' | 'tokens'; at: number };

/** The first piece's limits, as a share of the others'. */
export const FIRST_PIECE_SHARE = 1 / 8;
/** A break of a kind is taken only if the piece up to it is at least this full. */
const MIN_FILL = 0.5;

const enum Break {
  Space = 0,
  Sentence = 1,
  Paragraph = 2,
}

// ---- UTF-8 (the document is valid UTF-8: checked before it is split)

/** Bytes of the character whose first byte is `lead`. */
function utf8Length(lead: number): number {
  return lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
}

/** The code point whose first byte is at `i`. */
function codePointAt(b: Uint8Array, i: number): number {
  const x = b[i]!;
  if (x < 0x80) return x;
  if (x < 0xe0) return ((x & 0x1f) << 6) | (b[i + 1]! & 0x3f);
  if (x < 0xf0) return ((x & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
  return ((x & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f);
}

/** The character at byte `i` is Devanagari (U+0900-U+097F: E0 A4 xx or E0 A5 xx). */
function isDevanagariAt(b: Uint8Array, i: number): boolean {
  return b[i] === 0xe0 && (b[i + 1] === 0xa4 || b[i + 1] === 0xa5);
}

/** An ASCII letter or digit. */
function isAsciiLetterOrDigit(x: number): boolean {
  return (x >= 0x30 && x <= 0x39) || (x >= 0x41 && x <= 0x5a) || (x >= 0x61 && x <= 0x7a);
}

/** Where the character before byte `i` starts. */
function previousStart(b: Uint8Array, i: number): number {
  let j = i - 1;
  while (j > 0 && (b[j]! & 0xc0) === 0x80) j--;
  return j;
}

/** Bytes of the whitespace character at `i` (isSpace), 0 when it is not one. */
function spaceLength(b: Uint8Array, i: number): number {
  const x = b[i]!;
  if (x < 0x80) return x === 0x20 || (x >= 0x09 && x <= 0x0d) ? 1 : 0;
  if (x === 0xc2) return b[i + 1] === 0xa0 ? 2 : 0;
  // U+1680, U+2000-U+205F, U+3000: three bytes led by E1, E2 or E3.
  if (x >= 0xe1 && x <= 0xe3) return isSpace(codePointAt(b, i)) ? 3 : 0;
  return 0;
}

const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The text of bytes [from, to). */
function utf8Text(b: Uint8Array, from: number, to: number): string {
  return decoder.decode(b.subarray(from, to));
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A grapheme cluster boundary at UTF-16 offset `at` of `text` (segmenting a short window around it). */
export function isGraphemeBoundary(text: string, at: number): boolean {
  if (at <= 0 || at >= text.length) return true;
  const from = Math.max(0, at - 32);
  for (const s of graphemes.segment(text.slice(from, Math.min(text.length, at + 32)))) {
    const pos = from + s.index;
    if (pos === at) return true;
    if (pos > at) return false;
  }
  return false;
}

/**
 * A grapheme cluster boundary at byte `at`, where whitespace begins: at
 * once after an ASCII character but CR, or a Devanagari one (no rule joins
 * those to a following space: none is Prepend), else from a window of the
 * text around it.
 */
function isGraphemeBoundaryAt(b: Uint8Array, at: number): boolean {
  if (at <= 0 || at >= b.length) return true;
  const before = previousStart(b, at);
  const x = b[before]!;
  if ((x < 0x80 && x !== 0x0d) || isDevanagariAt(b, before)) return true;
  return isGraphemeBoundaryInWindow(b, at);
}

function isGraphemeBoundaryInWindow(b: Uint8Array, at: number): boolean {
  let from = Math.max(0, at - 96);
  while (from > 0 && (b[from]! & 0xc0) === 0x80) from--;
  let to = Math.min(b.length, at + 96);
  while (to < b.length && (b[to]! & 0xc0) === 0x80) to++;
  const before = utf8Text(b, from, at);
  return isGraphemeBoundary(before + utf8Text(b, at, to), before.length);
}

/** Closing quotes and brackets that may follow a sentence's final mark. */
const CLOSERS = new Set([0x29, 0x5d, 0x7d, 0x22, 0x27, 0x201d, 0x2019, 0xbb]);
/** . ! ? । ॥ */
const SENTENCE_MARKS = new Set([0x2e, 0x21, 0x3f, 0x0964, 0x0965]);

/** What kind of break the gap [gapStart, gapEnd) after the chunk [chunkStart, gapStart) is (bytes). */
function breakKind(b: Uint8Array, chunkStart: number, gapStart: number, gapEnd: number): Break {
  // Most gaps: one space after an ASCII letter or digit, or after Devanagari but । (E0 A5 A4) and ॥ (E0 A5 A5).
  if (gapEnd - gapStart === 1 && b[gapStart] === 0x20) {
    const x = b[gapStart - 1]!;
    if (
      x < 0x80
        ? isAsciiLetterOrDigit(x)
        : gapStart - chunkStart >= 3 && isDevanagariAt(b, gapStart - 3) && !(b[gapStart - 2] === 0xa5 && (x === 0xa4 || x === 0xa5))
    )
      return Break.Space;
  }
  let newlines = 0;
  for (let i = gapStart; i < gapEnd; i += utf8Length(b[i]!)) {
    const c = b[i]!;
    if (c === 0xe2 && b[i + 1] === 0x80 && b[i + 2] === 0xa9) return Break.Paragraph; // U+2029
    if (c === 0x0a || (c === 0x0d && b[i + 1] !== 0x0a)) newlines++;
  }
  if (newlines >= 2) return Break.Paragraph;
  if (newlines === 1) return Break.Sentence;
  let i = previousStart(b, gapStart);
  while (i > chunkStart && CLOSERS.has(codePointAt(b, i))) i = previousStart(b, i);
  return i >= chunkStart && SENTENCE_MARKS.has(codePointAt(b, i)) ? Break.Sentence : Break.Space;
}

/** The chunk has a letter or digit (lang/text.ts hasLetterOrDigit), with a fast path for ASCII and Devanagari. */
function isWord(b: Uint8Array, from: number, to: number): boolean {
  for (let i = from; i < to;) {
    const x = b[i]!;
    if (x < 0x80) {
      if (isAsciiLetterOrDigit(x)) return true;
      i++;
      continue;
    }
    const c = codePointAt(b, i);
    // Devanagari letters (with avagraha, om, and 0971-097F) and digits.
    if (
      (c >= 0x0904 && c <= 0x0939) ||
      c === 0x093d ||
      c === 0x0950 ||
      (c >= 0x0958 && c <= 0x0961) ||
      (c >= 0x0966 && c <= 0x096f) ||
      (c >= 0x0971 && c <= 0x097f)
    )
      return true;
    // Other Devanagari (signs) and general punctuation are not letters; anything else is asked of the Unicode classes.
    if (!(c >= 0x0900 && c <= 0x097f) && !(c >= 0x2000 && c <= 0x206f)) return hasLetterOrDigit(utf8Text(b, from, to));
    i += utf8Length(x);
  }
  return false;
}

/** Counts of the document from its start to a position. */
interface Mark {
  /** Byte offset. */
  at: number;
  /** UTF-16 offset. */
  u16: number;
  chars: number;
  words: number;
  tokens: number;
}

/** A place a piece may end: where a gap of whitespace begins. */
interface Place extends Mark {
  /** The end of the gap, bytes (a break may move into it: isGraphemeBoundaryAt). */
  gapEnd: number;
}

/**
 * The pieces of the UTF-8 document `b` within `limits` (see the invariants
 * above). `countTokens` counts the tokens of one chunk (tokens never cross
 * whitespace); omitted, tokens are not counted.
 */
export function splitDocument(b: Uint8Array, limits: PieceLimits, countTokens?: (chunk: string) => number): SplitOutcome {
  return new Splitter(b, limits, countTokens).run();
}

/**
 * One split's state. A class and not closures made per call: V8 compiles a
 * call to a closure for that closure, and a new document's new closures
 * threw the compiled splitter away ("wrong call target"): the first
 * documents took twice as long to split.
 */
class Splitter {
  private readonly pieces: Piece[] = [];
  private first: PieceLimits;
  /** The limits of the current piece (the first piece's are smaller). */
  private l: PieceLimits;
  // Counts from the document's start to the end of what has been read.
  private at = 0;
  private u16 = 0;
  private chars = 0;
  private words = 0;
  private tokens = 0;
  /** Where the current piece starts. */
  private start: Mark = { at: 0, u16: 0, chars: 0, words: 0, tokens: 0 };
  /**
   * The latest place of each kind of break in the current piece (the fill of
   * a piece grows with its end, so the latest of a kind is the best of that
   * kind, and it is half full whenever any of that kind is), and which of
   * them is the latest of any kind: all cut() needs.
   */
  private readonly latest: (Place | null)[] = [null, null, null];
  private lastKind = Break.Space;
  /** One Place object per kind, rewritten as later places of the kind come (a document has a place per word). */
  private readonly slots: Place[] = [0, 1, 2].map(() => ({ at: 0, u16: 0, chars: 0, words: 0, tokens: 0, gapEnd: 0 }));
  private problem: SplitOutcome | null = null;
  /** The chunk before the current unit (a sentence may end with it). */
  private prevStart = 0;

  constructor(
    private readonly b: Uint8Array,
    private readonly limits: PieceLimits,
    private readonly countTokens: ((chunk: string) => number) | undefined,
  ) {
    this.first = {
      characters: Math.max(1, Math.floor(limits.characters * FIRST_PIECE_SHARE)),
      words: Math.max(1, Math.floor(limits.words * FIRST_PIECE_SHARE)),
      tokens: Math.max(1, Math.floor(limits.tokens * FIRST_PIECE_SHARE)),
    };
    this.l = this.first;
  }

  run(): SplitOutcome {
    // The chunks of lang/text.ts forEachChunk, read in one pass that also
    // counts their code points and code units (most characters are ASCII or
    // Devanagari, never spaces: spaceLength is asked only of the others).
    const bytes = this.b;
    const n = bytes.length;
    let i = 0;
    let iU16 = 0;
    while (i < n && !this.problem) {
      for (let w = spaceLength(bytes, i); w > 0; w = i < n ? spaceLength(bytes, i) : 0) {
        i += w;
        iU16++;
      }
      if (i >= n) break;
      const gapEndU16 = iU16;
      const chunkStart = i;
      let chunkChars = 0;
      let chunkU16 = 0;
      let ascii = true;
      while (i < n) {
        const x = bytes[i]!;
        if (x < 0x80) {
          if (x <= 0x20 && (x === 0x20 || (x >= 0x09 && x <= 0x0d))) break;
          i++;
          chunkU16++;
        } else if (isDevanagariAt(bytes, i)) {
          // Never a space.
          i += 3;
          chunkU16++;
          ascii = false;
        } else {
          if (spaceLength(bytes, i) > 0) break;
          const len = utf8Length(x);
          i += len;
          chunkU16 += len === 4 ? 2 : 1;
          ascii = false;
        }
        chunkChars++;
      }
      iU16 += chunkU16;
      this.addUnit(chunkStart, gapEndU16, i, chunkChars, chunkU16, ascii);
    }
    if (this.problem) return this.problem;
    if (this.at < n) this.addUnit(n, iU16, n, 0, 0, true);
    if (this.at > this.start.at) this.emit({ at: this.at, u16: this.u16, chars: this.chars, words: this.words, tokens: this.tokens });
    return { ok: true, pieces: this.pieces, words: this.words };
  }

  /**
   * Reads the unit [at, chunkEnd): a gap of whitespace up to gapEnd (gapEndU16
   * in UTF-16) and the chunk after it (none for the trailing gap), of
   * chunkChars code points and chunkU16 code units; `ascii` when the chunk is.
   */
  private addUnit(gapEnd: number, gapEndU16: number, chunkEnd: number, chunkChars: number, chunkU16: number, ascii: boolean): void {
    const b = this.b;
    const limits = this.limits;
    const count = this.countTokens;
    const chunkTokens = count && chunkEnd > gapEnd ? count(ascii ? asciiText(b, gapEnd, chunkEnd) : utf8Text(b, gapEnd, chunkEnd)) : 0;
    if (chunkChars > limits.characters) this.problem = { ok: false, problem: 'characters', at: gapEndU16 };
    else if (count && chunkTokens > limits.tokens) this.problem = { ok: false, problem: 'tokens', at: gapEndU16 };
    if (this.problem) return;
    // A chunk too big for the small first piece makes it an ordinary one.
    if (this.pieces.length === 0 && (chunkChars > this.first.characters || chunkTokens > this.first.tokens)) this.l = this.first = limits;
    const at = this.at;
    if (at > this.start.at) {
      const k = breakKind(b, this.prevStart, at, gapEnd);
      const p = this.slots[k]!;
      p.at = at;
      p.u16 = this.u16;
      p.chars = this.chars;
      p.words = this.words;
      p.tokens = this.tokens;
      p.gapEnd = gapEnd;
      this.latest[k] = p;
      this.lastKind = k;
    }
    const afterChars = this.chars + (gapEndU16 - this.u16) + chunkChars; // whitespace: one code unit each
    const afterWords = this.words + (isWord(b, gapEnd, chunkEnd) ? 1 : 0);
    const afterTokens = this.tokens + chunkTokens;
    while (!this.fits(afterChars, afterWords, afterTokens) && this.cut()) {
      // each cut ends a piece earlier; check the rest again
    }
    // What is left does not fit with no place to end: a gap longer than a piece. Cut inside it.
    while (!this.fits(afterChars, afterWords, afterTokens)) this.cutInsideGap(gapEnd);
    this.at = chunkEnd;
    this.u16 = gapEndU16 + chunkU16;
    this.chars = afterChars;
    this.words = afterWords;
    this.tokens = afterTokens;
    this.prevStart = gapEnd;
  }

  /** The piece so far: what came before the gap (if it starts before it), then as much of the gap as it holds, never between CR and LF. */
  private cutInsideGap(gapEnd: number): void {
    const b = this.b;
    const start = this.start;
    let to = Math.max(start.at, this.at);
    let toU16 = Math.max(start.u16, this.u16);
    const used = Math.max(0, this.chars - start.chars);
    for (let room = Math.max(1, this.l.characters - used); room > 0 && to < gapEnd; room--) {
      to += spaceLength(b, to);
      toU16++;
    }
    if (to < gapEnd && to - 1 > start.at && b[to - 1] === 0x0d && b[to] === 0x0a) {
      to--;
      toU16--;
    }
    this.emit({ at: to, u16: toU16, chars: this.chars + (toU16 - this.u16), words: this.words, tokens: this.tokens });
  }

  /** How full a piece from the current start to these counts is (1: full). */
  private size(toChars: number, toWords: number, toTokens: number): number {
    const { start, l } = this;
    return Math.max((toChars - start.chars) / l.characters, (toWords - start.words) / l.words, this.countTokens ? (toTokens - start.tokens) / l.tokens : 0);
  }

  /** size(...) <= 1, in integers (the test of every unit). */
  private fits(toChars: number, toWords: number, toTokens: number): boolean {
    const { start, l } = this;
    return toChars - start.chars <= l.characters && toWords - start.words <= l.words && (!this.countTokens || toTokens - start.tokens <= l.tokens);
  }

  private emit(to: Mark): void {
    const start = this.start;
    this.pieces.push({ start: start.u16, end: to.u16, byteStart: start.at, byteEnd: to.at, words: to.words - start.words, tokens: to.tokens - start.tokens });
    this.start = { at: to.at, u16: to.u16, chars: to.chars, words: to.words, tokens: to.tokens };
    this.l = this.limits;
    for (let k = 0; k < 3; k++) if (this.latest[k] && this.latest[k]!.at <= to.at) this.latest[k] = null;
  }

  /** A place moved to a grapheme boundary: where its gap begins, or one whitespace character on (after a Prepend letter); null when neither is. */
  private settle(p: Place): Mark | null {
    const b = this.b;
    if (isGraphemeBoundaryAt(b, p.at)) return { at: p.at, u16: p.u16, chars: p.chars, words: p.words, tokens: p.tokens };
    const next = p.at + spaceLength(b, p.at);
    if (next < p.gapEnd && isGraphemeBoundaryAt(b, next)) return { at: next, u16: p.u16 + 1, chars: p.chars + 1, words: p.words, tokens: p.tokens };
    return null;
  }

  /** Ends the piece at its best place (the strongest break that fills half of it, the latest of that kind; else the latest); false when it has none. */
  private cut(): boolean {
    const candidates: (Place | null)[] = [];
    for (const k of [Break.Paragraph, Break.Sentence, Break.Space]) {
      const p = this.latest[k];
      if (p && this.size(p.chars, p.words, p.tokens) >= MIN_FILL) candidates.push(p);
    }
    candidates.push(this.latest[this.lastKind] ?? null);
    for (const p of candidates) {
      // Checked only for the chosen place: rarely needed, dear to ask.
      const m = p && this.settle(p);
      if (m) {
        this.emit(m);
        return true;
      }
    }
    return false;
  }
}

/** The text of an ASCII run of bytes. */
function asciiText(b: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < to; i++) s += String.fromCharCode(b[i]!);
  return s;
}
