import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DataFormatError } from '../../src/build/errors.js';
import type { ThesaurusEntry } from '../../src/build/mythes.js';
import { cleanSentence, extractNepaliSentences, readMo, sentencesFromMo, sentencesFromPrompts, sentencesFromThesaurus } from '../../src/build/sentences.js';

// a.mo, a-be.mo and b.mo are compiled by GNU msgfmt from a.po and b.po (see the .po headers).
const FIXTURES = new URL('../../../test/fixtures/sentences/', import.meta.url);
const mo = (name: string) => new Uint8Array(readFileSync(new URL(name, FIXTURES)));

const A_SENTENCES = [
  'के तपाईँ कागजात बचत गर्न चाहनुहुन्छ?', // the space before '?' closed up
  'के तपाईँ कागजात बचत गर्न चाहनुहुन्छ?', // the same text under another context
  'फाइल बचत गर्न सकिएन।', // a two-line message gives two sentences
  'कृपया डिस्क जाँच गर्नुहोस्।',
  'रेखाको रङ चयन गर्नुहोस्', // accelerator hint "(_C)" removed; ends in a finite verb
  'परिवर्तन लागू गर्न प्रोग्राम पुनः सुरु गर्नुहोस्', // "पुन:" is visarga
  'स्वतःपाठ सिर्जना गर्न सकिएन।',
].sort();

test('readMo reads contexts, plurals and the header of a msgfmt catalog', () => {
  const cat = readMo(mo('a.mo'), 'a.mo');
  assert.equal(cat.headers['Language'], 'ne');
  assert.equal(cat.messages.length, 12); // the untranslated message is not in the file
  const saved = cat.messages.filter((m) => m.id === 'Save the document?');
  assert.deepEqual(saved.map((m) => m.context).sort(), ['dialog|title', 'other']);
  const plural = cat.messages.find((m) => m.id === '%d page')!;
  assert.deepEqual(plural, { context: null, id: '%d page', idPlural: '%d pages', translations: ['%d पृष्ठ', '%d पृष्ठहरू'] });
});

test('a big-endian catalog reads the same', () => {
  assert.deepEqual(readMo(mo('a-be.mo'), 'a-be.mo'), readMo(mo('a.mo'), 'a.mo'));
});

test('sentencesFromMo keeps whole Nepali sentences only', () => {
  assert.deepEqual(sentencesFromMo(mo('a.mo'), 'a.mo').sort(), A_SENTENCES);
});

test('cleanSentence drops labels, placeholders, Latin and phrases', () => {
  assert.equal(cleanSentence('~फाइल'), null); // a label
  assert.equal(cleanSentence('%1 लाई %2 ले बदल्छ ।'), null);
  assert.equal(cleanSentence('सर्भर त्रुटि सन्देश: $(ARG1) ।'), null);
  assert.equal(cleanSentence('<b>फाइल</b> बचत गर्न सकिएन ।'), null);
  assert.equal(cleanSentence('त्रुटि सन्देश: फाइल भेटिएन'), null); // colon as punctuation
  assert.equal(cleanSentence('कागजातमा PDF फाइल घुसाउनुहोस् ।'), null);
  assert.equal(cleanSentence('रेखा बीचको खाली ठाउँ'), null); // no verb, no full stop
  assert.equal(cleanSentence('फाइल बचत भयो ।'), null); // three words
  assert.equal(cleanSentence('यो काम सम्भवत: पूरा हुन्छ ।'), 'यो काम सम्भवतः पूरा हुन्छ।');
  assert.equal(cleanSentence('नयाँ ~कागजात  खोल्न यहाँ क्लिक गर्नुहोस् ।'), 'नयाँ कागजात खोल्न यहाँ क्लिक गर्नुहोस्।');
  assert.equal(cleanSentence('यो फाइल खोल्न सकिँदैन...'), null); // an ellipsis is not a full stop
});

test('extractNepaliSentences merges catalogs in name order without repeats', () => {
  const got = extractNepaliSentences([
    { file: 'b.mo', bytes: mo('b.mo') },
    { file: 'a.mo', bytes: mo('a.mo') },
  ]);
  const expected = [...new Set([...A_SENTENCES]), 'कागजात सफलतापूर्वक बचत गरियो।'];
  assert.deepEqual([...got].sort(), expected.sort());
  assert.equal(new Set(got).size, got.length);
  // a.mo comes first whatever the order given
  assert.equal(got[got.length - 1], 'कागजात सफलतापूर्वक बचत गरियो।');
});

test('corrupt catalogs are DataFormatErrors with a byte offset', () => {
  const good = mo('a.mo');
  const isError = (pattern: RegExp) => (err: unknown) =>
    err instanceof DataFormatError && err.file === 'x.mo' && err.line === null && /byte offset \d+/.test(err.message) && pattern.test(err.message);
  assert.throws(() => readMo(good.subarray(0, 10), 'x.mo'), isError(/too short/));
  assert.throws(() => readMo(new TextEncoder().encode('msgid "" msgstr "" and more text'), 'x.mo'), isError(/not a gettext \.mo file/));
  assert.throws(() => readMo(good.subarray(0, 60), 'x.mo'), isError(/table of 13 entries .* runs past the end/));
  assert.throws(() => readMo(good.subarray(0, good.byteLength - 40), 'x.mo'), isError(/runs past the end of the file/));
  const broken = good.slice();
  const view = new DataView(broken.buffer);
  const firstTranslation = view.getUint32(view.getUint32(16, true) + 4 * 2 + 4, true); // string 1 of the translation table
  broken[firstTranslation] = 0xff;
  assert.throws(() => readMo(broken, 'x.mo'), isError(/not valid UTF-8/));
});

test('sentencesFromThesaurus takes definition phrases of three words or more', () => {
  const entries: ThesaurusEntry[] = [
    {
      word: 'घर',
      line: 2,
      senses: [
        { pos: 'नाम', gloss: 'मानिस बस्ने ठाउँ', synonyms: ['निवास', 'परिवार बस्ने पक्की भवन'] },
        { pos: 'नाम', gloss: 'बस्ने ठाउँ', synonyms: [] }, // two words: too short
      ],
    },
    { word: 'डेरा', line: 5, senses: [{ pos: 'नाम', gloss: 'मानिस बस्ने ठाउँ', synonyms: ['अस्थायी बास'] }] },
    { word: 'बिरामी', line: 7, senses: [{ pos: 'वि', gloss: 'रोग लागेको बिरमाी मानिस', synonyms: ['TV हेर्ने मानिस'] }] },
  ];
  assert.deepEqual(sentencesFromThesaurus(entries), [
    { text: 'मानिस बस्ने ठाउँ', source: 'mpp-thesaurus' },
    { text: 'परिवार बस्ने पक्की भवन', source: 'mpp-thesaurus' },
  ]);
});

test('prompts.tsv: the sentence of each line, invisible characters removed and spaces collapsed; a malformed line names itself', () => {
  const text = readFileSync(new URL('prompts.tsv', FIXTURES), 'utf8');
  assert.deepEqual(sentencesFromPrompts(text, 'prompts.tsv'), ['घरमा पानी छ।', 'मेरो घर सानो छ']);
  assert.throws(
    () => sentencesFromPrompts('nep_1\tघर\nजस्तो\n', 'p.tsv'),
    (e: unknown) => e instanceof DataFormatError && e.message.startsWith('p.tsv:2:'),
  );
  assert.throws(() => sentencesFromPrompts('nep_1\tonly latin\n', 'p.tsv'), DataFormatError);
});
