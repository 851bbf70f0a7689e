// The Nepal Academy standard as the decision stages ask it: the orthography
// rules (orthography.ts) over this checker's store and morphology, memoized;
// a rule's correction made a word the lexicon accepts; and the standard
// spelling of a word the word lists carry only in an older spelling.

import { FUNCTION_WORDS } from '../lang/closed-class.js';
import { VERB_CLASSES } from '../lang/hunspell-classes.js';
import { aksharaCount, CONSONANTS, hasDevanagariLetter, HALANTA, isConsonantCode, STOP_CLASSES } from '../lang/letters.js';
import { CASE_FORM_PROBES, POSTPOSITION_SET } from '../lang/postpositions.js';
import type { BudgetCache } from '../lang/budget-cache.js';
import { FORM_CORRECT_VERDICT, FORM_HEADWORD, FORM_LEXICON, THESAURUS_DICT } from '../../store/types.js';
import type { Candidate } from './candidates.js';
import { confusionKey } from './confusion.js';
import { editCost } from './error-model.js';
import type { RealTextEvidence } from './evidence.js';
import type { Morphology } from './morphology.js';
import { applyOrthography, type OrthographyContext, type OrthographyFinding } from './orthography.js';
import type { StoreMemo } from './store-memo.js';

/** Longer tokens (code units) are only looked up, never analysed or corrected. */
export const MAX_WORD_LENGTH = 40;
/** A numeral, in either script, with its separators: always correct. */
export const NUMERAL = /^[0-9\u0966-\u096F.,]+$/;
/** A candidate this close that the orthography rules correct to the word makes the word correct (उपनिषद -> उपनिषद्). */
const STANDARD_OF_VARIANT_COST = 0.6;
const CONJUNCT = new RegExp(`[${CONSONANTS}]${HALANTA}[${CONSONANTS}]`);
/** A fifth letter with halanta before a stop of its own class (सम्भव, सङ्घ, पण्डित, सन्त, पञ्च). */
const HOMORGANIC_PANCHAM = new RegExp(STOP_CLASSES.map((c) => `${c.fifth}${HALANTA}(?=[${c.stops}])`).join('|'), 'g');
/** The tatsam suffix -ति (keepsTatsamTi). */
const TATSAM_TI = 'ति';
/** A word in -वान् or -मान्, and what comes before the suffix. */
const VAT_MAT_HALANTA = /^(.+)[वम]ान्$/;

export class StandardSpelling {
  /** What the orthography rules read of the lexicon, the morphology and real text. */
  readonly ctx: OrthographyContext;

  constructor(
    private readonly store: StoreMemo,
    private readonly morph: Morphology,
    evidence: RealTextEvidence,
    /** Orthography findings of words and of their candidates. */
    private readonly memo: BudgetCache<OrthographyFinding | false>,
    /** The store's verdicts are this engine's (SpellcheckerOptions.storedVerdicts). */
    private readonly storedVerdicts: boolean,
  ) {
    this.ctx = {
      isLexicon: (w) => morph.isLexicon(w),
      accepts: (w) => morph.isLexicon(w) || morph.analyse(w) !== null,
      thesaurusPos: (w) => {
        const entry = store.headword(w)?.entries.find((e) => e.dictionary === THESAURUS_DICT);
        if (!entry) return [];
        const pos = new Set<string>();
        if (entry.pos) pos.add(entry.pos);
        for (const s of entry.senses) if (s.pos) pos.add(s.pos);
        return [...pos];
      },
      isInflectionOf: (w, stem) => {
        const f = store.mayBeForm(w) ? store.form(w) : undefined;
        return !!f && (f.flags & FORM_LEXICON) !== 0 && f.analyses.some((a) => a.stem === stem);
      },
      isHeadword: (w) => store.mayBeForm(w) && ((store.form(w)?.flags ?? 0) & FORM_HEADWORD) !== 0,
      isThesaurusHeadword: (w) => store.headword(w)?.entries.some((e) => e.dictionary === THESAURUS_DICT) ?? false,
      isVerbParticiple: (w) => {
        if (FUNCTION_WORDS.has(w)) return false;
        const f = store.mayBeForm(w) ? store.form(w) : undefined;
        return !!f && (f.flags & FORM_LEXICON) !== 0 && f.analyses.some((a) => a.flag !== null && VERB_CLASSES.has(a.flag) && /[ीई]$/.test(a.suffix));
      },
      // A case form that is a headword of its own (गरि + मा = गरिमा, dignity) says nothing of the word.
      nounCaseForms: (w) => evidence.caseForms(w, CASE_FORM_PROBES.length, true),
    };
  }

  /** The finding of the first orthography rule that fires on the word, or null. */
  finding(w: string): OrthographyFinding | null {
    if (FUNCTION_WORDS.has(w) || POSTPOSITION_SET.has(w)) return null;
    // Memoized: candidates of many words meet the same lexicon forms.
    const memo = this.memo.get(w);
    if (memo !== undefined) return memo || null;
    // A word the build calls correct passed the rules (the decision runs them first on a word it does).
    if (w.length <= MAX_WORD_LENGTH && !NUMERAL.test(w) && hasDevanagariLetter(w) && this.storedCorrect(w)) return null;
    const finding = applyOrthography(w, () => this.morph.splitPostpositions(w), this.ctx);
    this.memo.remember(w, finding ?? false);
    return finding;
  }

