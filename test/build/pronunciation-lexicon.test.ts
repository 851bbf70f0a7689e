import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { DataFormatError } from '../../src/build/errors.js';
import { DEFAULT_PRONUNCIATION_LEXICON } from '../../src/build/pipeline.js';
import { importPronunciationLexicon } from '../../src/build/pronunciation-lexicon.js';

const FIXTURE = 'test/fixtures/pronunciation/lexicon.tsv';
const imp = importPronunciationLexicon(readFileSync(FIXTURE, 'utf8'), FIXTURE);

test('the import reads Devanagari and Latin rows apart, and says what it dropped and mended', () => {
  const r = imp.report;
  assert.equal(r.rows, 22, 'comment lines and the empty line are no rows');
  assert.equal(r.latin, 3);
  assert.equal(r.devanagari, 14);
  assert.deepEqual(r.dropped, { spelling: 2, phonemes: 3 });
  assert.equal(r.rows, r.latin + r.devanagari + r.dropped.spelling + r.dropped.phonemes);
  assert.deepEqual(r.examples.spelling, ['गर्नेै', 'बा१ख'], 'two different vowel signs in a row, a digit');
  assert.deepEqual(r.examples.phonemes, ['tv', 'कखग', 'पसल'], 'an empty transcription, a syllable without a vowel, a symbol that is no phoneme');
  assert.equal(r.repeated, 1);
  assert.equal(r.repaired, 2);
});

test('spellings are keyed as every word of the build is, with the legacy vowel spellings mended', () => {
  assert.deepEqual(imp.words.get('राम्रो'), ['r aa m . m r o']);
  assert.ok(imp.words.has('उत्पादन'), 'the zero-width joiner is out');
  assert.ok(imp.words.has('दुःख'), "':' is the visarga");
  assert.ok(imp.words.has('आवश्यक'), 'अ + ा is आ');
  assert.ok(imp.words.has('उपत्यका'), 'a doubled vowel sign is written once');
  assert.deepEqual(imp.words.get('घरमा'), ['gh ax r . m aa', 'gh ax . r ax . m aa'], 'a word listed twice keeps both transcriptions, the first first');
  assert.ok(!imp.words.has('पसल') && !imp.words.has('कखग'));
});

test('Latin spellings are lower-cased and kept with their phonemes', () => {
  assert.deepEqual([...imp.latin.keys()], ['hello', 'laptop', 'ilam']);
  assert.deepEqual(imp.latin.get('laptop'), imp.words.get('ल्यापटप'));
});

test('a line without a tab stops the import with its file and line', () => {
  assert.throws(
    () => importPronunciationLexicon('# header\nघर\tgh ax r\nएउटा\n', 'bad.tsv'),
    (err: unknown) => err instanceof DataFormatError && err.message.startsWith('bad.tsv:3:'),
  );
});

test('the vendored lexicon: every transcription it gives is made of known phonemes', () => {
  const real = importPronunciationLexicon(readFileSync(DEFAULT_PRONUNCIATION_LEXICON, 'utf8'), DEFAULT_PRONUNCIATION_LEXICON);
  // The rows it drops for their phonemes are those with no transcription at all.
  const empty = readFileSync(DEFAULT_PRONUNCIATION_LEXICON, 'utf8')
    .split('\n')
    .filter((l) => !l.startsWith('#') && l.includes('\t') && l.split('\t')[1]!.trim() === '').length;
  assert.equal(real.report.dropped.phonemes, empty);
  assert.ok(real.words.size > 48_000 && real.latin.size > 5_000, `${real.words.size} words, ${real.latin.size} Latin spellings`);
});
