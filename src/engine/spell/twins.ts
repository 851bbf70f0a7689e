// A word beside its twin: another spelling of it one or two of the
// standard's slips away, which frequency and the thesaurus may prefer.
// The decision stages ask three things of a word's twins:
//   - a real-word error (realWordError): a lexicon word written for its
//     far commoner twin (छेत्र for क्षेत्र);
//   - the thesaurus's spelling (thesaurusSpelling): a word of the word list
//     the curated thesaurus spells otherwise, as real text does (अस्विकार:
//     अस्वीकार);
//   - a commoner halanta twin of a correction (commonerHalantaTwin: भनीन ->
//     भनिन्, not भनिन).
// Each compares frequency ranks (real text, evidence.ts) and never goes
// against the orthography rules (standard.ts).

import { FUNCTION_WORDS } from '../lang/closed-class.js';
import { aksharaCount, HALANTA } from '../lang/letters.js';
import { POSTPOSITION_SET } from '../lang/postpositions.js';
import { FORM_HEADWORD, FORM_LEXICON, THESAURUS_DICT } from '../../store/types.js';
import { CONFUSION_ONLY } from './candidates.js';
import { confusionKey } from './confusion.js';
import { editCost } from './error-model.js';
import type { RealTextEvidence } from './evidence.js';
import { foldLengthAndNasals, foldStandardClasses } from './folds.js';
import type { Morphology } from './morphology.js';
import type { SpellcheckWordResult } from './results.js';
import type { StandardSpelling } from './standard.js';
import type { StoreMemo } from './store-memo.js';
import { misspelled, type CheckNormalized } from './word-result.js';

/**
 * How many times as often real text must write a word's twin for the word
 * to be a real-word error (realWordError): at this ratio the rule flags
 * only a handful of tokens of real text, and no correct word of the
 * evaluation pairs (bench/real-word-threshold.ts;
 * bench/journal/2026-11-25.md#measurements-behind-the-engines-constants).
 */
const REAL_WORD_RATIO = 100;
/**
 * The rank the rules that compare ranks give a word the frequency list
 * lacks (frequencyRank): about twice the list's length, so that a ratio
 * against it says "far rarer" without being infinite.
 */
const UNRANKED = 120_000;
/** A word ranked before this in the frequency list is never a real-word error (realWordError): a word real text writes often is a word of its own. */
const REAL_WORD_MIN_RANK = 20_000;
/**
 * thesaurusSpelling: real text writes the thesaurus's twin stem at least
 * this many times as often as the word's (bench/thesaurus-twins.ts lists
 * what each ratio flags;
 * bench/journal/2026-11-25.md#measurements-behind-the-engines-constants).
 */
const THESAURUS_TWIN_RATIO = 1.5;
/** ... and the two differ by at most two of the standard's slips (0.3-0.35 each; a little over 0.65 for float rounding). */
const THESAURUS_TWIN_COST = 0.66;
/**
 * commonerHalantaTwin: real text writes the correction's halanta twin at
 * least this many times as often (as THESAURUS_TWIN_RATIO).
 */
const HALANTA_TWIN_RATIO = 1.5;

/** `a` is `b` with one of its consonants doubled (कम्मल, कमल). */
function doublesAConsonantOf(a: string, b: string): boolean {
  if (a.length !== b.length + 2) return false;
  for (let i = 0; i + 2 < a.length; i++) {
    if (a[i + 1] === HALANTA && a[i] === a[i + 2] && a.startsWith(b.slice(0, i)) && a.endsWith(b.slice(i))) return true;
  }
  return false;
}

export class Twins {
  constructor(
    private readonly store: StoreMemo,
    private readonly morph: Morphology,
    private readonly evidence: RealTextEvidence,
    private readonly standard: StandardSpelling,
    private readonly check: CheckNormalized,
  ) {}

  /** The word's rank in the frequency word list, UNRANKED when the list lacks it. */
  private frequencyRank(w: string): number {
    return this.evidence.rank(w) ?? UNRANKED;
  }

