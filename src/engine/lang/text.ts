// Text as the engines read it: what a space is, the whitespace-separated
// chunks both tokenizers (spellcheck and romanization) and the word count
// start from, and the words of a Devanagari sentence.

import { WORD_LETTERS_AND_SIGNS } from './letters.js';

/**
 * Endings grouped by their last code unit, in the list's order within each
 * group: a word is tried only against the endings it can end with, in the
 * order the whole list gives them.
 */
export function groupByLast(endings: readonly string[]): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  for (const e of endings) {
    const last = e[e.length - 1]!;
    const list = out.get(last);
    if (list) list.push(e);
    else out.set(last, [e]);
  }
  return out;
}

/** ASCII whitespace, NBSP, the Unicode space separators, line/paragraph separators, ideographic space. */
export function isSpace(c: number): boolean {
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

/**
 * Calls `visit(start, end)` for every chunk of the text, in order: a
 * maximal run of characters that are not spaces (isSpace), as UTF-16
 * offsets, end exclusive.
 */
export function forEachChunk(text: string, visit: (start: number, end: number) => void): void {
  const n = text.length;
  let i = 0;
  while (i < n) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    visit(start, i);
  }
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The string has a letter or a digit of any script (a word, a number; not punctuation alone). */
export function hasLetterOrDigit(s: string): boolean {
  return LETTER_OR_DIGIT.test(s);
}

/**
 * The word count the 1,000-words limit of the spellcheck text endpoint
 * uses (spec section 8): every chunk (forEachChunk) that contains at least
 * one letter or digit of any script. So "नेपाल," is one word, "१२" and
 * "COVID-19" are one word each, and a lone "।" or "—" is not a word.
 * Devanagari vowel signs count as letters only together with a letter, so
 * a chunk of stray signs is not a word either.
 */
export function countWords(text: string): number {
  let count = 0;
  forEachChunk(text, (start, end) => {
    if (LETTER_OR_DIGIT.test(text.slice(start, end))) count++;
  });
  return count;
}

/**
 * A run of Devanagari letters and signs (with ZWJ/ZWNJ): a word of a sentence
 * for indexing and matching example sentences. Global: use with String.match.
 */
export const DEVANAGARI_WORDS = new RegExp(`[${WORD_LETTERS_AND_SIGNS}\u200C\u200D]+`, 'g');

const IN_WORD = new RegExp(`[${WORD_LETTERS_AND_SIGNS}]`);

/** How many of the sentences use the word itself as a word (not only a longer word containing it, or a form of it). */
export function sentencesUsing(sentences: readonly { text: string }[], word: string): number {
  let n = 0;
  for (const { text: t } of sentences) {
    for (let i = t.indexOf(word); i >= 0; i = t.indexOf(word, i + 1)) {
      const before = i > 0 ? t[i - 1]! : ' ';
      const after = i + word.length < t.length ? t[i + word.length]! : ' ';
      if (!IN_WORD.test(before) && !IN_WORD.test(after)) {
        n++;
        break;
      }
    }
  }
  return n;
}
