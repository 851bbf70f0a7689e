import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { importHunspell } from '../../src/build/hunspell.js';
import { hunspellHeadwords, measureFalsePositiveRate } from '../../src/build/pipeline.js';
import { BloomFilter } from '../../src/store/bloom.js';

const dir = 'test/fixtures/hunspell';
const hun = importHunspell(readFileSync(`${dir}/mini.aff`, 'utf8'), readFileSync(`${dir}/mini.dic`, 'utf8'), { aff: 'mini.aff', dic: 'mini.dic' });

test('hunspell headwords: verbs by their -नु citation form, other stems as they are', () => {
  const words = hunspellHeadwords(hun).map((e) => e.word);
  assert.ok(words.includes('गर्नु'), JSON.stringify(words));
  assert.ok(!words.includes('गर्'), 'the bare verb root is not a headword');
  assert.ok(words.includes('किताब'));
  assert.ok(words.includes('घर'));
});

test('hunspell headwords: a verb stem that takes case endings or the plural itself is also a noun headword', () => {
  // जन्म/8 + जन्म/15 (two lines, merged into one stem): जन्मनु to be born and जन्म birth.
  const dic = '4\nजन्म/8\nजन्म/15\nउठ/8\nगर्/1,15\n';
  const h = importHunspell(readFileSync(`${dir}/mini.aff`, 'utf8'), dic, { aff: 'mini.aff', dic: 'test.dic' });
  const entries = hunspellHeadwords(h);
  const words = entries.map((e) => e.word);
  assert.ok(words.includes('जन्मनु') && words.includes('जन्म'), JSON.stringify(words));
  assert.deepEqual(entries.find((e) => e.word === 'जन्म')?.classes, [15]);
  assert.equal(entries.find((e) => e.word === 'जन्मनु')?.pos, 'क्रिया');
  assert.ok(words.includes('उठ्नु') || words.includes('उठनु'), JSON.stringify(words));
  assert.ok(!words.includes('उठ'), 'a verb stem without nominal classes stays a verb only');
  assert.ok(!words.includes('गर्'), 'a halanta root is no noun even with a case class');
});

test('the measured false-positive rate counts only probes that are not words', () => {
  const words = ['घर', 'किताब', 'नेपाल'];
  const bloom = BloomFilter.create(words.length, 0.01);
  for (const w of words) bloom.add(w);
  const set = new Set(words);
  const rate = measureFalsePositiveRate(bloom, (w) => set.has(w), words, 5000);
  assert.ok(rate >= 0 && rate < 0.05, `rate ${rate}`);
  // a filter that says yes to everything has rate 1
  const full = new BloomFilter(new Uint8Array(16).fill(255), 128, 3);
  assert.equal(
    measureFalsePositiveRate(full, (w) => set.has(w), words, 1000),
    1,
  );
});
