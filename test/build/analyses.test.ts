import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { computeAnalyses, englishWordKeys, isUsualCasualKey } from '../../src/build/analyses.js';
import { buildRecords } from '../../src/build/records.js';
import { computeVerdicts } from '../../src/build/verdicts.js';
import { analysisFingerprint } from '../../src/engine/roman/fingerprint.js';
import { Romanizer } from '../../src/engine/roman/romanizer.js';
import { Spellchecker } from '../../src/engine/spell/spellchecker.js';
import { LmdbStore } from '../../src/store/lmdb-store.js';
import { writeLmdbStore } from '../../src/store/lmdb-writer.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import type { StoreRecords } from '../../src/store/types.js';
import { openEngines } from '../../src/worker/engines.js';
import { romanLexicon } from '../fixtures/roman/lexicon.js';

/**
 * English words as the build's word list gives them, lower-cased: loanwords
 * of the fixture (report, file), words no list has (gradient,
 * mitochondrial), one that is also a usual casual key (man: मन), and words
 * no key typed so is (a possessive, a hyphen, an accent).
 */
const ENGLISH_WORDS = ['report', 'file', 'gradient', 'mitochondrial', 'man', "jones's", 'x-ray', 'café'];

function builtRecords(): StoreRecords {
  const records = buildRecords(romanLexicon());
  computeVerdicts(records);
  computeAnalyses(records, ENGLISH_WORDS);
  return records;
}

const records = builtRecords();
const decoder = new TextDecoder();

