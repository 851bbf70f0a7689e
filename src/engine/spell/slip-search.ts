// The slip search: the spellings a typed word becomes when the slips
// writers of Nepali make are undone, several at once, kept only while some
// form of the store begins with them. It finds a word two or three slips
// away when the slips are of different kinds, or of a kind the confusion key
// does not fold: ा left out or typed extra, क्ष written क्छ, द्य/ध्य, a last
// letter left out (समाचा for समाचार), mixed with the folded ones (ि/ी, ु/ू,
// श/ष/स, ब/व, ण/न, ँ, ्).
//
// The search reads the typed word left to right and, at each place, copies
// the letter or undoes a slip (error-model.ts prices each: the same costs,
// so a spelling's cost here is what editCost gives it, or more); it follows
// a spelling only while the Bloom filter of form beginnings (store/bloom.ts)
// says some form may begin with it, testing it from the two hash lanes
// carried along (no string is built until a whole spelling remains), and
// only while its slips cost at most the bound. Most spellings die within a
// letter or two of a slip: a word costs a few dozen to a few hundred
// tests. A whole spelling that the filter may hold as a form is handed to
// the caller, which reads it from the store.
//
// The work is capped per word (a number of beginning tests): a word whose
// search reaches the cap gets the spellings found so far, the same ones
// every time.

import { ANUSVARA, CHANDRABINDU, HALANTA, HALANTA_CODE, isConsonantCode, isVowelSignCode } from '../lang/letters.js';
import { feedLaneA, feedLaneB, LANE_A_START, LANE_B_START, type BeginningsFilter } from '../../store/bloom.js';
import { FINAL_MATRA_COST, TYPED_HALANTA_COST } from './error-model.js';

/** What the search reads of the store: the filter of form beginnings and the filter of forms. */
export interface SlipSearchStore {
  formBeginnings(): BeginningsFilter;
  mayBeForm(word: string): boolean;
}

const AA = 'ा';
const AA_CODE = AA.charCodeAt(0);
const MATRA_COST = 0.7;
/** A letter left out, at the end of the word only (a word cut short: समाचा). */
const LETTER_LEFT_OUT_COST = 1;
const SIGN_COST = 0.3;
const CHANDRABINDU_CODE = CHANDRABINDU.charCodeAt(0);
const ANUSVARA_CODE = ANUSVARA.charCodeAt(0);
const isNasalSign = (c: number): boolean => c === CHANDRABINDU_CODE || c === ANUSVARA_CODE;
const CONSONANT_CODES = [...'कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह'].map((c) => c.charCodeAt(0));

/** Typed letter -> the letters it may stand for, with the slip's cost (error-model.ts). */
const SWAPS = new Map<number, { code: number; cost: number }[]>();
function swaps(group: string, cost: number): void {
  for (const a of group)
    for (const b of group)
      if (a !== b) (SWAPS.get(a.charCodeAt(0)) ?? SWAPS.set(a.charCodeAt(0), []).get(a.charCodeAt(0))!).push({ code: b.charCodeAt(0), cost });
}
swaps('िी', 0.3);
swaps('ुू', 0.3);
swaps('इई', 0.3);
swaps('उऊ', 0.3);
swaps(ANUSVARA + CHANDRABINDU, 0.3);
swaps('शषस', 0.35);
swaps('बव', 0.35);
swaps('णन', 0.4);

/** Typed sequences that stand for a conjunct, and the conjunct (error-model.ts MULTI). */
const CONJUNCTS: readonly { typed: string; meant: string; cost: number }[] = [
  { typed: 'छ्य', meant: 'क्ष', cost: 0.35 },
  { typed: 'क्छ', meant: 'क्ष', cost: 0.4 },
  { typed: 'च्छ', meant: 'क्ष', cost: 0.4 },
  { typed: 'छ', meant: 'क्ष', cost: 0.4 },
  { typed: 'ग्य', meant: 'ज्ञ', cost: 0.3 },
  { typed: 'द्य', meant: 'ध्य', cost: 0.4 },
  { typed: 'ध्य', meant: 'द्य', cost: 0.4 },
  { typed: 'द्व', meant: 'ध्व', cost: 0.4 },
  { typed: 'ध्व', meant: 'द्व', cost: 0.4 },
  { typed: 'ि', meant: 'ृ', cost: 0.4 },
];
const CONJUNCT_FIRST = new Set(CONJUNCTS.map((c) => c.typed.charCodeAt(0)));

/** A sign typed that the meant word lacks: ँ, ं, ा, or ् (dear inside a conjunct: TYPED_HALANTA_COST). */
function extraSignCost(word: string, i: number): number {
  const c = word.charCodeAt(i);
  if (isNasalSign(c)) return SIGN_COST;
  if (c === AA_CODE) return i === word.length - 1 ? FINAL_MATRA_COST : MATRA_COST;
  if (c === HALANTA_CODE)
    return i > 0 && i + 1 < word.length && isConsonantCode(word.charCodeAt(i - 1)) && isConsonantCode(word.charCodeAt(i + 1)) ? TYPED_HALANTA_COST : SIGN_COST;
  return Infinity;
}

