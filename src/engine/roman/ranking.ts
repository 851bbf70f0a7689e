// The order of a token's candidates, as one comparator: the rules are
// numbered and described, with examples, in roman/README.md ("Ranking");
// RANKING_SUMMARY says it in brief for the API description.

import { FUNCTION_WORDS } from '../lang/closed-class.js';
import { CASUAL_COST_STEP } from './aliases.js';
import { Stage, type Scored } from './candidates.js';
import { POSTPOSITION_WORDS, STANDALONE_POSTPOSITIONS } from './inflection.js';

/** The ranking in brief, for the endpoint's OpenAPI description; the rules in full are in roman/README.md. */
export const RANKING_SUMMARY =
  'Candidates are ordered by how the token matched (an exact alias of a dictionary word, of a word of the pronunciation lexicon or ' +
  'of a word only the news word list has; then a stem plus an ending or a compound; then fuzzy matches), then by how usual the ' +
  'spelling is for the word (weight), then, of two different words, by their frequency in web text when it differs tenfold, then ' +
  'by how much real text uses the word; a word the spellchecker would correct is never first. The rules in full, with examples: ' +
  'src/engine/roman/README.md, "Ranking".';

/**
 * Case forms in the news list (WordFacts.caseForms, of the 13 probed) that
 * make a word one real text uses a lot: it ranks as if typed one casual
 * step more usually (rankWeight; sujhab: सुझाव, chhetra: क्षेत्र). At 5,
 * तारा (tara) and सामान (samana) rise over तर and सामना.
 */
const RICHLY_INFLECTED = 7;

/** The closed-class words of rule 3: the spellchecker's FUNCTION_WORDS and the postpositions that stand as words. */
export const CLOSED_CLASS: ReadonlySet<string> = new Set([...FUNCTION_WORDS, ...STANDALONE_POSTPOSITIONS]);

/** The ranking (roman/README.md, "Ranking"), as a comparator. */
export function compareCandidates(a: Scored, b: Scored): number {
  return (
    rankStage(a.stage) - rankStage(b.stage) ||
    Number(b.typedExactly === true) - Number(a.typedExactly === true) ||
    rankWeight(b) - rankWeight(a) ||
    Number(CLOSED_CLASS.has(b.word)) - Number(CLOSED_CLASS.has(a.word)) ||
    longStemFirst(a.word, b.word) ||
    frequencyBandFirst(a, b) ||
    frequencyClass(b.facts.attestation) - frequencyClass(a.facts.attestation) ||
    b.facts.caseForms - a.facts.caseForms ||
    a.facts.rank - b.facts.rank ||
    b.dictionaries.length - a.dictionaries.length ||
    b.definition_rank - a.definition_rank ||
    b.facts.attestation - a.facts.attestation ||
    a.distance - b.distance ||
    Number(b.headword) - Number(a.headword) ||
    b.facts.formUses - a.facts.formUses ||
    (a.word < b.word ? -1 : a.word > b.word ? 1 : 0)
  );
}

/**
 * The stage a candidate ranks in: a loanword reading with the exact matches
 * (it is found only when no dictionary word matched exactly, and competes by
 * weight with the exact matches of news-list words: phone: फोन, weight 90,
 * before the news list's फोने, 70); a guess (stage 7) with the fuzzy
 * matches, by weight (both are inexact; the weight counts the edits:
 * bhattary reads भट्टराई, one letter from its alias, before the fuzzy भातृ,
 * typed unlike any of its spellings).
 */
function rankStage(stage: Stage): Stage {
  return stage === Stage.Loan ? Stage.Exact : stage === Stage.Guess ? Stage.Fuzzy : stage;
}

/**
 * A closed-class word ranks as if typed one casual step more usually (tara:
 * तर before तारा); a word that real text does not show (not in the news word
 * list) one step less usually (kanoon: कानुन before the word list's कनूँ).
 * A word real text inflects richly (RICHLY_INFLECTED) one step more
 * usually; the standard spelling of a respelled headword weighs at least
 * what the headword does (standardSpellingsFirst).
 */
function rankWeight(c: Scored): number {
  if (CLOSED_CLASS.has(c.word)) return c.weight + CASUAL_COST_STEP;
  // (not a loanword found by its skeleton: what real text inflects is no sign that an English spelling meant it; cycle: साइकल, not स्कुल)
  const lifted = c.facts.caseForms >= RICHLY_INFLECTED && !(c.stage === Stage.Guess && c.kinds.includes('english'));
  const w = Math.max(c.weight, c.standardOfWeight ?? 0) + (lifted ? CASUAL_COST_STEP : 0);
  return c.facts.attestedOrBase ? w : w - CASUAL_COST_STEP;
}

/**
 * Between X + postposition and X + ा + postposition, typed alike (melama:
 * मेलमा, मेलामा), the second first (-1 when `a` is it, 1 when `b` is, else
 * 0): a casual typist drops the schwa before a postposition (melma for
 * मेलमा, gharma for घरमा) but writes ā as a (melama for मेलामा).
 */
function longStemFirst(a: string, b: string): number {
  if (Math.abs(a.length - b.length) !== 1) return 0;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (const p of POSTPOSITION_WORDS) {
    if (!short.endsWith(p) || short.length === p.length) continue;
    const stem = short.slice(0, short.length - p.length);
    if (long === stem + 'ा' + p) return long === a ? -1 : 1;
  }
  return 0;
}

/** Attestation counts in classes that double (0 | 1-2 | 3-6 | 7-14 | ...): a word seen clearly more often ranks first. */
function frequencyClass(attestation: number): number {
  return 31 - Math.clz32(attestation + 1);
}

/**
 * Of two different words (not two spellings of one: their confusion keys
 * differ), the one in a lower decade band of the frequency word list's rank
 * first (-1 when `a` is it, 1 when `b` is, else 0): ilam इलाम (rank 2,263)
 * before इलम (41,546), kala कला (671) before काला (7,013), a ranked word
 * before one the list lacks. Between spellings of one word the standard
 * and real text's use decide instead (rupma: रूपमा, not the commoner रुपमा).
 */
function frequencyBandFirst(a: Scored, b: Scored): number {
  const d = a.facts.frequencyBand - b.facts.frequencyBand;
  return d === 0 || a.facts.confusionKey === b.facts.confusionKey ? 0 : d;
}
