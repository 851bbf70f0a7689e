import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRecords } from '../../src/build/records.js';
import { confusionKey } from '../../src/engine/spell/confusion.js';
import { FORM_ATTESTED, FORM_HEADWORD, FORM_LEXICON, THESAURUS_DICT } from '../../src/store/types.js';
import { miniLexicon } from '../fixtures/mini-lexicon.js';

test('headwords merge the dictionaries that contain them', () => {
  const r = buildRecords(miniLexicon());
  const ghar = r.headwords.get('घर')!;
  assert.deepEqual(
    ghar.entries.map((e) => e.dictionary),
    ['mpp-thesaurus', 'mpp-hunspell'],
  );
  assert.equal(ghar.entries[0]!.senses.length, 2);
  assert.deepEqual(ghar.entries[1]!.classes, [7]);
  assert.equal(r.meta.counts.headwords, 8);
  assert.equal(r.meta.counts.entries, 10);
});

test('forms carry lexicon, attested and headword flags and their analyses', () => {
  const r = buildRecords(miniLexicon());
  const gharma = r.forms.get('घरमा')!;
  assert.equal(gharma.flags, FORM_LEXICON | FORM_ATTESTED);
  assert.deepEqual(gharma.analyses, [{ stem: 'घर', prefix: '', suffix: 'मा', flag: 7 }]);
  assert.equal(r.forms.get('घर')!.flags, FORM_LEXICON | FORM_ATTESTED | FORM_HEADWORD);
  // attested alone is not lexicon: the news vocabulary has misspellings such as केहि
  assert.equal(r.forms.get('केहि')!.flags, FORM_ATTESTED);
  assert.equal(r.forms.get('नगर्छ')!.analyses[0]!.prefix, 'न');
});

test('the confusion index holds lexicon forms and the grammatical forms of real text', () => {
  const r = buildRecords(miniLexicon());
  const list = r.confusion.get(confusionKey('दिन'))!;
  assert.ok(list.includes('दिन') && list.includes('दीन'), JSON.stringify(list));
  // किताबहरूमा is attested and the morphology builds it on the headword किताब (a correction the spellchecker may offer);
  // केहि and दिनहरु are attested but no grammar makes them (a misspelled pronoun, a misspelled plural).
  assert.deepEqual(r.confusion.get(confusionKey('किताबहरूमा')), ['किताबहरूमा']);
  for (const forms of r.confusion.values()) {
    for (const w of forms) assert.ok(r.forms.get(w)!.flags & FORM_LEXICON || w === 'किताबहरूमा', w);
  }
  assert.ok(!r.confusion.get(confusionKey('दिनहरु'))?.includes('दिनहरु'));
});

test('the confusion index also holds words of real text that three thesaurus definitions use, unless a lexicon word is a slip away', () => {
  const base = miniLexicon();
  const definitions = ['पिरो खाना', 'धेरै पिरो', 'पिरो र किताव', 'किताव पढ्ने', 'नयाँ किताव'].map((text) => ({ text, source: THESAURUS_DICT }));
  const attested = [...base.attested, 'पिरो', 'किताव'];
  const r = buildRecords({ ...base, attested, sentences: [...base.sentences, ...definitions] });
  assert.ok(r.confusion.get(confusionKey('पीरो'))?.includes('पिरो'), "the lexicographers' spelling is offered for पीरो");
  // किताव is used three times too, but the lexicon has किताब one slip away: a typo of the definitions.
  assert.ok(!r.confusion.get(confusionKey('किताव'))?.includes('किताव'));
  // Two uses are not enough.
  const two = buildRecords({ ...base, attested, sentences: [...base.sentences, ...definitions.slice(0, 2)] });
  assert.ok(!two.confusion.get(confusionKey('पिरो'))?.includes('पिरो'));
});

test('completions rank headwords by dictionaries, attestation, then length', () => {
  const r = buildRecords(miniLexicon());
  // घर is in two dictionaries and attested; घरेलु only in one
  assert.deepEqual(r.completions.get('घ'), ['घर', 'घरेलु']);
  assert.deepEqual(r.completions.get('घरे'), ['घरेलु']);
  assert.equal(r.completions.get('घरमा'), undefined, 'inflected forms are not headwords');
});

test('sentences are indexed by their words and by the stems of inflected forms', () => {
  const r = buildRecords(miniLexicon());
  const ids = r.sentenceIndex.get('घर')!;
  const texts = ids.map((i) => r.sentences[i]!.text);
  assert.ok(texts.includes('हाम्रो घरमा धेरै किताब छन्।'), 'found through घरमा -> घर');
  // a readable sentence ranks before a one-word one
  assert.equal(texts[0], 'हाम्रो घरमा धेरै किताब छन्।');
});

test("sentences shown only as examples, and the headwords of forms, feed the examples endpoint's index, not the engines'", () => {
  const base = miniLexicon();
  const r = buildRecords({ ...base, exampleSentences: [{ text: 'उनी घरमा काम गर्छ।', source: 'prompts' }] });
  const texts = (index: Map<string, number[]>, w: string) => (index.get(w) ?? []).map((i) => r.sentences[i]!.text);
  assert.ok(texts(r.exampleIndex!, 'घर').includes('उनी घरमा काम गर्छ।'));
  assert.ok(!texts(r.sentenceIndex, 'घर').includes('उनी घरमा काम गर्छ।'), 'the engines count the same sentences as before');
  assert.deepEqual(r.sentenceIndex, buildRecords(base).sentenceIndex);
  assert.ok(texts(r.exampleIndex!, 'गर्नु').includes('उनी घरमा काम गर्छ।'), 'गर्छ inflects गर्नु');
});

test('every headword and attested lexicon form gets roman aliases', () => {
  const r = buildRecords(miniLexicon());
  const words = new Set<string>();
  for (const list of r.aliases.values()) for (const a of list) words.add(a.word);
  for (const w of ['घर', 'किताब', 'राम्रो', 'घरमा']) assert.ok(words.has(w), w);
  assert.ok(!words.has('दिनमा'), 'unattested inflections get no aliases');
});
