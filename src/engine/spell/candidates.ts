// Correction candidates for a word the lexicon does not accept, generated in
// stages from cheapest to dearest and ranked by the error model
// (error-model.ts):
//
//   1. Confusion key: one store look-up returns every lexicon form (and
//      grammatical form of real text) that differs from the word only by the
//      common Nepali confusions (confusion.ts; the build indexed
//      them by key); and the word with a final halanta, when the morphology
//      layer makes that (a verb form no list has).
//   2. Edit variants: the word one edit away (error-model.ts forEachEditVariant),
//      each probed in the Bloom filter and confirmed with a form look-up.
//   3. Postposition chains: a word the dictionary lacks as a whole (शरिरहरूलाई)
//      is cut into base + chain, the chain matched up to the confusions
//      (लाइ = लाई), and the base corrected by stage 1; the chain is put
//      back and the morphology layer must accept the result.
//   4. Several slips at once (slip-search.ts): the spellings the typed
//      word becomes when the slips of the confusion classes, and those the
//      key does not fold (ा left out or typed extra, क्ष as क्छ, द्य/ध्य, a
//      last letter left out), are undone two or three at a time, followed
//      only while some form begins with them (the Bloom filter of form
//      beginnings), to SLIP_SEARCH_MAX_COST, SLIP_SEARCH_CAP tests a word.
//   5. Only when nothing cheap turned up: the confusion key with one letter
//      deleted (an extra letter typed, on top of any confusions).
// When stage 1 finds a confusion slip, stages 2-5 cannot find anything
// cheaper (every edit they add costs more than the key's folds) and are
// skipped: most misspellings cost one key look-up. slipCandidates runs
// stages 1 and 4 alone: the words a few slips away, no arbitrary edit.
//
// Ranking: weighted distance first; at equal distance a spelling that is
// not the standard's nasal (ANUSVARA_BEFORE_STOP) last, then a lexicon form
// before a grammatical form only real text has (the build indexes both,
// src/build/records.ts), then a thesaurus headword
// (or a form of one), then any headword, then the more frequent word (its
// rank in the frequency word list, WordStore.rank), then a form attested in
// real text, then the candidate closest in length.

import { confusionKey } from './confusion.js';
import { SlipSearch, type SlipSearchStore } from './slip-search.js';
import { editCost, forEachEditVariant, GEMINATE_ASPIRATES } from './error-model.js';
import type { Morphology } from './morphology.js';
import { FUNCTION_WORDS } from '../lang/closed-class.js';
import { ANUSVARA, CONSONANTS, FIFTH_LETTERS, HALANTA, STOPS } from '../lang/letters.js';
import { POSTPOSITIONS } from '../lang/postpositions.js';
import { FORM_ATTESTED, FORM_HEADWORD, FORM_LEXICON, THESAURUS_DICT } from '../../store/types.js';
import { approxBytes, type BudgetCache, type CachePlan } from '../lang/budget-cache.js';
import type { SpellStore } from './store-memo.js';

export interface Candidate {
  word: string;
  cost: number;
}

/** Candidates this close in cost (hundredths) are ordered by frequency when one is NEAR_TIE_RATIO times as frequent (rank). */
const NEAR_TIE_CENTI = 5;
const NEAR_TIE_RATIO = 10;
const NASAL_SIGNS = /[ंँ]/g;
/** The rank of a word the frequency word list does not have: after every ranked one. */
const UNRANKED = Number.MAX_SAFE_INTEGER;

