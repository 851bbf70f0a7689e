// Romanization resolve: romanized Nepali -> Devanagari words from the
// dictionary data (spec section 2.5 / 4.6). A Romanizer serves one thread:
// it is given the thread's Spellchecker (what the spellchecker would flag,
// the romanizer never offers first; one cache of word verdicts for both)
// and makes its caches in the spellchecker's CachePlan (one byte budget per
// thread, lang/budget-cache.ts): the analyses of the tokens it has met, the
// facts and syllables of their candidate words (lexicon.ts), and the JSON
// fragments of its answers (json.ts). With the storedAnalyses option it
// reads the analyses the build stored for the usual casual keys
// (stored-analysis.ts) instead of computing them.
//
// How a token is analysed and ranked, and how a text's context chooses
// among the candidates: roman/README.md.

import { checkpoint, NEVER_STOP, type StopCheck } from '../lang/checkpoint.js';
import type { StoredAnalysis } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';
import { Spellchecker } from '../spell/spellchecker.js';
import { analysisBytes, analyzeToken, type WordAnalysis } from './analysis.js';
import type { BudgetCache } from '../lang/budget-cache.js';
import { DEFAULT_MAX_CANDIDATES, MAX_MAX_CANDIDATES, MIN_MAX_CANDIDATES } from './candidates.js';
import { resolveSequence } from './context.js';
import { RomanizationJson } from './json.js';
import { CASUAL_TYPED, romanKey } from './keys.js';
import { Lexicon } from './lexicon.js';
import type { RomanizationResult } from './results.js';
import { fromStoredAnalysis, toStoredAnalysis } from './stored-analysis.js';
import { tokenizeRoman, type RomanTextToken } from './tokenize.js';

export { DEFAULT_MAX_CANDIDATES, MAX_MAX_CANDIDATES, MIN_MAX_CANDIDATES };
export { RANKING_SUMMARY } from './ranking.js';
export { CONTEXT_SUMMARY } from './context.js';

/** Cache-key prefix of an analysis with guesses (no roman token holds this character). */
const GUESS_TAG = '\u0001';

export interface RomanizerOptions {
  /**
   * Read a token's analysis from the store when the build stored one
   * (WordStore.analysis: the usual casual keys, analysed at build time by
   * this same engine) instead of computing it, and a candidate's case-form
   * count (WordStore.caseForms) instead of counting it. Only when the store's
   * analyses come from this engine code (the caller compares
   * StoreMeta.analyses.engine with analysisFingerprint(), fingerprint.ts).
   * Default false.
   */
  storedAnalyses?: boolean;
}

export class Romanizer {
  private readonly lexicon: Lexicon;
  /**
   * Token analyses: a romanized text repeats its words, and a service sees
   * the same words in many requests; an analysis depends only on the store
   * and the token. The largest of a thread's caches.
   */
  private readonly analyses: BudgetCache<WordAnalysis>;
  private readonly serializer: RomanizationJson;
  private readonly storedAnalyses: boolean;

  /** `spell` is the thread's spellchecker over the same store. */
  constructor(
    readonly store: WordStore,
    readonly spell: Spellchecker,
    options: RomanizerOptions = {},
  ) {
    this.storedAnalyses = options.storedAnalyses === true;
    this.lexicon = new Lexicon(store, spell, this.storedAnalyses);
    this.analyses = spell.caches.cache('roman.analyses', 0.3, analysisBytes);
    this.serializer = new RomanizationJson(spell.caches);
  }

  /**
   * Resolves a romanized text. Every character is kept: converted_text is the
   * text with each converted token replaced by its first candidate; offsets
   * are UTF-16 code units, end exclusive. `tokens` lists every token that has
   * letters or digits (words, numbers, addresses, Devanagari), converted or
   * not; whitespace and punctuation are not tokens. `stop` is asked before
   * each word's analysis (a cancelled job ends there: lang/checkpoint.ts).
   */
  resolveText(text: string, maxCandidates: number = DEFAULT_MAX_CANDIDATES, stop: StopCheck = NEVER_STOP): RomanizationResult {
    const toks = tokenizeRoman(text);
    const tokens = this.resolveSequence(toks, maxCandidates, stop);
    const parts: string[] = [];
    let pos = 0;
    for (const t of tokens) {
      if (t.start! > pos) parts.push(text.slice(pos, t.start!));
      parts.push(t.converted);
      pos = t.end!;
    }
    if (pos < text.length) parts.push(text.slice(pos));
    return { text, converted_text: parts.join(''), tokens };
  }

