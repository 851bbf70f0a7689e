import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRecords } from '../../../src/build/records.js';
import { confusionKey } from '../../../src/engine/spell/confusion.js';
import { findExamples } from '../../../src/engine/lookup/examples.js';
import { searchEnglish } from '../../../src/engine/lookup/english.js';
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
  assert.deepEqual(e.dictionaries, ['mpp-thesaurus', 'mpp-hunspell', 'foss-np-glossary', 'pavlick-ne-en']);
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
  assert.deepEqual(
    m.results.map((r) => [r.dictionary, r.entry === null]),
    [
      ['mpp-thesaurus', false],
      ['mpp-hunspell', true],
      ['foss-np-glossary', true],
      ['pavlick-ne-en', true],
    ],
  );
  const g = lookupMultiDict(store, 'घर');
  assert.equal(g.results[1]!.entry!.definitions.length, 0);
  assert.deepEqual(g.results[1]!.entry!.dictionaries, ['mpp-hunspell']);
});

test('variants group headwords that differ only by the common confusions', () => {
  const v = lookupVariants(store, 'दिन', confusionKey);
  assert.equal(v.entry!.word, 'दिन');
  assert.deepEqual(
    v.variants.map((x) => [x.word, x.differences]),
    [['दीन', ['ि/ी']]],
  );
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

test('English meanings: curated first, each once; multi_dict gives each source its own', () => {
  const e = lookupEntry(store, 'घर')!;
  assert.deepEqual(e.english, ['house', 'home', 'dwelling']);
  assert.deepEqual(e.lemmas, []);
  assert.deepEqual(lookupEntry(store, 'किताब')!.english, []);
  const m = lookupMultiDict(store, 'घर');
  const of = (d: string) => m.results.find((r) => r.dictionary === d)!.entry;
  assert.deepEqual(of('foss-np-glossary')!.english, ['house', 'home']);
  assert.deepEqual(of('pavlick-ne-en')!.english, ['home', 'dwelling']);
  assert.deepEqual(of('pavlick-ne-en')!.dictionaries, ['pavlick-ne-en']);
  assert.deepEqual(of('mpp-thesaurus')!.english, []);
});

test("a form a source gives meanings for is an entry of its own, and reaches its headword's meanings", () => {
  const f = lookupEntry(store, 'घरमा')!;
  assert.deepEqual([f.word, f.definitions, f.dictionaries, f.english], ['घरमा', [], ['pavlick-ne-en'], ['in the house', 'at home']]);
  assert.deepEqual(f.lemmas, [{ word: 'घर', english: ['house', 'home', 'dwelling'] }]);
  assert.deepEqual(lookupEntry(store, 'गर्छ')!.lemmas, [], 'a headword without meanings is no lemma to show');
  assert.equal(lookupEntry(store, 'झझझ'), null, 'a word the store does not know keeps no meanings');
  assert.equal(lookupEntry(store, 'केहि'), null, 'nor does a word only real text has (a misspelling: no entry vouches for it)');
  assert.equal(lookupEntry(store, 'दिनमा'), null, 'a form no source lists is no entry');
});

test('the meaning search: whole meanings first, headwords first, curated first, then by frequency; limits and plurals', () => {
  assert.deepEqual(searchEnglish(store, 'home', 10), {
    query: 'home',
    results: [
      { word: 'घर', english: ['house', 'home', 'dwelling'] },
      { word: 'घरमा', english: ['in the house', 'at home'] },
    ],
  });
  assert.deepEqual(
    searchEnglish(store, '  The HOUSE ', 10).results.map((r) => r.word),
    ['घर', 'घरमा'],
    'case and a leading article do not matter',
  );
  assert.deepEqual(
    searchEnglish(store, 'houses', 10).results.map((r) => r.word),
    ['घर', 'घरमा'],
    'a plural falls back to its singular',
  );
  assert.deepEqual(
    searchEnglish(store, 'home', 1).results.map((r) => r.word),
    ['घर'],
  );
  assert.deepEqual(
    searchEnglish(store, 'to do', 5).results.map((r) => r.word),
    [],
    '"to do" is read as "do", which no meaning is',
  );
  assert.deepEqual(
    searchEnglish(store, 'poor', 5).results.map((r) => r.word),
    ['दीन'],
  );
  assert.deepEqual(searchEnglish(store, 'noise', 5).results, [], 'the unknown word was left out');
  assert.deepEqual(searchEnglish(store, 'zebra', 5), { query: 'zebra', results: [] });
});

test('examples: a sentence with an inflected form is an example of its headword, real sentences before definition phrases', () => {
  const base = miniLexicon();
  const sentences = [{ text: 'दिन भरि काम गर्ने समय', source: 'mpp-thesaurus' }, ...base.sentences];
  const store = new MemoryStore(buildRecords({ ...base, sentences, exampleSentences: [{ text: 'उनी हरेक दिन काम गर्छ।', source: 'prompts' }] }));
  const x = findExamples(store, 'गर्नु', 5);
  assert.deepEqual(x.forms, ['गर्छ']);
  assert.equal(x.examples[0]!.text, 'उनी हरेक दिन काम गर्छ।');
  const d = findExamples(store, 'दिन', 5);
  assert.deepEqual(
    d.examples.map((e) => e.source),
    ['prompts', 'fixture', 'mpp-thesaurus'],
    'the thesaurus phrase last (the sentences: shorter first)',
  );
});
