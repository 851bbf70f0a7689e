// What one roman token resolves to, independent of max_candidates and of its
// context: the candidate stages run in order over one CandidateSet, then
// the spellchecker's view of spelling and the ranking order them. The
// stages and the ranking are described in roman/README.md; each stage is
// its own function under stages/.

import { stringBytes } from '../lang/budget-cache.js';
import { MAX_MAX_CANDIDATES, publicCandidate, readToken, Stage, CandidateSet } from './candidates.js';
import { ENGLISH_WORDS, LOOKS_ENGLISH } from './english.js';
import { postpositionHeadword } from './inflection.js';
import { fuzzyRomanKey } from './keys.js';
import type { Lexicon } from './lexicon.js';
import { compareCandidates } from './ranking.js';
import type { RomanCandidate } from './results.js';
import { gate, Gate, standardFirst } from './spellcheck-gate.js';
import { USUAL_MATCH_WEIGHT } from './weights.js';
import { acceptedVariantsFirst, fifthLetterFirst, standardSpellingsFirst } from './spelling-order.js';
import { compoundStage } from './stages/compound.js';
import { exactAliasStage, initialismStage } from './stages/exact.js';
import { firstPersonTwinStage } from './stages/first-person.js';
import { fuzzyStage, schwaStage } from './stages/fuzzy.js';
import { guessStage, isGuessable } from './stages/guess.js';
import { loanSkeletonStage, loanStage } from './stages/loan.js';
import { realTextSpellingStage } from './stages/real-text-spelling.js';
import { reverseSpellingStage } from './stages/reverse-spelling.js';
import { newsSplitStage, splitStage } from './stages/split.js';

/**
 * What the text-level rules (context.ts) read of a ranked candidate: a
 * Scored one of a computed analysis, or one restored from a stored
 * analysis (stored-analysis.ts).
 */
export interface RankedCandidate {
  word: string;
  weight: number;
  stage: Stage;
  headword: boolean;
  facts: { readonly verbForm: boolean };
}

export interface WordAnalysis {
  /** Ranked, at most MAX_MAX_CANDIDATES; `public` starts with them, in this order. */
  candidates: RankedCandidate[];
  /** Some candidate is an exact alias match (a dictionary word, a split form or an attested word). */
  exact: boolean;
  /** The first candidate is an English spelling of a loanword (Stage.Loan), or a loanword found by its consonant skeleton (stages/loan.ts). */
  loan: boolean;
  /** ... with a Nepali postposition joined (cancerko: क्यान्सरको): a Nepali reading is meant. */
  loanInflected: boolean;
  /** ... a word of the news word list (real text writes it in Devanagari: phone फोन, battery ब्याट्री). */
  loanAttested: boolean;
  /** The first candidate is a lower-case initialism read letter by letter (kc: केसी), a name or term of the word lists. */
  initialism: boolean;
  /** No dictionary word matched exactly in a usual spelling: the guess stage runs for the word when it is typed alone. */
  guessable: boolean;
  /** The lower-cased token is one of ENGLISH_WORDS. */
  englishWord: boolean;
  /** The token has letter patterns of English spelling (LOOKS_ENGLISH). */
  looksEnglish: boolean;
  /** The public candidates (all of them; callers take the first max_candidates). */
  public: RomanCandidate[];
  /**
   * The lists handed out so far (see candidateView), by postposition order
   * and max_candidates: the same token gets the same (never mutated) array
   * in every answer, so a serializer can cache its JSON by the array
   * (roman/json.ts).
   */
  views?: Map<number, RomanCandidate[]>;
}

/**
 * Estimated bytes an analysis holds while it is cached: per candidate, its
 * ranked record (the facts it shares with word-facts.ts are not counted),
 * its public record with its strings and lists, and the lists and JSON
 * fragments (json.ts) answers make of it later, which live as long as the
 * analysis does. Calibrated in bench/RESULTS.md#cache-budget.
 */
export function analysisBytes(a: WordAnalysis): number {
  let n = ANALYSIS_BYTES + RANKED_BYTES * a.candidates.length;
  for (const c of a.public) n += CANDIDATE_BYTES + stringBytes(c.word) + stringBytes(c.alias) + 8 * (c.kinds.length + c.dictionaries.length);
  return n;
}
const ANALYSIS_BYTES = 240;
/** A ranked candidate (its word is the public one's, its facts are word-facts.ts's). */
const RANKED_BYTES = 80;
/** A public candidate, and its share of the lists and JSON fragments answers make of the analysis. */
const CANDIDATE_BYTES = 480;

/** Longer tokens are no Nepali word (and would only cost look-ups). */
const MAX_TOKEN_LENGTH = 40;

/**
 * The analysis of one token by its romanKey. With `guess`, a word nothing
 * matches in a usual spelling is also looked up one edit of its fuzzy key
 * away (stages/guess.ts): asked only for a word typed alone.
 */
