import { test } from 'node:test';
import assert from 'node:assert/strict';
import { importFrequencyList } from '../../../src/build/frequency.js';
import { buildRecords } from '../../../src/build/records.js';
import { loanSkeleton } from '../../../src/engine/roman/keys.js';
import { Romanizer } from '../../../src/engine/roman/romanizer.js';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { romanLexicon } from '../../fixtures/roman/lexicon.js';

test('the consonant skeleton: an English reading and the Nepali spelling of a loanword share it', () => {
  assert.equal(loanSkeleton('fasebuk'), loanSkeleton('phesabuk'));
  assert.equal(loanSkeleton('byateri'), loanSkeleton('byatri'));
  assert.equal(loanSkeleton('intarnet'), '_ntrnt', 'a vowel start is kept as _');
  assert.equal(loanSkeleton('ghar'), loanSkeleton('gar'), 'aspiration is folded, as in the fuzzy key');
  assert.notEqual(loanSkeleton('kalam'), loanSkeleton('kamal'), 'the consonants and their order are kept');
});

function romanizer(withRanks: boolean): { roman: Romanizer; store: MemoryStore } {
  const input = romanLexicon();
  input.attested = [...input.attested, 'फेसबुक', 'ब्याट्री', 'फेसबूक'];
  if (withRanks) input.frequency = importFrequencyList('फेसबुक\nब्याट्री\nफेसबूक\n');
  const store = new MemoryStore(buildRecords(input));
  return { roman: new Romanizer(store, new Spellchecker(store)), store };
}

test('a loanword typed the English way alone finds the news list spelling by its skeleton, the more frequent first', () => {
  const { roman, store } = romanizer(true);
  assert.deepEqual(store.loanSkeleton(loanSkeleton('phesabuk')), ['फेसबुक', 'फेसबूक']);
  const facebook = roman.resolveTokens(['facebook'], 5).tokens[0]!;
  assert.equal(facebook.converted, 'फेसबुक');
  assert.deepEqual(facebook.candidates.slice(0, 2).map((c) => c.word), ['फेसबुक', 'फेसबूक']);
  assert.deepEqual(facebook.candidates[0]!.kinds, ['english']);
  assert.equal(facebook.candidates[0]!.alias, 'facebook', 'the English spelling is the alias');
  assert.equal(roman.resolveText('battery', 5).converted_text, 'ब्याट्री');
  // in running text an English word stays as typed (a guess, as the other guesses)
  assert.equal(roman.resolveText('mero facebook', 5).converted_text, 'मेरो facebook');
});

test('without the frequency list there is no skeleton index and no such reading', () => {
  const { roman, store } = romanizer(false);
  assert.deepEqual(store.loanSkeleton(loanSkeleton('phesabuk')), []);
  assert.notEqual(roman.resolveTokens(['facebook'], 5).tokens[0]!.converted, 'फेसबुक');
});
