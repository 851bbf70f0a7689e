// Stage 8: real text's own spelling of an exact or split match, where the
// Academy standard spells otherwise and the spellchecker corrects it to
// the match: a verb form without the final halanta of its ending
// (lekhnus: लेख्नुस्, then लेख्नुस, which the news word list writes for a
// fifth to two fifths of such forms), an anusvara for a fifth letter before
// a stop of its class (ankapatra: अङ्कपत्र, then अंकपत्र). Flagged, such a
// spelling is only ever the last resort (spellcheck-gate.ts standardFirst):
// never first, never chosen by context, listed when the list has room, for
// a writer who wants the spelling of real text.

import { casualWeight } from '../aliases.js';
import { CASUAL_KINDS, Stage, type CandidateSet } from '../candidates.js';
import { halantaLessTwin } from '../inflection.js';
import { anusvaraSpelling } from '../nasal-spellings.js';
import { ATTESTED_PENALTY, UNVERIFIED_SPLIT_PENALTY } from '../weights.js';

export function realTextSpellingStage(set: CandidateSet): void {
  const { spell } = set.lexicon;
  const { typed } = set.token;
  for (const c of set.list()) {
    if (c.stage > Stage.Split) continue;
    for (const twin of [halantaLessTwin(c.word), anusvaraSpelling(c.word)]) {
      if (twin === null || set.has(twin)) continue;
      const cost = set.lexicon.casualCost(twin, typed);
      if (cost === Infinity) continue;
      const v = spell.checkWord(twin);
      if (v.status !== 'misspelled' || v.corrections?.[0] !== c.word) continue;
      // Backed by what backs the match: its lists, or the stems of a split form no list has
      // (add takes ATTESTED_PENALTY off again for a match only the news list has: given back here).
      const weight = Math.min(c.weight + (c.facts.attestedOnly ? ATTESTED_PENALTY : 0), casualWeight(cost)) - UNVERIFIED_SPLIT_PENALTY;
      set.add(twin, typed, Math.max(1, weight), CASUAL_KINDS, Stage.Split, c.stems ?? [c.word]);
      const t = set.get(twin);
      if (t) t.realTextSpelling = true;
    }
  }
}
