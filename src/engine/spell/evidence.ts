// What real text says about a word: the evidence the spellchecker weighs
// against the word lists, and the romanizer's word facts (roman/word-facts.ts)
// read too. Its sources, as the data build stores them:
//   - the news word list (tesseract-ocr-nep's vocabulary of news text): a
//     form it has is *attested* (FORM_ATTESTED);
//   - the case forms of a word the news list has (CASE_FORM_PROBES: घरमा,
//     घरको, घरहरू...): how richly real text inflects it, the nearest thing to
//     a frequency the packaged dictionaries have;
//   - the frequency word list of web text: each word's rank (WordStore.rank);
//   - the example sentences, the thesaurus's own definitions among them.
// The words for these ideas are the glossary's (src/engine/README.md).

import { aksharaCount } from '../lang/letters.js';
import { CASE_FORM_PROBES } from '../lang/postpositions.js';
import { sentencesUsing } from '../lang/text.js';
import { FORM_ATTESTED, FORM_HEADWORD, THESAURUS_DICT, type FormRecord } from '../../store/types.js';
import type { SpellStore, StoreMemo } from './store-memo.js';

/**
 * Definitions of the thesaurus that must use a word no list has for the
 * spellchecker to accept it (definitionsUse; the build indexes such words
 * for corrections, src/build/records.ts).
 */
export const DEFINITION_USES = 3;
/** Attested case forms that make a word one real text inflects (realTextWord), when real text never shows its correction. */
const INFLECTED_IN_REAL_TEXT = 3;
/** Attested case forms that make a word one real text inflects when real text shows its correction bare but never inflected. */
const INFLECTED_RICHLY = 5;
/** Attested case forms that let real text's spelling of a word stand beside a lexicon twin it inflects less (prefersOver). */
const PREFERRED_CASE_FORMS = 2;
const NASAL_SIGNS = /[ंँ]/g;

/** The news list has the form (FORM_ATTESTED); the Bloom filter is asked first, so a word no list has costs no read. */
export function isAttested(store: Pick<SpellStore, 'mayBeForm' | 'form'>, w: string): boolean {
  return store.mayBeForm(w) && ((store.form(w)?.flags ?? 0) & FORM_ATTESTED) !== 0;
}

/** The postposition chains a word may end in, as the morphology reads them (Morphology.splitPostpositions). */
export interface ChainSplitter {
  splitPostpositions(word: string): { base: string; suffix: string }[];
}

/** Example sentences of a word: how many the store gives it (of the word or its forms), and how many use the word itself. */
export interface SentenceUses {
  ofForms: number;
  ofWord: number;
}

export class RealTextEvidence {
  constructor(
    private readonly store: StoreMemo,
    private readonly chains: ChainSplitter,
  ) {}

  /** The news list has the word. */
  attested(w: string): boolean {
    return isAttested(this.store, w);
  }

  /**
   * The word is attested, or a base of it of two aksharas or more without
   * a postposition chain is (`form`: the word's record when already read).
   */
  attestedOrBase(w: string, form: FormRecord | undefined): boolean {
    if (((form ?? this.store.form(w))?.flags ?? 0) & FORM_ATTESTED) return true;
    for (const { base } of this.chains.splitPostpositions(w)) {
      if (aksharaCount(base) >= 2 && this.attested(base)) return true;
    }
    return false;
  }

  /**
   * How many of the CASE_FORM_PROBES case endings the news list has on the
   * word, counted up to `enough` (with `notHeadwords`, not counting a form
   * that is a headword of its own: गरि + मा = गरिमा, dignity).
   */
  caseForms(w: string, enough = CASE_FORM_PROBES.length, notHeadwords = false): number {
    let n = 0;
    for (const p of CASE_FORM_PROBES) {
      // (the filter first: most case forms probed are no form, and are not built)
      if (!this.store.mayBeFormJoined(w, p) || !this.attested(w + p) || (notHeadwords && (this.store.form(w + p)?.flags ?? 0) & FORM_HEADWORD)) continue;
      if (++n >= enough) break;
    }
    return n;
  }

  /** The word's rank in the frequency word list (1 is the most frequent), undefined when the list lacks it. */
  rank(w: string): number | undefined {
    return this.store.rank(w);
  }

  /** The word's example sentences, counted in one read: the dearest look-up of the evidence. */
  sentenceUses(w: string): SentenceUses {
    const examples = this.store.examples(w);
    return { ofForms: examples.length, ofWord: sentencesUsing(examples, w) };
  }

  /**
   * Real text and the example sentences both prefer the word to a twin
   * spelling (the lexicon's, or the base of a correction) that real text
   * also inflects: real text inflects it in more case
   * forms (PREFERRED_CASE_FORMS at least) and more example sentences use it.
   * The word lists carry some misspellings of their own (विन्दु, वस्ती,
   * दबाव, विदा beside real text's बिन्दु, बस्ती, दबाब, बिदा), so the word is a
   * spelling of its own, not a slip. Not where the two differ only in a
   * nasal sign (औंला, औँला): the standard settles that, not usage.
   */
  prefersOver(w: string, twin: string): boolean {
    if (w.replace(NASAL_SIGNS, '') === twin.replace(NASAL_SIGNS, '')) return false;
    const n = this.caseForms(w, CASE_FORM_PROBES.length);
    if (n < PREFERRED_CASE_FORMS || n <= this.caseForms(twin, CASE_FORM_PROBES.length)) return false;
    return sentencesUsing(this.store.examples(w), w) > sentencesUsing(this.store.examples(twin), twin);
  }

  /**
   * The word, or its base without a postposition chain (साउदीको: साउदी), is
   * one real text inflects, and the correction's base (with the same chain
   * cut off) is one real text never shows: real text's own word, not a slip.
   */
  realTextWord(w: string, correction: string): boolean {
    for (const { base, suffix } of [{ base: w, suffix: '' }, ...this.chains.splitPostpositions(w)]) {
      if (!correction.endsWith(suffix) || aksharaCount(base) < 2) continue;
      const cbase = correction.slice(0, correction.length - suffix.length);
      // The correction's side first: most corrections are inflected in real text (one or two look-ups).
      if (this.caseForms(cbase, 1) > 0) {
        if (this.prefersOver(base, cbase)) return true;
        continue;
      }
      // No case form of the correction: a word real text inflects richly is a word of its own even where
      // the correction itself occurs bare (वडा, the ward, beside बडा); a word inflected less, only where
      // real text never shows the correction at all.
      const n = this.caseForms(base, INFLECTED_RICHLY);
      if (n >= INFLECTED_RICHLY || (n >= INFLECTED_IN_REAL_TEXT && !this.attested(cbase))) return true;
    }
    return false;
  }

  /**
   * The thesaurus's own definitions use the word, in at least
   * DEFINITION_USES of them: the lexicographers wrote it (सेतो, चिल्लो,
   * संयोग, which the word lists lack). Asked only of a word real text uses
   * too, with no dictionary word a confusion slip away: the definitions
   * hold the odd typo (केहि), which has its correct spelling one slip away.
   */
  definitionsUse(w: string): boolean {
    const thesaurus = this.store.examples(w).filter((e) => e.source === THESAURUS_DICT);
    return thesaurus.length >= DEFINITION_USES && sentencesUsing(thesaurus, w) >= DEFINITION_USES;
  }
}
