import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderScientific, syllabify, type ScientificScheme } from '../../../src/engine/roman/schemes.js';

const render = (word: string, scheme: ScientificScheme): string => renderScientific(syllabify(word.normalize('NFC'))!, scheme);

test('syllables: inherent a, halanta clusters, signs on the vowel', () => {
  const s = syllabify('गर्नु')!;
  assert.equal(s.length, 2);
  assert.deepEqual(s[0], { cons: ['g'], vowel: 'a', inherent: true, nasal: 0, visarga: false });
  assert.deepEqual(s[1], { cons: ['r', 'n'], vowel: 'u', inherent: false, nasal: 0, visarga: false });
  // word-final halanta: no vowel at all
  const t = syllabify('आत्मसात्')!;
  assert.equal(t[t.length - 1]!.vowel, null);
  // chandrabindu and anusvara are kept apart, visarga sits on its vowel
  assert.equal(syllabify('गाउँ')![1]!.nasal, 2);
  assert.equal(syllabify('संसार')![0]!.nasal, 1);
  assert.equal(syllabify('दुःख')![0]!.visarga, true);
});

test('syllables: nukta letters precomposed or decomposed, and what no scheme spells', () => {
  assert.deepEqual(syllabify('\u0958')![0]!.cons, ['q']); // precomposed क़
  assert.deepEqual(syllabify('क\u093Cलम')![0]!.cons, ['q']); // क + nukta
  assert.deepEqual(syllabify('ज़')![0]!.cons, ['z']);
  assert.equal(syllabify('१२'), null);
  assert.equal(syllabify('abc'), null);
  assert.equal(syllabify('ं'), null);
});

test('IAST writes every inherent a, long vowels with macrons, ṃ and m̐ apart', () => {
  assert.equal(render('राम्रो', 'iast'), 'rāmro');
  assert.equal(render('गर', 'iast'), 'gara');
  assert.equal(render('संविधान', 'iast'), 'saṃvidhāna');
  assert.equal(render('गाउँ', 'iast'), 'gāum̐');
  assert.equal(render('कृषि', 'iast'), 'kṛṣi');
  assert.equal(render('दुःख', 'iast'), 'duḥkha');
  assert.equal(render('ज्ञान', 'iast'), 'jñāna');
  assert.equal(render('फ़ाइल', 'iast'), 'fāila');
});

test('ISO 15919 differs from IAST in ē ō, ṁ and r̥', () => {
  assert.equal(render('मेरो', 'iso15919'), 'mērō');
  assert.equal(render('संसार', 'iso15919'), 'saṁsāra');
  assert.equal(render('कृषि', 'iso15919'), 'kr̥ṣi'.normalize('NFC'));
});

test('Harvard-Kyoto uses capitals for length and retroflexion', () => {
  assert.equal(render('राम्रो', 'harvard-kyoto'), 'rAmro');
  assert.equal(render('देश', 'harvard-kyoto'), 'deza');
  assert.equal(render('कृषि', 'harvard-kyoto'), 'kRSi');
  assert.equal(render('ठूलो', 'harvard-kyoto'), 'ThUlo');
});

test('ITRANS: aa ii uu, chh, x for क्ष, GY for ज्ञ, .N for chandrabindu', () => {
  assert.equal(render('राम्रो', 'itrans'), 'raamro');
  assert.equal(render('छ', 'itrans'), 'chha');
  assert.equal(render('क्षेत्र', 'itrans'), 'xetra');
  assert.equal(render('ज्ञान', 'itrans'), 'GYaana');
  assert.equal(render('गाउँ', 'itrans'), 'gaau.N');
});
