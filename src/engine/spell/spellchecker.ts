// The spellchecker: pure functions over the WordStore interface.
//
// A word is checked in this order:
//   1. normalize (normalizeWord: NFC, joiners dropped, ':' as visarga);
//   2. orthography rules of the Nepal Academy standard (orthography.ts):
//      they run before the lexicon because the dictionary accepts some
//      spellings the standard corrects; a rule that fires makes the word
//      "misspelled", its correction first, and names itself in `rule`;
//   3. the lexicon (FORM_LEXICON forms) and the morphology layer
//      (morphology.ts: postposition chains, compound and honorific verbs,
//      negative न-, literary -दछ, verb paradigms, closed-class words):
//      "correct", unless real text writes a twin far more often
//      (realWordError: छेत्र for क्षेत्र) or the thesaurus spells the word
//      otherwise and real text agrees (thesaurusSpelling: अस्विकार for
//      अस्वीकार);
//   4. the confusion slips (candidates.ts stage 1): a word that the
//      rules would make of a close lexicon word is the standard spelling of
//      that word and "correct" (संस्था, where the word list has सँस्था), as
//      is a word with the fifth letter of its stop's class where the word
//      list has the anusvara (सम्भव, where it has संभव);
//   5. word formation, only when no dictionary word is a slip away
//      (derivation, prefixes, and a word real text uses that the lexicon
//      knows through its derivatives or that three of the thesaurus's
//      definitions use: "correct"; a compound of two headwords or a
//      one-letter prefix: "unknown", plausible but not known);
//   6. the error model (candidates.ts, error-model.ts): "misspelled"
//      with up to five corrections when the best candidate is close enough,
//      "unknown" otherwise. A word attested in real text (FORM_ATTESTED) is
//      held to a stricter distance: it is often a name or a loanword the
//      dictionary lacks, so only a confusion-class slip (केहि/केही) makes
//      it misspelled, unless the word is long and its candidate is an
//      attested headword (THRESHOLDS.attestedPlausible). A candidate that
//      only trades the standard's fifth-letter nasal for anusvara
//      (सम्भव -> संभव) is never a correction (awayFromStandard). A first
//      correction one halanta from a correct word real text writes far more
//      often gives way to it (commonerHalantaTwin: भनीन -> भनिन्).
//      Without attestation, a phonetic neighbour is allowed
//      too, and an arbitrary letter change only on long words: a one-letter
//      change of a short word is as likely a name or another word as a typo
//      (THRESHOLDS). The length is that of the word without its
//      postpositions;
//   7. an unknown word real text does not write that is two words joined,
//      each accepted or one confusion slip from a lexicon word, whose
//      corrected join the checker accepts (तिथीमीति -> तिथिमिति, a compound
//      only real text has, which no index offers as a correction):
//      "misspelled" with that join (compoundCorrection).
//
// A word of the lists (a vocabulary form) is answered instead from the
// verdict the build stored for it (storedVerdicts): the same steps, worked
// out once by the same code (src/build/verdicts.ts).
//
// Per-word results are cached in an LRU keyed by the normalized word; its
// hits and misses are the health counters. Store records and rule findings
// are memoized separately (store-memo.ts), so a cold check of a long
// text reads each record once.

import { CandidateGenerator, CONFUSION_ONLY, MAX_CANDIDATE_COST, type Candidate } from './candidates.js';
import { Morphology, type MorphAnalysis } from './morphology.js';
import { FUNCTION_WORDS } from '../lang/closed-class.js';
import { VERB_CLASSES } from '../lang/hunspell-classes.js';
import { aksharaCount, CONSONANTS, FIFTH_LETTERS, hasDevanagariLetter, HALANTA, isConsonantCode, isLetterCode, STOP_CLASSES, STOPS } from '../lang/letters.js';
import { normalizeWord } from '../lang/normalize.js';
import { CASE_FORM_PROBES, POSTPOSITION_SET } from '../lang/postpositions.js';
import { sentencesUsing } from '../lang/text.js';
import { confusionKey } from './confusion.js';
import { editCost, editVariants } from './error-model.js';
import { applyOrthography, type OrthographyContext, type OrthographyFinding } from './orthography.js';
import { checkpoint, NEVER_STOP, type StopCheck } from '../lang/checkpoint.js';
import type { SpellCategory, SpellcheckTextResult, SpellcheckWordResult, SpellLevel } from './results.js';
import { textResult, wordOccurrences } from './text-result.js';
import { FORM_ATTESTED, FORM_CORRECT_VERDICT, FORM_HEADWORD, FORM_LEXICON, THESAURUS_DICT, type FormRecord } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';
import { StoreMemo } from './store-memo.js';
import { approxBytes, CachePlan, DEFAULT_CACHE_BYTES, type BudgetCache } from '../lang/budget-cache.js';
import type { SharedStrings } from '../lang/shared-strings.js';

/**
 * Definitions of the thesaurus that must use a word no list has for the
 * spellchecker to accept it (definitionsUse; the build indexes such words
 * for corrections, src/build/records.ts).
 */
export const DEFINITION_USES = 3;

/** At most this many corrections per word (spec: suggestions; issue 4: five). */
export const MAX_CORRECTIONS = 5;

