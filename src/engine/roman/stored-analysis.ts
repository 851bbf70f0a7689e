// A token's analysis as the build stores it (store/types.ts StoredAnalysis:
// src/build/analyses.ts computes them for the usual casual keys) and back.
// What is stored is what the answers and the text-level rules read: the
// public candidates, the ranked ones' stage and whether each is a headword,
// and the analysis' facts about the token as bits. Whether a candidate is a
// verb form (the sentence-final rule) is read from the morphology when a
// rule asks, as a computed analysis reads it.

import type { StoredAnalysis } from '../../store/types.js';
import type { Morphology } from '../spell/morphology.js';
import type { RankedCandidate, WordAnalysis } from './analysis.js';
import type { Stage } from './candidates.js';
import type { RomanCandidate } from './results.js';

/** The bits of StoredAnalysis.flags, one per fact of WordAnalysis. */
const FLAGS = ['exact', 'loan', 'loanInflected', 'initialism', 'guessable', 'englishWord', 'looksEnglish', 'loanAttested'] as const;

/** A computed analysis as the build stores it. */
export function toStoredAnalysis(a: WordAnalysis): StoredAnalysis {
  let flags = 0;
  FLAGS.forEach((f, bit) => {
    if (a[f]) flags |= 1 << bit;
  });
  return {
    flags,
    ranked: a.candidates.length,
    // The last resort after the ranked candidates has no stage the rules read: 0 and false.
    candidates: a.public.map((c, i) => ({ ...c, stage: a.candidates[i]?.stage ?? 0, headword: a.candidates[i]?.headword ?? false })),
  };
}

/** A stored analysis as the romanizer uses it (new objects: nothing is shared with the store but the frozen lists). */
export function fromStoredAnalysis(s: StoredAnalysis, morph: Morphology): WordAnalysis {
  const pub: RomanCandidate[] = new Array(s.candidates.length);
  const candidates: RankedCandidate[] = new Array(s.ranked);
  for (let i = 0; i < s.candidates.length; i++) {
    const c = s.candidates[i]!;
    pub[i] = { word: c.word, alias: c.alias, weight: c.weight, definition_rank: c.definition_rank, dictionaries: c.dictionaries, kinds: c.kinds };
    if (i < s.ranked) candidates[i] = { word: c.word, weight: c.weight, stage: c.stage as Stage, headword: c.headword, facts: new VerbFormFact(morph, c.word) };
  }
  const has = (f: (typeof FLAGS)[number]): boolean => (s.flags & (1 << FLAGS.indexOf(f))) !== 0;
  return {
    candidates,
    exact: has('exact'),
    loan: has('loan'),
    loanInflected: has('loanInflected'),
    loanAttested: has('loanAttested'),
    initialism: has('initialism'),
    guessable: has('guessable'),
    englishWord: has('englishWord'),
    looksEnglish: has('looksEnglish'),
    public: pub,
    views: undefined,
  };
}

/** WordFacts.verbForm of a stored candidate: read on first use, as the computed one is. */
class VerbFormFact {
  private verb = -1;

  constructor(
    private readonly morph: Morphology,
    private readonly word: string,
  ) {}

  get verbForm(): boolean {
    if (this.verb < 0) this.verb = this.morph.isVerbForm(this.word) ? 1 : 0;
    return this.verb === 1;
  }
}
