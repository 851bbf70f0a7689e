// The one normalizer. Every key in native-data/ and every lookup goes
// through normalizeWord, so the build and the service always agree.
//
// - NFC: the same word typed with precomposed or decomposed nukta letters
//   (क़ vs क+़) must meet the same key.
// - ZWJ/ZWNJ (U+200D/U+200C) only choose a glyph shape (र्‍ vs र्); matching
//   ignores them (the hunspell-ne data has them inside ~10k forms).
// - U+FEFF (BOM, zero-width no-break space) and soft hyphen never belong in a word.
// - ASCII ':' right after a Devanagari letter or sign is the visarga ः typed on
//   a Latin keyboard (the hunspell-ne data itself does this).

import { WORD_LETTERS_AND_SIGNS } from './letters.js';

/**
 * Characters that never belong in a word: zero-width space, ZWNJ, ZWJ,
 * word joiner, U+FEFF and the soft hyphen. Global: use with replace().
 */
export const INVISIBLES = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const COLON_VISARGA = new RegExp(`(?<=[${WORD_LETTERS_AND_SIGNS}]):`, 'g');

export function normalizeWord(word: string): string {
  if (isSettledDevanagari(word)) return word;
  let w = word.normalize('NFC');
  w = w.replace(INVISIBLES, '');
  if (w.includes(':')) w = w.replace(COLON_VISARGA, 'ः');
  return w;
}

/**
 * The word is Devanagari that NFC leaves as it is and that has nothing to
 * remove (most words: normalizeWord returns them at once). Within U+0900-
 * U+097F, NFC changes only nukta letters (U+0958-U+095F decompose; a
 * consonant and nukta U+093C may compose) and the order of combining marks,
 * of which halanta is the only one left once nukta and the accents
 * U+0951-U+0954 are out (halantas side by side keep their order); the
 * invisibles and ':' are outside the block.
 */
function isSettledDevanagari(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (c < 0x0900 || c > 0x097f || c === 0x093c || (c >= 0x0951 && c <= 0x0954) || (c >= 0x0958 && c <= 0x095f)) return false;
  }
  return true;
}

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** 12 -> "१२" */
export function toDevanagariNumerals(n: number): string {
  return String(n).replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]!);
}
