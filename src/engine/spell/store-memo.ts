// A memo in front of the word store for the spellchecker's own look-ups.
//
// One check asks the store about the same few words many times: the
// orthography rules, the morphology layer and the candidate ranking all
// look at a word's base, its chain splits and its candidates. An LMDB read
// decodes a msgpack record each time, and a Bloom probe hashes the word
// each time; a Map look-up is several times cheaper than either. Each memo
// has a byte budget in the thread's CachePlan (lang/budget-cache.ts).

import { approxBytes, type BudgetCache, type CachePlan } from '../lang/budget-cache.js';
import type { ExampleSentence, FormRecord, HeadwordRecord, StoredVerdict } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';
import type { BeginningsFilter } from '../../store/bloom.js';

/** The subset of WordStore the spellchecker uses. */
export type SpellStore = Pick<WordStore, 'form' | 'formFlags' | 'headword' | 'mayBeForm' | 'mayBeFormJoined' | 'formsByConfusionKey' | 'rank'>;

const NONE = Symbol('none');
/** The flags memo's entry for a word that is no form (flags are never negative). */
const NO_FORM = -1;

export class StoreMemo implements SpellStore {
  private readonly forms: BudgetCache<FormRecord | typeof NONE>;
  /** Form flags read without their record (NO_FORM: no form). */
  private readonly flags: BudgetCache<number>;
  private readonly headwords: BudgetCache<HeadwordRecord | typeof NONE>;
  private readonly bloom: BudgetCache<boolean>;
  private readonly keys: BudgetCache<string[]>;

  constructor(
    private readonly store: WordStore,
    caches: CachePlan,
  ) {
    this.forms = caches.cache('spell.storeForms', 0.06, approxBytes);
    this.flags = caches.cache('spell.storeFlags', 0.02);
    this.headwords = caches.cache('spell.storeHeadwords', 0.02, approxBytes);
    this.bloom = caches.cache('spell.storeBloom', 0.02);
    this.keys = caches.cache('spell.storeConfusionKeys', 0.04, approxBytes);
  }

  form(word: string): FormRecord | undefined {
    const r = this.forms.get(word) ?? this.forms.remember(word, this.store.form(word) ?? NONE);
    return r === NONE ? undefined : r;
  }

  /**
   * The form's flags: from the memoized record when there is one, else read
   * without decoding and memoized apart: a word's flags are asked several
   * times where no record is (the stored verdict, the orthography rules'
   * stored-correct test, the standard spelling; the romanizer's headword
   * and lexicon tests of its candidates, Lexicon.formFlags).
   */
  formFlags(word: string): number | undefined {
    const r = this.forms.get(word);
    if (r !== undefined) return r === NONE ? undefined : r.flags;
    const memo = this.flags.get(word);
    if (memo !== undefined) return memo === NO_FORM ? undefined : memo;
    const flags = this.store.formFlags(word);
    this.flags.remember(word, flags ?? NO_FORM);
    return flags;
  }

  headword(word: string): HeadwordRecord | undefined {
    const r = this.headwords.get(word) ?? this.headwords.remember(word, this.store.headword(word) ?? NONE);
    return r === NONE ? undefined : r;
  }

  mayBeForm(word: string): boolean {
    // Only "maybe" answers are remembered: the misses are mostly edit
    // variants probed once, where remembering would cost more than hashing.
    if (this.bloom.get(word)) return true;
    const r = this.store.mayBeForm(word);
    if (r) this.bloom.remember(word, true);
    return r;
  }

  /** Not memoized: the strings probed this way are mostly no form, each probed once; a caller builds and looks up the few that may be. */
  mayBeFormJoined(a: string, b: string, c = ''): boolean {
    return this.store.mayBeFormJoined(a, b, c);
  }

  /** The store's filter of form beginnings (the slip search's). */
  formBeginnings(): BeginningsFilter {
    return this.store.formBeginnings();
  }

  formsByConfusionKey(key: string): string[] {
    return this.keys.get(key) ?? this.keys.remember(key, this.store.formsByConfusionKey(key));
  }

  /** Not memoized: asked only for the candidates that tie on distance, whose ranking the result cache keeps. */
  rank(word: string): number | undefined {
    return this.store.rank(word);
  }

  /** Not memoized: asked once per word the result cache misses. */
  verdict(word: string): StoredVerdict | undefined {
    return this.store.verdict(word);
  }

  /** Not memoized: asked at most once per word, for the few words that reach the last stages of a check. */
  examples(word: string): ExampleSentence[] {
    return this.store.examples(word);
  }

  /** Not memoized: asked only of the few words the thesaurus-spelling rule would flag. */
  completions(prefix: string): string[] {
    return this.store.completions(prefix);
  }
}
