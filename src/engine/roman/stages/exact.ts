// Stage 1: the token's stored aliases. And stage 1b: a lower-case
// initialism read letter by letter (kc: केसी), where a word list has it.

import { casualWeight } from '../aliases.js';
import { Stage, type CandidateSet } from '../candidates.js';
import { initialismReading } from '../english.js';
import { LOAN_KINDS } from './loan.js';
import { LOAN_PENALTY } from '../weights.js';

/**
 * Adds the words one of whose stored aliases is the token: its exact key,
 * else the key lower-cased, and for a token typed with diacritics also its
 * folded reading. Returns, for a token typed with diacritics, the words
 * one of whose scientific aliases is the token exactly (what was meant:
 * ranked first within their stage); null otherwise.
 */
export function exactAliasStage(set: CandidateSet): Set<string> | null {
  const { store } = set.lexicon;
  const { key, lower, folded, typed, casual } = set.token;
  let exact = store.aliases(key);
  if (exact.length === 0 && key !== lower) exact = store.aliases(lower);
  const typedExactly = folded === null ? null : new Set(exact.map((r) => r.word));
  if (folded !== null) exact = [...exact, ...store.aliases(folded)];
  for (const r of exact) {
    set.add(r.word, r.alias, r.weight, r.kinds, Stage.Exact);
    // Matched through a scientific scheme only: the casual reading may weigh more.
    if (casual && !r.kinds.includes('casual')) {
      const cost = set.lexicon.casualCost(r.word, typed);
      if (cost !== Infinity && casualWeight(cost) > r.weight) set.add(r.word, typed, casualWeight(cost), [...r.kinds, 'casual'], Stage.Exact);
    }
  }
  return typedExactly;
}

/** Adds the initialism the token spells letter by letter when a word list has it (kc: केसी); returns that reading, or null when the token is no initialism. */
export function initialismStage(set: CandidateSet): string | null {
  const { typed } = set.token;
  const initialism = initialismReading(typed);
  if (initialism !== null && set.lexicon.hasForm(initialism)) {
    set.add(initialism, typed, casualWeight(0) - LOAN_PENALTY, LOAN_KINDS, Stage.Loan);
  }
  return initialism;
}
