// Splitting a whole document into pieces that the single endpoints would
// take (spellcheck: 10,000 characters and 1,000 words; romanization text:
// also 2,000 tokens), so each runs as one pool job and its answer is what
// the single endpoint gives for that text.
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
// Offsets are UTF-16 code units; characters are counted as code points, as
// the single endpoints count them.

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
  /** UTF-16 offsets in the document, end exclusive. */
  start: number;
  end: number;
  words: number;
  tokens: number;
}

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

/** Counts of the document from its start to a position. */
interface Mark {
  at: number;
  chars: number;
  words: number;
  tokens: number;
}

/** A place a piece may end: where a gap of whitespace begins. */
interface Place extends Mark {
  /** The end of the gap (a break may move into it: isGraphemeBoundary). */
  gapEnd: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** A grapheme cluster boundary at `at` (segmenting a short window around it). */
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

/** Closing quotes and brackets that may follow a sentence's final mark. */
const CLOSERS = new Set([0x29, 0x5d, 0x7d, 0x22, 0x27, 0x201d, 0x2019, 0xbb]);
/** . ! ? । ॥ */
const SENTENCE_MARKS = new Set([0x2e, 0x21, 0x3f, 0x0964, 0x0965]);

/** What kind of break the gap [gapStart, gapEnd) after the chunk [chunkStart, gapStart) is. */
function breakKind(text: string, chunkStart: number, gapStart: number, gapEnd: number): Break {
  let newlines = 0;
  for (let i = gapStart; i < gapEnd; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x2029) return Break.Paragraph;
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a)) newlines++;
  }
  if (newlines >= 2) return Break.Paragraph;
  if (newlines === 1) return Break.Sentence;
  let i = gapStart - 1;
  while (i > chunkStart && CLOSERS.has(text.charCodeAt(i))) i--;
  return i >= chunkStart && SENTENCE_MARKS.has(text.charCodeAt(i)) ? Break.Sentence : Break.Space;
}

/** The chunk has a letter or digit (lang/text.ts hasLetterOrDigit), with a fast path for ASCII and Devanagari. */
function isWord(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // ASCII letters and digits; Devanagari letters (with avagraha, om, and 0971-097F) and digits.
    if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) return true;
    if ((c >= 0x0904 && c <= 0x0939) || c === 0x093d || c === 0x0950 || (c >= 0x0958 && c <= 0x0961) || (c >= 0x0966 && c <= 0x096f) || (c >= 0x0971 && c <= 0x097f)) return true;
    if (c >= 0x80 && !(c >= 0x0900 && c <= 0x097f) && !(c >= 0x2000 && c <= 0x206f)) return hasLetterOrDigit(text.slice(from, to));
  }
  return false;
}

/**
 * The pieces of `text` within `limits` (see the invariants above).
 * `countTokens` counts the tokens of one chunk (tokens never cross
 * whitespace); omitted, tokens are not counted.
 */
