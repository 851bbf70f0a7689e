// Facts about a candidate word the ranking reads: which dictionaries back
// it, whether it is a headword, a bound stem, a regular form of a headword
// or attested only (the glossary: src/engine/README.md), and, worked out on
// first use, how much real text uses it (the spellchecker's evidence of
// real text, spell/evidence.ts: attestation, case forms, rank, example
// sentences).

import { FORM_ATTESTED, FORM_HEADWORD, FORM_LEXICON, FORM_PRONOUNCED, HUNSPELL_DICT, PRONUNCIATION_LEXICON, type HeadwordRecord } from '../../store/types.js';
import type { WordStore } from '../../store/word-store.js';
import { FUNCTION_WORDS } from '../lang/closed-class.js';
import { HALANTA } from '../lang/letters.js';
import { confusionKey } from '../spell/confusion.js';
import type { RealTextEvidence } from '../spell/evidence.js';
import type { Morphology } from '../spell/morphology.js';
import type { Spellchecker } from '../spell/spellchecker.js';
import type { SpellStore } from '../spell/store-memo.js';
import { stringBytes, type BudgetCache } from '../lang/budget-cache.js';
import { postpositionHeadword } from './inflection.js';

/** The rank of a word the frequency word list does not have: after every ranked one. */
export const UNRANKED = Number.MAX_SAFE_INTEGER;
/** Its frequency band: after every ranked word's. */
const UNRANKED_BAND = 100;

/** How many case forms of a word the news list has (RealTextEvidence.caseForms, or the build's counts: WordStore.caseForms). */
export type CaseFormCount = (word: string) => number;

/** What the facts read on first use: the thread's evidence of real text and morphology, and its count of case forms. */
export interface FactSources {
  evidence: RealTextEvidence;
  morph: Morphology;
  countCaseForms: CaseFormCount;
}

/** What the store says of a word at once (WordFactsCache.of), the fields a WordFacts is made of. */
export interface WordFactsFields {
  word: string;
  /** The news word list (real text) has the word. */
  attested: boolean;
  dictionaries: string[];
  definitionRank: number;
  headword: boolean;
  lexicon: boolean;
  /** Not a dictionary form, but a headword plus a regular ending (inflection.ts), or a form the spellchecker's grammar builds on a headword. */
  regular: boolean;
  boundStem: boolean;
  /** The pronunciation lexicon has the word (FORM_PRONOUNCED): it backs the word when no dictionary does. */
  pronounced: boolean;
  /** Whose case forms tell how much real text uses the word: the word, or for a headword plus a postposition chain (नदीमा), the headword (नदी). */
  caseStem: string;
}

export class WordFacts {
  readonly word: string;
  /** The news word list (real text) has the word. */
  readonly attested: boolean;
  readonly dictionaries: string[];
  readonly definitionRank: number;
  readonly headword: boolean;
  readonly lexicon: boolean;
  /** Not a dictionary form, but a headword plus a regular ending (inflection.ts), or a form the spellchecker's grammar builds on a headword. */
  readonly regular: boolean;
  readonly boundStem: boolean;
  /** The pronunciation lexicon has the word (WordFactsFields.pronounced). */
  readonly pronounced: boolean;
  /** Whose case forms tell how much real text uses the word (WordFactsFields.caseStem). */
  private readonly caseStem: string;

  constructor(
    private readonly sources: FactSources,
    fields: WordFactsFields,
  ) {
    this.word = fields.word;
    this.attested = fields.attested;
    this.dictionaries = fields.dictionaries;
    this.definitionRank = fields.definitionRank;
    this.headword = fields.headword;
    this.lexicon = fields.lexicon;
    this.regular = fields.regular;
    this.boundStem = fields.boundStem;
    this.pronounced = fields.pronounced;
    this.caseStem = fields.caseStem;
  }

  private uses = -1;

  /** Heap bytes of its word and dictionary list (the cache's estimate). */
  get bytes(): number {
    return stringBytes(this.word) + (this.caseStem === this.word ? 0 : stringBytes(this.caseStem)) + 24 + 8 * this.dictionaries.length;
  }

  /**
   * Attested only: no dictionary has the word, nor the pronunciation
   * lexicon, and it is no form the grammar builds on a headword (`regular`).
   */
  get attestedOnly(): boolean {
    return this.attested && !this.lexicon && !this.regular && !this.pronounced;
  }

  /** Only the pronunciation lexicon backs the word (the news list may have it too): no dictionary has it, and it is no regular form. */
  get pronouncedOnly(): boolean {
    return this.pronounced && !this.lexicon && !this.regular;
  }

  /** No dictionary has the word and it is no regular form: only the news list, the pronunciation lexicon or both have it. */
  get listedOnly(): boolean {
    return (this.attested || this.pronounced) && !this.lexicon && !this.regular;
  }