/** Distance thresholds (error-model.ts costs) below which a candidate makes a word "misspelled". */
export const THRESHOLDS = {
  /** A word seen in real text: one confusion-class slip at most. */
  attested: 0.45,
  /**
   * A word seen in real text, of four aksharas or more, when the best
   * candidate is itself a headword seen in real text: a phonetic neighbour
   * or another vowel sign too (प्रशासन typed with its sibilants swapped).
   * The news vocabulary that marks words as attested holds common
   * misspellings of long words as well as names; a long name rarely lies
   * one phonetic edit from an attested headword (on real text, most of
   * what this flags are real errors: bench/RESULTS.md).
   */
  attestedPlausible: 0.75,
  /** Words of one or two aksharas (रे, जूता): a confusion slip, not a different letter. */
  short: 0.45,
  /** Words of three aksharas: a confusion slip or a phonetic neighbour (aspirate, another vowel sign). */
  medium: 0.75,
  /** Words of four or five aksharas: the same; an arbitrary letter change of a word this short is often a name. */
  normal: 0.75,
  /** Words of six aksharas or more: one arbitrary edit. */
  long: 1.0,
};
/** A candidate this close that the orthography rules correct to the word makes the word correct (उपनिषद -> उपनिषद्). */
const STANDARD_OF_VARIANT_COST = 0.6;
/** Attested case forms that make a word one real text inflects (realTextWord), when real text never shows its correction. */
const INFLECTED_IN_REAL_TEXT = 3;
/** Attested case forms that make a word one real text inflects when real text shows its correction bare but never inflected. */
const INFLECTED_RICHLY = 5;
/** Attested case forms that let real text's spelling of a word stand beside a lexicon twin it inflects less (prefersOver). */
const PREFERRED_CASE_FORMS = 2;
const NASAL_SIGNS = /[ंँ]/g;
/** Longer tokens (code units) are only looked up, never analysed or corrected. */
export const MAX_WORD_LENGTH = 40;
/**
 * Unknown words of more aksharas (not counting a postposition chain) are
 * not taken apart by compoundCorrection: two words of a compound rarely
 * make more, and each split point costs two candidate look-ups, which on
 * long runs of letters cost more than the rest of the check.
 */
const MAX_COMPOUND_CORRECTION_AKSHARAS = 8;
/** similarWords (WORD_NOT_FOUND similar_words) looks further: the word may be anything. */
const SIMILAR_MAX_COST = 1.6;
/**
 * How many times as often real text must write a word's twin for the word
 * to be a real-word error (realWordError). Measured with
 * bench/real-word-threshold.ts: at 100, 13 tokens of FLoRes dev (0.04%) and
 * 5 of the corpus words before the standard's view, one gold pair found
 * (छेत्र), no correct word of the pairs flagged; at 30, 53 tokens (bench/RESULTS.md).
 */
const REAL_WORD_RATIO = 100;
/** The rank the rules that compare ranks give a word the frequency list lacks (frequencyRank): about twice the list's 61,273 lines. */
const UNRANKED = 120_000;
/** A word ranked before this in the frequency list is never a real-word error (realWordError). */
const REAL_WORD_MIN_RANK = 20_000;
/**
 * thesaurusSpelling: real text writes the thesaurus's twin stem at least
 * this many times as often as the word's (bench/thesaurus-twins.ts: at 1,
 * 254 forms of the lexicon, बाण beside the rarer defined वाण among them; at
 * 1.5, 239, before the guard for words the thesaurus builds on: 236).
 */
const THESAURUS_TWIN_RATIO = 1.5;
/** ... and the two differ by at most two of the standard's slips (0.3-0.35 each; a little over 0.65 for float rounding). */
const THESAURUS_TWIN_COST = 0.66;
/**
 * commonerHalantaTwin: real text writes the correction's halanta twin at
 * least this many times as often (as THESAURUS_TWIN_RATIO). On the eval's
 * pairs and texts it moves 9 first corrections (भनीन: भनिन्, rank 1,283,
 * before भनिन, 3,681; बागमती: वाग्मती before वागमती); bench/RESULTS.md, session 18.
 */
const HALANTA_TWIN_RATIO = 1.5;

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
}

const CORRECT: SpellcheckWordResult = Object.freeze({ status: 'correct', corrections: null }) as SpellcheckWordResult;
const UNKNOWN: SpellcheckWordResult = Object.freeze({ status: 'unknown', corrections: null }) as SpellcheckWordResult;
const NUMERAL = /^[0-9\u0966-\u096F.,]+$/;

export class Spellchecker {
  /** The morphology layer over this checker's store memo (the romanizer shares it). */
  readonly morph: Morphology;
  private readonly generator: CandidateGenerator;
  private readonly ctx: OrthographyContext;
  /** The thread's caches (the romanizer makes its own in the same plan). */
  readonly caches: CachePlan;
  /** Per-word results; null when resultCache is false. */
  private readonly cache: BudgetCache<SpellcheckWordResult> | null;
  /** Orthography findings of words and of their candidates. */
  private readonly orthographyMemo: BudgetCache<OrthographyFinding | false>;
  private hits = 0;
  private misses = 0;
  private readonly storedVerdicts: boolean;
  /** The results every thread of the process has worked out (shareResults); null until given. */
  private shared: SharedStrings | null = null;

  /** The store behind a memo of its records (store-memo.ts). */
  private readonly store: StoreMemo;