/** Costs above this are never worth computing exactly: no threshold of the spellchecker reaches it. */
export const MAX_CANDIDATE_COST = 2;
/** The slip search (stage 5) looks this far at most: three slips of the confusion classes, or a letter left out. */
const SLIP_SEARCH_MAX_COST = 1.2;
/** Beginnings the slip search tests for one word at most (a few hundred for most words: slip-search.ts). */
export const SLIP_SEARCH_CAP = 2000;
/** ... and for all the words of one text (startText): a 1,000-word text of real Nepali uses a few thousand. */
export const SLIP_SEARCH_TEXT_CAP = 50_000;
/** Stage 4 runs only when stages 1-3 found nothing at or below this cost. */
const CHEAP_ENOUGH = 0.7;
/**
 * A confusion slip costs at most this: the dearest single edit the key
 * folds is 0.4 (ण/न, क्ष/छ, a geminate); the edits of stages 2-4 cost 0.6
 * or more (error-model.ts).
 */
export const CONFUSION_ONLY = 0.45;

/** The function words and the postpositions that stand as words (सँगै, बारे), by confusion key: candidates the dictionary may lack. */
const FUNCTION_WORDS_BY_KEY = new Map<string, string[]>();
for (const w of new Set([...FUNCTION_WORDS, ...POSTPOSITIONS])) {
  const k = confusionKey(w);
  const list = FUNCTION_WORDS_BY_KEY.get(k);
  if (list) list.push(w);
  else FUNCTION_WORDS_BY_KEY.set(k, [w]);
}

/** The finite verb endings that end in a halanta end in न् or स् (-छन्, -इन्, -होस्, -नुस्, -ओस्). */
const HALANTA_VERB_END = /[नस]$/;

const POSTPOSITION_KEYS = POSTPOSITIONS.map((p) => ({ p, key: confusionKey(p) }));
const MAX_POSTPOSITION_LENGTH = Math.max(...POSTPOSITIONS.map((p) => p.length));
/** A vowel sign, halanta, nukta or nasal sign cannot start a postposition: a cut there splits an akshara. */
const CUT_INSIDE_AKSHARA = /[\u0900-\u0903\u093A-\u094F\u0955-\u0957\u0962\u0963]/;

// The key drops a halanta but folds a geminate (C्C -> C), a nasal
// before a stop of its class (सन्तान -> सतान) and ज्ञ (गय). A word typed with
// that halanta dropped (सममान for सम्मान, सनतान for सन्तान, बिजञान for
// विज्ञान) keeps both letters, so stage 1 also looks up the key of the word
// with the halanta restored.
const HALANTA_DROPPED = new RegExp(`(?<=[${FIFTH_LETTERS}])(?=[${STOPS}])|(?<=([${CONSONANTS}]))(?=\\1)|(?<=ज)(?=ञ)`, 'g');

// Confusions of error-model.ts that cost as little as a fold but change
// the key: a geminate stop written with its aspirate or not (मुद्धा for
// मुद्दा), the glide व after उ/ऊ (सुरुवात for सुरुआत), क्ष written क्छ
// (शिक्छा), द्य/ध्य (बिध्युत for विद्युत्) and द्व/ध्व (बिध्वान for विद्वान्). Stage 1 looks up the key of the
// word written the other way too.
const ASPIRATE_OF = new Map(GEMINATE_ASPIRATES);
const PLAIN_OF = new Map(GEMINATE_ASPIRATES.map(([p, a]) => [a, p]));
const GEMINATE_STOP = /([कगजटडतदपब])्([कखगघजझटठडढतथदधपफबभ])/g;
const GLIDE = /([ुू])(वा|आ)/g;
const CONJUNCT_SLIP = /क्छ|द्य|ध्य|द्व|ध्व/g;
const CONJUNCT_OTHER_WAY: Record<string, string> = { क्छ: 'क्ष', द्य: 'ध्य', ध्य: 'द्य', द्व: 'ध्व', ध्व: 'द्व' };

/** The word with its geminate stops' aspiration, its glides after उ/ऊ and its conjunct slips written the other way, or null when it has none. */
function otherWay(word: string): string | null {
  const out = word
    .replace(GEMINATE_STOP, (m, p: string, q: string) => (q === p ? p + HALANTA + ASPIRATE_OF.get(p)! : PLAIN_OF.get(q) === p ? p + HALANTA + p : m))
    .replace(GLIDE, (_m, u: string, v: string) => u + (v === 'आ' ? 'वा' : 'आ'))
    .replace(CONJUNCT_SLIP, (m) => CONJUNCT_OTHER_WAY[m]!);
  return out === word ? null : out;
}