export class SlipSearch {
  /** The code units of the spelling being built. */
  private out = new Uint16Array(128);
  private word = '';
  private bound = 0;
  private tests = 0;
  private cap = 0;
  private beginnings: BeginningsFilter | null = null;
  private visit: (spelling: string, cost: number) => void = () => {};

  constructor(private readonly store: SlipSearchStore) {}

  /**
   * Calls `visit` with each spelling other than `word` that the slips make
   * of it at a cost of at most `bound` and that the form filter may hold
   * (a spelling may come more than once, by other slips). Stops after
   * `cap` beginning tests; returns the tests made.
   */
  run(word: string, bound: number, cap: number, visit: (spelling: string, cost: number) => void): number {
    this.word = word;
    this.bound = bound;
    this.tests = 0;
    this.cap = cap;
    this.visit = visit;
    this.beginnings ??= this.store.formBeginnings();
    if (this.out.length < word.length * 2 + 16) this.out = new Uint16Array(word.length * 2 + 16);
    this.step(0, LANE_A_START, LANE_B_START, 0, 0, false);
    this.visit = () => {};
    return this.tests;
  }

  /** Appends `text` to the spelling at `len` and goes on from typed place `next`, when some form may begin so. */
  private emit(next: number, a: number, b: number, len: number, text: string, cost: number, leftOut: boolean): void {
    if (cost > this.bound || this.tests >= this.cap) return;
    // (nothing appended: the spelling is still one some form may begin with)
    if (text.length === 0) return this.step(next, a, b, len, cost, leftOut);
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      this.out[len + k] = c;
      a = feedLaneA(a, c);
      b = feedLaneB(b, c);
    }
    this.tests++;
    if (!this.beginnings!.mayBegin(a, b, len + text.length)) return;
    this.step(next, a, b, len + text.length, cost, leftOut);
  }

  /** The spelling so far is `len` units, the typed word read up to `i`. */
  private step(i: number, a: number, b: number, len: number, cost: number, leftOut: boolean): void {
    const word = this.word;
    const n = word.length;
    const prev = len > 0 ? this.out[len - 1]! : 0;
    const next = i < n ? word.charCodeAt(i) : 0;
    if (i === n && cost > 0) this.whole(len, cost);
    // A sign the typist left out, before the next typed letter.
    if (len > 0) {
      if (isConsonantCode(prev)) {
        if (next !== HALANTA_CODE && (i === n || isConsonantCode(next))) this.emit(i, a, b, len, HALANTA, cost + SIGN_COST, leftOut);
        if (!isVowelSignCode(next) && next !== HALANTA_CODE) this.emit(i, a, b, len, AA, cost + (i === n ? FINAL_MATRA_COST : MATRA_COST), leftOut);
      }
      // (a nasal sign follows its vowel: not before a vowel sign, halanta or another nasal sign)
      if (prev !== HALANTA_CODE && !isNasalSign(prev) && !isNasalSign(next) && !isVowelSignCode(next) && next !== HALANTA_CODE) {
        this.emit(i, a, b, len, CHANDRABINDU, cost + SIGN_COST, leftOut);
        this.emit(i, a, b, len, ANUSVARA, cost + SIGN_COST, leftOut);
      }
      // The last letter left out (once).
      if (i === n && !leftOut) for (const c of CONSONANT_CODES) this.emit(i, a, b, len, String.fromCharCode(c), cost + LETTER_LEFT_OUT_COST, true);
    }
    if (i === n) return;
    // The typed letter as it is, or as the letter a slip made of another.
    this.emit(i + 1, a, b, len, word[i]!, cost, leftOut);
    for (const s of SWAPS.get(next) ?? []) this.emit(i + 1, a, b, len, String.fromCharCode(s.code), cost + s.cost, leftOut);
    // A sign typed that the word lacks.
    const extra = extraSignCost(word, i);
    if (extra !== Infinity) this.emit(i + 1, a, b, len, '', cost + extra, leftOut);
    // A conjunct written as it sounds.
    if (CONJUNCT_FIRST.has(next)) {
      for (const c of CONJUNCTS) if (word.startsWith(c.typed, i)) this.emit(i + c.typed.length, a, b, len, c.meant, cost + c.cost, leftOut);
    }
  }

  /** A whole spelling: handed to the caller when the form filter may hold it. */
  private whole(len: number, cost: number): void {
    const s = String.fromCharCode(...this.out.subarray(0, len));
    if (s !== this.word && this.store.mayBeForm(s)) this.visit(s, cost);
  }
}