  constructor(store: WordStore, options: SpellcheckerOptions = {}) {
    const caches = options.caches ?? new CachePlan(DEFAULT_CACHE_BYTES);
    this.caches = caches;
    this.cache = options.resultCache === false ? null : caches.cache('spell.results', 0.25, approxBytes);
    this.orthographyMemo = caches.cache('spell.orthography', 0.03, approxBytes);
    const memo = new StoreMemo(store, caches);
    this.store = memo;
    this.morph = new Morphology(memo, caches);
    this.generator = new CandidateGenerator(memo, this.morph, caches);
    this.storedVerdicts = options.storedVerdicts === true;
    const morph = this.morph;
    this.ctx = {
      isLexicon: (w) => morph.isLexicon(w),
      accepts: (w) => morph.isLexicon(w) || morph.analyse(w) !== null,
      thesaurusPos: (w) => {
        const entry = memo.headword(w)?.entries.find((e) => e.dictionary === THESAURUS_DICT);
        if (!entry) return [];
        const pos = new Set<string>();
        if (entry.pos) pos.add(entry.pos);
        for (const s of entry.senses) if (s.pos) pos.add(s.pos);
        return [...pos];
      },
      isInflectionOf: (w, stem) => {
        const f = memo.mayBeForm(w) ? memo.form(w) : undefined;
        return !!f && (f.flags & FORM_LEXICON) !== 0 && f.analyses.some((a) => a.stem === stem);
      },
      isHeadword: (w) => memo.mayBeForm(w) && ((memo.form(w)?.flags ?? 0) & FORM_HEADWORD) !== 0,
      isThesaurusHeadword: (w) => memo.headword(w)?.entries.some((e) => e.dictionary === THESAURUS_DICT) ?? false,
      isVerbParticiple: (w) => {
        if (FUNCTION_WORDS.has(w)) return false;
        const f = memo.mayBeForm(w) ? memo.form(w) : undefined;
        return !!f && (f.flags & FORM_LEXICON) !== 0 && f.analyses.some((a) => a.flag !== null && VERB_CLASSES.has(a.flag) && /[ीई]$/.test(a.suffix));
      },
      // A case form that is a headword of its own (गरि + मा = गरिमा, dignity) says nothing of the word.
      nounCaseForms: (w) => this.caseForms(w, CASE_FORM_PROBES.length, true),
    };
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
   * spelling of it (thesaurusSpelling: शहीद, सहिद), or null: the first
   * correction checkWord gives with a `rule` or for that reason, without
   * the candidate search (the romanizer asks it of every candidate it finds,
   * and lists the word right after its standard spelling).
   */
  standardSpelling(word: string): string | null {
    const w = normalizeWord(word.trim());
    if (!w || NUMERAL.test(w) || !hasDevanagariLetter(w) || w.length > MAX_WORD_LENGTH) return null;
    const finding = this.orthography(w);
    if (finding) return this.refineRuleCorrection(w, finding.correction);
    return (this.store.formFlags(w) ?? 0) & FORM_LEXICON ? this.thesaurusSpelling(w) : null;
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
    let result = this.check(w);
    if (result.status === 'unknown' && !this.joining) {
      const joined = this.compoundCorrection(w);
      if (joined !== null) result = Object.freeze({ status: 'misspelled', corrections: [joined] }) as SpellcheckWordResult;
    }
    // An unknown found while compoundCorrection runs was not taken apart itself: not the final answer.
    if (!(this.joining && result.status === 'unknown')) {
      this.cache?.remember(w, result);
      this.shared?.set(w, encodeResult(result));
    }
    return result;
  }

  /**
   * The build's verdict on a vocabulary form (src/build/verdicts.ts): "correct" from the form's flags,
   * any other from the store's verdicts; undefined for a word no list has. A Bloom probe and a read of
   * the form's flags. The verdict is this engine's final answer for the word, also
   * while compoundCorrection runs: a stored verdict is never a join (compoundCorrection never takes
   * apart a word real text writes, and a lexicon form is never unknown).
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

  /** The build's verdict on the word is "correct" (FORM_CORRECT_VERDICT), when the stored verdicts are this engine's. */
  private storedCorrect(w: string): boolean {
    return this.storedVerdicts && this.store.mayBeForm(w) && ((this.store.formFlags(w) ?? 0) & FORM_CORRECT_VERDICT) !== 0;
  }

  /** Set while compoundCorrection checks parts and joined spellings: they are not taken apart again. */
  private joining = false;

  /**
   * An unknown word that is two words written together, each accepted or
   * one confusion slip from a lexicon word, at least one slipped (तिथीमीति:
   * तिथी -> तिथि, मीति -> मिति), where the corrected compound is a word the
   * checker accepts (तिथिमिति, which real text writes): that correction.
   * The error model cannot find it when no list indexes the compound
   * (a compound only real text has is accepted, not indexed for
   * corrections), and a confusion slip in each part is two edits. The
   * first split point (two aksharas or more on each side, not counting the
   * second part's postpositions) that works.
   * Not for a word real text writes (the news list has it: a name such as
   * बेगनास, or a spelling real text settled on), where the parts' slips
   * are no evidence.
   */
  private compoundCorrection(w: string): string | null {
    if (aksharaCount(w) < 4 || this.aksharasBeforePostpositions(w) > MAX_COMPOUND_CORRECTION_AKSHARAS || this.isAttestedForm(w)) return null;
    this.joining = true;
    try {
      for (let i = 2; i <= w.length - 2; i++) {
        // A letter (a consonant or an independent vowel) starts an akshara, and so a word of a compound.
        if (!isLetterCode(w.charCodeAt(i))) continue;
        const a = w.slice(0, i);
        const b = w.slice(i);
        if (aksharaCount(a) < 2 || this.aksharasBeforePostpositions(b) < 2) continue;
        const fa = this.partWithin(a);
        if (fa === null) continue;
        const fb = this.partWithin(b);
        if (fb === null || (fa === a && fb === b)) continue;
        if (this.checkNormalized(fa + fb).status === 'correct') return fa + fb;
      }
      return null;
    } finally {
      this.joining = false;
    }
  }

  /**
   * Aksharas of the word without its longest postposition chain: a second
   * part of one akshara before a chain is a suffix (प्रभावकारि|ताको: the
   * -ता of प्रभावकारिता, which shortens the ई), not a word of a compound.
   */
  private aksharasBeforePostpositions(w: string): number {
    let n = aksharaCount(w);
    for (const { base } of this.morph.splitPostpositions(w)) n = Math.min(n, aksharaCount(base));
    return n;
  }

  /**
   * A part of a compound as the checker would have it: itself when the
   * lexicon or the morphology accepts it, else a lexicon word one confusion
   * slip away (the error model's best) that keeps every halanta typed (a typed
   * halanta is deliberate: मन्त्रिपरिषद्लाई, अन्तर्वस्तुमा stay); null
   * otherwise.
   */
  private partWithin(part: string): string | null {
    if (this.ctx.accepts(part)) return part;
    const best = this.generator.candidates(part, 1, CONFUSION_ONLY)[0];
    if (best === undefined || !this.ctx.isLexicon(best.word) || count(best.word, HALANTA) < count(part, HALANTA)) return null;
    // A headword the standard spells otherwise (तीखो: तिखो) is no correction of a part.
    return this.orthography(best.word) === null ? best.word : null;
  }

  private orthography(w: string): OrthographyFinding | null {
    if (FUNCTION_WORDS.has(w) || POSTPOSITION_SET.has(w)) return null;
    // Memoized: candidates of many words meet the same lexicon forms.
    const memo = this.orthographyMemo.get(w);
    if (memo !== undefined) return memo || null;
    // A word the build calls correct passed the rules (check() runs them first on a word it does).
    if (w.length <= MAX_WORD_LENGTH && !NUMERAL.test(w) && hasDevanagariLetter(w) && this.storedCorrect(w)) return null;
    const finding = applyOrthography(w, () => this.morph.splitPostpositions(w), this.ctx);
    this.orthographyMemo.remember(w, finding ?? false);
    return finding;
  }

  private check(w: string): SpellcheckWordResult {
    if (!w) return UNKNOWN;
    if (NUMERAL.test(w)) return CORRECT;
    if (!hasDevanagariLetter(w)) return UNKNOWN;
    // No Nepali word is this long; a run of letters without spaces is not
    // worth the rules and the candidate search (whose work grows with length).
    if (w.length > MAX_WORD_LENGTH) return this.store.mayBeForm(w) && (this.store.form(w)?.flags ?? 0) & FORM_LEXICON ? CORRECT : UNKNOWN;

    // --- orthography rules of the standard, before the lexicon
    const finding = this.orthography(w);
    if (finding) {
      const fixed = this.refineRuleCorrection(w, finding.correction);
      const others = this.generator.candidates(w, MAX_CORRECTIONS, CONFUSION_ONLY).map((c) => c.word);
      const corrections = [fixed, ...others.filter((c) => c !== fixed && !this.orthography(c))].slice(0, MAX_CORRECTIONS);
      return Object.freeze({ status: 'misspelled', corrections, rule: finding.rule }) as SpellcheckWordResult;
    }

    // --- lexicon and morphology
    const form = this.store.mayBeForm(w) ? this.store.form(w) : undefined;
    if (form && form.flags & FORM_LEXICON) return this.realWordError(w) ?? standardMisspelling(this.thesaurusSpelling(w)) ?? CORRECT;
    if (this.morph.analyse(w)) return standardMisspelling(this.thesaurusSpellingOfBase(w)) ?? CORRECT;

    // --- error model, first the confusion slips alone
    const attested = this.isAttested(w, form);
    const maxCost = this.maxCost(w, attested);
    const slips = this.generator.candidates(w, MAX_CORRECTIONS, CONFUSION_ONLY);
    if (this.isStandardOfVariant(w, slips)) return CORRECT;
    // --- word formation: only when no dictionary word is a confusion slip
    // away, so that a misspelling is never read as a new compound. A
    // speculative reading (a compound, a one-letter prefix) makes the word
    // "unknown": plausible, but not known, and no wild guess is offered.
    // A compound of two headwords that real text itself uses (the news list
    // has the word: स्तनपान, मनोजकुमार, कार्यक्रममार्फत) is correct, once no
    // close correction has claimed it (कार्यलय, two headwords, is still
    // corrected to कार्यालय).
    let formed: MorphAnalysis | null = null;
    if (!slips.some((c) => this.isListedOrInflected(c.word))) {
      formed = this.morph.analyse(w, true);
      if (formed && !formed.speculative) return CORRECT;
      // The lexicographers' own use outweighs a speculative reading (संयोग, not सं + योग).
      if (attested && this.definitionsUse(w)) return CORRECT;
    }
    const speculative = formed !== null;
    // Where a speculative reading would leave the word unknown (asked only there: it may check the base).
    const unknownUnlessAttestedCompound = (): SpellcheckWordResult => (formed !== null && this.isAttestedCompound(w, formed) ? CORRECT : UNKNOWN);
    // Ranked with the looser distance, so that a slip with one obvious
    // correction still offers the next-best words; the best decides.
    let candidates = slips.length > 0 || maxCost <= CONFUSION_ONLY ? slips : this.generator.candidates(w, MAX_CORRECTIONS, Math.max(maxCost, THRESHOLDS.long));
    // (The listed variants were looked at with the slips.)
    if (slips.length === 0 && this.isStandardOfCandidate(w, candidates)) return CORRECT;
    const towardStandard = candidates.filter((c) => !awayFromStandard(w, c.word));
    if (towardStandard.length === 0 || towardStandard[0]!.cost > maxCost) return unknownUnlessAttestedCompound();
    const best = towardStandard[0]!;
    if (speculative || (attested && best.cost > THRESHOLDS.attested)) {
      const flags = this.store.form(best.word)?.flags ?? 0;
      const attestedHeadword = (flags & (FORM_HEADWORD | FORM_ATTESTED)) === (FORM_HEADWORD | FORM_ATTESTED);
      // A speculative reading (a new compound) gives way only to a headword seen in real text one phonetic edit away.
      if (speculative && (best.cost > THRESHOLDS.medium || !attestedHeadword)) return unknownUnlessAttestedCompound();
      // An attested word beyond one confusion slip: only towards an attested
      // headword (THRESHOLDS.attestedPlausible), or towards an attested word
      // that differs from it only by the commonest slips of real text, vowel
      // length and ब/व (उनिहरु -> उनीहरू, बिद्यार्थीहरु -> विद्यार्थीहरू); a typed
      // halanta or a sibilant changed as well is no such sure thing
      // (मन्त्रिपरिषद्ले, रेस्टुरेन्टको stay).
      if (attested && best.cost > THRESHOLDS.attested && !attestedHeadword) {
        const commonSlips = (flags & FORM_ATTESTED) !== 0 && foldCommonSlips(best.word) === foldCommonSlips(w);
        if (!commonSlips) return UNKNOWN;
      }
    }
    // Real text inflects the word (three case forms or more) and never
    // shows the correction in any form, or inflects it richly (five) and
    // never the correction: a word the dictionaries lack (साउदी, रसिया,
    // प्रियंका, अर्जेन्टिना, वडा), not a slip from one real text never
    // inflects (साउँदी, रसीया, बडा). Not for a plural in -हरु, the standard's
    // commonest correction, whose -हरू forms the news list often lacks.
    if (attested && !w.includes('हरु') && this.realTextWord(w, best.word)) return UNKNOWN;
    candidates = towardStandard;
    // A candidate in an older spelling, or in the word list's spelling of a word the thesaurus spells otherwise, is offered in the standard one.
    let corrections = [...new Set(candidates.map((c) => this.asStandardSpells(c.word)))].filter((c) => c !== w);
    if (corrections.length === 0) return UNKNOWN;
    const twin = this.commonerHalantaTwin(corrections[0]!, w);
    if (twin !== null) corrections = [twin, ...corrections.filter((c) => c !== twin)].slice(0, MAX_CORRECTIONS);
    return Object.freeze({ status: 'misspelled', corrections }) as SpellcheckWordResult;
  }

  /**
   * The correct word that differs from a correction only by a halanta
   * (भनिन, भनिन्) when real text writes it HALANTA_TWIN_RATIO times as
   * often, the commonest such first; else null. The slips already cost the
   * correction (भनीन: ी for ि) and the halanta is one more (0.3): the
   * candidate search stops at one slip's cost (CONFUSION_ONLY), and the
   * dropped halanta is the commonest slip of all, so frequency decides
   * between the two (भनिन्, rank 1,283, before भनिन, 3,681).
   */
  private commonerHalantaTwin(correction: string, word: string): string | null {
    const bare = correction.replaceAll(HALANTA, '');
    let best: string | null = null;
    let bestRank = this.frequencyRank(correction) / HALANTA_TWIN_RATIO;
    for (const t of this.store.formsByConfusionKey(confusionKey(correction))) {
      if (t === correction || t === word || t.replaceAll(HALANTA, '') !== bare) continue;
      const rank = this.store.rank(t);
      if (rank === undefined || rank > bestRank || this.checkNormalized(t).status !== 'correct') continue;
      best = t;
      bestRank = rank;
    }
    return best;
  }

  /** The word's rank in the frequency word list, UNRANKED when the list lacks it. */
  private frequencyRank(w: string): number {
    return this.store.rank(w) ?? UNRANKED;
  }

  /**
   * A real-word error: a word of the lexicon written for its twin (a
   * lexicon form one confusion slip away: error-model.ts CONFUSION_ONLY)
   * that real text writes REAL_WORD_RATIO times as often (the frequency
   * word list's ranks; a word the list lacks counts as UNRANKED): छेत्र for
   * क्षेत्र. Frequency says what people write, not what the standard
   * prescribes, so the standard's view comes first: never towards a twin
   * the orthography rules correct (the Academy's own spelling stands), never
   * between two spellings that differ only in vowel length or a nasal sign
   * (ऊ, उ; ऊर्जा, उर्जा; संबन्धी, सम्बन्धी; the first person दिएँ beside
   * दिए: the standard and the grammar settle those, not usage), never a
   * function word or a postposition (तँ, त), and never a word the thesaurus
   * defines, or inflects one it defines: a word with a meaning of its own
   * (यश, fame, beside the far commoner यस), nor a word real text itself
   * writes often (REAL_WORD_MIN_RANK: आयको, of income, beside आएको).
   * The threshold and what it flags: bench/real-word-threshold.ts,
   * bench/RESULTS.md.
   */
  private realWordError(w: string): SpellcheckWordResult | null {
    if (FUNCTION_WORDS.has(w) || POSTPOSITION_SET.has(w)) return null;
    const rank = this.frequencyRank(w);
    // A word real text itself writes often is a word of its own (आयको, of income, rank 13,170, beside आएको).
    if (rank < REAL_WORD_MIN_RANK) return null;
    let twin: string | null = null;
    let best = 0;
    const folded = foldLengthAndNasals(w);
    for (const t of this.store.formsByConfusionKey(confusionKey(w))) {
      if (t === w) continue;
      const rt = this.store.rank(t);
      if (rt === undefined || rank / rt < REAL_WORD_RATIO || rank / rt <= best) continue;
      if (!((this.store.formFlags(t) ?? 0) & FORM_LEXICON) || foldLengthAndNasals(t) === folded) continue;
      if (editCost(w, t, CONFUSION_ONLY) > CONFUSION_ONLY || this.orthography(t) !== null) continue;
      twin = t;
      best = rank / rt;
    }
    if (twin === null || this.definedMeaning(w)) return null;
    return Object.freeze({ status: 'misspelled', corrections: [twin], category: 'real-word' }) as SpellcheckWordResult;
  }

  /**
   * A word of the word list written for the thesaurus's spelling of it:
   * the word and its twin differ only inside the standard's classes of
   * vowel length, sibilant (श/ष/स), ब/व and visarga, at most two such
   * slips; the thesaurus (the curated dictionary, which follows the
   * standard more closely than the word list) defines the twin's stem and
   * not the word's, and real text writes the twin's stem at least
   * THESAURUS_TWIN_RATIO times as often (the frequency list's ranks). The
   * hunspell-ne list carries such spellings beside the standard's
   * (बिश्व, संबिधान, प्रगती, अस्विकार, शहीद: विश्व, संविधान, प्रगति,
   * अस्वीकार, सहिद), and accepted them as correct. An inflected form
   * follows its stem (यूरोपमा -> युरोपमा: the twin has the same ending on
   * the twin stem), and never across two kinds of form (गाऊँ, let me sing,
   * is no गाउँ, village). Not a function word, not a word the thesaurus
   * defines or inflects one it defines, not a word three of the
   * thesaurus's definitions use (the lexicographers' own spelling), never
   * towards a twin an orthography rule corrects, and not a word the
   * thesaurus builds on: it defines a longer word that begins with it (शीत,
   * cold, beside the defined सित: शीतलहर, शीतज्वर). The twin, or null;
   * check() answers the word misspelled, category `standard`.
   * What it flags: bench/thesaurus-twins.ts, bench/RESULTS.md.
   */
  private thesaurusSpelling(w: string): string | null {
    const found = this.thesaurusTwin(w);
    return found !== null && found.ratio >= THESAURUS_TWIN_RATIO ? found.twin : null;
  }

  /** thesaurusSpelling for a word the morphology makes of a base and a postposition chain: the base's twin with the chain. */
  private thesaurusSpellingOfBase(w: string): string | null {
    for (const { base, suffix } of this.morph.splitPostpositions(w)) {
      if (aksharaCount(base) < 2 || !this.ctx.isLexicon(base)) continue;
      const twin = this.thesaurusSpelling(base);
      if (twin !== null && (this.isListedOrInflected(twin + suffix) || this.morph.analyse(twin + suffix))) return twin + suffix;
    }
    return null;
  }

  /** A candidate as the standard spells it: an orthography rule's correction, or the thesaurus's spelling (अद्भूत: अद्भुत), else itself. */
  private asStandardSpells(c: string): string {
    const rule = this.orthography(c);
    if (rule) return rule.correction;
    return ((this.store.formFlags(c) ?? 0) & FORM_LEXICON ? this.thesaurusSpelling(c) : this.thesaurusSpellingOfBase(c)) ?? c;
  }

  /**
   * The twin of thesaurusSpelling whose stem real text writes most often,
   * and how many times as often as the word's stem (the rule asks
   * THESAURUS_TWIN_RATIO; bench/thesaurus-twins.ts tries others), or null.
   */
  thesaurusTwin(w: string): { twin: string; ratio: number } | null {
    // The build's verdict "correct" was reached with this rule (a base of a new word costs one flag read).
    if (FUNCTION_WORDS.has(w) || POSTPOSITION_SET.has(w) || this.storedCorrect(w)) return null;
    const twins = this.store.formsByConfusionKey(confusionKey(w));
    if (twins.length < 2) return null;
    const folded = foldStandardClasses(w);
    let candidates: string[] | null = null;
    for (const t of twins) if (t !== w && foldStandardClasses(t) === folded) (candidates ??= []).push(t);
    if (candidates === null) return null;
    const analyses = this.store.form(w)?.analyses ?? [];
    let best: { twin: string; ratio: number } | null = null;
    for (const t of candidates) {
      if (!((this.store.formFlags(t) ?? 0) & FORM_LEXICON)) continue;
      for (const a of this.store.form(t)?.analyses ?? []) {
        // The twin's analysis with the word's own ending (and prefix): stem for stem.
        const mine = analyses.find((b) => b.suffix === a.suffix && b.prefix === a.prefix);
        if (mine === undefined || !this.definesStem(a.stem) || this.definesStem(mine.stem)) continue;
        const rt = this.store.rank(a.stem);
        if (rt === undefined) continue;
        const ratio = this.frequencyRank(mine.stem) / rt;
        if (best !== null && ratio <= best.ratio) continue;
        if (editCost(w, t, THESAURUS_TWIN_COST) > THESAURUS_TWIN_COST || this.orthography(t) !== null) continue;
        best = { twin: t, ratio };
      }
    }
    // The word's own standing, asked only of a word with a twin: a meaning in the thesaurus, the
    // lexicographers' use of it, or a longer word the thesaurus defines on it (शीत: शीतलहर, शीतज्वर).
    if (best === null || this.definedMeaning(w) || this.definitionsUse(w)) return null;
    if (this.store.completions(w).some((c) => c.length > w.length && c.startsWith(w) && this.definesStem(c))) return null;
    return best;
  }

  /** The thesaurus defines the word as a headword (with a sense). */
  private definesStem(x: string): boolean {
    return this.store.headword(x)?.entries.some((e) => e.dictionary === THESAURUS_DICT && e.senses.length > 0) ?? false;
  }

  /** The thesaurus defines the word, or a stem it inflects (its form's analyses). */
  private definedMeaning(w: string): boolean {
    if (this.definesStem(w)) return true;
    return this.store.form(w)?.analyses.some((a) => a.stem !== w && this.definesStem(a.stem)) ?? false;
  }

  /**
   * The word, or its base without a postposition chain (साउदीको: साउदी), is
   * one real text inflects, and the correction's base (with the same chain
   * cut off) is one real text never shows.
   */
  private realTextWord(w: string, correction: string): boolean {
    for (const { base, suffix } of [{ base: w, suffix: '' }, ...this.morph.splitPostpositions(w)]) {
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
      if (n >= INFLECTED_RICHLY || (n >= INFLECTED_IN_REAL_TEXT && !this.isAttestedForm(cbase))) return true;
    }
    return false;
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
   * A speculative reading that is a compound of two headwords real text
   * uses: the word itself (स्तनपान), or, under a postposition chain
   * (स्तनपानले), a base the spellchecker itself calls correct (not
   * कार्यलयमा: कार्यलय is corrected to कार्यालय).
   */
  private isAttestedCompound(w: string, formed: MorphAnalysis): boolean {
    if (formed.rule === 'compound') return this.isAttestedForm(w);
    return formed.rule === 'postposition' && formed.base !== w && this.checkNormalized(formed.base).status === 'correct';
  }

  /** How many of the CASE_FORM_PROBES case endings real text (the news list) has on the word, counted up to `enough` (with `notHeadwords`, not counting a form that is a headword of its own). */
  caseForms(w: string, enough = CASE_FORM_PROBES.length, notHeadwords = false): number {
    let n = 0;
    for (const p of CASE_FORM_PROBES) {
      // (the filter first: most case forms probed are no form, and are not built)
      if (!this.store.mayBeFormJoined(w, p) || !this.isAttestedForm(w + p) || (notHeadwords && (this.store.form(w + p)?.flags ?? 0) & FORM_HEADWORD)) continue;
      if (++n >= enough) break;
    }
    return n;
  }

  /** The news list (real text) has the word. */
  isAttestedForm(w: string): boolean {
    return this.store.mayBeForm(w) && ((this.store.form(w)?.flags ?? 0) & FORM_ATTESTED) !== 0;
  }

  /**
   * A word of the lexicon, or one its grammar inflects from lexicon pieces.
   * Only such a slip keeps a word from being read by word formation or
   * accepted by the definitions' use: the index also offers words accepted
   * that way (पिरो for पीरो), and two of them a slip apart would otherwise
   * each unmake the other.
   */
  private isListedOrInflected(w: string): boolean {
    return this.morph.isLexicon(w) || this.morph.analyse(w) !== null;
  }

  /**
   * The thesaurus's own definitions use the word, in at least
   * DEFINITION_USES of them: the lexicographers wrote it (सेतो, चिल्लो,
   * संयोग, which the word lists lack). Asked only of a word real text uses
   * too, with no dictionary word a confusion slip away: the definitions
   * hold the odd typo (केहि), which has its correct spelling one slip away.
   */
  private definitionsUse(w: string): boolean {
    const thesaurus = this.store.examples(w).filter((e) => e.source === THESAURUS_DICT);
    return thesaurus.length >= DEFINITION_USES && sentencesUsing(thesaurus, w) >= DEFINITION_USES;
  }

  /**
   * How far the best candidate may be for the word to be "misspelled"
   * (THRESHOLDS). Judged on the word without its postpositions: a name
   * with a case marker (पुटिनलाई) is as unknown as the name, and its length
   * comes from the marker, not from the part that may be misspelled.
   */
  private maxCost(w: string, attested: boolean): number {
    let stem = w;
    for (const { base } of this.morph.splitPostpositions(w)) {
      if (aksharaCount(base) >= 2 && base.length < stem.length) stem = base;
    }
    const aksharas = aksharaCount(stem);
    const byLength = aksharas <= 2 ? THRESHOLDS.short : aksharas === 3 ? THRESHOLDS.medium : aksharas <= 5 ? THRESHOLDS.normal : THRESHOLDS.long;
    if (!attested) return byLength;
    return aksharas >= 4 ? Math.min(byLength, THRESHOLDS.attestedPlausible) : Math.min(byLength, THRESHOLDS.attested);
  }

  /** The word, or its base without a postposition chain, was seen in real text (FORM_ATTESTED). */
  private isAttested(w: string, form: FormRecord | undefined): boolean {
    if (((form ?? this.store.form(w))?.flags ?? 0) & FORM_ATTESTED) return true;
    for (const { base } of this.morph.splitPostpositions(w)) {
      if (aksharaCount(base) >= 2 && this.isAttestedForm(base)) return true;
    }
    return false;
  }

  /**
   * The standard spelling of a word the dictionary has only in an older
   * spelling (उपनिषद् for उपनिषद, संस्करण for सँस्करण) is correct: some close
   * candidate, or a listed variant, is corrected to exactly this word by the
   * orthography rules.
   */
  private isStandardOfVariant(w: string, candidates: readonly Candidate[]): boolean {
    return this.isStandardOfCandidate(w, candidates) || this.isStandardOfListedVariant(w);
  }

  /** A candidate close enough (STANDARD_OF_VARIANT_COST) that the rules correct to the word. */
  private isStandardOfCandidate(w: string, candidates: readonly Candidate[]): boolean {
    for (const c of candidates) {
      if (c.cost > STANDARD_OF_VARIANT_COST) break;
      if (this.orthography(c.word)?.correction === w) return true;
    }
    return false;
  }

  /** A listed spelling of the word the standard spells as the word: its anusvara spelling, or a form the rules correct to it. */
  private isStandardOfListedVariant(w: string): boolean {
    // The fifth letter of its class before a stop, where the word list has
    // the anusvara (सम्भव, the list's संभव): the standard's own spelling.
    const anusvaraForm = w.replace(HOMORGANIC_PANCHAM, 'ं');
    if (anusvaraForm !== w && this.morph.isLexicon(anusvaraForm)) return true;
    // A possessive in -वान् or -मान् (the Sanskrit -वत्, -मत्) written with
    // the halanta the standard gives it (भगवान्, बुद्धिमान्, शक्तिमान्), where
    // the word list has it without: after a word of two aksharas or more
    // that the lexicon has (भग, बुद्धि, शक्ति), the halanta is the standard's.
    const possessive = VAT_MAT_HALANTA.exec(w);
    if (possessive && aksharaCount(possessive[1]!) >= 2 && this.morph.isLexicon(possessive[1]!) && this.morph.isLexicon(w.slice(0, -1))) return true;
    // A यण् or विसर्ग sandhi compound (गति + अवरोध = गत्यवरोध, पुनः + अवलोकन =
    // पुनरवलोकन) that no list has: the rule sandhi-no-lengthening makes it
    // of the spelling with the second member's अ lengthened (गत्यावरोध), so
    // it is that rule's own answer, its members words of the lexicon.
    for (let p = 2; p < w.length - 1; p++) {
      if (!(w.endsWith('्य', p) || w.endsWith('्व', p) || w[p - 1] === 'र') || !isConsonantCode(w.charCodeAt(p))) continue;
      if (this.orthography(w.slice(0, p) + 'ा' + w.slice(p))?.correction === w) return true;
    }
    // The rules often add a halanta inside the word (संसद -> संसद्, so
    // संसदको -> संसद्को). Removing a typed conjunct halanta is dear
    // (error-model.ts TYPED_HALANTA_COST), so such a variant is not among
    // the word's cheap candidates: it is looked for in the other direction,
    // as a slip from the variant to the word.
    if (CONJUNCT.test(w)) {
      for (const c of this.store.formsByConfusionKey(confusionKey(w))) {
        if (c !== w && editCost(c, w, STANDARD_OF_VARIANT_COST) <= STANDARD_OF_VARIANT_COST && this.orthography(c)?.correction === w) return true;
      }
    }
    return false;
  }

  /**
   * A rule corrects one feature of the word; when its output is still not a
   * word the lexicon accepts, a standard spelling one confusion away that
   * is (a loanword's anusvara as the dictionary's fifth-letter nasal) is the better correction.
   */
  private refineRuleCorrection(word: string, fixed: string): string {
    if (this.ctx.accepts(fixed)) return fixed;
    for (const c of this.store.formsByConfusionKey(confusionKey(fixed))) {
      if (c === word || c === fixed) continue;
      if (editCost(fixed, c, 0.35) <= 0.35 && !this.orthography(c)) return c;
    }
    return fixed;
  }

  /**
   * Checks every Devanagari word of the text. Each distinct spelling is
   * reported once, in order of first occurrence, with all its occurrences
   * (UTF-16 offsets into `text`, end exclusive). `stop` is asked before
   * each word (a cancelled job ends there: lang/checkpoint.ts).
   */
  checkText(text: string, stop: StopCheck = NEVER_STOP, level: SpellLevel = 'standard'): SpellcheckTextResult {
    return textResult(
      wordOccurrences(text),
      (word) => {
        checkpoint(stop);
        return this.checkWord(word);
      },
      level,
    );
  }

  /** checkWord of each word at level standard (a caller that keeps verdicts assembles texts with text-result.ts). */
  checkWords(words: readonly string[], stop: StopCheck = NEVER_STOP): SpellcheckWordResult[] {
    return words.map((word) => {
      checkpoint(stop);
      return this.checkWord(word);
    });
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

const CONJUNCT = new RegExp(`[${CONSONANTS}]${HALANTA}[${CONSONANTS}]`);

/** A fifth letter with halanta before a stop (before य र ल व श ष स ह the standard's own spelling is anusvara: संवाद). */
const PANCHAM_CLUSTER = new RegExp(`[${FIFTH_LETTERS}]${HALANTA}(?=[${STOPS}])`, 'g');
const count = (w: string, ch: string): number => w.split(ch).length - 1;
/** A fifth letter with halanta before a stop of its own class (सम्भव, सङ्घ, पण्डित, सन्त, पञ्च). */
const HOMORGANIC_PANCHAM = new RegExp(STOP_CLASSES.map((c) => `${c.fifth}${HALANTA}(?=[${c.stops}])`).join('|'), 'g');

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
  return candidate.length < word.length && count(candidate, 'ं') > count(word, 'ं') && word.replace(PANCHAM_CLUSTER, 'ं') === candidate.replace(PANCHAM_CLUSTER, 'ं');
}

/** Each long vowel (sign and letter) and its short twin. */
const SHORT_VOWEL: Record<string, string> = { 'ी': 'ि', 'ू': 'ु', 'ई': 'इ', 'ऊ': 'उ' };
const COMMON_SLIP_FOLD: Record<string, string> = { ...SHORT_VOWEL, व: 'ब' };
const LENGTH_FOLD: Record<string, string> = { ...SHORT_VOWEL, 'ं': '', 'ँ': '' };

/** The word with every long vowel written short and no nasal sign: two spellings equal under it differ only in vowel length and nasals. */
function foldLengthAndNasals(w: string): string {
  return w.replace(PANCHAM_CLUSTER, 'ं').replace(/[ीूईऊंँ]/g, (v) => LENGTH_FOLD[v]!);
}

/** The result for a word misspelled in the standard's own classes (thesaurusSpelling), or null without a correction. */
function standardMisspelling(correction: string | null): SpellcheckWordResult | null {
  return correction === null ? null : (Object.freeze({ status: 'misspelled', corrections: [correction], category: 'standard' }) as SpellcheckWordResult);
}

/** A word in -वान् or -मान्, and what comes before the suffix. */
const VAT_MAT_HALANTA = /^(.+)[वम]ान्$/;

/** Vowel length, sibilants, ब/व and visarga folded: two spellings equal under it differ only inside those classes of the standard. */
const STANDARD_CLASS_FOLD: Record<string, string> = { ...SHORT_VOWEL, श: 'स', ष: 'स', व: 'ब', 'ः': '' };
function foldStandardClasses(w: string): string {
  return w.replace(/[ीूईऊशषवः]/g, (v) => STANDARD_CLASS_FOLD[v]!);
}

/** The word with every long vowel written short and व as ब: two spellings equal under it differ by those slips only. */
function foldCommonSlips(w: string): string {
  return w.replace(/[ीूईऊव]/g, (v) => COMMON_SLIP_FOLD[v]!);
}

/** Separates the fields of an encoded result (no normalized word has it). */
const FIELD = '\u001f';
const STATUS_CODES = { correct: 'c', misspelled: 'm', unknown: 'u' } as const;

/**
 * A word's result as one string for the threads' shared table: the status's
 * letter and the rule, the category, then the corrections, separated by
 * U+001F. decodeResult gives back an equal result (the same fields, in the
 * same order, so its JSON is the same).
 */
export function encodeResult(r: SpellcheckWordResult): string {
  return `${STATUS_CODES[r.status]}${r.rule ?? ''}${FIELD}${r.category ?? ''}${FIELD}${r.corrections?.join(FIELD) ?? ''}`;
}

export function decodeResult(s: string): SpellcheckWordResult {
  const parts = s.split(FIELD);
  const head = parts[0]!;
  const status = head[0] === 'c' ? 'correct' : head[0] === 'u' ? 'unknown' : 'misspelled';
  if (status !== 'misspelled' && head.length === 1 && !parts[1]) return status === 'correct' ? CORRECT : UNKNOWN;
  const r: SpellcheckWordResult = { status, corrections: status === 'misspelled' ? parts.slice(2) : null };
  if (head.length > 1) r.rule = head.slice(1);
  if (parts[1]) r.category = parts[1] as SpellCategory;
  return Object.freeze(r);
}

/**
 * A misspelling's category (results.ts SpellCategory): `standard` when a
 * rule of the standard fired or the word and its first correction share a
 * confusion key (they differ only inside the classes the standard settles),
 * else `typo`.
 */
export function categoryOf(word: string, r: SpellcheckWordResult): SpellCategory {
  if (r.category === 'real-word') return 'real-word';
  if (r.rule) return 'standard';
  const first = r.corrections?.[0];
  return first !== undefined && confusionKey(word) === confusionKey(first) ? 'standard' : 'typo';
}