/**
 * The confusion keys to look up in stage 1: the word's; the word's with a
 * dropped halanta restored in a cluster the key folds; the word's written
 * the other way (otherWay), with and without the halanta restored.
 */
function stageOneKeys(word: string): string[] {
  const keys = [confusionKey(word)];
  const restored = word.replace(HALANTA_DROPPED, HALANTA);
  for (const variant of [restored, otherWay(word), restored === word ? null : otherWay(restored)]) {
    if (variant === null || variant === word) continue;
    const k = confusionKey(variant);
    if (!keys.includes(k)) keys.push(k);
  }
  return keys;
}

interface ChainSplit {
  base: string;
  suffix: string;
  suffixCost: number;
}

/**
 * Anusvara before a stop: the Academy standard writes that nasal as the
 * fifth letter of the stop's class in tatsam words (अङ्क, सम्भव) and as
 * chandrabindu on the vowel in tadbhav words (बगैँचा); anusvara stays only
 * before य र ल व श ष स ह and at the end of a word. Between candidates of
 * equal distance, one spelled this way ranks after the others, even when
 * the thesaurus (which keeps many older anusvara spellings) has it.
 */
const ANUSVARA_BEFORE_STOP = new RegExp(`${ANUSVARA}(?=[${STOPS}])`);

/** The candidates a search has found for a word, each at its lowest cost, none the word itself or dearer than maxCost. */
class Found {
  readonly costs = new Map<string, number>();

  constructor(
    private readonly word: string,
    readonly maxCost: number,
  ) {}

  add(w: string, cost: number): void {
    if (w === this.word || cost > this.maxCost) return;
    const prev = this.costs.get(w);
    if (prev === undefined || cost < prev) this.costs.set(w, cost);
  }

  has(w: string): boolean {
    return this.costs.has(w);
  }

  best(): number {
    let b = Infinity;
    for (const c of this.costs.values()) if (c < b) b = c;
    return b;
  }
}

export class CandidateGenerator {
  /** chainSplits of recent words: a word's candidates are asked for twice (confusion slips, then all). */
  private readonly splitMemo: BudgetCache<ChainSplit[]>;

  private readonly slipSearch: SlipSearch;
  private lastSlipWord = '';
  private lastSlipForms: string[] = [];
  /** Slip-search tests the text being checked may still make (startText); Infinity outside a text. */
  private textTests = Infinity;
  /** Slip searches stopped by a text's share of tests: a word's answer found so is not cached (Spellchecker). */
  searchesCutShort = 0;

  constructor(
    private readonly store: SpellStore & SlipSearchStore,
    private readonly morph: Morphology,
    caches: CachePlan,
  ) {
    this.splitMemo = caches.cache('spell.candidateSplits', 0.02, approxBytes);
    this.slipSearch = new SlipSearch(store);
  }

  /** A lexicon form: its flags read without decoding its record (the edit variants and the slip search's spellings are each asked once). */
  private isLexiconForm(w: string): boolean {
    return this.store.mayBeForm(w) && this.hasLexiconFlag(w);
  }

  /** isLexiconForm of a spelling the Bloom filter has already said may be a form. */
  private hasLexiconFlag(w: string): boolean {
    return ((this.store.formFlags(w) ?? 0) & FORM_LEXICON) !== 0;
  }

