// Where the spellchecker's view of spelling moves candidates before they
// are ranked: the standard spelling of a respelled headword takes its place,
// of two news-list spellings of one word the accepted one goes first, and
// the fifth letter goes before the anusvara (roman/README.md, "Ranking").

import { CASUAL_COST_STEP } from './aliases.js';
import { Stage, type CandidateSet, type Scored } from './candidates.js';
import { fifthLetterSpelling } from './nasal-spellings.js';
import type { Spellchecker } from '../spell/spellchecker.js';

/**
 * A word that an orthography rule of the Academy standard respells
 * (टीका -> टिका, tadbhav-hrasva; गरेकोमा -> गरेकामा, oblique-genitive) is
 * the word the typist meant, in an older spelling: a headword goes after
 * the correctly spelled candidates and any other form is not ranked
 * (standardFirst). Its standard spelling stands in for it: when that is a
 * candidate too (a news-list word, ATTESTED_PENALTY lighter), it ranks
 * with the respelled word's stage and weight (tika: टिका, not the lighter
 * टिक); when it is not, and the spellchecker accepts it, it is added so,
 * backed by the respelled word's dictionaries (garekoma: गरेकामा). The
 * headword itself is listed right after its standard spelling (respelledAs).
 */
export function standardSpellingsFirst(set: CandidateSet): void {
  const { spell } = set.lexicon;
  for (const c of set.list()) {
    if (c.stage > Stage.Split || c.facts.attestedOnly) continue;
    const standard = spell.standardSpelling(c.word);
    if (standard === null) continue;
    const t = set.get(standard);
    if (!t) {
      if (spell.checkWord(standard).status !== 'correct') continue;
      // Backed by what backs the respelled form: itself, or the stem of a split form no list has
      // (भुटेकोमा: भुटेको); not a compound made up here of two words (सद्दे + कोमा for sadekoma).
      set.add(standard, c.alias, c.weight, c.kinds, c.stage, c.stems?.length === 1 ? c.stems : [c.word]);
      if (set.has(standard)) c.respelledAs = standard;
      continue;
    }
    c.respelledAs = standard;
    if (t.stage < c.stage) continue;
    t.stage = c.stage;
    t.standardOfWeight = Math.max(t.standardOfWeight ?? 0, c.weight);
  }
}

/**
 * Two spellings of one word that no dictionary has (only the news word
 * list or the pronunciation lexicon), differing
 * only in the classes the Academy standard settles (vowel length,
 * sibilants, ब/व, nasals, halanta: one confusion key), of which the
 * spellchecker accepts one (its grammar reads दीर्घ + कालीन) and knows
 * nothing of the other (दिर्घकालिन): news text carries both, and the
 * accepted one is the word. It takes the other's place (stage and weight)
 * and the other goes after it (variantOfAccepted: Gate.Later), unless it
 * is typed more closely or real text inflects it in more case forms (a
 * word of its own: a name, वडा beside बडा). Without this such ties fall to
 * code point order, which puts a short vowel first (dirghakalin:
 * दिर्घकालिन, samkalin: समकालिन, chunautipurna: चुनौतिपूर्ण).
 */
export function acceptedVariantsFirst(set: CandidateSet): void {
  const { spell } = set.lexicon;
  // Only a word no dictionary has gives its place to another spelling.
  if (!set.some((c) => c.facts.listedOnly)) return;
  // Grouped by confusion key first: a word with no other spelling among the
  // candidates needs no spellcheck here (on a text never seen before, most
  // news-list candidates are such, and each check of an unknown word is the
  // dearest step of a cold analysis).
  const byKey = new Map<string, Scored[]>();
  for (const t of set.values()) {
    const k = t.facts.confusionKey;
    const list = byKey.get(k);
    if (list) list.push(t);
    else byKey.set(k, [t]);
  }
  for (const c of set.values()) {
    if (!c.facts.listedOnly) continue;
    const group = byKey.get(c.facts.confusionKey)!;
    if (group.length < 2 || spell.checkWord(c.word).status !== 'unknown') continue;
    for (const t of group) {
      if (t === c || spell.checkWord(t.word).status !== 'correct') continue;
      // Real text's own spelling of a word the lists spell otherwise (बिन्दु, विन्दु: RealTextEvidence.prefersOver): it takes the twin's place.
      if (!t.facts.listedOnly && prefersOverInflected(spell, c.word, t.word)) {
        t.variantOfAccepted = true;
        if (c.stage > t.stage) c.stage = t.stage;
        c.standardOfWeight = Math.max(c.standardOfWeight ?? 0, t.weight);
        continue;
      }
      // Not a word of its own that real text uses more (वडा, ward, beside बडा; स्वीकृति beside स्वीकृती),
      // nor one the typed token fits better (nisha: the name निशा, not निस्सा).
      if (t.weight < c.weight || c.facts.caseForms > t.facts.caseForms) continue;
      c.variantOfAccepted = true;
      if (t.stage > c.stage) t.stage = c.stage;
      t.standardOfWeight = Math.max(t.standardOfWeight ?? 0, c.weight);
    }
  }
}

/**
 * RealTextEvidence.prefersOver on the stems when both words carry the same
 * postposition chain (बिन्दुमा, विन्दुमा: बिन्दु over विन्दु), whose case
 * forms real text has; on the words themselves otherwise.
 */
function prefersOverInflected(spell: Spellchecker, w: string, twin: string): boolean {
  for (const { base, suffix } of spell.morph.splitPostpositions(w)) {
    if (twin.endsWith(suffix) && twin.length > suffix.length && spell.evidence.prefersOver(base, twin.slice(0, twin.length - suffix.length))) return true;
  }
  return spell.evidence.prefersOver(w, twin);
}

/**
 * Of two spellings of one word that differ only in an anusvara before a
 * stop or the fifth letter of the stop's class with halanta (संभव /
 * सम्भव, संबन्धी / सम्बन्धी, संख्या / सङ्ख्या), the fifth letter, the
 * standard's own spelling (the spellchecker accepts it for that reason,
 * isStandardOfVariant), takes the anusvara spelling's place, and that one
 * follows it (variantOfAccepted). Without this the tie falls to code point
 * order, which puts ं before every consonant.
 */
export function fifthLetterFirst(set: CandidateSet): void {
  const { spell } = set.lexicon;
  for (const c of set.values()) {
    if (!c.word.includes('ं')) continue;
    const fifth = fifthLetterSpelling(c.word);
    const t = fifth === c.word ? undefined : set.get(fifth);
    if (!t || spell.checkWord(t.word).status !== 'correct') continue;
    c.variantOfAccepted = true;
    if (t.stage > c.stage) t.stage = c.stage;
    // The anusvara spelling's weight, with rankWeight's step for a word real text never showed made good.
    t.standardOfWeight = Math.max(t.standardOfWeight ?? 0, c.weight + (c.facts.attestedOrBase && !t.facts.attestedOrBase ? CASUAL_COST_STEP : 0));
  }
}
