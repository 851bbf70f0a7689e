// Folds of a spelling: two spellings equal under a fold differ only inside
// the classes it folds. The decision stages use them to tell what kind of
// difference separates a word from its twin or its correction.

import { FIFTH_LETTERS, HALANTA, STOPS } from '../lang/letters.js';

/** A fifth letter with halanta before a stop (before य र ल व श ष स ह the standard's own spelling is anusvara: संवाद). */
const PANCHAM_CLUSTER = new RegExp(`[${FIFTH_LETTERS}]${HALANTA}(?=[${STOPS}])`, 'g');

/** How many times `ch` occurs in the word. */
export const count = (w: string, ch: string): number => w.split(ch).length - 1;

/**
 * The candidate differs from the word only by moving it away from the
 * Academy standard's nasal spelling, so it is no correction: a fifth
 * letter with halanta (पञ्चम वर्ण) replaced by anusvara (सम्भव -> संभव,
 * सङ्घ -> संघ). The standard writes the fifth letter before a stop of its
 * class in tatsam words; the word list's anusvara spellings are the older
 * ones. The word itself is the standard spelling (isStandardOfVariant).
 * (Chandrabindu replaced by anusvara is left alone: the thesaurus writes
 * many words with anusvara that the standard writes with chandrabindu
 * (-औं ordinals), and both spellings are attested: refusing those
 * candidates loses corrections of real slips and spares no false alarm.)
 */
export function awayFromStandard(word: string, candidate: string): boolean {
  return (
    candidate.length < word.length && count(candidate, 'ं') > count(word, 'ं') && word.replace(PANCHAM_CLUSTER, 'ं') === candidate.replace(PANCHAM_CLUSTER, 'ं')
  );
}

/** Each long vowel (sign and letter) and its short twin. */
const SHORT_VOWEL: Record<string, string> = { 'ी': 'ि', 'ू': 'ु', ई: 'इ', ऊ: 'उ' };
const COMMON_SLIP_FOLD: Record<string, string> = { ...SHORT_VOWEL, व: 'ब' };
const LENGTH_FOLD: Record<string, string> = { ...SHORT_VOWEL, 'ं': '', 'ँ': '' };
/** Vowel length, sibilants, ब/व and visarga. */
const STANDARD_CLASS_FOLD: Record<string, string> = { ...SHORT_VOWEL, श: 'स', ष: 'स', व: 'ब', 'ः': '' };

/** The word with every long vowel written short and no nasal sign: two spellings equal under it differ only in vowel length and nasals. */
export function foldLengthAndNasals(w: string): string {
  return w.replace(PANCHAM_CLUSTER, 'ं').replace(/[ीूईऊंँ]/g, (v) => LENGTH_FOLD[v]!);
}

/** Vowel length, sibilants, ब/व and visarga folded: two spellings equal under it differ only inside those classes of the standard. */
export function foldStandardClasses(w: string): string {
  return w.replace(/[ीूईऊशषवः]/g, (v) => STANDARD_CLASS_FOLD[v]!);
}

/** The word with every long vowel written short and व as ब: two spellings equal under it differ by those slips only. */
export function foldCommonSlips(w: string): string {
  return w.replace(/[ीूईऊव]/g, (v) => COMMON_SLIP_FOLD[v]!);
}
