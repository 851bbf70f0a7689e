// Roman aliases of a Devanagari word, and the two keys they are stored under.
//
// The data pipeline (src/build/records.ts) calls romanAliases for every
// headword and every attested lexicon form, and stores each alias under
// romanKey(alias) (exact look-up) and under fuzzyRomanKey(alias) (the fuzzy
// layer). The resolver (romanize.ts) applies the same two functions to what
// the user typed, so build and service always agree.
//
// Schemes (an alias's `kinds`): iast, iso15919, harvard-kyoto, itrans (the
// scientific schemes, roman-schemes.ts) and casual (how people type,
// roman-casual.ts). When several schemes produce the same string it is one
// alias with all their names.
//
// Weight (an integer; higher = a typist is likelier to write this spelling
// for this word). It is derived, never set per word:
//   casual:        100 - 15 x cost, where cost is the number and kind of
//                  casual simplifications in the spelling (roman-casual.ts):
//                  cost 0 -> 100, 1 -> 85, 2 -> 70.
//   iast, iso15919: 60   (people rarely type diacritics; when they do, the
//                          spelling is unambiguous)
//   itrans:         55
//   harvard-kyoto:  50   (its capitals are usually lost in typing)
// An alias produced by several schemes takes the highest of their weights.
// Fuzzy matches are weighted lower again by the resolver (romanize.ts).

import { casualSpellings } from './roman-casual.js';
import { renderScientific, SCIENTIFIC_SCHEMES, syllabify, type ScientificScheme } from './roman-schemes.js';
import { INVISIBLES, normalizeWord } from './lang/normalize.js';

export interface GeneratedAlias {
  alias: string;
  kinds: string[];
  weight: number;
}

export const CASUAL_BASE_WEIGHT = 100;
export const CASUAL_COST_STEP = 15;
export const SCHEME_WEIGHTS: Record<ScientificScheme, number> = {
  iast: 60,
  iso15919: 60,
  itrans: 55,
  'harvard-kyoto': 50,
};

/** Weight of a casual spelling of the given cost. */
export function casualWeight(cost: number): number {
  return Math.max(1, CASUAL_BASE_WEIGHT - CASUAL_COST_STEP * cost);
}

/**
 * The roman aliases of a Devanagari word, best first: at most 8 casual
 * spellings plus one per scientific scheme (usually fewer: the schemes often
 * agree with each other or with a casual spelling). Empty when the word holds
 * anything but Devanagari letters and signs.
 */
export function romanAliases(word: string): GeneratedAlias[] {
  const normalized = normalizeWord(word);
  const syl = syllabify(normalized);
  if (!syl) return [];
  const byKey = new Map<string, GeneratedAlias>();
  const add = (alias: string, kind: string, weight: number): void => {
    const key = romanKey(alias);
    if (!key) return;
    const a = byKey.get(key);
    if (!a) byKey.set(key, { alias, kinds: [kind], weight });
    else {
      if (!a.kinds.includes(kind)) a.kinds.push(kind);
      if (weight > a.weight) a.weight = weight;
    }
  };
  for (const { s, c } of casualSpellings(syl)) add(s, 'casual', casualWeight(c));
  const abbreviation = TEXTING_ABBREVIATIONS.get(normalized);
  if (abbreviation) add(abbreviation, 'casual', casualWeight(TEXTING_ABBREVIATION_COST));
  for (const scheme of SCIENTIFIC_SCHEMES) add(renderScientific(syl, scheme), scheme, SCHEME_WEIGHTS[scheme]);
  return [...byKey.values()].sort((a, b) => b.weight - a.weight);
}

/**
 * Abbreviations of Nepali texting that no spelling rule makes (k for के):
 * a word cut to letters the casual scheme would not drop, stored as one
 * more casual alias of the word at the weight of a cost-2 spelling.
 */
const TEXTING_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['के', 'k'],
  ['हजुर', 'hjr'],
]);
const TEXTING_ABBREVIATION_COST = 2;

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
