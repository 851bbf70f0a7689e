// Build step: the spellchecker's verdict on every vocabulary form, stored
// with the records: "correct" as a flag of the form (FORM_CORRECT_VERDICT),
// any other verdict in the verdicts.
//
// A text is mostly words of the lists. The words only the news list has
// are the dearest to check (mostly names, loanwords and misspellings, for
// which the checker runs its whole candidate search and word formation:
// about 150 µs each); a lexicon form costs the orthography rules (about
// 10 µs), and a text has hundreds. Worked out once here, a service thread
// answers any form with the form read it makes anyway (plus a verdict read
// for the few it does not call correct) (Spellchecker's storedVerdicts
// option). The verdicts are those of the code that computed them
// (engine/lang and engine/spell): its fingerprint goes into the metadata,
// and a thread whose spellchecking code differs ignores them
// (src/engine/spell/fingerprint.ts).

import { normalizeWord } from '../engine/lang/normalize.js';
import { verdictFingerprint } from '../engine/spell/fingerprint.js';
import { Spellchecker } from '../engine/spell/spellchecker.js';
import { MemoryStore } from '../store/memory-store.js';
import { FORM_CORRECT_VERDICT, type FormRecord, type StoredVerdict } from '../store/types.js';
import type { StoreRecords } from './records.js';

/** Fills records.verdicts, the forms' FORM_CORRECT_VERDICT and records.meta.verdicts from a spellchecker over the records themselves. */
export function computeVerdicts(records: StoreRecords): void {
  records.verdicts.clear();
  // No verdicts in the store the checker reads (storedVerdicts off), so every answer is worked out.
  const spell = new Spellchecker(new MemoryStore(records), { resultCache: false });
  for (const form of records.forms.values()) form.flags &= ~FORM_CORRECT_VERDICT;
  const correct: FormRecord[] = [];
  for (const [word, form] of records.forms) {
    // The thread looks up the normalized word it checks; checkWord reads a
    // word ending in ':' two ways. Such a key (none is expected) keeps no verdict.
    if (normalizeWord(word.trim()) !== word || word.endsWith(':')) continue;
    const r = spell.checkWord(word);
    if (r.status === 'correct') correct.push(form);
    else {
      const v: StoredVerdict = { status: r.status, corrections: r.corrections };
      if (r.rule) v.rule = r.rule;
      if (r.category === 'real-word') v.category = 'real-word';
      records.verdicts.set(word, v);
    }
  }
  // Set once every answer is in: the checker above reads these records.
  for (const form of correct) form.flags |= FORM_CORRECT_VERDICT;
  records.meta.verdicts = { words: correct.length + records.verdicts.size, engine: verdictFingerprint() };
}
