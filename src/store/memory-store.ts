// A WordStore over in-memory StoreRecords: unit tests build one from a small
// fixture with buildRecords, so engines run on the same record shapes as in
// production without LMDB.

import { formBeginningsFilter, type BeginningsFilter, type BloomFilter } from './bloom.js';
import {
  type AliasRecord,
  type EnglishRecord,
  type ExampleSentence,
  type FormRecord,
  type HeadwordRecord,
  type SkeletonWord,
  type StoreMeta,
  type StoreRecords,
  type StoredAnalysis,
  type StoredVerdict,
} from './types.js';
import type { WordStore } from './word-store.js';

export class MemoryStore implements WordStore {
  readonly meta: StoreMeta;

  constructor(
    private readonly records: StoreRecords,
    private readonly bloom: BloomFilter | null = null,
  ) {
    this.meta = records.meta;
  }

  get bloomLoaded(): boolean {
    return this.bloom !== null;
  }

  headword(word: string): HeadwordRecord | undefined {
    return this.records.headwords.get(word);
  }

  entryJson(word: string): Uint8Array | undefined {
    return this.records.entryJson?.get(word);
  }

  form(word: string): FormRecord | undefined {
    return this.records.forms.get(word);
  }

  formFlags(word: string): number | undefined {
    return this.records.forms.get(word)?.flags;
  }

  mayBeForm(word: string): boolean {
    if (this.bloom) return this.bloom.has(word);
    // Without a filter the exact answer is as cheap as the filter here.
    return this.records.forms.has(word);
  }

  mayBeFormJoined(a: string, b: string, c = ''): boolean {
    return this.bloom ? this.bloom.hasJoined(a, b, c) : this.records.forms.has(a + b + c);
  }

  private beginnings: BeginningsFilter | null = null;

  formBeginnings(): BeginningsFilter {
    return (this.beginnings ??= formBeginningsFilter(this.bloom, this.meta.bloom?.beginnings, () => this.records.forms.keys()));
  }

  formsByConfusionKey(key: string): string[] {
    return this.records.confusion.get(key) ?? [];
  }

  completions(prefix: string): string[] {
    return this.records.completions.get(prefix) ?? [];
  }

  aliases(alias: string): AliasRecord[] {
    return this.records.aliases.get(alias) ?? [];
  }

  fuzzyAliases(key: string): AliasRecord[] {
    return this.records.fuzzyAliases.get(key) ?? [];
  }

  examples(word: string): ExampleSentence[] {
    return (this.records.sentenceIndex.get(word) ?? []).map((i) => this.records.sentences[i]!);
  }

  exampleSentences(word: string): ExampleSentence[] {
    return (this.records.exampleIndex?.get(word) ?? []).map((i) => this.records.sentences[i]!);
  }

  verdict(word: string): StoredVerdict | undefined {
    return this.records.verdicts.get(word);
  }

  analysis(key: string): StoredAnalysis | undefined {
    return this.records.analyses.get(key);
  }

  caseForms(word: string): number {
    return this.records.caseForms.get(word) ?? 0;
  }

  rank(word: string): number | undefined {
    return this.records.ranks.get(word);
  }

  loanSkeleton(key: string): readonly SkeletonWord[] {
    return this.records.loanSkeletons.get(key) ?? [];
  }

  english(word: string): EnglishRecord | undefined {
    return this.records.english?.get(word);
  }

  englishWords(key: string): readonly string[] {
    return this.records.englishIndex?.get(key) ?? [];
  }
}
