// The candidates of one roman token while its analysis runs: the set every
// stage of the pipeline (analysis.ts) adds to, and the rule that decides
// what a candidate is backed by and how much it weighs when it is added.

import { ATTESTED_WORDLIST, type AliasRecord } from '../../store/types.js';
import { editDistance } from '../lang/edit-distance.js';
import { casualWeight, romanAliases } from './aliases.js';
import { CASUAL_TYPED, foldDiacritics } from './keys.js';
import { LATIN_SPELLING_KIND, PRONUNCIATION_KIND } from './pronunciation.js';
import type { Lexicon } from './lexicon.js';
import type { RomanCandidate } from './results.js';
import { ATTESTED_PENALTY, FUZZY_EDIT_PENALTY, FUZZY_PENALTY } from './weights.js';
import type { WordFacts } from './word-facts.js';

export const DEFAULT_MAX_CANDIDATES = 5;
export const MIN_MAX_CANDIDATES = 1;
export const MAX_MAX_CANDIDATES = 10;

/** How a candidate matched the token, in ranking order (roman/README.md, "Ranking", rule 1). */
export const enum Stage {
  /**
   * An alias of a dictionary word: a headword, a form the dictionaries
   * make, or a word seen in real text that is a headword plus a regular
   * ending (बारेमा, गर्नुहोस्).
   */
  Exact = 0,
  /** A dictionary stem + a known ending, or two dictionary words written together. */
  Split = 1,
  /** An English spelling of a loanword the word lists have (roman/english.ts): digital डिजिटल. */
  Loan = 2,
  Fuzzy = 3,
  /** A fuzzy match of a word only the news word list has. */
  AttestedFuzzy = 4,
  Variant = 5,
  /** One edit of the fuzzy key away: only for a word typed alone that no dictionary word matches exactly in a usual spelling (stages/guess.ts). */
  Guess = 6,
}

export const CASUAL_KINDS = ['casual'];

/** A candidate with what the ranking reads besides its public fields. */
export interface Scored extends RomanCandidate {
  stage: Stage;
  /** Store facts about the word; their attestation is worked out only when the ranking needs it. */
  facts: WordFacts;
  headword: boolean;
  distance: number;
  /** Set by standardSpellingsFirst and acceptedVariantsFirst: the weight of the word whose accepted spelling this word is. */
  standardOfWeight?: number;
  /**
   * Set by acceptedVariantsFirst and fifthLetterFirst on a spelling that
   * gives its place to a variant (Gate.Later): a news-list spelling whose
   * variant the spellchecker accepts, a dictionary twin of real text's own
   * spelling (विन्दु beside बिन्दु), an anusvara spelling beside the fifth
   * letter (संभव beside सम्भव).
   */
  variantOfAccepted?: boolean;
  /**
   * Set by standardSpellingsFirst on a headword an orthography rule of the
   * standard respells: its standard spelling (टीका: टिका). The headword is
   * listed right after it (standardFirst), not after every other word of
   * its stage: the same word in the older spelling, which much real text
   * still writes. (Not for the news list's variants of an accepted word,
   * हत्त beside हत, nor for an anusvara spelling beside the fifth letter,
   * संग beside सङ्ग: moving those up pushes out the candidates the sentence
   * rules choose from, हट, सँग.)
   */
  respelledAs?: string;
  /** Set by the real-text spelling stage on real text's spelling of a match the standard spells otherwise (लेख्नुस beside लेख्नुस्): only ever the last resort. */
  realTextSpelling?: boolean;
  /** Set for a token typed with diacritics: one of the word's scientific aliases is the token exactly (ghaṇṭā: घण्टा). */
  typedExactly?: boolean;
  /** The words a split form or compound no list has is backed by (its stem: भुटेको for भुटेकोमा). */
  stems?: string[];
}

/** The token being analysed, in the forms the stages read it. */
export interface TypedToken {
  /** romanKey of what was typed: the exact-alias key. */
  key: string;
  lower: string;
  /** Typed with diacritics: as a typist without them would write it (ghaṇṭā: ghanta); null otherwise. */
  folded: string | null;
  /** What the casual stages read: `folded`, or else `lower`. */
  typed: string;
  /** `typed` is plain lower-case ASCII: the casual scheme can price it. */
  casual: boolean;
}

export function readToken(key: string): TypedToken {
  const lower = key.toLowerCase();
  const folded = foldDiacritics(lower);
  const typed = folded ?? lower;
  return { key, lower, folded, typed, casual: CASUAL_TYPED.test(typed) };
}

/** The candidates of one token, by word: what each stage adds to and the later stages read. */
export class CandidateSet {
  private readonly found = new Map<string, Scored>();

  constructor(
    readonly lexicon: Lexicon,
    readonly token: TypedToken,
  ) {}

  has(word: string): boolean {
    return this.found.has(word);
  }

  /** How many candidates there are now. */
  get size(): number {
    return this.found.size;
  }

  get(word: string): Scored | undefined {
    return this.found.get(word);
  }

  values(): IterableIterator<Scored> {
    return this.found.values();
  }

  /** The candidates as they are now (a copy: a stage may add while it walks them). */
  list(): Scored[] {
    return [...this.found.values()];
  }

  some(test: (c: Scored) => boolean): boolean {
    for (const c of this.found.values()) if (test(c)) return true;
    return false;
  }

