// The last decision stage: an unknown word that is two words written
// together, each with its own slip (तिथीमीति: तिथी -> तिथि, मीति -> मिति),
// corrected as a whole to a join the checker accepts (तिथिमिति). The error
// model cannot find such a correction when no list indexes the compound (a
// compound only real text has is accepted, not indexed for corrections),
// and a confusion slip in each part is two edits.

import { aksharaCount, HALANTA, isLetterCode } from '../lang/letters.js';
import { CONFUSION_ONLY, type CandidateGenerator } from './candidates.js';
import type { RealTextEvidence } from './evidence.js';
import { count } from './folds.js';
import type { Morphology } from './morphology.js';
import type { StandardSpelling } from './standard.js';
import type { CheckNormalized } from './word-result.js';

/**
 * Unknown words of more aksharas (not counting a postposition chain) are
 * not taken apart: two words of a compound rarely make more, and each
 * split point costs two candidate look-ups, which on long runs of letters
 * cost more than the rest of the check.
 */
const MAX_COMPOUND_CORRECTION_AKSHARAS = 8;

export class CompoundCorrection {
  /** Set while the parts and the joined spellings are checked: they are not taken apart again. */
  joining = false;

  constructor(
    private readonly morph: Morphology,
    private readonly evidence: RealTextEvidence,
    private readonly generator: CandidateGenerator,
    private readonly standard: StandardSpelling,
    private readonly check: CheckNormalized,
  ) {}

  /**
   * The corrected join of an unknown word, or null: the first split point
   * (two aksharas or more on each side, not counting the second part's
   * postpositions) whose parts are each accepted or one confusion slip from
   * a lexicon word, at least one slipped, and whose corrected join the
   * checker accepts. Not for a word real text writes (the news list has
   * it: a name such as बेगनास, or a spelling real text settled on), where
   * the parts' slips are no evidence.
   */
  correction(w: string): string | null {
    if (aksharaCount(w) < 4 || this.aksharasBeforePostpositions(w) > MAX_COMPOUND_CORRECTION_AKSHARAS || this.evidence.attested(w)) return null;
    this.joining = true;
    try {
      for (let i = 2; i <= w.length - 2; i++) {
        // A letter (a consonant or an independent vowel) starts an akshara, and so a word of a compound.
        if (!isLetterCode(w.charCodeAt(i))) continue;
        const a = w.slice(0, i);
        const b = w.slice(i);
        if (aksharaCount(a) < 2 || this.aksharasBeforePostpositions(b) < 2) continue;
        const fa = this.partWithin(a);
        if (fa === null) continue;
        const fb = this.partWithin(b);
        if (fb === null || (fa === a && fb === b)) continue;
        if (this.check(fa + fb).status === 'correct') return fa + fb;
      }
      return null;
    } finally {
      this.joining = false;
    }
  }

  /**
   * Aksharas of the word without its longest postposition chain: a second
   * part of one akshara before a chain is a suffix (प्रभावकारि|ताको: the
   * -ता of प्रभावकारिता, which shortens the ई), not a word of a compound.
   */
  private aksharasBeforePostpositions(w: string): number {
    let n = aksharaCount(w);
    for (const { base } of this.morph.splitPostpositions(w)) n = Math.min(n, aksharaCount(base));
    return n;
  }

  /**
   * A part of a compound as the checker would have it: itself when the
   * lexicon or the morphology accepts it, else a lexicon word one confusion
   * slip away (the error model's best) that keeps every halanta typed (a typed
   * halanta is deliberate: मन्त्रिपरिषद्लाई, अन्तर्वस्तुमा stay); null
   * otherwise.
   */
  private partWithin(part: string): string | null {
    if (this.standard.ctx.accepts(part)) return part;
    const best = this.generator.candidates(part, 1, CONFUSION_ONLY)[0];
    if (best === undefined || !this.standard.ctx.isLexicon(best.word) || count(best.word, HALANTA) < count(part, HALANTA)) return null;
    // A headword the standard spells otherwise (तीखो: तिखो) is no correction of a part.
    return this.standard.finding(best.word) === null ? best.word : null;
  }
}