  /** Candidates for `word` (normalized), best first, at most `limit`, none costing more than `maxCost`. */
  candidates(word: string, limit: number, maxCost: number): Candidate[] {
    const found = new Found(word, maxCost);
    // --- 1. confusion key. Every edit cheaper than CONFUSION_ONLY is folded
    // by the key, so when the key finds a candidate that cheap, or the
    // caller accepts nothing dearer, the later stages cannot change the
    // best candidate: they are skipped (most misspellings stop here).
    this.byConfusionKey(word, found);
    if (found.best() <= CONFUSION_ONLY) return this.rank(found.costs, word).slice(0, limit);

    // --- 2. edit variants through the Bloom filter
    if (maxCost > CONFUSION_ONLY) {
      forEachEditVariant(word, (before, insert, after) => {
        // Most variants are no form: the filter answers from the pieces, and only the others are built.
        if (!this.store.mayBeFormJoined(before, insert, after)) return;
        const v = before + insert + after;
        if (v === word || v === '' || found.has(v)) return;
        if (this.hasLexiconFlag(v)) found.add(v, editCost(word, v, maxCost));
      });
    }

    // --- 3. base + postposition chain
    for (const { base, suffix, suffixCost } of this.chainSplits(word)) {
      if (suffixCost > maxCost || base.length < 2) continue;
      const baseOk = this.isLexiconForm(base) || this.morph.analyse(base) !== null;
      const bases: Candidate[] = baseOk ? [{ word: base, cost: 0 }] : this.baseCandidates(base, maxCost - suffixCost);
      for (const b of bases) {
        const whole = b.word + suffix;
        if (whole === word || found.has(whole)) continue;
        if (this.isLexiconForm(whole) || this.morph.analyse(whole) !== null) found.add(whole, b.cost + suffixCost);
      }
    }

    // --- 4. several slips at once, of the kinds the key does not fold too
    if (maxCost > CONFUSION_ONLY && found.best() > CONFUSION_ONLY) this.bySlipSearch(word, found);

    // --- 5. one more letter typed, on top of confusions
    if (maxCost > CHEAP_ENOUGH && found.best() > CHEAP_ENOUGH) {
      const key = confusionKey(word);
      const seen = new Set<string>();
      for (let i = 0; i < key.length; i++) {
        const k = key.slice(0, i) + key.slice(i + 1);
        if (!k || seen.has(k)) continue;
        seen.add(k);
        for (const c of this.store.formsByConfusionKey(k)) if (!found.has(c)) found.add(c, editCost(word, c, maxCost));
      }
    }

    return this.rank(found.costs, word).slice(0, limit);
  }

  /**
   * The candidates a few slips away and no arbitrary edit (stages 1 and 4),
   * ranked, none costing more than `maxCost`: what a word may be when
   * frequency, not distance alone, says so (decision.ts FREQUENT).
   */
  slipCandidates(word: string, maxCost: number): Candidate[] {
    const found = new Found(word, maxCost);
    this.byConfusionKey(word, found);
    if (found.best() > CONFUSION_ONLY) this.bySlipSearch(word, found);
    return this.rank(found.costs, word);
  }

  /** Stage 1: the lexicon forms and function words under the word's confusion keys (stageOneKeys), and a verb form with its final halanta. */
  private byConfusionKey(word: string, found: Found): void {
    for (const key of stageOneKeys(word)) {
      for (const c of this.store.formsByConfusionKey(key)) if (!found.has(c)) found.add(c, editCost(word, c, found.maxCost));
      // Function words and postpositions the dictionary may lack are candidates too (आफनो -> आफ्नो, सङ्गै -> सँगै).
      for (const c of FUNCTION_WORDS_BY_KEY.get(key) ?? []) if (!found.has(c)) found.add(c, editCost(word, c, found.maxCost));
    }
    // A verb form the grammar makes but neither a dictionary nor the news
    // list has, typed without its final halanta (गरिदिनुस for गरिदिनुस्).
    if (HALANTA_VERB_END.test(word)) {
      const v = word + HALANTA;
      if (!found.has(v) && this.morph.analyse(v)) found.add(v, editCost(word, v, found.maxCost));
    }
  }

