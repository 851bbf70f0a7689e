// The interface the engines see. The LMDB store (lmdb-store.ts) serves
// production; the memory store (memory-store.ts) serves unit tests from a
// small fixture. Both are built from the same StoreRecords
// (src/build/records.ts), so an engine behaves the same on either.
//
// Every method takes keys already passed through normalizeWord (or, for the
// roman indexes, through the romanization engine's own key functions) and is
// synchronous: lmdb-js reads are synchronous memory-mapped look-ups.

import type { BeginningsFilter } from './bloom.js';
import type {
  AliasRecord,
  EnglishRecord,
  ExampleSentence,
  FormRecord,
  HeadwordRecord,
  SkeletonWord,
  StoreMeta,
  StoredAnalysis,
  StoredVerdict,
} from './types.js';

export interface WordStore {
  readonly meta: StoreMeta;
  /** The headword record, or undefined when no dictionary has the word. */
  headword(word: string): HeadwordRecord | undefined;
  /** The headword's entry as JSON bytes the build wrote (StoreRecords.entryJson); undefined when it is no headword or the store has none. */
  entryJson(word: string): Uint8Array | undefined;
  /** The vocabulary form record (lexicon and/or attested), or undefined. */
  form(word: string): FormRecord | undefined;
  /** form(word)?.flags, without decoding the record's analyses. */
  formFlags(word: string): number | undefined;
  /**
   * Fast negative check over the vocabulary forms, lexicon and attested (the
   * Bloom filter): false means certainly no form record; true means "look it
   * up" (form() says what it is). Without the filter: true, or the exact answer.
   */
  mayBeForm(word: string): boolean;
  /** mayBeForm(a + b + c), without building the string when a filter answers. */
  mayBeFormJoined(a: string, b: string, c?: string): boolean;
  /**
   * The beginnings of the vocabulary forms, tested from a spelling's hash
   * lanes (store/bloom.ts): the build's filter when it holds them
   * (StoreMeta.bloom.beginnings), else one made from the forms on first use.
   */
  formBeginnings(): BeginningsFilter;
  /** Lexicon forms, and the grammatical forms of real text (src/build/records.ts), that share a confusion key (src/engine/spell/confusion.ts), most useful first. */
  formsByConfusionKey(key: string): string[];
  /** Precomputed ranked headword completions of a prefix (at most COMPLETIONS_PER_PREFIX). */
  completions(prefix: string): string[];
  /** Alias records whose alias equals the given roman key. */
  aliases(alias: string): AliasRecord[];
  /** Alias records whose fuzzy roman key equals the given key. */
  fuzzyAliases(key: string): AliasRecord[];
  /** Example sentences that use the word (headword or form), best first: the engines' sign of how much real text uses it. */
  examples(word: string): ExampleSentence[];
  /** The sentences the examples endpoint shows for the word, best first (StoreRecords.exampleIndex). */
  exampleSentences(word: string): ExampleSentence[];
  /** The spellcheck verdict the build stored for the word (a word only the news list has), or undefined. */
  verdict(word: string): StoredVerdict | undefined;
  /** The romanization analysis the build stored for a roman key (a usual casual spelling), or undefined. */
  analysis(key: string): StoredAnalysis | undefined;
  /**
   * How many of the word's case forms (CASE_FORM_PROBES) the news list has, as the build counted them
   * with the analyses (0 for a word it has none of; valid with them: StoreMeta.analyses).
   */
  caseForms(word: string): number;
  /**
   * The word's rank in the frequency word list of web text (1 = most
   * frequent; StoreRecords.ranks), or undefined when the list does not have
   * it. How common the written word is, not whether it is spelled right.
   */
  rank(word: string): number | undefined;
  /** The news list's uninflected words with this consonant skeleton, with their aliases' fuzzy keys (StoreRecords.loanSkeletons), most frequent first. */
  loanSkeleton(key: string): readonly SkeletonWord[];
  /** The word's English meanings per source and its lemmas, or undefined when no English dictionary has it. */
  english(word: string): EnglishRecord | undefined;
  /** The Nepali words whose meanings the key (engine/lookup/english.ts englishKey) matches, best first (StoreRecords.englishIndex). */
  englishWords(key: string): readonly string[];
  /** True when the Bloom filter is loaded and its checksum verified. */
  readonly bloomLoaded: boolean;
}

/** How many completions the build keeps for each prefix. */
export const COMPLETIONS_PER_PREFIX = 50;
