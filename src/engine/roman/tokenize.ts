// Tokenizing romanized text for the romanization resolver.
//
// Every character of the text belongs either to a token or to the gap
// between two tokens (whitespace, punctuation), so replacing the tokens
// and keeping the gaps rebuilds the text exactly. Tokens:
//   word        a run of Latin letters (with their combining marks, and an
//               apostrophe between two letters: "don't"): the only kind
//               the resolver converts;
//   number      digits, with . or , between digits ("1,000.5", "१२");
//   mixed       letters glued to digits ("2nd", "covid19");
//   devanagari  Devanagari already (with ZWJ/ZWNJ);
//   url, email  a whitespace-separated chunk that is an address (leading
//               and trailing punctuation stays outside it).
// Offsets are UTF-16 code units (JavaScript string indexes), end exclusive.
// Sentence boundaries (. ! ? । ॥ or a line break in the gap before a token)
// feed the resolver's context rules (capitalized words, English runs).

import { forEachChunk, isSpace } from '../lang/text.js';

export type RomanTokenKind = 'word' | 'number' | 'mixed' | 'devanagari' | 'url' | 'email';

export interface RomanTextToken {
  text: string;
  start: number;
  end: number;
  kind: RomanTokenKind;
  /** First token of the text or of a sentence. */
  sentenceStart: boolean;
  /** The gap before this token holds punctuation other than a hyphen or an apostrophe (a clause break). */
  punctBefore: boolean;
  /**
   * ... and that punctuation only closes what came before or belongs to it
   * (a closing bracket or quote, + or %, attached to the token before): the
   * token may still lean on that word, as a postposition does ("(ALL) lai",
   * "\"yuddha\" lai", "50% ma").
   */
  closeBefore: boolean;
  /** The gap after this token holds a full stop, ? , ! , । or ॥: it ends a written sentence. */
  endsSentence: boolean;
}

const URL_RE = /^(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+$/i;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LEADING_PUNCT = /^[(<[{"'“‘«]+/;
/** Punctuation that closes or belongs to what comes before it (see closeBefore). */
const CLOSING_PUNCT = ')]}"”’»+%';
const TRAILING_PUNCT = /[)\]}>"'”’».,;:!?।॥]+$/;

const enum C {
  Other,
  Latin,
  Mark,
  Digit,
  Deva,
  DevaDigit,
}

const LATIN_LETTER = /\p{Script=Latin}/u;
const MARK = /\p{M}/u;

function classify(code: number, ch: string): C {
  if (code < 0x80) {
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return C.Latin;
    if (code >= 0x30 && code <= 0x39) return C.Digit;
    return C.Other;
  }
  if (code >= 0x0966 && code <= 0x096f) return C.DevaDigit;
  if ((code >= 0x0900 && code <= 0x0963) || (code >= 0x0971 && code <= 0x097f) || code === 0x200c || code === 0x200d) return C.Deva;
  if (LATIN_LETTER.test(ch)) return C.Latin;
  if (MARK.test(ch)) return C.Mark;
  return C.Other;
}

/** The tokens of a romanized text, in order (gaps are what lies between them). */
export function tokenizeRoman(text: string): RomanTextToken[] {
  const raw: { text: string; start: number; end: number; kind: RomanTokenKind }[] = [];
  forEachChunk(text, (chunkStart, chunkEnd) => {
    if (mayBeAddress(text, chunkStart, chunkEnd)) {
      // Addresses are whole chunks, less their surrounding punctuation.
      const chunk = text.slice(chunkStart, chunkEnd);
      const lead = LEADING_PUNCT.exec(chunk)?.[0].length ?? 0;
      const trail = TRAILING_PUNCT.exec(chunk.slice(lead))?.[0].length ?? 0;
      const core = chunk.slice(lead, chunk.length - trail);
      if (core && (URL_RE.test(core) || EMAIL_RE.test(core))) {
        raw.push({ text: core, start: chunkStart + lead, end: chunkEnd - trail, kind: URL_RE.test(core) ? 'url' : 'email' });
        return;
      }
    }
    scanChunk(text, chunkStart, chunkEnd, raw);
  });
  // Sentence and clause breaks from the gaps.
  const out: RomanTextToken[] = new Array(raw.length);
  let prevEnd = 0;
  for (let k = 0; k <= raw.length; k++) {
    const t = raw[k];
    const gapEnd = t ? t.start : text.length;
    let sentence = k === 0;
    let terminal = false;
    let clause = false;
    let closing = true;
    let spaced = false;
    for (let j = prevEnd; j < gapEnd; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x0a || c === 0x0d) sentence = true;
      if (isSpace(c)) {
        spaced = true;
        continue;
      }
      if (c === 0x2e || c === 0x21 || c === 0x3f || c === 0x0964 || c === 0x0965) terminal = true;
      if (c !== 0x2d && c !== 0x27 && c !== 0x2019 && c !== 0x2018) {
        clause = true;
        // closing only where it is attached to the token before (an opening quote is attached to the next)
        if (spaced || !CLOSING_PUNCT.includes(text[j]!)) closing = false;
      }
    }
    if (k > 0) out[k - 1]!.endsSentence = terminal;
    if (!t) break;
    out[k] = {
      text: t.text,
      start: t.start,
      end: t.end,
      kind: t.kind,
      sentenceStart: sentence || terminal,
      punctBefore: k > 0 && clause,
      closeBefore: k > 0 && clause && closing && !sentence && !terminal,
      endsSentence: false,
    };
    prevEnd = t.end;
  }
  return out;
}

/** ':' (scheme), '@' (e-mail) or "www." make a chunk worth testing as an address. */
function mayBeAddress(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a || c === 0x40 || (c === 0x2e && i - from >= 3)) return true;
  }
  return false;
}

function scanChunk(text: string, from: number, to: number, out: { text: string; start: number; end: number; kind: RomanTokenKind }[]): void {
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    const cls = classify(code, text[i]!);
    if (cls === C.Other || cls === C.Mark) {
      i++;
      continue;
    }
    const start = i;
    let latin = false;
    let digit = false;
    let deva = false;
    while (i < to) {
      // Surrogate pairs (Latin letters outside the BMP do not exist in practice; they end a run).
      const c = text.charCodeAt(i);
      const k = classify(c, text[i]!);
      if (k === C.Latin) latin = true;
      else if (k === C.Digit || k === C.DevaDigit) digit = true;
      else if (k === C.Deva) deva = true;
      else if (k === C.Mark) {
        // a combining mark belongs to the letter before it
      } else {
        // An apostrophe between letters, or . , between digits, stays inside.
        const ch = text[i]!;
        const prevK = classify(text.charCodeAt(i - 1), text[i - 1]!);
        const nextK = i + 1 < to ? classify(text.charCodeAt(i + 1), text[i + 1]!) : C.Other;
        if ((ch === "'" || ch === '’') && (prevK === C.Latin || prevK === C.Mark) && nextK === C.Latin) {
          i++;
          continue;
        }
        if ((ch === '.' || ch === ',') && (prevK === C.Digit || prevK === C.DevaDigit) && (nextK === C.Digit || nextK === C.DevaDigit)) {
          i++;
          continue;
        }
        break;
      }
      i++;
    }
    const kind: RomanTokenKind = digit ? (latin || deva ? 'mixed' : 'number') : latin ? (deva ? 'mixed' : 'word') : 'devanagari';
    out.push({ text: text.slice(start, i), start, end: i, kind });
  }
}
