// Stage 2: the typed token spelled back into Devanagari in its likeliest
// readings (roman/reverse.ts), kept where the store knows the word. This
// reaches the forms that have no stored aliases (the build stores aliases
// for about 85k words; the word lists have about 760k forms).

import { casualWeight } from '../aliases.js';
import { Stage, type CandidateSet } from '../candidates.js';
import { reverseSpellings } from '../reverse.js';

/**
 * Devanagari spellings of a token tried against the store: when a
 * dictionary word matched already with a cost-0 (REVERSE_AFTER_USUAL) or
 * cost-1 (REVERSE_AFTER_COMMON) spelling, only that many of the likeliest
 * spellings; else the likeliest forms themselves, at most REVERSE_HITS,
 * found by a search that follows only the readings some form begins with
 * (reverse.ts FormSearch): however unlikely the other readings of a long
 * word, its forms are reached (gayanlai: गायनलाई, after 48 spellings that
 * are none). The search is the largest part of a cold analysis.
 */
const REVERSE_AFTER_USUAL = 8;
const REVERSE_AFTER_COMMON = 16;
const REVERSE_HITS = 10;
/**
 * The dearest readings the search over the forms takes: cost 1 (one
 * unlikely reading). With cost-2 readings too (a consonant typed twice for
 * one, an aspirate typed without its h), it reaches forms a typist seldom
 * means ahead of the word meant (bhattary: भटारी before भट्टराई), and every
 * romanization figure is lower (bench/romanization-quality.ts;
 * bench/journal/2026-11-26.md#forms-search).
 */
const REVERSE_FORM_COST = 1;

/** For a casually typed token: its reverse spellings the store has, scored by the casual scheme. */
export function reverseSpellingStage(set: CandidateSet): void {
  let best = 0;
  for (const c of set.values()) if (c.stage === Stage.Exact && c.weight > best) best = c.weight;
  const typed = set.token.typed;
  if (best < casualWeight(1)) {
    // Forms already among the candidates are neither kept again nor counted.
    const forms = { beginnings: set.lexicon.store.formBeginnings(), has: (w: string) => !set.has(w) && set.lexicon.hasForm(w) };
    for (const dev of reverseSpellings(typed, REVERSE_HITS, REVERSE_FORM_COST, forms)) set.addScored(dev, null, Stage.Fuzzy);
    return;
  }
  let hits = 0;
  for (const dev of reverseSpellings(typed, best >= casualWeight(0) ? REVERSE_AFTER_USUAL : REVERSE_AFTER_COMMON)) {
    // Looked up when the Bloom filter (over every form, lexicon and attested) says it may be one.
    if (set.has(dev) || !set.lexicon.hasForm(dev)) continue;
    set.addScored(dev, null, Stage.Fuzzy);
    if (++hits >= REVERSE_HITS) break;
  }
}
