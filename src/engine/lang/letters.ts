// Devanagari letters and signs: the classes every part of the engine (and
// the importers) reads words with, each written once.
//
// The classes are kept as bodies of regex character classes (CONSONANTS,
// LETTERS, WORD_LETTERS_AND_SIGNS) so that a pattern that needs one writes
// `[${CONSONANTS}]` rather than its own copy of the ranges; where a code
// unit is tested in a hot loop, the *Code functions test the same ranges.

export const HALANTA = '\u094D';
export const HALANTA_CODE = 0x94d;
export const NUKTA = '\u093C';
export const ANUSVARA = '\u0902';
export const CHANDRABINDU = '\u0901';
export const VISARGA = '\u0903';

/**
 * Consonant letters: क..ह (with ऩ ऱ ऴ), the nukta letters क़..य़ (which NFC
 * never leaves composed, but raw input may hold) and ॸ..ॿ (U+0978-U+097F).
 */
export const CONSONANTS = '\u0915-\u0939\u0958-\u095F\u0978-\u097F';

/** Letters: the independent vowels (अ..औ, ॠ ऌ ॡ, ॲ..ॷ) and the consonants, where an akshara starts. */
export const LETTERS = '\u0904-\u0939\u0958-\u0961\u0972-\u097F';

/**
 * Letters and the signs written on them (vowel signs, nasal signs, visarga,
 * halanta, nukta, accents): the Devanagari block without danda, double
 * danda, the digits and the abbreviation sign (U+0964-U+0970).
 */
export const WORD_LETTERS_AND_SIGNS = '\u0900-\u0963\u0971-\u097F';

/** The stops of each class (वर्ग) with its fifth letter (पञ्चम वर्ण), the class's nasal. */
export const STOP_CLASSES: readonly { stops: string; fifth: string }[] = [
  { stops: 'कखगघ', fifth: 'ङ' },
  { stops: 'चछजझ', fifth: 'ञ' },
  { stops: 'टठडढ', fifth: 'ण' },
  { stops: 'तथदध', fifth: 'न' },
  { stops: 'पफबभ', fifth: 'म' },
];
/** Every stop, as the body of a regex character class. */
export const STOPS = STOP_CLASSES.map((c) => c.stops).join('');
/** The five fifth letters, as the body of a regex character class. */
export const FIFTH_LETTERS = STOP_CLASSES.map((c) => c.fifth).join('');

const LETTER = new RegExp(`[${LETTERS}]`);

/** A consonant letter (CONSONANTS), by code unit. */
export function isConsonantCode(c: number): boolean {
  return (c >= 0x915 && c <= 0x939) || (c >= 0x958 && c <= 0x95f) || (c >= 0x978 && c <= 0x97f);
}

/** A dependent vowel sign (ा..ौ, with ॅ ॆ ॉ ॊ), by code unit. */
export function isVowelSignCode(c: number): boolean {
  return c >= 0x93e && c <= 0x94c;
}

/** A letter of LETTERS (one code unit). */
export function isLetter(ch: string): boolean {
  return ch.length === 1 && isLetterCode(ch.charCodeAt(0));
}

/** A letter of LETTERS, by code unit. */
export function isLetterCode(c: number): boolean {
  return (c >= 0x904 && c <= 0x939) || (c >= 0x958 && c <= 0x961) || (c >= 0x972 && c <= 0x97f);
}

/** True when the string has at least one Devanagari letter (LETTERS). */
export function hasDevanagariLetter(s: string): boolean {
  return LETTER.test(s);
}

/**
 * The ways a word may be cut into a compound's two members: before a letter
 * that starts an akshara (not the second consonant of a conjunct), with
 * `min` aksharas or more on each side; first member shortest first.
 */
export function* memberSplits(word: string, min = 2): Generator<[string, string]> {
  for (let k = 2; k < word.length - 1; k++) {
    if (!isLetterCode(word.charCodeAt(k)) || word.charCodeAt(k - 1) === HALANTA_CODE) continue;
    const first = word.slice(0, k);
    const second = word.slice(k);
    if (aksharaCount(first) >= min && aksharaCount(second) >= min) yield [first, second];
  }
}

/** Number of aksharas (orthographic syllables): letters not followed by halanta. */
export function aksharaCount(w: string): number {
  let n = 0;
  for (let i = 0; i < w.length; i++) if (isLetterCode(w.charCodeAt(i)) && w.charCodeAt(i + 1) !== HALANTA_CODE) n++;
  return n;
}
