// Checks the build from the real Debian packages (run by `make test` after `make data`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BloomFilter, feedLaneA, feedLaneB, LANE_A_START, LANE_B_START } from '../../src/store/bloom.js';
import { Spellchecker } from '../../src/engine/spell/spellchecker.js';
import { confusionKey } from '../../src/engine/spell/confusion.js';
import { verdictFingerprint } from '../../src/engine/spell/fingerprint.js';
import { analysisFingerprint } from '../../src/engine/roman/fingerprint.js';
import { Romanizer } from '../../src/engine/roman/romanizer.js';
import { BLOOM_FILE, SOURCES_FILE } from '../../src/store/lmdb-layout.js';
import { LmdbStore } from '../../src/store/lmdb-store.js';
import { FORM_ATTESTED, FORM_CORRECT_VERDICT, FORM_LEXICON } from '../../src/store/types.js';
import { BUILD_DIR, SKIP_WITHOUT_DATA } from './real-data.js';

function within(actual: number, expected: number, tolerance: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= expected * tolerance, `${what}: ${actual}, expected ${expected} ±${tolerance * 100}%`);
}

test('the build records its sources with versions and licences', { skip: SKIP_WITHOUT_DATA }, () => {
  const s = JSON.parse(readFileSync(join(BUILD_DIR, SOURCES_FILE), 'utf8'));
  const byName = Object.fromEntries(s.sources.map((x: { name: string }) => [x.name, x]));
  assert.equal(byName['hunspell-ne'].license, 'LGPL-2.1');
  assert.equal(byName['mythes-ne'].license, 'LGPL-2.1');
  assert.equal(byName['tesseract-ocr-nep'].license, 'Apache-2.0');
  for (const n of ['hunspell-ne', 'mythes-ne', 'tesseract-ocr-nep']) assert.match(byName[n].version, /\d/);
});

test('counts of the real data are as measured (±2%)', { skip: SKIP_WITHOUT_DATA }, () => {
  const store = new LmdbStore(BUILD_DIR, null);
  try {
    const c = store.meta.counts;
    within(c.stems, 34_604, 0.02, 'hunspell stems');
    within(c.lexiconForms, 735_000, 0.03, 'lexicon forms');
    within(c.senses, 6_289 + 0, 0.02, 'thesaurus senses');
    assert.ok(c.attestedForms >= 55_000 && c.attestedForms <= 62_000, `attested ${c.attestedForms}`);
    assert.ok(c.headwords >= 34_000, `headwords ${c.headwords}`);
    assert.ok(c.aliases > c.headwords, `aliases ${c.aliases}`);
    within(c.pronounced ?? 0, 48_430, 0.02, 'words of the pronunciation lexicon');
    // spot checks on well-known words
    assert.ok(store.headword('नेपाल') || store.form('नेपाल'), 'नेपाल');
    assert.ok((store.form('घरमा')?.flags ?? 0) & FORM_LEXICON, 'घरमा is a lexicon form');
    const kehi = store.form('केहि');
    assert.ok(!kehi || !(kehi.flags & FORM_LEXICON) || kehi.flags & FORM_ATTESTED, 'केहि is at most attested');
  } finally {
    store.close();
  }
});