export function analyzeToken(lexicon: Lexicon, key: string, guess: boolean): WordAnalysis {
  if (key.length === 0 || key.length > MAX_TOKEN_LENGTH) {
    return {
      candidates: [],
      exact: false,
      loan: false,
      loanInflected: false,
      loanAttested: false,
      initialism: false,
      guessable: false,
      englishWord: false,
      looksEnglish: false,
      public: [],
      views: undefined,
    };
  }
  const token = readToken(key);
  const set = new CandidateSet(lexicon, token);

  // 1. exact: the stored aliases; 1b. a lower-case initialism (kc: केसी)
  const typedExactly = exactAliasStage(set);
  const initialism = initialismStage(set);
  // 2. the token spelled back into Devanagari, kept where the store knows the word
  if (token.casual) reverseSpellingStage(set);
  // 3. stem + ending, unless a dictionary word matched whole (one the
  //    spellchecker lets through: a misspelling the word list carries,
  //    प्रकृयाहरु, does not stop the search for प्रक्रियाहरू); when one did,
  //    the first-person twins of the exact matches
  const matchedWhole = set.some((c) => c.stage === Stage.Exact && !c.facts.attestedOnly && gate(lexicon.spell, c) !== Gate.LastResort);
  if (!matchedWhole) splitStage(set);
  else if (token.casual) firstPersonTwinStage(set);
  // 3b. an English spelling of a loanword, when no dictionary word matched in a usual spelling
  if (token.casual && !set.some((c) => c.stage <= Stage.Split && !c.facts.attestedOnly && c.weight >= USUAL_MATCH_WEIGHT)) loanStage(set);
  // 4. a compound of two dictionary words, when no dictionary word matched
  //    (a word only the news list has does not stop the search for dictionary words)
  const compound = token.casual && !set.hasDictionaryWord() ? compoundStage(set) : false;
  // 4b. a postposition after a word only real text has, when nothing else matched exactly
  if (!matchedWhole && !set.some((c) => c.stage <= Stage.Loan)) newsSplitStage(set);
  // 5. fuzzy; 6. the schwa variants of the fuzzy key, when no dictionary word matched
  const fkey = fuzzyRomanKey(token.lower);
  if (fkey) fuzzyStage(set, fkey);
  if (!set.hasDictionaryWord() && fkey.length >= 3) schwaStage(set, fkey);
  // 7. guesses one edit of the fuzzy key away, when the caller asks (a word typed alone)
  const guessable = isGuessable(set, fkey);
  if (guess && guessable) {
    guessStage(set, fkey);
    // 7b. a loanword the news list spells with other vowels (facebook फेसबुक)
    loanSkeletonStage(set, false);
  } else if (guessable && set.size === 0) {
    // 7c. in running text, a token nothing matched at all may still be a
    // loanword the news list spells its own way (mero phone ko battery: ब्याट्री)
    loanSkeletonStage(set, true);
  }
  // 8. real text's own spellings of an exact or split match (the last resort)
  if (token.casual) realTextSpellingStage(set);

  // The spellchecker's view of spelling, then the ranking.
  standardSpellingsFirst(set);
  acceptedVariantsFirst(set);
  fifthLetterFirst(set);
  if (typedExactly !== null) for (const c of set.values()) c.typedExactly = typedExactly.has(c.word);
  const { candidates, lastResort } = standardFirst(lexicon.spell, set.list().sort(compareCandidates));
  const first = candidates[0];
  // a loanword reading, or a loanword the news list spells with other vowels ranked first among the guesses (facebook: फेसबुक)
  const loan = first?.stage === Stage.Loan || (first?.stage === Stage.Guess && first.kinds.includes('english'));
  return {
    candidates,
    // A compound made up here says little about the language of the token.
    exact: candidates.some((c) => c.stage <= Stage.Split && !(compound && c.stage === Stage.Split)),
    loan,
    loanInflected: first?.stage === Stage.Loan && postpositionHeadword(first.word, (w) => lexicon.isHeadword(w)) !== null,
    loanAttested: loan && first!.facts.attested,
    initialism: initialism !== null && first?.word === initialism,
    guessable,
    englishWord: ENGLISH_WORDS.has(token.lower),
    looksEnglish: token.folded === null && LOOKS_ENGLISH.test(token.lower),
    public: [...candidates, ...lastResort].slice(0, MAX_MAX_CANDIDATES).map(publicCandidate),
    views: undefined,
  };
}

/**
 * The public candidates of an analysis as one answer lists them: the
 * candidate at `order` moved first (when order >= 0), the first `max` kept.
 * Memoized on the analysis, so repeated tokens share one array.
 */
export function candidateView(analysis: WordAnalysis, order: number, max: number): RomanCandidate[] {
  const pub = analysis.public;
  if (order < 0 && max >= pub.length) return pub;
  const id = (order + 1) * (MAX_MAX_CANDIDATES + 1) + max;
  let views = analysis.views;
  const hit = views?.get(id);
  if (hit) return hit;
  const list = order < 0 ? pub.slice(0, max) : [pub[order]!, ...pub.slice(0, order), ...pub.slice(order + 1)].slice(0, max);
  if (!views) analysis.views = views = new Map();
  views.set(id, list);
  return list;
}
