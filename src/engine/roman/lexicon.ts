// What the romanizer knows about Devanagari words while it analyses tokens:
// the word store, the thread's spellchecker (what it accepts, the romanizer
// may offer; its morphology reads the forms no list has), and the facts and
// syllables of the candidate words it has met, kept in bounded caches.

import type { WordStore } from '../../store/word-store.js';
import { approxBytes, type BudgetCache } from '../lang/budget-cache.js';
import type { Morphology } from '../spell/morphology.js';
import type { Spellchecker } from '../spell/spellchecker.js';
import { casualCost } from './casual.js';
import { syllabify, type Syllable } from './schemes.js';
import { hasHeadword, WordFactsCache, type WordFacts } from './word-facts.js';

export class Lexicon {
  readonly morph: Morphology;
  private readonly factsCache: WordFactsCache;
  /** Syllable analyses of candidate words (a candidate is priced against many typed tokens). */
  private readonly syllables: BudgetCache<Syllable[] | null>;

  /**
   * `storedCounts`: read the case-form counts the build stored with the
   * analyses (WordStore.caseForms) rather than count them with the
   * spellchecker; only when those are this code's (Romanizer's storedAnalyses).
   */
  constructor(
    readonly store: WordStore,
    readonly spell: Spellchecker,
    storedCounts = false,
  ) {
    this.morph = spell.morph;
    this.factsCache = new WordFactsCache(store, spell, storedCounts ? (w) => store.caseForms(w) : (w) => spell.evidence.caseForms(w));
    this.syllables = spell.caches.cache('roman.syllables', 0.05, approxBytes);
  }

  /** Store facts about a candidate word (cached). */
  facts(word: string): WordFacts {
    return this.factsCache.of(word);
  }

  /** The cost of `typed` as a casual spelling of the word (roman/casual.ts casualCost), Infinity when it is none. */
  casualCost(word: string, typed: string): number {
    let syl = this.syllables.get(word);
    if (syl === undefined) syl = this.syllables.remember(word, syllabify(word));
    return syl ? casualCost(syl, typed) : Infinity;
  }

  /** A headword of the store (word-facts.ts hasHeadword: its form record says so; no headword record is read). */
  isHeadword(word: string): boolean {
    return hasHeadword(this.spell.store, word);
  }

  /** A form the store has (the Bloom filter asked first: a miss costs no read). */
  hasForm(word: string): boolean {
    return this.store.mayBeForm(word) && this.formFlags(word) !== undefined;
  }

  /**
   * The word's form flags (undefined: no form), memoized with the
   * spellchecker's (spell/store-memo.ts): the stages and the checks of one
   * token ask them of the same candidates and stems many times.
   */
  formFlags(word: string): number | undefined {
    return this.spell.store.formFlags(word);
  }
}