  /** A candidate a dictionary backs (not only the news word list). */
  hasDictionaryWord(): boolean {
    return this.some((c) => !c.facts.attestedOnly);
  }

  /**
   * Adds a candidate, or raises one found by a later stage or with less
   * weight. Candidates are backed by a word list (spec 2.5): a split form
   * or compound not listed itself is backed by the dictionaries of its
   * parts (`stems`); a word only the news word list has (a name, a place,
   * a loanword) is backed by that list and weighs ATTESTED_PENALTY less (a
   * fuzzy match of one goes after the fuzzy matches of dictionary words),
   * and so does a word only the pronunciation lexicon backs unless it is
   * typed as it sounds; a join of unknown pieces is not offered.
   */
  add(word: string, alias: string, weight: number, kinds: string[], stage: Stage, stems?: string[]): void {
    const lexicon = this.lexicon;
    const i = lexicon.facts(word);
    if (i.boundStem) return;
    let dictionaries = i.dictionaries;
    if (dictionaries.length === 0 && stems) {
      dictionaries = [];
      for (const st of stems) for (const d of lexicon.facts(st).dictionaries) if (!dictionaries.includes(d)) dictionaries.push(d);
    }
    // The pronunciation lexicon vouches for a word typed as it sounds (an alias of its phonemes, or a
    // Latin spelling it gives): typed by its letters alone, the word weighs what a word of the news list
    // does (lagain: लगाइन्, not the loanword लगइन, said lagin).
    if (i.pronouncedOnly && !stems && stage <= Stage.Split && !kinds.includes(PRONUNCIATION_KIND) && !kinds.includes(LATIN_SPELLING_KIND))
      weight = Math.max(1, weight - ATTESTED_PENALTY);
    if (dictionaries.length === 0) {
      // A form of a verb only the news list has (पकाइयो of पकाउनु; the
      // split stage joins it only where the spellchecker's grammar reads it)
      // is backed by that list, as the infinitive is.
      const fromAttested = stems !== undefined && stems.length > 0 && stems.every((st) => lexicon.facts(st).attestedOnly);
      if (!(i.attestedOnly && !stems) && !fromAttested) return;
      dictionaries = ATTESTED_ONLY_DICTIONARIES;
      if (stage <= Stage.Split) weight = Math.max(1, weight - ATTESTED_PENALTY);
      else if (stage === Stage.Fuzzy) stage = Stage.AttestedFuzzy;
    }
    const prev = this.found.get(word);
    if (prev && (prev.stage < stage || (prev.stage === stage && prev.weight >= weight))) return;
    // Every field, the ones the later stages set too: all candidates have one shape.
    this.found.set(word, {
      word,
      alias,
      weight,
      kinds: [...kinds],
      definition_rank: i.definitionRank,
      dictionaries,
      stage,
      facts: i,
      headword: i.headword,
      distance: editDistance(this.token.lower, alias.toLowerCase()),
      stems,
      standardOfWeight: undefined,
      variantOfAccepted: undefined,
      respelledAs: undefined,
      realTextSpelling: undefined,
      typedExactly: undefined,
    });
  }

  /**
   * A word found by any means, added as an exact casual alias weighted by
   * its cost when the casual scheme can spell it as typed; otherwise as a
   * fuzzy match of `fallback` (or of the word's likeliest alias) at `stage`.
   */
  addScored(word: string, fallback: AliasRecord | null, stage: Stage): void {
    const cost = this.token.casual ? this.lexicon.casualCost(word, this.token.typed) : Infinity;
    if (cost !== Infinity) this.add(word, this.token.typed, casualWeight(cost), CASUAL_KINDS, Stage.Exact);
    else {
      // Not a casual spelling: weighed by its distance from the word's likeliest alias.
      fallback ??= bestAlias(word);
      if (fallback) this.addFuzzy(fallback, stage);
    }
  }

  /** A twin of an exact candidate, added only when the casual scheme can spell it as typed. */
  addScoredTwin(word: string, stems?: string[]): void {
    const cost = this.lexicon.casualCost(word, this.token.typed);
    if (cost !== Infinity) this.add(word, this.token.typed, casualWeight(cost), CASUAL_KINDS, Stage.Exact, stems);
  }

  /** A fuzzy match of an alias record, weighed by its distance from what was typed; `extraPenalty` is taken off besides (a guess's dear edit). */
  addFuzzy(r: AliasRecord, stage: Stage, extraPenalty = 0): void {
    const d = editDistance(this.token.typed, r.alias.toLowerCase());
    this.add(r.word, r.alias, Math.max(1, r.weight - FUZZY_PENALTY - FUZZY_EDIT_PENALTY * d - extraPenalty), r.kinds, stage);
  }
}

const ATTESTED_ONLY_DICTIONARIES = [ATTESTED_WORDLIST];

function bestAlias(word: string): AliasRecord | null {
  const a = romanAliases(word)[0];
  return a ? { word, alias: a.alias, weight: a.weight, kinds: a.kinds } : null;
}

export function publicCandidate(c: Scored): RomanCandidate {
  return { word: c.word, alias: c.alias, weight: c.weight, definition_rank: c.definition_rank, dictionaries: c.dictionaries, kinds: c.kinds };
}
