// The spellchecker: its public API over the WordStore interface, and the
// caches in front of the decision procedure (decision.ts, whose header
// lists the stages a word goes through).
//
// A word is normalized (normalizeWord: NFC, joiners dropped, ':' as
// visarga), then answered from, in order: the per-word result cache (an
// LRU keyed by the normalized word, whose hits and misses are the health
// counters); the table every thread of the process shares (shareResults);
// the verdict the build stored for a word of the lists (storedVerdicts: the
// same stages, worked out once by the same code, src/build/verdicts.ts);
// and only then the decision procedure. Store records and rule findings are
// memoized separately (store-memo.ts, standard.ts), so a cold check of a
// long text reads each record once. The words of one text share a cap on
// the candidate search's work (candidates.ts startText); a word whose
// search the cap cut short is answered, not cached.
//
// The parts, each in its file: correction candidates (candidates.ts), the
// standard's rules and spellings (standard.ts), real text's evidence
// (evidence.ts, which the romanizer reads too), a word beside its twins
// (twins.ts), the compound correction (compound-correction.ts).

import { CandidateGenerator, MAX_CANDIDATE_COST, SLIP_SEARCH_TEXT_CAP } from './candidates.js';
import { CompoundCorrection } from './compound-correction.js';
import { Decision } from './decision.js';
import { RealTextEvidence } from './evidence.js';
import { Morphology } from './morphology.js';
import type { OrthographyFinding } from './orthography.js';
import { hasDevanagariLetter } from '../lang/letters.js';
import { normalizeWord } from '../lang/normalize.js';
import { checkpoint, NEVER_STOP, type StopCheck } from '../lang/checkpoint.js';
import type { SpellcheckTextResult, SpellcheckWordResult, SpellLevel } from './results.js';
import { MAX_WORD_LENGTH, NUMERAL, StandardSpelling } from './standard.js';
import { textResult, wordOccurrences } from './text-result.js';
import { Twins } from './twins.js';
import { categoryOf, CORRECT, decodeResult, encodeResult } from './word-result.js';
import { FORM_CORRECT_VERDICT, FORM_LEXICON } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';
import { StoreMemo } from './store-memo.js';
import { approxBytes, CachePlan, DEFAULT_CACHE_BYTES, type BudgetCache } from '../lang/budget-cache.js';
import type { SharedStrings } from '../lang/shared-strings.js';

/** similarWords (WORD_NOT_FOUND similar_words) looks further: the word may be anything. */
const SIMILAR_MAX_COST = 1.6;

export interface SpellcheckerOptions {
  /**
   * The thread's caches (lang/budget-cache.ts): this checker makes its own
   * in it, and the romanizer given this checker makes its caches there too.
   * A plan of DEFAULT_CACHE_BYTES by default; a plan of 0 bytes caches nothing.
   */
  caches?: CachePlan;
  /** False: every word is checked anew (the memos of store reads still serve): cold-check benchmarks, the build's verdicts. Default true. */
  resultCache?: boolean;
  /**
   * Answer a vocabulary form with the verdict the build stored for it
   * (FORM_CORRECT_VERDICT, or WordStore.verdict: src/build/verdicts.ts,
   * worked out by this same engine) instead of checking it again, and take
   * a stored "correct" as a sign that no orthography rule fires on it. Only when the store's
   * verdicts come from this engine code (the caller compares
   * StoreMeta.verdicts.engine with verdictFingerprint(), fingerprint.ts). Default false.
   */
  storedVerdicts?: boolean;
  /** Slip-search tests the words of one text share (candidates.ts SLIP_SEARCH_TEXT_CAP by default). */
  slipSearchTestsPerText?: number;
}

export class Spellchecker {
  /** The morphology layer over this checker's store memo (the romanizer shares it). */
  readonly morph: Morphology;
  /** What real text says of a word (the romanizer's word facts read it too). */
  readonly evidence: RealTextEvidence;
  /** A word beside its twins (bench/thesaurus-twins.ts asks it directly). */
  readonly twins: Twins;
  /** The thread's caches (the romanizer makes its own in the same plan). */
  readonly caches: CachePlan;
  private readonly generator: CandidateGenerator;
  private readonly standard: StandardSpelling;
  private readonly decision: Decision;
  /** Per-word results; null when resultCache is false. */
  private readonly cache: BudgetCache<SpellcheckWordResult> | null;
  private hits = 0;
  private misses = 0;
  private readonly storedVerdicts: boolean;
  private readonly slipSearchTestsPerText: number;
  /** The results every thread of the process has worked out (shareResults); null until given. */
  private shared: SharedStrings | null = null;
  /** The store behind a memo of its records (store-memo.ts); the romanizer reads its candidates' form records through it too. */
  readonly store: StoreMemo;

