import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import type { MemoryStore } from '../../../src/store/memory-store.js';
import { spellStoreWith } from '../../fixtures/spell/lexicon.js';

// The fixture lexicon with word-list spellings of real-word errors and their twins, and frequency ranks.
function store(ranks: Record<string, number>): MemoryStore {
  return spellStoreWith({ forms: ['छेत्र', 'यश', 'यस', 'बन्नेको', 'बनेको', 'ऊर्जा', 'उर्जा'], defined: ['यश'], ranks });
}

test('real-word errors: a lexicon word whose confusion twin real text writes 100 times as often is misspelled, at either level', () => {
  const s = new Spellchecker(store({ क्षेत्र: 251, छेत्र: 38_497, बनेको: 398 }));
  for (const level of ['standard', 'lenient'] as const) {
    assert.deepEqual(s.checkWord('छेत्र', level), { status: 'misspelled', corrections: ['क्षेत्र'], category: 'real-word' }, level);
    // a word the list lacks counts as rarer than its last word
    assert.deepEqual(s.checkWord('बन्नेको', level), { status: 'misspelled', corrections: ['बनेको'], category: 'real-word' }, level);
  }
  const text = s.checkText('यो छेत्र राम्रो छ');
  assert.deepEqual(
    text.misspelled.map((m) => [m.word, m.corrections, m.category]),
    [['छेत्र', ['क्षेत्र'], 'real-word']],
  );
});

test('real-word errors: not below the ratio, not a word real text writes often, not a word the thesaurus defines, not vowel length or nasals', () => {
  // 99 times: below the ratio
  assert.equal(new Spellchecker(store({ क्षेत्र: 400, छेत्र: 39_600 })).checkWord('छेत्र').status, 'correct');
  // the word itself among the list's first 20,000
  assert.equal(new Spellchecker(store({ क्षेत्र: 10, छेत्र: 15_000 })).checkWord('छेत्र').status, 'correct');
  // यश (fame) has a meaning of its own beside the far commoner यस
  assert.equal(new Spellchecker(store({ यस: 44, यश: 40_000 })).checkWord('यश').status, 'correct');
  // ऊर्जा and उर्जा differ in vowel length only: the standard settles that, not usage
  assert.equal(new Spellchecker(store({ उर्जा: 100, ऊर्जा: 50_000 })).checkWord('ऊर्जा').status, 'correct');
  // a stem of the word list a geminate away from its twin is a word of its own (कम्मल, blanket; कमल, lotus)
  assert.equal(new Spellchecker(spellStoreWith({ stems: ['कम्मल', 'कमल'], ranks: { कमल: 932 } })).checkWord('कम्मल').status, 'correct');
  // without ranks, nothing
  assert.equal(new Spellchecker(store({})).checkWord('छेत्र').status, 'correct');
});
