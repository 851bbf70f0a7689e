// The decision procedure: a normalized word's verdict, in stages, each a
// method below (Decision.check runs them in this order):
//   1. outsideTheChecks: nothing, a numeral, no Devanagari letter, or a
//      run of letters too long to be a word;
//   2. byRules: the orthography rules of the Nepal Academy standard
//      (orthography.ts, through standard.ts). They run before the lexicon
//      because the dictionary accepts some spellings the standard corrects;
//      a rule that fires makes the word "misspelled", its correction first,
//      and names itself in `rule`;
//   3. byLexicon: the lexicon (FORM_LEXICON forms) and the morphology layer
//      (morphology.ts: postposition chains, compound and honorific verbs,
//      negative न-, literary -दछ, verb paradigms, closed-class words):
//      "correct", unless real text writes a twin far more often
//      (twins.ts realWordError: छेत्र for क्षेत्र) or the thesaurus spells
//      the word otherwise and real text agrees (thesaurusSpelling: अस्विकार
//      for अस्वीकार);
//   4. byErrorModel, first the confusion slips (candidates.ts stage 1): a
//      word that the rules would make of a close lexicon word is the
//      standard spelling of that word and "correct" (संस्था, where the word
//      list has सँस्था), as is a word with the fifth letter of its stop's
//      class where the word list has the anusvara (सम्भव, where it has
//      संभव: standard.ts isStandardOfVariant);
//   5. then word formation, only when no dictionary word is a slip away
//      (derivation, prefixes, and a word real text uses that the lexicon
//      knows through its derivatives or that three of the thesaurus's
//      definitions use: "correct"; a compound of two headwords or a
//      one-letter prefix: "unknown", plausible but not known);
//   6. byDistance: the error model's candidates (candidates.ts,
//      error-model.ts): "misspelled" with up to five corrections when the
//      best candidate is close enough (maxCost, THRESHOLDS), "unknown"
//      otherwise. An attested word (the news list has it, or its base) is
//      held to a stricter distance: it is often a name or a loanword the
//      dictionary lacks, so only a confusion-class slip (केहि/केही) makes
//      it misspelled, unless the word is long and its candidate is an
//      attested headword (THRESHOLDS.attestedPlausible). A candidate that
//      only trades the standard's fifth-letter nasal for anusvara
//      (सम्भव -> संभव) is never a correction (folds.ts awayFromStandard). A
//      first correction one halanta from a correct word real text writes
//      far more often gives way to it (twins.ts commonerHalantaTwin: भनीन ->
//      भनिन्). Without attestation, a phonetic neighbour is allowed too,
//      and an arbitrary letter change only on long words: a one-letter
//      change of a short word is as likely a name or another word as a typo.
//      The length is that of the word without its postpositions;
//   7. compound correction (compound-correction.ts), for an unknown word
//      real text does not write that is two words joined, each accepted or
//      one confusion slip from a lexicon word, whose corrected join the
//      checker accepts (तिथीमीति -> तिथिमिति): "misspelled" with that join.
// Correction candidates are generated in candidates.ts; this file decides
// what they make of the word.

import { aksharaCount, hasDevanagariLetter } from '../lang/letters.js';
import { FORM_ATTESTED, FORM_HEADWORD, FORM_LEXICON, type FormRecord } from '../../store/types.js';
import { CONFUSION_ONLY, type Candidate, type CandidateGenerator } from './candidates.js';
import type { CompoundCorrection } from './compound-correction.js';
import type { RealTextEvidence } from './evidence.js';
import { awayFromStandard, foldCommonSlips } from './folds.js';
import type { MorphAnalysis, Morphology } from './morphology.js';
import type { SpellcheckWordResult } from './results.js';
import { MAX_WORD_LENGTH, NUMERAL, type StandardSpelling } from './standard.js';
import type { StoreMemo } from './store-memo.js';
import type { Twins } from './twins.js';
import { CORRECT, misspelled, UNKNOWN, type CheckNormalized } from './word-result.js';

/** At most this many corrections per word (the interface's suggestions: five). */
export const MAX_CORRECTIONS = 5;

