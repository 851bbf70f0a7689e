// The keys a roman token is looked up by, the same at build time and for
// what the user typed: romanKey (an exact alias), fuzzyRomanKey (the fuzzy
// layer, which forgets the differences typists make freely), and the
// reading of a token typed with diacritics as a typist without them would
// write it (foldDiacritics).

import { INVISIBLES } from '../lang/normalize.js';

/** A token in plain lower-case ASCII letters: how a casual typist writes (the casual scheme prices only such spellings). */
export const CASUAL_TYPED = /^[a-z]+$/;

const APOSTROPHES = /[\u2018\u2019\u02BC]/g;

/**
 * The exact-alias key: NFC, trimmed, invisible characters removed, typographic
 * apostrophes made ASCII, and lower-cased, except that a string with a
 * capital after its first letter keeps its case ("rAmro" is Harvard-Kyoto or
 * ITRANS, where case is part of the spelling). A capital first letter alone
 * (a sentence start) and an all-capitals word are lower-cased.
 */
export function romanKey(roman: string): string {
  let s = roman.normalize('NFC').trim();
  // replace() with a global pattern keeps no state between calls (test() would).
  s = s.replace(INVISIBLES, '').replace(APOSTROPHES, "'");
  const lower = s.toLowerCase();
  if (s === lower) return s;
  if (s.slice(1) === lower.slice(1)) return lower; // Capitalized
  if (s === s.toUpperCase()) return lower; // ALL CAPS
  return s;
}

const COMBINING = /\p{M}/gu;
const ASCII_LOWER = /^[a-z]*$/;

function isVowelCode(c: number): boolean {
  return c === 97 || c === 101 || c === 105 || c === 111 || c === 117; // a e i o u
}

/**
 * The fuzzy key: one string shared by the many ways of typing a word, so
 * that a spelling no alias has exactly still finds the word. Folded:
 *   - case and diacritics (ā -> a, ṣ -> s, ṭ -> t, m̐ -> m);
 *   - vowel length: aa -> a, ee/ii -> i, oo/uu -> u; ei -> ai, ou -> au;
 *   - aspiration: an h after k g c j t d p b r s is dropped (kh -> k, chh ->
 *     c, sh -> s, bh -> b);
 *   - sibilants: sh, s (and ś ṣ) -> s; ksh, ks, x -> x;
 *   - ph, f -> p; w, v -> b; z -> j; q -> k;
 *   - nasals: m before p/b -> n; ng before k/g -> n;
 *   - a y glide between a vowel and e/i (bhayeko -> bhaeko);
 *   - a final y after a consonant -> i, a final ey -> e (bhandary,
 *     ghimirey: how names are often romanized);
 *   - doubled letters -> one (bhattarai -> bhatarai, cch -> c).
 * Everything but a-z is removed. The key is only compared for equality.
 *
 * A hot path (every alias of the build, every token and reading of the
 * romanizer): one pass over the character codes with the rules inline, so
 * longer than a function should be; split, each rule would re-scan or
 * allocate.
 */
