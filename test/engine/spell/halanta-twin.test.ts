import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildRecords } from '../../../src/build/records.js';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { spellLexicon } from '../../fixtures/spell/lexicon.js';

// The fixture lexicon with two spellings of the river, one with a halanta
// (वागमती, वाग्मती), and frequency ranks.
function store(ranks: Record<string, number>): MemoryStore {
  const input = spellLexicon();
  for (const form of ['वागमती', 'वाग्मती']) input.forms.push({ form, stem: form, prefix: '', suffix: '', flag: null });
  const records = buildRecords(input);
  for (const [w, r] of Object.entries(ranks)) records.ranks.set(w, r);
  return new MemoryStore(records);
}

test('a correction one halanta from a correct word real text writes far more often gives way to that word', () => {
  // बागमती is one slip (ब/व) from वागमती and two from वाग्मती; real text writes वाग्मती 1.9 times as often
  const s = new Spellchecker(store({ वाग्मती: 10_884, वागमती: 20_481 }));
  const r = s.checkWord('बागमती');
  assert.equal(r.status, 'misspelled');
  assert.deepEqual(r.corrections!.slice(0, 2), ['वाग्मती', 'वागमती']);
});

test('... not when the halanta twin is not that much commoner, nor when the list lacks it', () => {
  assert.equal(new Spellchecker(store({ वाग्मती: 15_000, वागमती: 20_481 })).checkWord('बागमती').corrections![0], 'वागमती');
  assert.equal(new Spellchecker(store({ वागमती: 20_481 })).checkWord('बागमती').corrections![0], 'वागमती');
});
