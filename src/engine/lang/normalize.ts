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
  let w = word.normalize('NFC');
  w = w.replace(INVISIBLES, '');
  if (w.includes(':')) w = w.replace(COLON_VISARGA, 'ः');
  return w;
}

const DEVANAGARI_DIGITS = '०१२३४५६७८९';

/** 12 -> "१२" */
export function toDevanagariNumerals(n: number): string {
  return String(n).replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)]!);
}