  /** Stage 4: the lexicon forms the slip search (slip-search.ts) reaches within the cost allowed and SLIP_SEARCH_MAX_COST. */
  private bySlipSearch(word: string, found: Found): void {
    for (const s of this.slipForms(word)) if (!found.has(s)) found.add(s, editCost(word, s, found.maxCost));
  }

  /**
   * The lexicon forms the slip search reaches from the word, to
   * SLIP_SEARCH_MAX_COST (each caller keeps those within its own cost); the
   * last word's are kept, as a word's check asks for them twice. The search
   * stops at SLIP_SEARCH_CAP tests, or earlier when the text being checked
   * has used up its share (startText): such a word's answer is not its own
   * alone, and searchesCutShort counts it.
   */
  private slipForms(word: string): string[] {
    if (this.lastSlipWord === word) return this.lastSlipForms;
    const cap = Math.min(SLIP_SEARCH_CAP, this.textTests);
    const forms: string[] = [];
    const tests = this.slipSearch.run(word, SLIP_SEARCH_MAX_COST, cap, (s) => {
      if (!forms.includes(s) && this.hasLexiconFlag(s)) forms.push(s);
    });
    this.textTests -= tests;
    if (tests >= cap && cap < SLIP_SEARCH_CAP) {
      this.searchesCutShort++;
      return forms;
    }
    this.lastSlipWord = word;
    this.lastSlipForms = forms;
    return forms;
  }

  /**
   * A text's check begins: its words' slip searches share `tests` tests
   * (SLIP_SEARCH_TEXT_CAP), so that a text of many words no list has (random letters, a
   * language the lists lack) costs a bounded search. endText lifts the limit.
   */
  startText(tests = SLIP_SEARCH_TEXT_CAP): void {
    this.textTests = tests;
  }

  endText(): void {
    this.textTests = Infinity;
  }

  /** Stage 1 candidates of a base cut from a chain (an edit beyond the confusions and a chain is too far a guess). */
  private baseCandidates(base: string, maxCost: number): Candidate[] {
    const out = new Map<string, number>();
    for (const c of this.store.formsByConfusionKey(confusionKey(base))) {
      const cost = editCost(base, c, maxCost);
      if (cost <= maxCost) out.set(c, cost);
    }
    return [...out].map(([word, cost]) => ({ word, cost }));
  }

  /**
   * Ways to cut the word into base + postposition chain, the chain matched
   * up to the confusions: each suffix of the word whose confusion key is a
   * postposition's key, repeated for chains of up to three.
   */
  private chainSplits(word: string): ChainSplit[] {
    const memo = this.splitMemo.get(word);
    if (memo) return memo;
    const out: ChainSplit[] = [];
    const walk = (w: string, suffix: string, cost: number, depth: number): void => {
      if (depth >= 3) return;
      // Only postpositions whose key ends the word's key can end the word
      // (up to a cluster at the cut, which the per-cut check settles).
      const wordKey = confusionKey(w);
      const possible = POSTPOSITION_KEYS.filter(({ key }) => wordKey.endsWith(key));
      if (possible.length === 0) return;
      const cutsByKey = new Map<string, number[]>();
      for (let cut = Math.max(2, w.length - MAX_POSTPOSITION_LENGTH - 2); cut < w.length; cut++) {
        if (CUT_INSIDE_AKSHARA.test(w[cut]!) || w[cut - 1] === HALANTA) continue;
        const k = confusionKey(w.slice(cut));
        const list = cutsByKey.get(k);
        if (list) list.push(cut);
        else cutsByKey.set(k, [cut]);
      }
      for (const { p, key } of possible) {
        for (const cut of cutsByKey.get(key) ?? []) {
          const typed = w.slice(cut);
          const c = cost + (typed === p ? 0 : editCost(typed, p));
          const base = w.slice(0, cut);
          out.push({ base, suffix: p + suffix, suffixCost: c });
          walk(base, p + suffix, c, depth + 1);
        }
      }
    };
    walk(word, '', 0, 0);
    this.splitMemo.remember(word, out);
    return out;
  }