  /** The build's verdict on the word is "correct" (FORM_CORRECT_VERDICT), when the stored verdicts are this engine's. */
  storedCorrect(w: string): boolean {
    return this.storedVerdicts && this.store.mayBeForm(w) && ((this.store.formFlags(w) ?? 0) & FORM_CORRECT_VERDICT) !== 0;
  }

  /**
   * A rule corrects one feature of the word; when its output is still not a
   * word the lexicon accepts, a standard spelling one confusion away that
   * is (a loanword's anusvara as the dictionary's fifth-letter nasal) is the better correction.
   */
  refineRuleCorrection(word: string, fixed: string): string {
    if (this.ctx.accepts(fixed)) return fixed;
    for (const c of this.store.formsByConfusionKey(confusionKey(fixed))) {
      if (c === word || c === fixed) continue;
      if (editCost(fixed, c, 0.35) <= 0.35 && !this.finding(c)) return c;
    }
    return fixed;
  }

  /**
   * The standard spelling of a word the dictionary has only in an older
   * spelling (उपनिषद् for उपनिषद, संस्करण for सँस्करण) is correct: some close
   * candidate, or a listed variant, is corrected to exactly this word by the
   * orthography rules.
   */
  isStandardOfVariant(w: string, candidates: readonly Candidate[]): boolean {
    return this.isStandardOfCandidate(w, candidates) || this.isStandardOfListedVariant(w);
  }

  /** A candidate close enough (STANDARD_OF_VARIANT_COST) that the rules correct to the word. */
  isStandardOfCandidate(w: string, candidates: readonly Candidate[]): boolean {
    for (const c of candidates) {
      if (c.cost > STANDARD_OF_VARIANT_COST) break;
      if (this.finding(c.word)?.correction === w) return true;
    }
    return false;
  }

  /**
   * A tatsam noun in -ति (the Sanskrit suffix: उन्नति, प्रगति, स्थिति)
   * keeps its hrasva इ (तत्सम शब्दको अन्त्य ह्रस्व, as अनुभूति): the word, or
   * its base before a postposition chain (उन्नतिको), is the standard's where
   * the word list carries it only in -ती (उन्नती), the thesaurus does not
   * list that -ती spelling, and real text writes the -ति spelling more
   * often (a better frequency rank). Not for -ती words real text prefers
   * (खेती, बत्ती, छाती).
   */
  private keepsTatsamTi(w: string): boolean {
    for (const { base } of [{ base: w }, ...this.morph.splitPostpositions(w)]) {
      if (base.endsWith(TATSAM_TI) && aksharaCount(base) >= 2 && this.realTextPrefersOverList(base, base.slice(0, -1) + 'ी')) return true;
    }
    return false;
  }

  /**
   * A tatsam word that ends in a consonant keeps its halanta (विद्युत्,
   * जगत्, सम्राट्: हलन्त अनिवार्य): the word is the standard's where the
   * word list carries it only without (विद्युत), the thesaurus does not list
   * that spelling, and real text writes the halanta spelling more often.
   */
  keepsTatsamHalanta(w: string): boolean {
    return w.endsWith(HALANTA) && aksharaCount(w) >= 2 && isConsonantCode(w.charCodeAt(w.length - 2)) && this.realTextPrefersOverList(w, w.slice(0, -1));
  }

  /** The word list has `listed` and the thesaurus does not, and real text writes `w` more often (a better frequency rank). */
  private realTextPrefersOverList(w: string, listed: string): boolean {
    if (!this.morph.isLexicon(listed) || this.ctx.isThesaurusHeadword(listed)) return false;
    const rank = this.store.rank(w);
    const listedRank = this.store.rank(listed);
    return rank !== undefined && (listedRank === undefined || rank < listedRank);
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
    if (this.keepsTatsamTi(w) || this.keepsTatsamHalanta(w)) return true;
    // A यण् or विसर्ग sandhi compound (गति + अवरोध = गत्यवरोध, पुनः + अवलोकन =
    // पुनरवलोकन) that no list has: the rule sandhi-no-lengthening makes it
    // of the spelling with the second member's अ lengthened (गत्यावरोध), so
    // it is that rule's own answer, its members words of the lexicon.
    for (let p = 2; p < w.length - 1; p++) {
      if (!(w.endsWith('्य', p) || w.endsWith('्व', p) || w[p - 1] === 'र') || !isConsonantCode(w.charCodeAt(p))) continue;
      if (this.finding(w.slice(0, p) + 'ा' + w.slice(p))?.correction === w) return true;
    }
    // The rules often add a halanta inside the word (संसद -> संसद्, so
    // संसदको -> संसद्को). Removing a typed conjunct halanta is dear
    // (error-model.ts TYPED_HALANTA_COST), so such a variant is not among
    // the word's cheap candidates: it is looked for in the other direction,
    // as a slip from the variant to the word.
    if (CONJUNCT.test(w)) {
      for (const c of this.store.formsByConfusionKey(confusionKey(w))) {
        if (c !== w && editCost(c, w, STANDARD_OF_VARIANT_COST) <= STANDARD_OF_VARIANT_COST && this.finding(c)?.correction === w) return true;
      }
    }
    return false;
  }
}
