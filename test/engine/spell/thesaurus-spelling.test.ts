import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import type { MemoryStore } from '../../../src/store/memory-store.js';
import { spellStoreWith, type ExtraForm } from '../../fixtures/spell/lexicon.js';

// The fixture lexicon with word-list spellings beside the thesaurus's
// (अस्विकार, अस्वीकार; शहीद, सहिद), a verb form one vowel length from a
// defined noun (गाऊँ, let me sing, beside गाउँ, village), and frequency ranks.
function store(ranks: Record<string, number>, defined = ['अस्वीकार', 'सहिद', 'गाउँ']): MemoryStore {
  const forms: ExtraForm[] = [
    'अस्विकार',
    'अस्वीकार',
    ['अस्विकारको', 'अस्विकार', 'को'],
    ['अस्वीकारको', 'अस्वीकार', 'को'],
    'शहीद',
    'सहिद',
    ['गाऊँ', 'गाउ', 'ऊँ'],
    'शीत',
    'सित',
    'शीतलहर',
  ];
  return spellStoreWith({ forms, defined, ranks });
}

const RANKS = { अस्वीकार: 2_975, अस्विकार: 13_529, सहिद: 2_951, शहीद: 5_329, गाउँ: 598, सित: 10_442, शीत: 27_548 };

test("the thesaurus's spelling: a word-list word whose twin the thesaurus defines, and real text writes more often, is misspelled (category standard)", () => {
  const s = new Spellchecker(store(RANKS));
  assert.deepEqual(s.checkWord('अस्विकार'), { status: 'misspelled', corrections: ['अस्वीकार'], category: 'standard' });
  // two of the standard's slips (श/स and ी/ि)
  assert.deepEqual(s.checkWord('शहीद'), { status: 'misspelled', corrections: ['सहिद'], category: 'standard' });
  // the standard's spelling itself stays correct
  assert.equal(s.checkWord('अस्वीकार').status, 'correct');
  assert.equal(s.checkWord('सहिद').status, 'correct');
  // the standard settles it: at level lenient the word is not reported
  assert.equal(s.checkWord('अस्विकार', 'lenient').status, 'correct');
  // what the romanizer asks of its candidates: the thesaurus's spelling stands in for the word list's
  assert.equal(s.standardSpelling('शहीद'), 'सहिद');
  assert.equal(s.standardSpelling('सहिद'), null);
  const text = s.checkText('उसले अस्विकार गर्‍यो');
  assert.deepEqual(
    text.misspelled.map((m) => [m.word, m.corrections, m.category]),
    [['अस्विकार', ['अस्वीकार'], 'standard']],
  );
});

test("the thesaurus's spelling: an inflected form follows its stem, a form the morphology makes with a postposition too", () => {
  const s = new Spellchecker(store(RANKS));
  // the word list's inflected form: the twin with the same ending
  assert.deepEqual(s.checkWord('अस्विकारको'), { status: 'misspelled', corrections: ['अस्वीकारको'], category: 'standard' });
  // a postposition the word list does not attach: the base's twin with the chain
  assert.deepEqual(s.checkWord('अस्विकारलाई'), { status: 'misspelled', corrections: ['अस्वीकारलाई'], category: 'standard' });
  assert.equal(s.checkWord('अस्वीकारलाई').status, 'correct');
});

test("the thesaurus's spelling: not below 1.5 times as often, not without the thesaurus, not a word it defines, never across two kinds of form", () => {
  // real text writes the twin 1.4 times as often: not enough
  assert.equal(new Spellchecker(store({ अस्वीकार: 10_000, अस्विकार: 14_000 })).checkWord('अस्विकार').status, 'correct');
  // the twin's stem unranked: no evidence
  assert.equal(new Spellchecker(store({ अस्विकार: 13_529 })).checkWord('अस्विकार').status, 'correct');
  // the thesaurus defines neither
  assert.equal(new Spellchecker(store(RANKS, ['गाउँ'])).checkWord('अस्विकार').status, 'correct');
  // the thesaurus defines both: two words
  assert.equal(new Spellchecker(store(RANKS, ['अस्वीकार', 'अस्विकार'])).checkWord('अस्विकार').status, 'correct');
  // शीत (cold) beside the defined सित: the thesaurus builds on शीत as it is spelled (शीतलहर), so it is a word of its own
  assert.equal(new Spellchecker(store(RANKS, ['अस्वीकार', 'सहिद', 'सित', 'शीतलहर'])).checkWord('शीत').status, 'correct');
  assert.deepEqual(new Spellchecker(store(RANKS, ['अस्वीकार', 'सहिद', 'सित'])).checkWord('शीत').corrections, ['सित'], 'without शीतलहर defined');
  // गाऊँ is a verb form (गाउ + ऊँ), not the noun गाउँ misspelled, however common the village
  assert.equal(new Spellchecker(store({ ...RANKS, गाउ: 50_000 })).checkWord('गाऊँ').status, 'correct');
});
