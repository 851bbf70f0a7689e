// Build step: the spellchecker's verdict on every word only the news list
// has (FORM_ATTESTED without FORM_LEXICON), stored with the records.
//
// These are the dearest words to check: mostly names, loanwords and
// misspellings, for which the checker runs its whole candidate search and
// word formation (about 150 µs each, against 10 µs for a dictionary word).
// Real texts meet them all the time, and the romanizer spellchecks every
// news-list candidate it ranks. Worked out once here, a service thread
// answers them with one store read (Spellchecker's storedVerdicts option).
// The verdicts are those of the code that computed them (engine/lang and
// engine/spell): its fingerprint goes into the metadata, and a thread whose
// spellchecking code differs ignores them (src/engine/spell/fingerprint.ts).

import { verdictFingerprint } from '../engine/spell/fingerprint.js';
import { Spellchecker } from '../engine/spell/spellchecker.js';
import { MemoryStore } from '../store/memory-store.js';
import { FORM_ATTESTED, FORM_LEXICON } from '../store/types.js';
import type { StoreRecords } from './records.js';

/** Fills records.verdicts (and records.meta.verdicts) from a spellchecker over the records themselves. */
export function computeVerdicts(records: StoreRecords): void {
  records.verdicts.clear();
  // No verdicts yet in the store the checker reads, so every answer is worked out.
  const spell = new Spellchecker(new MemoryStore(records), { resultCache: false });
  for (const [word, form] of records.forms) {
    if ((form.flags & (FORM_ATTESTED | FORM_LEXICON)) !== FORM_ATTESTED) continue;
    const r = spell.checkWord(word);
    records.verdicts.set(word, r.rule ? { status: r.status, corrections: r.corrections, rule: r.rule } : { status: r.status, corrections: r.corrections });
  }
  records.meta.verdicts = { words: records.verdicts.size, engine: verdictFingerprint() };
}