  /**
   * Attestation in real text: 1 when the news vocabulary has the word, plus
   * the number of the store's example sentences that use it (the store keeps
   * a bounded number per word), so among otherwise equal candidates the word
   * seen more comes first. Counted on first use: reading and scanning a
   * word's sentences is the dearest look-up of a cold analysis, and most
   * candidates are ranked before their attestation is compared.
   */
  get attestation(): number {
    if (this.uses < 0) this.readExamples();
    return (this.attested ? 1 : 0) + this.uses;
  }

  private seen = -1;

  /**
   * The word is attested, or, for a headword plus a postposition chain,
   * its headword is (अचारमा: अचार). Read on first use and memoized: every
   * comparison of the ranking asks (rankWeight).
   */
  get attestedOrBase(): boolean {
    if (this.seen < 0) this.seen = this.attested || (this.caseStem !== this.word && this.sources.evidence.attested(this.caseStem)) ? 1 : 0;
    return this.seen === 1;
  }

  private cases = -1;

  /**
   * How many case forms of the word (CASE_FORM_PROBES: घरमा, घरको, घरहरू...)
   * the news word list has: a word real text uses often shows up in many
   * (मन, but not मान; साथी, राति), the nearest thing to a frequency the
   * packaged data has. Counted on first use (by the spellchecker's
   * evidence, or read from the build's counts), memoized with the word's
   * other facts.
   */
  get caseForms(): number {
    if (this.cases < 0) this.cases = this.sources.countCaseForms(this.caseStem);
    return this.cases;
  }

  private frequencyRank = 0;

  /**
   * The word's rank in the frequency word list of web text (WordStore.rank:
   * 1 is the most frequent), UNRANKED when the list does not have it. Read
   * on first use: most candidates are ordered before the rank is compared.
   */
  get rank(): number {
    if (this.frequencyRank === 0) this.frequencyRank = this.sources.evidence.rank(this.word) ?? UNRANKED;
    return this.frequencyRank;
  }

  /** The decade of the word's frequency rank (rank 1-9: 0, 10-99: 1, ...), after every decade when the list lacks the word. */
  get frequencyBand(): number {
    const r = this.rank;
    return r === UNRANKED ? UNRANKED_BAND : Math.floor(Math.log10(r));
  }

  private confusion: string | undefined;

  /** The word's confusion key (spell/confusion.ts): two words with one key are spellings of one word. Worked out on first use. */
  get confusionKey(): string {
    return (this.confusion ??= confusionKey(this.word));
  }

  private verb = -1;

  /** A form a verb class of the dictionary makes (Morphology.isVerbForm), read on first use. */
  get verbForm(): boolean {
    if (this.verb < 0) this.verb = this.sources.morph.isVerbForm(this.word) ? 1 : 0;
    return this.verb === 1;
  }

  private formUsesCount = -1;

  /** Example sentences that use the word or one of its inflected forms (रामको for राम): the last tie-breaker before code point order. */
  get formUses(): number {
    if (this.formUsesCount < 0) this.readExamples();
    return this.formUsesCount;
  }

  /** One read of the word's example sentences gives both counts. */
  private readExamples(): void {
    const { ofForms, ofWord } = this.sources.evidence.sentenceUses(this.word);
    this.formUsesCount = ofForms;
    this.uses = ofWord;
  }
}

/** The dictionaries of a word only the pronunciation lexicon backs (one list every such candidate shows; never changed). */
const PRONOUNCED_ONLY: string[] = [PRONUNCIATION_LEXICON];

/** Parts of speech (as the store names them) whose halanta-final stems are bound. */
const BOUND_STEM_POS = new Set(['क्रिया', 'सर्वनाम']);

/** Bytes of a WordFacts beside its word and dictionary list (its fields; the sources it refers to are the thread's). */
const WORD_FACTS_BYTES = 120;

/** Store facts about candidate words, worked out once per word (a word is a candidate of many tokens). */
export class WordFactsCache {
  private readonly memo: BudgetCache<WordFacts>;
  private readonly sources: FactSources;

  constructor(
    private readonly store: WordStore,
    private readonly spell: Spellchecker,
    countCaseForms: CaseFormCount,
  ) {
    this.memo = spell.caches.cache('roman.wordFacts', 0.1, (f) => WORD_FACTS_BYTES + f.bytes);
    this.sources = { evidence: spell.evidence, morph: spell.morph, countCaseForms };
  }

