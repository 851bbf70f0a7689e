// Splitting text into the words the spellchecker checks.
//
// A checked word is a maximal run of Devanagari letters and their signs
// (vowel signs, anusvara, chandrabindu, visarga, halanta, nukta) plus the
// invisible joiners ZWJ/ZWNJ that only choose a glyph shape. A run is not
// checked when it is glued to a digit or a Latin letter ("१०औँ", "COVID-१९को":
// numerals with suffixes and mixed-script tokens are not dictionary words),
// when it is part of a URL or an e-mail address, or when it is an
// abbreviation (at most two letters right before a full stop: "डा.",
// "ई.पू.", "नं."). Danda (।, ॥), the abbreviation sign (॰), Devanagari digits,
// OM (ॐ) and every punctuation mark separate words.
//
// An ASCII ':' inside or right after a word is kept in it: it is the
// visarga typed on a Latin keyboard (दु:ख, प्राय:); the spellchecker reads it
// so, or as punctuation when that reading is not a word (अनुसार:).
//
// Offsets are UTF-16 code unit offsets into the text as given (the HTTP layer
// returns them to editors, whose strings are UTF-16), end exclusive.

import { isLetter, isLetterCode } from '../lang/letters.js';
import { forEachChunk } from '../lang/text.js';

export interface WordToken {
  text: string;
  start: number;
  end: number;
}

// Devanagari letters and signs that belong inside a word. Excluded: danda
// U+0964/U+0965, digits U+0966-U+096F, abbreviation sign U+0970, OM U+0950,
// stress and accent marks U+0951-U+0954 are kept (they sit on letters).
// Asked by code unit, as the regular expression [\u0900-\u094F\u0951-\u0963
// \u0971-\u097F\uA8E0-\uA8FF\u200C\u200D] would be of one character: a
// one-character string per character made most of the tokenizer's garbage.
function isWordCode(c: number): boolean {
  return (
    (c >= 0x0900 && c <= 0x094f) || (c >= 0x0951 && c <= 0x0963) || (c >= 0x0971 && c <= 0x097f) || (c >= 0xa8e0 && c <= 0xa8ff) || c === 0x200c || c === 0x200d
  );
}

/** [0-9\u0966-\u096FA-Za-z\u00C0-\u024F]: a digit or a Latin letter, by code unit. */
function isDigitOrLatinCode(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0xc0 && c <= 0x24f) || (c >= 0x0966 && c <= 0x096f);
}

// Whitespace-separated chunks that are addresses, not prose.
const URL_OR_EMAIL = /^[(<["'“‘]*(?:[a-z][a-z0-9+.-]*:\/\/|www\.)|[^\s@]+@[^\s@]+\.[^\s@]+/i;

/** The chunk has ':', '@' or '.', without which URL_OR_EMAIL cannot match it (most chunks: no string is made to ask). */
function mayBeAddress(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x3a || c === 0x40 || c === 0x2e) return true;
  }
  return false;
}

/** The Devanagari words of the text to spellcheck, in order, with their offsets. */
export function tokenizeForSpellcheck(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  // URLs and e-mail addresses are recognized (and skipped) as whole chunks.
  forEachChunk(text, (start, end) => {
    if (!(mayBeAddress(text, start, end) && URL_OR_EMAIL.test(text.slice(start, end)))) collectWords(text, start, end, tokens);
  });
  return tokens;
}

function collectWords(text: string, from: number, to: number, out: WordToken[]): void {
  let i = from;
  while (i < to) {
    if (!isWordCode(text.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    // ':' inside or right after a word is the visarga typed on a Latin
    // keyboard (दु:ख, प्राय:); normalizeWord reads it so.
    while (i < to) {
      const c = text.charCodeAt(i);
      if (!(isWordCode(c) || (c === 0x3a && i > start))) break;
      i++;
    }
    const end = i;
    // Glued to a digit or a Latin letter on either side: a numeral with a
    // suffix or a mixed-script token, not a word of the dictionary.
    if ((start > from && isDigitOrLatinCode(text.charCodeAt(start - 1))) || (end < to && isDigitOrLatinCode(text.charCodeAt(end)))) continue;
    if (!hasLetterIn(text, start, end)) continue; // only signs or joiners
    const word = text.slice(start, end);
    if (end < to && text.charCodeAt(end) === 0x2e && countLetters(word) <= 2) continue; // abbreviation
    out.push({ text: word, start, end });
  }
}

/** A Devanagari letter (lang/letters.ts isLetterCode) among the code units [from, to). */
function hasLetterIn(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (isLetterCode(text.charCodeAt(i))) return true;
  return false;
}

function countLetters(word: string): number {
  let n = 0;
  for (const ch of word) if (isLetter(ch)) n++;
  return n;
}