export function splitDocument(text: string, limits: PieceLimits, countTokens?: (chunk: string) => number): SplitOutcome {
  const pieces: Piece[] = [];
  let firstLimits: PieceLimits = {
    characters: Math.max(1, Math.floor(limits.characters * FIRST_PIECE_SHARE)),
    words: Math.max(1, Math.floor(limits.words * FIRST_PIECE_SHARE)),
    tokens: Math.max(1, Math.floor(limits.tokens * FIRST_PIECE_SHARE)),
  };
  let l = firstLimits;
  // Counts from the document's start to the end of what has been read.
  let at = 0;
  let chars = 0;
  let words = 0;
  let tokens = 0;
  /** Where the current piece starts. */
  let start: Mark = { at: 0, chars: 0, words: 0, tokens: 0 };
  /**
   * The latest place of each kind of break in the current piece (the fill of
   * a piece grows with its end, so the latest of a kind is the best of that
   * kind, and it is half full whenever any of that kind is), and the latest
   * of any kind: all cut() needs.
   */
  const latest: (Place | null)[] = [null, null, null];
  let last: Place | null = null;

  const size = (toChars: number, toWords: number, toTokens: number): number =>
    Math.max((toChars - start.chars) / l.characters, (toWords - start.words) / l.words, countTokens ? (toTokens - start.tokens) / l.tokens : 0);
  const emit = (to: Mark): void => {
    pieces.push({ start: start.at, end: to.at, words: to.words - start.words, tokens: to.tokens - start.tokens });
    start = { at: to.at, chars: to.chars, words: to.words, tokens: to.tokens };
    l = limits;
    for (let k = 0; k < 3; k++) if (latest[k] && latest[k]!.at <= to.at) latest[k] = null;
    if (last && last.at <= to.at) last = null;
  };
  /** A place moved to a grapheme boundary: where its gap begins, or one whitespace character on (after a Prepend letter); null when neither is. */
  const settle = (p: Place): Mark | null => {
    if (isGraphemeBoundary(text, p.at)) return p;
    if (p.at + 1 < p.gapEnd && isGraphemeBoundary(text, p.at + 1)) return { ...p, at: p.at + 1, chars: p.chars + 1 };
    return null;
  };
  /** Ends the piece at its best place (the strongest break that fills half of it, the latest of that kind; else the latest); false when it has none. */
  const cut = (): boolean => {
    const candidates: (Place | null)[] = [];
    for (const k of [Break.Paragraph, Break.Sentence, Break.Space]) {
      const p = latest[k];
      if (p && size(p.chars, p.words, p.tokens) >= MIN_FILL) candidates.push(p);
    }
    candidates.push(last);
    for (const p of candidates) {
      // Checked only for the chosen place: rarely needed, dear to ask.
      const m = p && settle(p);
      if (m) {
        emit(m);
        return true;
      }
    }
    return false;
  };

  let problem: SplitOutcome | null = null;
  /** The chunk before the current unit (a sentence may end with it). */
  let prevStart = 0;
  /** Reads the unit [at, chunkEnd): a gap of whitespace up to gapEnd and the chunk after it (none for the trailing gap). */
  const addUnit = (gapEnd: number, chunkEnd: number, chunkChars: number): void => {
    const chunkTokens = countTokens && chunkEnd > gapEnd ? countTokens(text.slice(gapEnd, chunkEnd)) : 0;
    if (chunkChars > limits.characters) problem = { ok: false, problem: 'characters', at: gapEnd };
    else if (countTokens && chunkTokens > limits.tokens) problem = { ok: false, problem: 'tokens', at: gapEnd };
    if (problem) return;
    // A chunk too big for the small first piece makes it an ordinary one.
    if (pieces.length === 0 && (chunkChars > firstLimits.characters || chunkTokens > firstLimits.tokens)) l = firstLimits = limits;
    if (at > start.at) {
      const p: Place = { at, chars, words, tokens, gapEnd };
      latest[breakKind(text, prevStart, at, gapEnd)] = p;
      last = p;
    }
    const afterChars = chars + (gapEnd - at) + chunkChars; // whitespace: one code unit each
    const afterWords = words + (isWord(text, gapEnd, chunkEnd) ? 1 : 0);
    const afterTokens = tokens + chunkTokens;
    while (size(afterChars, afterWords, afterTokens) > 1 && cut()) {
      // each cut ends a piece earlier; check the rest again
    }
    // What is left does not fit with no place to end: a gap longer than a piece. Cut inside it.
    while (size(afterChars, afterWords, afterTokens) > 1) {
      // The piece so far: what came before the gap (if it starts before it), then gap up to `to`.
      const from = Math.max(start.at, at);
      const used = Math.max(0, chars - start.chars);
      let to = Math.min(gapEnd, from + Math.max(1, l.characters - used));
      if (to < gapEnd && to - 1 > start.at && text.charCodeAt(to - 1) === 0x0d && text.charCodeAt(to) === 0x0a) to--;
      emit({ at: to, chars: chars + (to - at), words, tokens });
    }
    at = chunkEnd;
    chars = afterChars;
    words = afterWords;
    tokens = afterTokens;
    prevStart = gapEnd;
  };

  // The chunks of lang/text.ts forEachChunk, read in one pass that also
  // counts their code points (most characters are ASCII or Devanagari, never
  // spaces: isSpace is asked only of the others).
  const n = text.length;
  const space = (c: number): boolean => (c <= 0x20 || c >= 0x7f) && !(c >= 0x0900 && c <= 0x097f) && isSpace(c);
  let i = 0;
  while (i < n && !problem) {
    while (i < n && space(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const chunkStart = i;
    let surrogatePairs = 0;
    for (let c = text.charCodeAt(i); i < n && !space(c); c = text.charCodeAt(++i)) {
      if (c >= 0xdc00 && c <= 0xdfff && i > chunkStart) {
        const h = text.charCodeAt(i - 1);
        if (h >= 0xd800 && h <= 0xdbff) surrogatePairs++;
      }
    }
    addUnit(chunkStart, i, i - chunkStart - surrogatePairs);
  }
  if (problem) return problem;
  if (at < n) addUnit(n, n, 0);
  if (at > start.at) emit({ at, chars, words, tokens });
  return { ok: true, pieces, words };
}