  constructor(store: WordStore, options: SpellcheckerOptions = {}) {
    const caches = options.caches ?? new CachePlan(DEFAULT_CACHE_BYTES);
    this.caches = caches;
    // (The caches are made in this order, which health lists.)
    this.cache = options.resultCache === false ? null : caches.cache('spell.results', 0.25, approxBytes);
    const orthographyMemo = caches.cache<OrthographyFinding | false>('spell.orthography', 0.03, approxBytes);
    const memo = new StoreMemo(store, caches);
    this.store = memo;
    this.morph = new Morphology(memo, caches);
    this.generator = new CandidateGenerator(memo, this.morph, caches);
    this.storedVerdicts = options.storedVerdicts === true;
    this.slipSearchTestsPerText = options.slipSearchTestsPerText ?? SLIP_SEARCH_TEXT_CAP;
    this.evidence = new RealTextEvidence(memo, this.morph);
    this.standard = new StandardSpelling(memo, this.morph, this.evidence, orthographyMemo, this.storedVerdicts);
    const check = (w: string): SpellcheckWordResult => this.checkNormalized(w);
    this.twins = new Twins(memo, this.morph, this.evidence, this.standard, check);
    const compounds = new CompoundCorrection(this.morph, this.evidence, this.generator, this.standard, check);
    this.decision = new Decision({
      store: memo,
      morph: this.morph,
      evidence: this.evidence,
      generator: this.generator,
      standard: this.standard,
      twins: this.twins,
      compounds,
      check,
    });
  }

  /**
   * Checks one word as typed (it is normalized here). A misspelled word says
   * its category; at level `lenient` a `standard` one is answered correct.
   */
  checkWord(word: string, level: SpellLevel = 'standard'): SpellcheckWordResult {
    const raw = word.trim();
    let w = normalizeWord(raw);
    let result = this.checkNormalized(w);
    // An ASCII colon after a word reads as visarga (प्राय: = प्रायः), but it
    // may also be punctuation (अनुसार:): when the visarga reading is not a
    // word, the word before the colon is checked instead.
    if (result.status !== 'correct' && raw.length > 1 && raw.endsWith(':')) {
      const bareWord = normalizeWord(raw.slice(0, -1));
      const bare = this.checkNormalized(bareWord);
      if (bare.status === 'correct' || result.status === 'unknown') {
        result = bare;
        w = bareWord;
      }
    }
    if (result.status !== 'misspelled') return result;
    const category = categoryOf(w, result);
    if (level === 'lenient' && category === 'standard') return CORRECT;
    // The verdict itself is shared (caches, stored verdicts): the answer is a copy with its category.
    return { ...result, category };
  }

  /**
   * The spelling an orthography rule of the standard gives the word (typed;
   * normalized here), or for a word of the word list the thesaurus's
   * spelling of it (twins.ts thesaurusSpelling: शहीद, सहिद), or null: the
   * first correction checkWord gives with a `rule` or for that reason,
   * without the candidate search (the romanizer asks it of every candidate
   * it finds, and lists the word right after its standard spelling).
   */
  standardSpelling(word: string): string | null {
    const w = normalizeWord(word.trim());
    if (!w || NUMERAL.test(w) || !hasDevanagariLetter(w) || w.length > MAX_WORD_LENGTH) return null;
    const finding = this.standard.finding(w);
    if (finding) return this.standard.refineRuleCorrection(w, finding.correction);
    return (this.store.formFlags(w) ?? 0) & FORM_LEXICON ? this.twins.thesaurusSpelling(w) : null;
  }

  /**
   * From now on, results are also looked up in and written to `table`, which
   * the other threads share (lang/shared-strings.ts): a word one thread has
   * checked in full is not checked again by another. Given after a thread's
   * warm-up, which must run the engine's code, not find its answers there.
   */
  shareResults(table: SharedStrings): void {
    this.shared = table;
  }

