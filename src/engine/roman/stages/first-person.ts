// With stage 3, when the token matched a dictionary word whole: the
// first-person twin of an exact candidate (khayau: खायौ, and खायौँ).

import { Stage, type CandidateSet } from '../candidates.js';

/** Verb forms whose first person adds a chandrabindu (खायौ/खायौँ, गरे/गरेँ, गए/गएँ). */
const FIRST_PERSON_TWIN = /[ेौएऔ]$/;

/**
 * Casual typing leaves out the chandrabindu that marks the first person,
 * and the word lists often have one form of the two. Offered when the word
 * lists have it or the spellchecker's morphology builds it on an
 * infinitive, which then backs it; only when the casual scheme spells it
 * as typed. The sentence picks between the two (context.ts agreementOrder).
 */
export function firstPersonTwinStage(set: CandidateSet): void {
  for (const c of set.list()) {
    if (c.stage !== Stage.Exact || c.facts.attestedOnly || !FIRST_PERSON_TWIN.test(c.word)) continue;
    const twin = c.word + 'ँ';
    if (set.has(twin)) continue;
    if (set.lexicon.hasForm(twin)) set.addScoredTwin(twin);
    else {
      const a = set.lexicon.morph.analyse(twin);
      if (a && !a.speculative && a.rule === 'verb-paradigm') set.addScoredTwin(twin, [a.base]);
    }
  }
}