  /**
   * Resolves a list of roman tokens, each taken whole (trimmed), with the
   * list as the context of the text-level rules. Offsets and text are null;
   * converted_text is the converted tokens joined by single spaces.
   */
  resolveTokens(tokens: string[], maxCandidates: number = DEFAULT_MAX_CANDIDATES, stop: StopCheck = NEVER_STOP): RomanizationResult {
    const toks: RomanTextToken[] = tokens.map((raw, i) => {
      const text = raw.trim();
      // A token that is, or ends in, punctuation ("ghar,", ".") stands between its neighbours as the mark would in a text.
      const punctBefore = i > 0 && ENDS_IN_PUNCTUATION.test(tokens[i - 1]!.trim());
      return { text, start: 0, end: 0, kind: tokenKind(text), sentenceStart: i === 0, punctBefore, closeBefore: false, endsSentence: false };
    });
    const resolved = this.resolveSequence(toks, maxCandidates, stop).map((t) => ({ ...t, start: null, end: null }));
    return { text: null, converted_text: resolved.map((t) => t.converted).join(' '), tokens: resolved };
  }

  /**
   * One roman word's analysis (no context rules), cached by its key (a
   * token typed otherwise, Ghar for ghar, works out its key again rather
   * than hold a second entry, which the cache's budget would count as a
   * second analysis). With `guess`, a word nothing matches in a usual
   * spelling is also looked up one edit of its fuzzy key away: asked only
   * for a word typed alone.
   */
  analyzeWord(token: string, guess = false): WordAnalysis {
    const cache = this.analyses;
    const tag = guess ? GUESS_TAG : '';
    const hit = cache.get(tag + token);
    if (hit) return hit;
    const key = romanKey(token);
    return (key === token ? undefined : cache.get(tag + key)) ?? cache.remember(tag + key, this.analyzeKey(key, guess));
  }

  /**
   * The analysis of a roman key as the build stores it (stored-analysis.ts):
   * always computed, never read from the store nor cached.
   */
  storableAnalysis(key: string): StoredAnalysis {
    return toStoredAnalysis(analyzeToken(this.lexicon, key, false));
  }

  /** The analysis of a key: the stored one when there is one to use (only casual keys are stored; guesses never), else computed. */
  private analyzeKey(key: string, guess: boolean): WordAnalysis {
    if (this.storedAnalyses && !guess && CASUAL_TYPED.test(key)) {
      const stored = this.store.analysis(key);
      if (stored) return fromStoredAnalysis(stored, this.lexicon.morph);
    }
    return analyzeToken(this.lexicon, key, guess);
  }

  /** The UTF-8 bytes of JSON.stringify(result), from cached fragments of its tokens (json.ts). */
  json(result: RomanizationResult): Uint8Array {
    return this.serializer.bytes(result);
  }

  private resolveSequence(toks: RomanTextToken[], maxCandidates: number, stop: StopCheck) {
    const analyze = (token: string, guess?: boolean): WordAnalysis => {
      checkpoint(stop);
      return this.analyzeWord(token, guess);
    };
    return resolveSequence(toks, analyze, clampMax(maxCandidates));
  }
}

function clampMax(n: number): number {
  if (!Number.isFinite(n)) return DEFAULT_MAX_CANDIDATES;
  return Math.min(MAX_MAX_CANDIDATES, Math.max(MIN_MAX_CANDIDATES, Math.trunc(n)));
}

/** Ends in a mark that is neither a letter, a digit, nor the apostrophe or hyphen inside words (or is empty). */
const ENDS_IN_PUNCTUATION = /(?:^|[^\p{L}\p{M}\p{N}'\u2019-])$/u;

/** The kind of a token given whole: a word only when it is one word token of the tokenizer. */
function tokenKind(text: string): RomanTextToken['kind'] {
  const t = tokenizeRoman(text);
  if (t.length === 1 && t[0]!.start === 0 && t[0]!.end === text.length) return t[0]!.kind;
  return 'mixed';
}