export function fuzzyRomanKey(roman: string): string {
  let s = roman;
  if (!ASCII_LOWER.test(s)) s = s.normalize('NFD').replace(COMBINING, '').toLowerCase();
  let out = '';
  const n = s.length;
  let i = 0;
  const emit = (ch: string): void => {
    // doubled letters -> one
    if (out.length && out[out.length - 1] === ch) return;
    out += ch;
  };
  while (i < n) {
    const ch = s[i]!;
    const nx = s[i + 1];
    switch (ch) {
      case 'k':
        if (nx === 's') {
          emit('x');
          i += 2;
          if (s[i] === 'h') i++;
          continue;
        }
        emit('k');
        i++;
        if (s[i] === 'h') i++;
        continue;
      case 'x':
        emit('x');
        i++;
        continue;
      case 'c':
        // ch, chh, cch, chchh -> c
        emit('c');
        i++;
        while (s[i] === 'c' || s[i] === 'h') i++;
        continue;
      case 'g':
        emit('g');
        i++;
        if (s[i] === 'h') i++;
        continue;
      case 'j':
      case 't':
      case 'd':
      case 'b':
      case 'r':
        emit(ch);
        i++;
        if (s[i] === 'h') i++;
        continue;
      case 'z':
        emit('j');
        i++;
        continue;
      case 'q':
        emit('k');
        i++;
        continue;
      case 'p':
      case 'f':
        emit('p');
        i++;
        if (s[i] === 'h') i++;
        continue;
      case 's':
        emit('s');
        i++;
        if (s[i] === 'h') i++;
        continue;
      case 'w':
      case 'v':
        emit('b');
        i++;
        continue;
      case 'm':
        emit(nx === 'p' || nx === 'b' || nx === 'f' ? 'n' : 'm');
        i++;
        continue;
      case 'n':
        emit('n');
        i++;
        // ng before a velar stop is one nasal
        if (s[i] === 'g' && (s[i + 1] === 'k' || s[i + 1] === 'g')) i++;
        continue;
      case 'a':
        emit('a');
        i++;
        while (s[i] === 'a') i++;
        continue;
      case 'e':
        if (nx === 'e') {
          emit('i');
          i += 2;
        } else if (nx === 'i') {
          emit('a');
          emit('i');
          i += 2;
        } else {
          emit('e');
          i++;
        }
        continue;
      case 'i':
        emit('i');
        i++;
        while (s[i] === 'i') i++;
        continue;
      case 'o':
        if (nx === 'o') {
          emit('u');
          i += 2;
        } else if (nx === 'u') {
          emit('a');
          emit('u');
          i += 2;
        } else {
          emit('o');
          i++;
        }
        continue;
      case 'u':
        emit('u');
        i++;
        while (s[i] === 'u') i++;
        continue;
      case 'y':
        // a glide between a vowel and e/i is not written by everyone
        if (out.length && isVowelCode(out.charCodeAt(out.length - 1)) && (nx === 'e' || nx === 'i')) {
          i++;
          continue;
        }
        // a final i/ī typed y, a final e typed ey, as in romanized names (bhandary, ghimirey)
        if (i === n - 1 && out.length) {
          const prev = out.charCodeAt(out.length - 1);
          if (prev === 101) {
            i++;
            continue;
          }
          if (!isVowelCode(prev)) {
            emit('i');
            i++;
            continue;
          }
        }
        emit('y');
        i++;
        continue;
      default:
        if (ch >= 'a' && ch <= 'z') emit(ch);
        i++;
        continue;
    }
  }
  return out;
}

/**
 * Letters with diacritics (IAST, ISO 15919 and loose typing with them: Ghaṇṭā,
 * tapaiṅle) as a casual typist writes them; other marks are dropped (ā -> a,
 * ṭ -> t), a tilde or candrabindu over a vowel is its nasal (uhā̃ -> uhan), and
 * the scientific c is ch.
 */
const DIACRITIC_LETTERS: Readonly<Record<string, string>> = {
  ś: 'sh',
  ṣ: 'sh',
  ṛ: 'ri',
  ṝ: 'ri',
  ḷ: 'li',
  ṅ: 'n',
  ñ: 'n',
  ṇ: 'n',
  ṃ: 'n',
  ṁ: 'n',
  ḥ: 'h',
};
const DIACRITIC_LETTER = /[śṣṛṝḷṅñṇṃṁḥ]/g;
const NASAL_MARK = /[̃̐]/g;
const BARE_C = /c(?!h)/g;

/** Consonant letters a loanword's skeleton needs before it is looked up: fewer match too many words. */
export const MIN_SKELETON_CONSONANTS = 3;

/**
 * The consonant skeleton of a roman spelling: its fuzzy key without vowels
 * and y (the vowels and glides are where an English spelling and the Nepali
 * one of a loanword part: facebook's reading fasebuk and फेसबुक's alias
 * phesabuk both give psbk, battery's bateri and ब्याट्री's byatri btr), with
 * _ first when the word starts with a vowel (internet, इन्टरनेट: _ntrnt).
 * Only compared for equality (WordStore.loanSkeleton).
 */
export function loanSkeleton(roman: string): string {
  const k = fuzzyRomanKey(roman);
  const body = k.replace(/[aeiouy]/g, '');
  return /^[aeiou]/.test(k) ? '_' + body : body;
}

/** The token without its diacritics, read with DIACRITIC_LETTERS (the anusvara ṃ/ṁ as n); null when it has none (or is not Latin). */
export function foldDiacritics(lower: string): string | null {
  if (CASUAL_TYPED.test(lower)) return null;
  const s = lower
    .normalize('NFC')
    .replace(DIACRITIC_LETTER, (ch) => DIACRITIC_LETTERS[ch]!)
    .normalize('NFD')
    .replace(NASAL_MARK, 'n')
    .replace(COMBINING, '')
    .replace(BARE_C, 'ch');
  return s !== lower && CASUAL_TYPED.test(s) ? s : null;
}
