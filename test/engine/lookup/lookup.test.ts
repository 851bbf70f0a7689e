import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRecords } from '../../../src/build/records.js';
import { confusionKey } from '../../../src/engine/spell/confusion.js';
import { findExamples } from '../../../src/engine/lookup/examples.js';
import { lookupEntry, lookupMultiDict } from '../../../src/engine/lookup/entry.js';
import { lookupVariants, variantDifferences } from '../../../src/engine/lookup/variants.js';
import { suggestWords } from '../../../src/engine/lookup/suggest.js';
import { MemoryStore } from '../../../src/store/memory-store.js';
import { miniLexicon } from '../../fixtures/mini-lexicon.js';

const store = new MemoryStore(buildRecords(miniLexicon()));

test('an entry numbers definitions in Devanagari and joins synonyms with semicolons', () => {
  const e = lookupEntry(store, 'घर')!;
  assert.equal(e.word, 'घर');
  assert.equal(e.part_of_speech, 'नाम');
  assert.deepEqual(e.definitions, [
    { number: '१.', text: 'मानिस बस्ने ठाउँ; गृह; निवास', part_of_speech: 'नाम' },
    { number: '२.', text: 'परिवार', part_of_speech: 'नाम' },
  ]);
  assert.equal(e.split_definitions, '१. मानिस बस्ने ठाउँ; गृह; निवास\n२. परिवार');
  assert.deepEqual(e.dictionaries, ['mpp-thesaurus', 'mpp-hunspell']);
});

test('a definition made only of synonyms, and a hunspell-only headword', () => {
  assert.equal(lookupEntry(store, 'पुस्तक')!.definitions[0]!.text, 'किताब; ग्रन्थ');
  const g = lookupEntry(store, 'गर्नु')!;
  assert.deepEqual(g.definitions, []);
  assert.equal(g.split_definitions, '');
  assert.equal(g.part_of_speech, 'क्रिया');
  assert.equal(lookupEntry(store, 'छैन'), null);
});

test('the query is normalized: ZWJ and surrounding space do not matter', () => {
  assert.equal(lookupEntry(store, ' घ\u200Dर ')!.word, 'घर');
});

test('multi_dict answers per dictionary with null where a dictionary lacks the word', () => {
  const m = lookupMultiDict(store, 'राम्रो');
  assert.deepEqual(m.results.map((r) => [r.dictionary, r.entry === null]), [['mpp-thesaurus', false], ['mpp-hunspell', true]]);
  const g = lookupMultiDict(store, 'घर');
  assert.equal(g.results[1]!.entry!.definitions.length, 0);
  assert.deepEqual(g.results[1]!.entry!.dictionaries, ['mpp-hunspell']);
});

test('variants group headwords that differ only by the common confusions', () => {
  const v = lookupVariants(store, 'दिन', confusionKey);
  assert.equal(v.entry!.word, 'दिन');
  assert.deepEqual(v.variants.map((x) => [x.word, x.differences]), [['दीन', ['ि/ी']]]);
  assert.deepEqual(variantDifferences('सँग', 'संग'), ['ं/ँ']);
  const none = lookupVariants(store, 'किताब', confusionKey);
  assert.deepEqual(none.variants, []);
});

test('suggest puts the exact match first and honours the limit', () => {
  assert.deepEqual(suggestWords(store, 'घर', 10), ['घर', 'घरेलु']);
  assert.deepEqual(suggestWords(store, 'घ', 1), ['घर']);
  assert.deepEqual(suggestWords(store, 'झ', 10), []);
});

test('examples find sentences with inflected forms and say which forms matched', () => {
  const ex = findExamples(store, 'घर', 5);
  assert.equal(ex.examples[0]!.text, 'हाम्रो घरमा धेरै किताब छन्।');
  assert.ok(ex.forms.includes('घरमा'));
  assert.equal(findExamples(store, 'घर', 1).examples.length, 1);
});