  /** A normalized word's result: from the caches, the stored verdicts, or the decision procedure. */
  private checkNormalized(w: string): SpellcheckWordResult {
    const cached = this.cache?.get(w);
    if (cached) {
      this.hits++;
      return cached;
    }
    const shared = this.shared?.get(w);
    if (shared !== undefined) {
      this.hits++;
      return this.cache ? this.cache.remember(w, decodeResult(shared)) : decodeResult(shared);
    }
    this.misses++;
    const stored = this.storedVerdicts ? this.storedVerdict(w) : undefined;
    if (stored) {
      this.cache?.remember(w, stored);
      // A word's flags say "correct" in one read; a verdict of another kind is a record to decode, worth sharing.
      if (stored !== CORRECT) this.shared?.set(w, encodeResult(stored));
      return stored;
    }
    const cutShort = this.generator.searchesCutShort;
    const result = this.decision.check(w);
    // (Not a word whose slip search the text's share of the work cut short: another text may search it in full.)
    if (this.decision.isFinal(result) && this.generator.searchesCutShort === cutShort) {
      this.cache?.remember(w, result);
      this.shared?.set(w, encodeResult(result));
    }
    return result;
  }

  /**
   * The build's verdict on a vocabulary form (src/build/verdicts.ts): "correct" from the form's flags,
   * any other from the store's verdicts; undefined for a word no list has. A Bloom probe and a read of
   * the form's flags. The verdict is this engine's final answer for the word, also
   * while the compound correction runs: a stored verdict is never a join (the compound correction never
   * takes apart a word real text writes, and a lexicon form is never unknown).
   */
  private storedVerdict(w: string): SpellcheckWordResult | undefined {
    if (!this.store.mayBeForm(w)) return undefined;
    const flags = this.store.formFlags(w);
    if (flags === undefined) return undefined;
    if (flags & FORM_CORRECT_VERDICT) return CORRECT;
    const v = this.store.verdict(w);
    // A copy: the store's own record (a memory store's) stays as it is.
    return v ? (Object.freeze({ ...v }) as SpellcheckWordResult) : undefined;
  }

  /**
   * Checks every Devanagari word of the text. Each distinct spelling is
   * reported once, in order of first occurrence, with all its occurrences
   * (UTF-16 offsets into `text`, end exclusive). `stop` is asked before
   * each word (a cancelled job ends there: lang/checkpoint.ts).
   */
  checkText(text: string, stop: StopCheck = NEVER_STOP, level: SpellLevel = 'standard'): SpellcheckTextResult {
    this.generator.startText(this.slipSearchTestsPerText);
    try {
      return textResult(
        wordOccurrences(text),
        (word) => {
          checkpoint(stop);
          return this.checkWord(word);
        },
        level,
      );
    } finally {
      this.generator.endText();
    }
  }

  /** checkWord of each word at level standard (a caller that keeps verdicts assembles texts with text-result.ts); the words share a text's work cap. */
  checkWords(words: readonly string[], stop: StopCheck = NEVER_STOP): SpellcheckWordResult[] {
    this.generator.startText(this.slipSearchTestsPerText);
    try {
      return words.map((word) => {
        checkpoint(stop);
        return this.checkWord(word);
      });
    } finally {
      this.generator.endText();
    }
  }

  /** Corrections for a word that may not be misspelled, best first, at most `limit` (used for WORD_NOT_FOUND similar_words). */
  similarWords(word: string, limit: number): string[] {
    const w = normalizeWord(word.trim());
    if (!w || !hasDevanagariLetter(w) || limit < 1 || w.length > MAX_WORD_LENGTH) return [];
    const out: string[] = [];
    const checked = this.checkNormalized(w);
    if (checked.corrections) out.push(...checked.corrections);
    for (const c of this.generator.candidates(w, limit + 1, Math.min(SIMILAR_MAX_COST, MAX_CANDIDATE_COST))) {
      if (!out.includes(c.word)) out.push(c.word);
    }
    return out.filter((c) => c !== w).slice(0, limit);
  }

  /** Zeroes the hit and miss counters: after a thread's warm-up, health counts the service's own checks. */
  resetCacheStats(): void {
    this.hits = 0;
    this.misses = 0;
  }

  cacheStats(): { hits: number; misses: number } {
    return { hits: this.hits, misses: this.misses };
  }
}