/** Distance thresholds (error-model.ts costs) below which a candidate makes a word "misspelled". */
const THRESHOLDS = {
  /** An attested word: one confusion-class slip at most. */
  attested: 0.45,
  /**
   * An attested word of four aksharas or more, when the best candidate is
   * itself an attested headword: a phonetic neighbour or another vowel
   * sign too (प्रशासन typed with its sibilants swapped). The news
   * vocabulary that marks words as attested holds common misspellings of
   * long words as well as names; a long name rarely lies one phonetic edit
   * from an attested headword (on real text, most of what this flags are
   * real errors: bench/RESULTS.md#measurements-behind-the-engines-constants).
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

/** The checker's parts the stages read, built once per checker (Spellchecker's constructor). */
export interface DecisionParts {
  store: StoreMemo;
  morph: Morphology;
  evidence: RealTextEvidence;
  generator: CandidateGenerator;
  standard: StandardSpelling;
  twins: Twins;
  compounds: CompoundCorrection;
  check: CheckNormalized;
}

/** The result for a word misspelled in the standard's own classes (the thesaurus's spelling), or null without a correction. */
function standardMisspelling(correction: string | null): SpellcheckWordResult | null {
  return correction === null ? null : misspelled([correction], { category: 'standard' });
}

export class Decision {
  private readonly store: StoreMemo;
  private readonly morph: Morphology;
  private readonly evidence: RealTextEvidence;
  private readonly generator: CandidateGenerator;
  private readonly standard: StandardSpelling;
  private readonly twins: Twins;
  private readonly compounds: CompoundCorrection;
  private readonly recheck: CheckNormalized;

  constructor(parts: DecisionParts) {
    ({
      store: this.store,
      morph: this.morph,
      evidence: this.evidence,
      generator: this.generator,
      standard: this.standard,
      twins: this.twins,
      compounds: this.compounds,
      check: this.recheck,
    } = parts);
  }

  /** The verdict on a normalized word: the stages in order, then the compound correction of an unknown word. */
  check(w: string): SpellcheckWordResult {
    const result = this.decide(w);
    if (result.status === 'unknown' && !this.compounds.joining) {
      const joined = this.compounds.correction(w);
      if (joined !== null) return misspelled([joined]);
    }
    return result;
  }

  /** The result is the word's final answer, to be cached: not an unknown found while the compound correction checks its parts. */
  isFinal(result: SpellcheckWordResult): boolean {
    return !(this.compounds.joining && result.status === 'unknown');
  }

  /** Stages 1 to 6. */
  private decide(w: string): SpellcheckWordResult {
    const outside = this.outsideTheChecks(w);
    if (outside !== null) return outside;
    const ruled = this.byRules(w);
    if (ruled !== null) return ruled;
    const form = this.store.mayBeForm(w) ? this.store.form(w) : undefined;
    return this.byLexicon(w, form) ?? this.byErrorModel(w, form);
  }

  /** Stage 1: nothing, a numeral, no Devanagari letter, or no Nepali word (longer than MAX_WORD_LENGTH: only looked up). */
  private outsideTheChecks(w: string): SpellcheckWordResult | null {
    if (!w) return UNKNOWN;
    if (NUMERAL.test(w)) return CORRECT;
    if (!hasDevanagariLetter(w)) return UNKNOWN;
    // A run of letters without spaces is not worth the rules and the candidate search (whose work grows with length).
    if (w.length > MAX_WORD_LENGTH) return this.store.mayBeForm(w) && (this.store.form(w)?.flags ?? 0) & FORM_LEXICON ? CORRECT : UNKNOWN;
    return null;
  }

  /** Stage 2: an orthography rule's correction first, then the confusion slips the rules leave alone. */
  private byRules(w: string): SpellcheckWordResult | null {
    const finding = this.standard.finding(w);
    if (!finding) return null;
    const fixed = this.standard.refineRuleCorrection(w, finding.correction);
    const others = this.generator.candidates(w, MAX_CORRECTIONS, CONFUSION_ONLY).map((c) => c.word);
    const corrections = [fixed, ...others.filter((c) => c !== fixed && !this.standard.finding(c))].slice(0, MAX_CORRECTIONS);
    return misspelled(corrections, { rule: finding.rule });
  }

  /** Stage 3: a lexicon form, or a word the morphology makes, is correct unless a twin is the word meant. */
  private byLexicon(w: string, form: FormRecord | undefined): SpellcheckWordResult | null {
    if (form && form.flags & FORM_LEXICON) return this.twins.realWordError(w) ?? standardMisspelling(this.twins.thesaurusSpelling(w)) ?? CORRECT;
    if (this.morph.analyse(w)) return standardMisspelling(this.twins.thesaurusSpellingOfBase(w)) ?? CORRECT;
    return null;
  }

  /** Stages 4 and 5, then 6: a word no list has and the grammar does not make. */
  private byErrorModel(w: string, form: FormRecord | undefined): SpellcheckWordResult {
    const attested = this.evidence.attestedOrBase(w, form);
    const maxCost = this.maxCost(w, attested);
    // --- 4. the confusion slips alone
    const slips = this.generator.candidates(w, MAX_CORRECTIONS, CONFUSION_ONLY);
    if (this.standard.isStandardOfVariant(w, slips)) return CORRECT;
    // --- 5. word formation: only when no dictionary word is a confusion slip
    // away, so that a misspelling is never read as a new compound. A
    // speculative reading (a compound, a one-letter prefix) makes the word
    // "unknown": plausible, but not known, and no wild guess is offered.
    let formed: MorphAnalysis | null = null;
    if (!slips.some((c) => this.isListedOrInflected(c.word))) {
      formed = this.morph.analyse(w, true);
      if (formed && !formed.speculative) return CORRECT;
      // The lexicographers' own use outweighs a speculative reading (संयोग, not सं + योग).
      if (attested && this.evidence.definitionsUse(w)) return CORRECT;
    }
    return this.byDistance(w, slips, maxCost, attested, formed);
  }

  /** Stage 6: the best candidate toward the standard, if close enough for the word, makes it misspelled. */
  private byDistance(w: string, slips: Candidate[], maxCost: number, attested: boolean, formed: MorphAnalysis | null): SpellcheckWordResult {
    // Ranked with the looser distance, so that a slip with one obvious
    // correction still offers the next-best words; the best decides.
    const candidates =
      slips.length > 0 || maxCost <= CONFUSION_ONLY ? slips : this.generator.candidates(w, MAX_CORRECTIONS, Math.max(maxCost, THRESHOLDS.long));
    // (The listed variants were looked at with the slips.)
    if (slips.length === 0 && this.standard.isStandardOfCandidate(w, candidates)) return CORRECT;
    const towardStandard = candidates.filter((c) => !awayFromStandard(w, c.word));
    if (towardStandard.length === 0 || towardStandard[0]!.cost > maxCost) return this.unknownUnlessAttestedCompound(w, formed);
    const best = towardStandard[0]!;
    const refused = this.refusedAsTooFar(w, best, attested, formed);
    if (refused !== null) return refused;
    // Real text inflects the word (three case forms or more) and never
    // shows the correction in any form, or inflects it richly (five) and
    // never the correction: a word the dictionaries lack (साउदी, रसिया,
    // प्रियंका, अर्जेन्टिना, वडा), not a slip from one real text never
    // inflects (साउँदी, रसीया, बडा). Not for a plural in -हरु, the standard's
    // commonest correction, whose -हरू forms the news list often lacks.
    if (attested && !w.includes('हरु') && this.evidence.realTextWord(w, best.word)) return UNKNOWN;
    return this.corrections(w, towardStandard);
  }

  /**
   * The verdict when the best candidate is within the word's distance but
   * the word's standing asks for a surer one, or null when it is sure enough.
   * A compound of two headwords that real text itself uses (the news list
   * has the word: स्तनपान, मनोजकुमार, कार्यक्रममार्फत) is correct, once no
   * close correction has claimed it (कार्यलय, two headwords, is still
   * corrected to कार्यालय).
   */
  private refusedAsTooFar(w: string, best: Candidate, attested: boolean, formed: MorphAnalysis | null): SpellcheckWordResult | null {
    const speculative = formed !== null;
    if (!speculative && !(attested && best.cost > THRESHOLDS.attested)) return null;
    const flags = this.store.form(best.word)?.flags ?? 0;
    const attestedHeadword = (flags & (FORM_HEADWORD | FORM_ATTESTED)) === (FORM_HEADWORD | FORM_ATTESTED);
    // A speculative reading (a new compound) gives way only to an attested headword one phonetic edit away.
    if (speculative && (best.cost > THRESHOLDS.medium || !attestedHeadword)) return this.unknownUnlessAttestedCompound(w, formed);
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
    return null;
  }

  /** The corrections of a misspelled word: each candidate as the standard spells it, a commoner halanta twin first. */
  private corrections(w: string, candidates: readonly Candidate[]): SpellcheckWordResult {
    // A candidate in an older spelling, or in the word list's spelling of a word the thesaurus spells otherwise, is offered in the standard one.
    let corrections = [...new Set(candidates.map((c) => this.twins.asStandardSpells(c.word)))].filter((c) => c !== w);
    if (corrections.length === 0) return UNKNOWN;
    const twin = this.twins.commonerHalantaTwin(corrections[0]!, w);
    if (twin !== null) corrections = [twin, ...corrections.filter((c) => c !== twin)].slice(0, MAX_CORRECTIONS);
    return misspelled(corrections);
  }

  /** Where a speculative reading would leave the word unknown: correct when it is an attested compound (asked only here: it may check the base). */
  private unknownUnlessAttestedCompound(w: string, formed: MorphAnalysis | null): SpellcheckWordResult {
    return formed !== null && this.isAttestedCompound(w, formed) ? CORRECT : UNKNOWN;
  }

  /**
   * A speculative reading that is a compound of two headwords real text
   * uses: the word itself (स्तनपान), or, under a postposition chain
   * (स्तनपानले), a base the spellchecker itself calls correct (not
   * कार्यलयमा: कार्यलय is corrected to कार्यालय).
   */
  private isAttestedCompound(w: string, formed: MorphAnalysis): boolean {
    if (formed.rule === 'compound') return this.evidence.attested(w);
    return formed.rule === 'postposition' && formed.base !== w && this.recheck(formed.base).status === 'correct';
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
}