  /**
   * A real-word error: a word of the lexicon written for its twin (a
   * lexicon form one confusion slip away: error-model.ts CONFUSION_ONLY)
   * that real text writes REAL_WORD_RATIO times as often (the frequency
   * word list's ranks; a word the list lacks counts as UNRANKED): छेत्र for
   * क्षेत्र. Frequency says what people write, not what the standard
   * prescribes, so the standard's view comes first: never towards a twin
   * the orthography rules correct (the Academy's own spelling stands), never
   * between two spellings that differ only in vowel length or a nasal sign
   * (ऊ, उ; ऊर्जा, उर्जा; संबन्धी, सम्बन्धी; the first person दिएँ beside
   * दिए: the standard and the grammar settle those, not usage), never a
   * function word or a postposition (तँ, त), and never a word the thesaurus
   * defines, or inflects one it defines: a word with a meaning of its own
   * (यश, fame, beside the far commoner यस), nor a word real text itself
   * writes often (REAL_WORD_MIN_RANK: आयको, of income, beside आएको), nor
   * a headword (a dictionary's stem) that is its twin with a consonant
   * doubled or single: a geminate tells Nepali words apart (कम्मल,
   * blanket, beside कमल, lotus; पत्ता, पता), so a stem written with one,
   * or without, is that word, not a slip.
   */
  realWordError(w: string): SpellcheckWordResult | null {
    if (FUNCTION_WORDS.has(w) || POSTPOSITION_SET.has(w)) return null;
    const rank = this.frequencyRank(w);
    if (rank < REAL_WORD_MIN_RANK) return null;
    let twin: string | null = null;
    let best = 0;
    const folded = foldLengthAndNasals(w);
    const headword = ((this.store.formFlags(w) ?? 0) & FORM_HEADWORD) !== 0;
    for (const t of this.store.formsByConfusionKey(confusionKey(w))) {
      if (t === w) continue;
      const rt = this.evidence.rank(t);
      if (rt === undefined || rank / rt < REAL_WORD_RATIO || rank / rt <= best) continue;
      if (!((this.store.formFlags(t) ?? 0) & FORM_LEXICON) || foldLengthAndNasals(t) === folded) continue;
      if (editCost(w, t, CONFUSION_ONLY) > CONFUSION_ONLY || this.standard.finding(t) !== null) continue;
      if (headword && (doublesAConsonantOf(w, t) || doublesAConsonantOf(t, w))) continue;
      twin = t;
      best = rank / rt;
    }
    if (twin === null || this.definedMeaning(w)) return null;
    return misspelled([twin], { category: 'real-word' });
  }

  /**
   * A word of the word list written for the thesaurus's spelling of it:
   * the word and its twin differ only inside the standard's classes of
   * vowel length, sibilant (श/ष/स), ब/व and visarga, at most two such
   * slips; the thesaurus (the curated dictionary, which follows the
   * standard more closely than the word list) defines the twin's stem and
   * not the word's, and real text writes the twin's stem at least
   * THESAURUS_TWIN_RATIO times as often (the frequency list's ranks). The
   * hunspell-ne list carries such spellings beside the standard's
   * (बिश्व, संबिधान, प्रगती, अस्विकार, शहीद: विश्व, संविधान, प्रगति,
   * अस्वीकार, सहिद), and accepted them as correct. An inflected form
   * follows its stem (यूरोपमा -> युरोपमा: the twin has the same ending on
   * the twin stem), and never across two kinds of form (गाऊँ, let me sing,
   * is no गाउँ, village). Not a function word, not a word the thesaurus
   * defines or inflects one it defines, not a word three of the
   * thesaurus's definitions use (the lexicographers' own spelling), never
   * towards a twin an orthography rule corrects, and not a word the
   * thesaurus builds on: it defines a longer word that begins with it (शीत,
   * cold, beside the defined सित: शीतलहर, शीतज्वर). The twin, or null; the
   * decision answers the word misspelled, category `standard`.
   */
  thesaurusSpelling(w: string): string | null {
    const found = this.thesaurusTwin(w);
    return found !== null && found.ratio >= THESAURUS_TWIN_RATIO ? found.twin : null;
  }

  /** thesaurusSpelling for a word the morphology makes of a base and a postposition chain: the base's twin with the chain. */
  thesaurusSpellingOfBase(w: string): string | null {
    for (const { base, suffix } of this.morph.splitPostpositions(w)) {
      if (aksharaCount(base) < 2 || !this.morph.isLexicon(base)) continue;
      const twin = this.thesaurusSpelling(base);
      if (twin !== null && (this.morph.isLexicon(twin + suffix) || this.morph.analyse(twin + suffix) !== null)) return twin + suffix;
    }
    return null;
  }

  /** A candidate as the standard spells it: an orthography rule's correction, or the thesaurus's spelling (अद्भूत: अद्भुत), else itself. */
  asStandardSpells(c: string): string {
    const rule = this.standard.finding(c);
    if (rule) return rule.correction;
    return ((this.store.formFlags(c) ?? 0) & FORM_LEXICON ? this.thesaurusSpelling(c) : this.thesaurusSpellingOfBase(c)) ?? c;
  }