/** An LMDB store written from the records (removed after the test). */
async function lmdbStoreOf(t: { after(fn: () => void): void }, from: StoreRecords): Promise<LmdbStore> {
  const dir = mkdtempSync(join(tmpdir(), 'nls-analyses-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  await writeLmdbStore(dir, from, from.meta);
  const lmdb = new LmdbStore(dir, null);
  t.after(() => lmdb.close());
  return lmdb;
}

/** A romanizer over its own spellchecker (fresh caches), reading the stored analyses or not. */
const romanizer = (store: MemoryStore | LmdbStore, storedAnalyses: boolean): Romanizer => new Romanizer(store, new Spellchecker(store), { storedAnalyses });

test('the build stores an analysis for every usual casual key and English word, and for no other', () => {
  const usual = [...records.aliases].filter(([key, recs]) => isUsualCasualKey(key, recs)).map(([key]) => key);
  assert.ok(usual.length > 100);
  assert.ok(usual.length < records.aliases.size, 'scientific and dearer casual keys are not analysed');
  // English words typed as they are, but no possessive, hyphenated or accented one; man is a usual casual key already
  assert.deepEqual([...englishWordKeys(ENGLISH_WORDS)], ['report', 'file', 'gradient', 'mitochondrial', 'man']);
  assert.ok(usual.includes('man') && !usual.includes('gradient'));
  const english = ['report', 'file', 'gradient', 'mitochondrial'].filter((k) => !usual.includes(k));
  assert.ok(english.length >= 3, english.join(' '));
  assert.deepEqual([...records.analyses.keys()].sort(), [...usual, ...english].sort());
  assert.deepEqual(records.meta.analyses, {
    keys: usual.length + english.length,
    englishKeys: english.length,
    caseForms: records.caseForms.size,
    engine: analysisFingerprint(),
  });
  // a loanword's analysis finds the word the lists spell; one no list has is stored with no candidate, an answer too
  assert.equal(records.analyses.get('file')?.candidates[0]?.word, 'फाइल');
  assert.equal(records.analyses.get('mitochondrial')?.candidates.length, 0);
  // ghar: घर, the usual spelling, and ghara, its schwa kept (one step); not a spelling of two steps or a scientific one
  assert.equal(records.analyses.get('ghar')?.candidates[0]?.word, 'घर');
  assert.ok(records.analyses.has('ghara'));
  const dearer = [...records.aliases].filter(([, recs]) => recs.every((r) => r.weight < 85));
  assert.ok(dearer.length > 10 && dearer.every(([key]) => !records.analyses.has(key)));
  assert.ok([...records.analyses.keys()].every((k) => /^[a-z]+$/.test(k)));
});

test('a romanizer answering from the stored analyses answers as one that analyses', () => {
  const store = new MemoryStore(records);
  const keys = [...records.analyses.keys()];
  // The analyses themselves, each computed again by a romanizer that has seen no other.
  const live = romanizer(store, false);
  for (const key of keys) assert.deepEqual(records.analyses.get(key), live.storableAnalysis(key), key);
  // Whole answers: every key alone (a word typed alone also gets guesses), every max_candidates,
  // and running text of all of them with the text-level rules, compared byte for byte.
  const stored = romanizer(store, true);
  const computed = romanizer(store, false);
  const same = (f: (r: Romanizer) => Uint8Array, what: string): void => assert.equal(decoder.decode(f(stored)), decoder.decode(f(computed)), what);
  for (const key of keys) for (const max of [1, 5, 10]) same((r) => r.json(r.resolveTokens([key], max)), `${key} ${max}`);
  // with words no stored analysis answers (inflected, a vowel typed long): analysed with the stored case-form counts
  const words = keys.flatMap((k, i) => (i % 9 === 8 ? [k + '.', 'Ma'] : i % 3 === 0 ? [k, k + 'ko', k.replace('a', 'aa')] : [k]));
  for (let i = 0; i < words.length; i += 40) {
    const text = words.slice(i, i + 40).join(' ');
    same((r) => r.json(r.resolveText(text, 10)), text);
  }
});

test("the stored case-form counts are the spellchecker's own", async (t) => {
  const lmdb = await lmdbStoreOf(t, records);
  const mem = new MemoryStore(records);
  const spell = new Spellchecker(mem);
  const words = new Set([...records.forms.keys(), ...records.headwords.keys(), ...records.caseForms.keys()]);
  let some = 0;
  for (const w of words) {
    const n = spell.evidence.caseForms(w);
    if (n > 0) some++;
    assert.equal(mem.caseForms(w), n, w);
    assert.equal(lmdb.caseForms(w), n, w);
  }
  assert.ok(some > 5, `${some} words with case forms`);
});

test('stored analyses are read only when asked for', () => {
  // A planted analysis shows which path answered.
  const planted = builtRecords();
  const ghar = planted.analyses.get('ghar')!;
  planted.analyses.set('ghar', { ...ghar, candidates: [{ ...ghar.candidates[0]!, word: 'गृह' }], ranked: 1 });
  const store = new MemoryStore(planted);
  assert.equal(romanizer(store, true).resolveTokens(['ghar'], 5).tokens[0]!.converted, 'गृह');
  assert.equal(romanizer(store, false).resolveTokens(['ghar'], 5).tokens[0]!.converted, 'घर');
  // a guess is always worked out
  assert.equal(romanizer(store, true).analyzeWord('ghar', true).public[0]!.word, 'घर');
});

test('a service thread uses the stored analyses only when its engine computed them', async (t) => {
  // Two LMDB stores of the same records with a planted analysis: one stamped with this engine's fingerprint, one with another.
  const planted = builtRecords();
  const ghar = planted.analyses.get('ghar')!;
  planted.analyses.set('ghar', { ...ghar, candidates: [{ ...ghar.candidates[0]!, word: 'गृह' }], ranked: 1 });
  const answer = async (engine: string): Promise<string> => {
    const dir = mkdtempSync(join(tmpdir(), 'nls-analyses-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    await writeLmdbStore(dir, planted, { ...planted.meta, analyses: { ...planted.meta.analyses!, engine } });
    const engines = openEngines({ dataDir: dir, bloom: null, cacheBytes: 1 << 20, warmUp: false });
    try {
      return engines.roman.resolveText('mero ghar', 5).tokens[1]!.converted;
    } finally {
      engines.store.close();
    }
  };
  assert.equal(await answer(analysisFingerprint()), 'गृह', 'the planted analysis answers');
  assert.equal(await answer('0000000000000000'), 'घर', "another engine's analyses are ignored: the romanizer analyses");
});

test('the LMDB store gives back the stored analyses as they were', async (t) => {
  const lmdb = await lmdbStoreOf(t, records);
  for (const [key, a] of records.analyses) assert.deepEqual(lmdb.analysis(key), a, key);
  const dearer = [...records.aliases.keys()].find((k) => !records.analyses.has(k))!;
  assert.equal(lmdb.analysis(dearer), undefined, dearer);
  assert.equal(lmdb.analysis('#tables'), undefined, 'the tables record is no analysis');
  // and a romanizer over it answers as one over the memory store that analyses
  const text = [...records.analyses.keys()].join(' ');
  const stored = romanizer(lmdb, true);
  const computed = romanizer(new MemoryStore(records), false);
  assert.equal(decoder.decode(stored.json(stored.resolveText(text, 10))), decoder.decode(computed.json(computed.resolveText(text, 10))));
});