  /** Candidates of `word` from several searches, each once at its lowest cost, ranked. */
  ranked(word: string, lists: readonly (readonly Candidate[])[]): Candidate[] {
    const found = new Map<string, number>();
    for (const list of lists) {
      for (const c of list) {
        const prev = found.get(c.word);
        if (prev === undefined || c.cost < prev) found.set(c.word, c.cost);
      }
    }
    return this.rank(found, word);
  }

  private rank(found: Map<string, number>, word: string): Candidate[] {
    // The rank is read only for the candidates the earlier tie-breakers leave tied (0: not read yet).
    const frequencyRank = (s: { word: string; rank: number }): number => (s.rank === 0 ? (s.rank = this.store.rank(s.word) ?? UNRANKED) : s.rank);
    const scored = [...found].map(([w, cost]) => ({ word: w, cost, centi: Math.round(cost * 100), nasal: 0, lexicon: 0, dict: -1, attested: 0, rank: 0 }));
    scored.sort((a, b) => a.centi - b.centi);
    // The dictionary signals only break ties of distance: looked up only
    // for candidates that share their distance with another.
    for (let i = 0; i < scored.length; i++) {
      const tied = (i > 0 && scored[i - 1]!.centi === scored[i]!.centi) || (i + 1 < scored.length && scored[i + 1]!.centi === scored[i]!.centi);
      if (!tied) continue;
      const s = scored[i]!;
      const flags = this.store.form(s.word)?.flags ?? 0;
      s.nasal = ANUSVARA_BEFORE_STOP.test(s.word) ? 1 : 0;
      s.lexicon = flags & FORM_LEXICON ? 1 : 0;
      s.dict = this.dictionaryRank(s.word);
      s.attested = flags & FORM_ATTESTED ? 1 : 0;
    }
    scored.sort(
      (a, b) =>
        a.centi - b.centi ||
        a.nasal - b.nasal ||
        b.lexicon - a.lexicon ||
        b.dict - a.dict ||
        frequencyRank(a) - frequencyRank(b) ||
        b.attested - a.attested ||
        Math.abs(a.word.length - word.length) - Math.abs(b.word.length - word.length) ||
        (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    );
    // A candidate a hair dearer than the one before it (NEAR_TIE: ब/व beside a
    // halanta) that real text writes far more often goes first: बिध्युत is
    // विद्युत misspelled, not the word list's rare बिद्युत्. Not between two
    // spellings that differ only in a nasal sign, which the standard settles
    // and real text often drops (औँला, औला).
    for (let i = 0; i + 1 < scored.length; i++) {
      const a = scored[i]!;
      const b = scored[i + 1]!;
      if (
        b.centi - a.centi <= NEAR_TIE_CENTI &&
        frequencyRank(b) * NEAR_TIE_RATIO <= frequencyRank(a) &&
        a.word.replace(NASAL_SIGNS, '') !== b.word.replace(NASAL_SIGNS, '')
      ) {
        scored[i] = b;
        scored[i + 1] = a;
      }
    }
    return scored.map(({ word: w, cost }) => ({ word: w, cost }));
  }

  /**
   * 2 when the word or the stem it is inflected from is a thesaurus
   * headword (the curated dictionary), 1 when it is another dictionary's
   * headword, else 0.
   */
  private dictionaryRank(w: string): number {
    const inThesaurus = (x: string): boolean => this.store.headword(x)?.entries.some((e) => e.dictionary === THESAURUS_DICT) ?? false;
    const f = this.store.form(w);
    if (!f) return 0;
    if (f.flags & FORM_HEADWORD && inThesaurus(w)) return 2;
    for (const a of f.analyses) if (a.stem !== w && inThesaurus(a.stem)) return 2;
    return f.flags & FORM_HEADWORD ? 1 : 0;
  }
}
