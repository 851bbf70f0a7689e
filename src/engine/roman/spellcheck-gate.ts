// The spellchecker's say over the ranked candidates: the romanizer never
// offers first what the spellchecker would flag (roman/README.md,
// "Ranking": a word the spellchecker would correct is never first).

import type { Spellchecker } from '../spell/spellchecker.js';
import { MAX_MAX_CANDIDATES, Stage, type Scored } from './candidates.js';

/**
 * How many flagged forms that are no headword a token lists after its
 * ranked candidates: the best one only (each further one is mostly a
 * variant misspelling, sambidhan: संबिधान, सम्बिधान... after संविधान, noise
 * for a typist).
 */
const LAST_RESORT_CANDIDATES = 1;

export const enum Gate {
  Keep,
  /** A headword the spellchecker would correct, or a news-list spelling whose variant it accepts: after the correctly spelled candidates of its stage. */
  Later,
  /**
   * A word that is no headword, which the spellchecker flags, or real text's
   * spelling of a match (stage 8): listed after every ranked candidate,
   * never first.
   */
  LastResort,
}

/** What standardFirst does with a candidate. */
export function gate(spell: Spellchecker, c: Scored): Gate {
  if (c.realTextSpelling) return Gate.LastResort;
  if (c.variantOfAccepted) return Gate.Later;
  const status = spell.checkWord(c.word).status;
  // A word only the news list or the pronunciation lexicon has, a headword
  // plus a regular ending seen in real text (बारेमा), and a compound no
  // list has may be "unknown" to the spellchecker: they are kept while it
  // has no correction for them.
  if (status === 'correct' || (status === 'unknown' && (c.facts.listedOnly || c.facts.regular || (c.stage === Stage.Split && !c.facts.lexicon))))
    return Gate.Keep;
  return c.headword ? Gate.Later : Gate.LastResort;
}

/**
 * The ranked candidates as the spellchecker sees them, at most
 * MAX_MAX_CANDIDATES: a word it does not call correct (spelled against the
 * Academy standard, or a misspelling the hunspell word list carries) goes
 * after the correctly spelled candidates of its stage when it is a
 * headword (dictionary-backed all the same). A word the lists have that is
 * no headword and that the spellchecker flags (a news-list spelling of a
 * name, बिष्ट for बिस्ट; a colloquial form, राख्नुस) is never ranked: the
 * best of them is only listed, in `lastResort`, after every ranked
 * candidate, and only when there is one (a token with nothing better
 * stays unresolved rather than take a flagged form). So context
 * (postposition, sentence and agreement orders) chooses among `candidates`
 * only.
 */
export function standardFirst(spell: Spellchecker, ranked: Scored[]): { candidates: Scored[]; lastResort: Scored[] } {
  const out: Scored[] = [];
  const lastResort: Scored[] = [];
  let flagged: Scored[] = [];
  let stage = -1;
  for (const c of ranked) {
    if (c.stage !== stage) {
      out.push(...flagged);
      flagged = [];
      stage = c.stage;
    }
    if (out.length >= MAX_MAX_CANDIDATES) break;
    const verdict = gate(spell, c);
    if (verdict === Gate.Keep) out.push(c);
    else if (verdict === Gate.Later) flagged.push(c);
    else if (lastResort.length < LAST_RESORT_CANDIDATES) lastResort.push(c);
  }
  out.push(...flagged);
  // A respelled word follows the spelling that took its place, wherever that ranked.
  for (const c of out.filter((x) => x.respelledAs !== undefined)) {
    const at = out.indexOf(c);
    out.splice(at, 1);
    if (!placeAfterRespelling(out, c)) out.splice(at, 0, c);
  }
  const candidates = out.slice(0, MAX_MAX_CANDIDATES);
  return { candidates, lastResort: candidates.length ? lastResort : [] };
}

/**
 * Puts a respelled word (Scored.respelledAs) right after the spelling that
 * took its place, and after any other respelling of it already there, when
 * that spelling is listed already: true when it did.
 */
function placeAfterRespelling(out: Scored[], c: Scored): boolean {
  if (c.respelledAs === undefined) return false;
  let i = out.findIndex((t) => t.word === c.respelledAs);
  if (i < 0) return false;
  while (i + 1 < out.length && out[i + 1]!.respelledAs === c.respelledAs) i++;
  out.splice(i + 1, 0, c);
  return true;
}
