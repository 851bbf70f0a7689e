// Importer of a frequency-ordered word list: one word a line, most frequent
// first, the line number the word's rank (data/tesseract-langdata-nep/
// nep.wordlist, Tesseract's langdata, Apache-2.0; PROVENANCE.md beside it).
//
// The list is web text's vocabulary with its noise (PROVENANCE.md), so the
// import drops what is not a Nepali word, in two passes:
//
//   importFrequencyList (text only): lines with no Devanagari letter (|, ||,
//     Latin words), lines mixing in Latin letters, digits or punctuation
//     (वि.सं, ई-मेल, सल्लाह/सुझाव: abbreviations and pairs, never one word
//     of the spellchecker's tokens), strings whose signs do not make
//     aksharas (a vowel sign with no consonant before it, two vowel signs
//     in a row), and repeats (after normalizeWord, the first line wins).
//   filterFrequencyWords (with the lexicon): strings of bare consonants
//     (no vowel sign, halanta, nasal or independent vowel: ससख, खभ, मकभन,
//     the mis-decoded legacy-font text) that neither the lexicon nor the
//     spellchecker's morphology reads, as written or with the final halanta
//     people leave out (छन for छन्). Such strings are rare among the
//     lexicon's forms but common among the list's words the lexicon and
//     morphology do not read, and they are frequent (ससख, खभ rank in the
//     first 150): docs/frequency-list.md has the counts.
//
// What is kept (the lexicon's forms, the words grammar makes of them,
// names, loanwords and the non-standard spellings people write) keeps the
// line number it had: a rank says how common the written word is, never
// that it is spelled right.

import { hasDevanagariLetter } from '../engine/lang/letters.js';
import { normalizeWord } from '../engine/lang/normalize.js';

/** Why a line of the list is not imported. */
export type FrequencyDrop = 'no-devanagari' | 'latin' | 'digits' | 'punctuation' | 'structure' | 'duplicate' | 'bare-consonants';

export interface FrequencyImport {
  /** Normalized word -> rank (its line number, 1-based), in rank order. */
  ranks: Map<string, number>;
  report: {
    /** Non-empty lines read. */
    lines: number;
    kept: number;
    dropped: Record<FrequencyDrop, number>;
    /** A few dropped lines of each kind, most frequent first (for the build log and the docs). */
    examples: Partial<Record<FrequencyDrop, string[]>>;
  };
}

const EXAMPLES_PER_KIND = 8;

const CONSONANT = '[\u0915-\u0939\u0958-\u095F\u0978-\u097F]\u093C?';
const INDEPENDENT_VOWEL = '[\u0904-\u0914\u0960\u0961\u0972-\u0977]';
const VOWEL_SIGN = '[\u093A\u093B\u093E-\u094C\u094E\u094F\u0955-\u0957\u0962\u0963]';
const NASAL_OR_VISARGA = '[\u0900-\u0903]';
const HALANTA = '\u094D';
/**
 * A word as a run of aksharas: a consonant cluster with at most one vowel
 * sign (or a halanta: the dead consonant of विद्युत्), or an independent vowel,
 * or the avagraha, each followed by at most two nasal or visarga signs.
 */
const AKSHARAS = new RegExp(
  `^(?:(?:${CONSONANT}(?:${HALANTA}${CONSONANT})*(?:${VOWEL_SIGN}|${HALANTA})?|${INDEPENDENT_VOWEL}|\u093D|\u0950)${NASAL_OR_VISARGA}{0,2})+$`,
);
const LATIN = /[A-Za-z\u00C0-\u024F]/;
const DIGITS = /[0-9\u0966-\u096F]/;
/** Anything but Devanagari letters and signs (after normalizeWord's removal of invisibles). */
const NOT_WORD = /[^\u0900-\u0963\u0971-\u097F]/;
const BARE_CONSONANTS = /^[\u0915-\u0939\u0958-\u095F\u0978-\u097F]{2,}$/;

/** The signs of the word make aksharas (AKSHARAS). */
export function plausibleDevanagari(word: string): boolean {
  return AKSHARAS.test(word);
}

/** Consonant letters only, two or more: no vowel sign, halanta, nasal or independent vowel. */
export function bareConsonants(word: string): boolean {
  return BARE_CONSONANTS.test(word);
}

function emptyDropped(): Record<FrequencyDrop, number> {
  return { 'no-devanagari': 0, latin: 0, digits: 0, punctuation: 0, structure: 0, duplicate: 0, 'bare-consonants': 0 };
}

/** Why a normalized line is not a word to import, or null. */
function lineDrop(w: string): FrequencyDrop | null {
  if (!hasDevanagariLetter(w)) return 'no-devanagari';
  if (LATIN.test(w)) return 'latin';
  if (DIGITS.test(w)) return 'digits';
  if (NOT_WORD.test(w)) return 'punctuation';
  if (!plausibleDevanagari(w)) return 'structure';
  return null;
}

/** The first pass (text only): see the header. */
export function importFrequencyList(text: string): FrequencyImport {
  const ranks = new Map<string, number>();
  const dropped = emptyDropped();
  const examples: FrequencyImport['report']['examples'] = {};
  const drop = (kind: FrequencyDrop, line: string): void => {
    dropped[kind]++;
    const list = (examples[kind] ??= []);
    if (list.length < EXAMPLES_PER_KIND) list.push(line);
  };
  let lines = 0;
  const all = text.split('\n');
  for (let i = 0; i < all.length; i++) {
    const raw = all[i]!.replace(/\r$/, '').trim();
    if (!raw) continue;
    lines++;
    const w = normalizeWord(raw);
    const why = lineDrop(w);
    if (why) drop(why, raw);
    else if (ranks.has(w)) drop('duplicate', raw);
    else ranks.set(w, i + 1);
  }
  return { ranks, report: { lines, kept: ranks.size, dropped, examples } };
}

/**
 * The second pass (with the lexicon): drops the strings of bare consonants
 * that no lexicon form is and the morphology does not read (the header).
 * Changes `imp` in place and returns it.
 */
export function filterFrequencyWords(imp: FrequencyImport, isLexiconForm: (w: string) => boolean, grammarReads: (w: string) => boolean): FrequencyImport {
  for (const [w] of imp.ranks) {
    // छन, गरेकोछन: a form written without its final halanta is a word, spelled as people write it.
    if (!bareConsonants(w) || isLexiconForm(w) || grammarReads(w) || isLexiconForm(w + HALANTA) || grammarReads(w + HALANTA)) continue;
    imp.ranks.delete(w);
    imp.report.dropped['bare-consonants']++;
    const list = (imp.report.examples['bare-consonants'] ??= []);
    if (list.length < EXAMPLES_PER_KIND) list.push(w);
  }
  imp.report.kept = imp.ranks.size;
  return imp;
}