  of(word: string): WordFacts {
    let m = this.memo.get(word);
    if (m) return m;
    const f = this.store.mayBeForm(word) ? this.store.form(word) : undefined;
    const h = f !== undefined && (f.flags & FORM_HEADWORD) !== 0 ? this.store.headword(word) : undefined;
    // (Flags through the spellchecker's memo: the checks and stages ask them of the same words.)
    const isHeadword = (w: string): boolean => hasHeadword(this.spell.store, w);
    const headwordOf = (w: string): HeadwordRecord | undefined => (hasHeadword(this.spell.store, w) ? this.store.headword(w) : undefined);
    let dictionaries: string[] = [];
    let definitionRank = 0;
    if (h) {
      dictionaries = h.entries.map((e) => e.dictionary);
      for (const e of h.entries) definitionRank += e.senses.length;
    } else if (f) {
      // An inflected form belongs to the dictionaries of the stems it
      // inflects; a verb root (गर्, लागि) is no headword, its -नु form is.
      for (const a of f.analyses) {
        const stem = headwordOf(a.stem) ?? headwordOf(a.stem + 'नु');
        for (const e of stem?.entries ?? []) if (!dictionaries.includes(e.dictionary)) dictionaries.push(e.dictionary);
      }
      // A form the hunspell expansion made from a stem that is no headword
      // (the copula हो, थियो: verb fragments without a -नु form) is still a
      // word of the hunspell list; a bare fragment (थि) is not offered.
      if (
        dictionaries.length === 0 &&
        (f.flags & FORM_LEXICON) !== 0 &&
        (FUNCTION_WORDS.has(word) || f.analyses.some((a) => a.suffix !== '' || a.prefix !== ''))
      ) {
        dictionaries = [HUNSPELL_DICT];
      }
    }
    const flags = f?.flags ?? 0;
    // A verb or pronoun stem ending in halanta (गर्, खेल्, उस्) is what the
    // dictionary inflects, not a word written alone.
    // So is a verb root the word list gives bare (मान्, काम्) when the
    // dictionaries have its infinitive (मान्नु).
    // (A closed-class word is a word whatever it looks like: the copula छिन्
    // beside the root of छिन्नु.)
    const boundStem =
      word.endsWith(HALANTA) &&
      !FUNCTION_WORDS.has(word) &&
      (h !== undefined
        ? h.entries.every((e) => e.pos !== null && BOUND_STEM_POS.has(e.pos))
        : f !== undefined && f.analyses.length > 0 && f.analyses.every((a) => a.stem === word && a.suffix === '' && a.prefix === '') && isHeadword(word + 'नु'));
    const lexicon = h !== undefined || (flags & FORM_LEXICON) !== 0;
    // A word no dictionary lists, but seen in real text and made of a
    // headword and a regular ending: it belongs to the headword's dictionaries.
    let regular = false;
    // The headword before a postposition chain (नदी of नदीमा), asked at most once.
    let chainBase: string | null | undefined;
    const postpositionBase = (): string | null => (chainBase === undefined ? (chainBase = postpositionHeadword(word, isHeadword)) : chainBase);
    if (!lexicon && f !== undefined) {
      const base = postpositionBase();
      if (base !== null) {
        regular = true;
        dictionaries = this.store.headword(base)!.entries.map((e) => e.dictionary);
      } else {
        // Or a form the spellchecker's grammar builds on a headword
        // (गर्नुहोस् = गर्नु + होस्), or on a lexicon form (गयौ, the person
        // twin of गयौँ): it belongs to that word's dictionaries.
        const a = this.spell.morph.analyse(word);
        const base = a && !a.speculative ? (headwordOf(a.base) ?? headwordOf(a.base + 'नु')) : undefined;
        if (base) {
          regular = true;
          dictionaries = base.entries.map((e) => e.dictionary);
        } else if (a && !a.speculative && a.base !== word && (this.spell.store.formFlags(a.base) ?? 0) & FORM_LEXICON) {
          const twin = this.of(a.base);
          if (twin.dictionaries.length > 0) {
            regular = true;
            dictionaries = [...twin.dictionaries];
          }
        }
      }
    }
    // A word no dictionary backs that the pronunciation lexicon has (a name, a place, a loanword): that lexicon
    // backs it, unless the spellchecker corrects it (अगाडी, केन्द्रिय: the lexicon is no standard of spelling).
    const pronounced = (flags & FORM_PRONOUNCED) !== 0 && (lexicon || this.spell.checkWord(word).status !== 'misspelled');
    if (dictionaries.length === 0 && pronounced) dictionaries = PRONOUNCED_ONLY;
    // An inflected form is used as much as its headword is: its own case forms mean nothing (नदीमामा).
    const caseStem = h === undefined ? (postpositionBase() ?? word) : word;
    m = new WordFacts(this.sources, {
      word,
      attested: (flags & FORM_ATTESTED) !== 0,
      dictionaries,
      definitionRank,
      headword: h !== undefined,
      lexicon,
      regular,
      boundStem,
      pronounced,
      caseStem,
    });
    return this.memo.remember(word, m);
  }
}

/**
 * The store has a headword record for the word, read from its form record
 * (the build gives every headword one, flagged FORM_HEADWORD), the Bloom
 * filter asked first: no headword record is read and decoded to learn it.
 */
export function hasHeadword(store: Pick<SpellStore, 'mayBeForm' | 'formFlags'>, word: string): boolean {
  return store.mayBeForm(word) && ((store.formFlags(word) ?? 0) & FORM_HEADWORD) !== 0;
}
