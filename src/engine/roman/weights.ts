// How much a candidate weighs when it was inferred rather than typed as one
// of its stored aliases: every stage that infers a candidate takes its
// weight from here (roman/README.md, "Ranking", rule 2).

import { CASUAL_COST_STEP, casualWeight } from './aliases.js';

/**
 * A word only the news word list has weighs this much less than a
 * dictionary word typed the same way: two casual cost steps, so a
 * dictionary word typed with one simplification (tara: तर) still goes
 * first, and one the typist would hardly write so (ङ्याउँपाने for nyaupane,
 * weight 45) does not.
 */
export const ATTESTED_PENALTY = 2 * CASUAL_COST_STEP;
/** A stem plus an ending: the lighter of the two spellings' weights, less this. */
export const SPLIT_PENALTY = 5;
/** A joined form no list has (backed by its parts): this much less again. */
export const UNVERIFIED_SPLIT_PENALTY = 25;
/** A compound of two dictionary words: this much less besides the split penalties. */
export const COMPOUND_PENALTY = 10;
/** A loanword reading (roman/english.ts) is an inference: it weighs less than the same casual spelling typed. */
export const LOAN_PENALTY = 10;
/** A fuzzy match: the alias's weight less this, */
export const FUZZY_PENALTY = 20;
/** ... and less this per edit between the typed token and the alias. */
export const FUZZY_EDIT_PENALTY = 10;
/**
 * A dictionary word matched exactly weighing this much or more (typed whole
 * with at most two casual simplifications; a split form, a compound or a
 * loanword reading, which weigh less, with fewer) is a usual spelling of
 * the token: it stops the stages that read the token otherwise, the
 * loanword readings (cinema: the exact चिनेमा, four steps, does not stop
 * सिनेमा) and the guesses (basneet: the dictionary's बसनीत, three steps,
 * and the guess बस्नेत).
 */
export const USUAL_MATCH_WEIGHT = casualWeight(2);