  /**
   * The twin of thesaurusSpelling whose stem real text writes most often,
   * and how many times as often as the word's stem (the rule asks
   * THESAURUS_TWIN_RATIO; bench/thesaurus-twins.ts tries others), or null.
   */
  thesaurusTwin(w: string): { twin: string; ratio: number } | null {
    // The build's verdict "correct" was reached with this rule (a base of a new word costs one flag read).
    if (FUNCTION_WORDS.has(w) || POSTPOSITION_SET.has(w) || this.standard.storedCorrect(w)) return null;
    const twins = this.store.formsByConfusionKey(confusionKey(w));
    if (twins.length < 2) return null;
    const folded = foldStandardClasses(w);
    let candidates: string[] | null = null;
    for (const t of twins) if (t !== w && foldStandardClasses(t) === folded) (candidates ??= []).push(t);
    if (candidates === null) return null;
    const analyses = this.store.form(w)?.analyses ?? [];
    let best: { twin: string; ratio: number } | null = null;
    for (const t of candidates) {
      if (!((this.store.formFlags(t) ?? 0) & FORM_LEXICON)) continue;
      for (const a of this.store.form(t)?.analyses ?? []) {
        // The twin's analysis with the word's own ending (and prefix): stem for stem.
        const mine = analyses.find((b) => b.suffix === a.suffix && b.prefix === a.prefix);
        if (mine === undefined || !this.definesStem(a.stem) || this.definesStem(mine.stem)) continue;
        const rt = this.evidence.rank(a.stem);
        if (rt === undefined) continue;
        const ratio = this.frequencyRank(mine.stem) / rt;
        if (best !== null && ratio <= best.ratio) continue;
        if (editCost(w, t, THESAURUS_TWIN_COST) > THESAURUS_TWIN_COST || this.standard.finding(t) !== null) continue;
        best = { twin: t, ratio };
      }
    }
    // The word's own standing, asked only of a word with a twin: a meaning in the thesaurus, the
    // lexicographers' use of it, or a longer word the thesaurus defines on it (शीत: शीतलहर, शीतज्वर).
    if (best === null || this.definedMeaning(w) || this.evidence.definitionsUse(w)) return null;
    if (this.store.completions(w).some((c) => c.length > w.length && c.startsWith(w) && this.definesStem(c))) return null;
    return best;
  }

  /**
   * The correct word that differs from a correction only by a halanta
   * (भनिन, भनिन्) when real text writes it HALANTA_TWIN_RATIO times as
   * often, the commonest such first; else null. The slips already cost the
   * correction (भनीन: ी for ि) and the halanta is one more (0.3): the
   * candidate search stops at one slip's cost (CONFUSION_ONLY), and the
   * dropped halanta is the commonest slip of all, so frequency decides
   * between the two (भनिन्, the more frequent, before भनिन). The standard's
   * final halanta of a tatsam word real text writes more often than the
   * correction goes first whatever the ratio (विद्युत् for विद्युत:
   * standard.ts keepsTatsamHalanta); the news list, not the word list, has
   * such words, so they are in no confusion key.
   */
  commonerHalantaTwin(correction: string, word: string): string | null {
    const bare = correction.replaceAll(HALANTA, '');
    let best: string | null = null;
    let bestRank = this.frequencyRank(correction) / HALANTA_TWIN_RATIO;
    for (const t of this.store.formsByConfusionKey(confusionKey(correction))) {
      if (t === correction || t === word || t.replaceAll(HALANTA, '') !== bare) continue;
      const rank = this.evidence.rank(t);
      if (rank === undefined || rank > bestRank || this.check(t).status !== 'correct') continue;
      best = t;
      bestRank = rank;
    }
    // The standard's final halanta of a tatsam word (विद्युत्), which real text writes more often than the correction.
    const tatsam = correction + HALANTA;
    if (best === null && tatsam !== word && this.standard.keepsTatsamHalanta(tatsam) && this.check(tatsam).status === 'correct') return tatsam;
    return best;
  }

  /** The thesaurus defines the word as a headword (with a sense). */
  private definesStem(x: string): boolean {
    return this.store.headword(x)?.entries.some((e) => e.dictionary === THESAURUS_DICT && e.senses.length > 0) ?? false;
  }

  /** The thesaurus defines the word, or a stem it inflects (its form's analyses). */
  private definedMeaning(w: string): boolean {
    if (this.definesStem(w)) return true;
    return this.store.form(w)?.analyses.some((a) => a.stem !== w && this.definesStem(a.stem)) ?? false;
  }
}
