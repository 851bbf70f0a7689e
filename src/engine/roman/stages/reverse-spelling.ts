// Stage 2: the typed token spelled back into Devanagari in its likeliest
// readings (roman/reverse.ts), kept where the store knows the word. This
// reaches the forms that have no stored aliases (the build stores aliases
// for about 85k words; the word lists have about 760k forms).

import { casualWeight } from '../aliases.js';
import { Stage, type CandidateSet } from '../candidates.js';
import { reverseSpellings } from '../reverse.js';

/**
 * Devanagari spellings of a token tried against the store: fewer when a
 * dictionary word matched already with a cost-0 (REVERSE_AFTER_USUAL) or
 * cost-1 (REVERSE_AFTER_COMMON) spelling; and the most kept. The search is
 * the largest part of a cold analysis.
 */
const REVERSE_SPELLINGS = 48;
const REVERSE_AFTER_USUAL = 8;
const REVERSE_AFTER_COMMON = 16;
const REVERSE_HITS = 10;

/** For a casually typed token: its reverse spellings the store has, scored by the casual scheme. */
export function reverseSpellingStage(set: CandidateSet): void {
  let best = 0;
  for (const c of set.values()) if (c.stage === Stage.Exact && c.weight > best) best = c.weight;
  let hits = 0;
  const limit = best >= casualWeight(0) ? REVERSE_AFTER_USUAL : best >= casualWeight(1) ? REVERSE_AFTER_COMMON : REVERSE_SPELLINGS;
  for (const dev of reverseSpellings(set.token.typed, limit)) {
    // Looked up when the Bloom filter (over every form, lexicon and attested) says it may be one.
    if (set.has(dev) || !set.lexicon.hasForm(dev)) continue;
    set.addScored(dev, null, Stage.Fuzzy);
    if (++hits >= REVERSE_HITS) break;
  }
}