test('the Bloom filter verifies and its false-positive rate is at most 0.1%', { skip: SKIP_WITHOUT_DATA }, () => {
  const bloom = BloomFilter.parse(readFileSync(join(BUILD_DIR, BLOOM_FILE)));
  const store = new LmdbStore(BUILD_DIR, bloom);
  try {
    assert.equal(bloom.checksum(), store.meta.bloom!.checksum);
    assert.ok(store.meta.bloom!.falsePositiveRate <= 0.001, `fpr ${store.meta.bloom!.falsePositiveRate}`);
    const keys = store.meta.bloom!.confusionKeys!;
    assert.ok(keys > 600_000, `${keys} confusion keys`);
    const beginnings = store.meta.bloom!.beginnings!;
    assert.ok(beginnings > store.meta.counts.forms, `${beginnings} beginnings of forms`);
    assert.equal(
      bloom.items,
      store.meta.counts.forms + keys + beginnings,
      'the filter holds every vocabulary form, lexicon and attested, every confusion key and every beginning of a form',
    );
    for (const w of ['घर', 'नेपाल', 'राम्रो']) if (store.form(w)) assert.ok(bloom.has(w), w);
    // The romanizer's reverse spelling reads the beginnings from this filter, not one of its own.
    assert.equal(store.formBeginnings(), bloom);
    const lanes = (s: string): [number, number, number] => {
      let a = LANE_A_START;
      let b = LANE_B_START;
      for (let i = 0; i < s.length; i++) [a, b] = [feedLaneA(a, s.charCodeAt(i)), feedLaneB(b, s.charCodeAt(i))];
      return [a, b, s.length];
    };
    for (const w of ['नेपाल', 'राम्रो']) for (let i = 1; i <= w.length; i++) assert.ok(bloom.mayBegin(...lanes(w.slice(0, i))), w.slice(0, i));
    // A key the filter has not is no key of the index: the store answers [] without reading it.
    const unfiltered = new LmdbStore(BUILD_DIR, null);
    try {
      for (const w of ['घर', 'नेपाल', 'राम्रो', 'केहि', 'पुटिन', 'क्रिमियाले', 'नयाँपत्रिका', 'xyz']) {
        const k = confusionKey(w);
        assert.deepEqual(store.formsByConfusionKey(k), unfiltered.formsByConfusionKey(k), k);
        if (unfiltered.formsByConfusionKey(k).length > 0) assert.ok(bloom.mayHaveConfusionKey(k), k);
      }
    } finally {
      unfiltered.close();
    }
  } finally {
    store.close();
  }
});

test('the stored spellcheck verdicts come from this engine and agree with it', { skip: SKIP_WITHOUT_DATA }, () => {
  const bloom = BloomFilter.parse(readFileSync(join(BUILD_DIR, BLOOM_FILE)));
  const store = new LmdbStore(BUILD_DIR, bloom);
  try {
    const v = store.meta.verdicts!;
    assert.equal(v.engine, verdictFingerprint(), 'built by this spellchecking code');
    assert.equal(v.words, store.meta.counts.forms, 'every form has a verdict');
    // A sample of news-list words and lexicon forms, each checked by the engine itself (no stored verdicts).
    const live = new Spellchecker(store, { resultCache: false });
    const stored = new Spellchecker(store, { storedVerdicts: true });
    const sample = ['केहि', 'शरिर', 'नेपालि', 'ट्रम्प', 'ओबामा', 'फेसबुक', 'बिन्दु', 'वडा', 'गर्नुहोस्', 'उनिहरु', 'साउदी', 'अर्जेन्टिना', 'घर', 'गरेको', 'तत्व', 'उपनिषद'];
    let asked = 0;
    for (const w of sample) {
      const f = store.form(w);
      if (!f) continue;
      asked++;
      assert.equal((f.flags & FORM_CORRECT_VERDICT) !== 0, !store.verdict(w), `${w}: a flag or a verdict`);
      assert.deepEqual({ ...stored.checkWord(w) }, { ...live.checkWord(w) }, w);
    }
    assert.ok(asked >= 12, `${asked} of the sample words are forms`);
  } finally {
    store.close();
  }
});

test('the stored romanization analyses come from this engine and agree with it', { skip: SKIP_WITHOUT_DATA }, () => {
  const bloom = BloomFilter.parse(readFileSync(join(BUILD_DIR, BLOOM_FILE)));
  const store = new LmdbStore(BUILD_DIR, bloom);
  try {
    const a = store.meta.analyses!;
    assert.equal(a.engine, analysisFingerprint(), 'built by this engine code');
    within(a.keys, 519_800, 0.03, 'usual casual keys and English words with an analysis');
    within(a.englishKeys ?? 0, 71_300, 0.03, 'English words typed as they are (of wamerican) that no usual casual key is');
    // A sample of usual spellings and English words, each analysed by the romanizer itself (no stored analyses).
    const live = new Romanizer(store, new Spellchecker(store));
    const sample = ['ghar', 'nepal', 'garchha', 'gareko', 'sarkar', 'pani', 'ma', 'hamro', 'bhayo', 'kathmandu', 'bikas', 'sambidhan', 'rastriya', 'ramro'];
    sample.push('school', 'cancer', 'computer', 'gradient', 'enzyme', 'thermodynamics');
    let asked = 0;
    for (const key of sample) {
      const stored = store.analysis(key);
      if (!stored) continue;
      asked++;
      assert.deepEqual(stored, live.storableAnalysis(key), key);
    }
    assert.ok(asked >= 18, `${asked} of the sample keys have an analysis`);
  } finally {
    store.close();
  }
});
