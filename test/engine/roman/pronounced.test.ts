// The pronunciation lexicon as the romanizer sees it: its words are
// candidates backed by it (no dictionary needed), its Latin spellings are
// aliases of the words that sound the same, and a word of it the
// spellchecker corrects is not vouched for.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRecords } from '../../../src/build/records.js';
import { LATIN_SPELLING_KIND } from '../../../src/engine/roman/pronunciation.js';
import { Romanizer } from '../../../src/engine/roman/romanizer.js';
import { ATTESTED_PENALTY } from '../../../src/engine/roman/weights.js';
import { Spellchecker } from '../../../src/engine/spell/spellchecker.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { ATTESTED_WORDLIST, PRONUNCIATION_LEXICON } from '../../../src/store/types.js';
import { romanLexicon } from '../../fixtures/roman/lexicon.js';

const LAPTOP = 'l y aa p . tt ax p';
const pronunciations = {
  words: new Map([
    ['बस्नेत', ['b ax s . n e t']], // a name no other list has
    ['न्यौपाने', ['n y axw . p aa . n e']], // a name the news list has too
    ['ल्यापटप', [LAPTOP]], // a loanword in two spellings that sound the same
    ['ल्याप्टप', [LAPTOP]],
    ['संबिधान', ['s ax m . b i . dh aa n']], // real text's misspelling of संविधान
  ]),
  latin: new Map([['laptop', [LAPTOP]]]),
};

function romanizer(withLexicon: boolean): Romanizer {
  const store = new MemoryStore(buildRecords(withLexicon ? { ...romanLexicon(), pronunciations } : romanLexicon()));
  return new Romanizer(store, new Spellchecker(store));
}
const withLexicon = romanizer(true);
const without = romanizer(false);
const candidates = (r: Romanizer, token: string) => r.resolveTokens([token], 10).tokens[0]!.candidates;

test('a word only the pronunciation lexicon has is a candidate it backs, weighed as a dictionary word', () => {
  assert.ok(!candidates(without, 'basnet').some((c) => c.word === 'बस्नेत'));
  const [first] = candidates(withLexicon, 'basnet');
  assert.equal(first?.word, 'बस्नेत');
  assert.deepEqual(first.dictionaries, [PRONUNCIATION_LEXICON]);
  assert.equal(first.weight, 100, 'a casual spelling of no cost, without the news list penalty');
});

test('a word of the news list the lexicon has too loses the news list penalty when typed as it sounds', () => {
  const weights = (token: string): [number, number] => {
    const before = candidates(without, token).find((c) => c.word === 'न्यौपाने')!;
    const after = candidates(withLexicon, token).find((c) => c.word === 'न्यौपाने')!;
    assert.deepEqual(before.dictionaries, [ATTESTED_WORDLIST]);
    assert.deepEqual(after.dictionaries, [PRONUNCIATION_LEXICON]);
    return [before.weight, after.weight];
  };
  const [before, after] = weights('nyaupane');
  assert.equal(after, before + ATTESTED_PENALTY, 'nyaupane: the sound of न्यौपाने');
  const [lettersBefore, lettersAfter] = weights('neupane');
  assert.equal(lettersAfter, lettersBefore, 'neupane: a spelling of its letters only, no vouching');
});

test('a Latin spelling of the lexicon finds the words with its phonemes', () => {
  const laptop = candidates(withLexicon, 'laptop');
  assert.deepEqual(laptop.map((c) => c.word).sort(), ['ल्यापटप', 'ल्याप्टप']);
  for (const c of laptop) assert.ok(c.kinds.includes(LATIN_SPELLING_KIND), JSON.stringify(c));
  assert.ok(['मेरो ल्यापटप', 'मेरो ल्याप्टप'].includes(withLexicon.resolveText('mero laptop', 5).converted_text), 'converted among Nepali words, as an exact match');
});

test('a word of the lexicon the spellchecker corrects is not backed by it', () => {
  const mis = (r: Romanizer) => candidates(r, 'sambidhan').find((c) => c.word === 'संबिधान');
  assert.deepEqual(mis(withLexicon)?.dictionaries, mis(without)?.dictionaries);
  assert.equal(candidates(withLexicon, 'sambidhan')[0]?.word, 'संविधान');
});
