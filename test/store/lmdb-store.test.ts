import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRecords } from '../../src/build/records.js';
import { BloomFilter } from '../../src/store/bloom.js';
import { BLOOM_FILE, packVerdict, unpackVerdict } from '../../src/store/lmdb-layout.js';
import { LmdbStore, StoreOpenError } from '../../src/store/lmdb-store.js';
import { writeLmdbStore } from '../../src/store/lmdb-writer.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { miniLexicon } from '../fixtures/mini-lexicon.js';
import { entryJsonRecords, lookupEntry, lookupEntryJson } from '../../src/engine/lookup/entry.js';

test('the LMDB store answers exactly as the memory store over the same records', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const records = buildRecords(miniLexicon());
  records.verdicts.set('केहि', { status: 'misspelled', corrections: ['केही'], rule: 'pronoun-dirgha' });
  records.verdicts.set('ट्रम्प', { status: 'unknown', corrections: null });
  await writeLmdbStore(dir, records, records.meta);
  const bloom = BloomFilter.create(records.forms.size, 0.001);
  for (const w of records.forms.keys()) bloom.add(w);
  writeFileSync(join(dir, BLOOM_FILE), bloom.serialize());
  const lmdb = new LmdbStore(dir, bloom);
  t.after(() => lmdb.close());
  const mem = new MemoryStore(records);
  assert.deepEqual(lmdb.meta.counts, records.meta.counts);
  // नभएको is no form of the fixture, केहि only attested: the filter answers for both kinds of form
  assert.equal(lmdb.mayBeForm('केहि'), true);
  for (const w of ['घर', 'घरमा', 'केहि', 'नगर्छ', 'नभएको']) {
    assert.deepEqual(lmdb.headword(w), mem.headword(w), `headword ${w}`);
    assert.deepEqual(lmdb.form(w), mem.form(w), `form ${w}`);
    assert.equal(lmdb.mayBeForm(w), mem.mayBeForm(w), `may be a form: ${w}`);
    assert.deepEqual(lmdb.examples(w), mem.examples(w), `examples ${w}`);
    assert.deepEqual(lmdb.verdict(w), mem.verdict(w), `verdict ${w}`);
  }
  assert.deepEqual(lmdb.verdict('केहि'), { status: 'misspelled', corrections: ['केही'], rule: 'pronoun-dirgha' });
  assert.deepEqual(lmdb.verdict('ट्रम्प'), { status: 'unknown', corrections: null });
  for (const p of ['घ', 'कि', 'x']) assert.deepEqual(lmdb.completions(p), mem.completions(p));
  for (const [key, list] of records.aliases) assert.deepEqual(lmdb.aliases(key), list);
  assert.ok(lmdb.bloomLoaded);
  assert.ok(lmdb.probe());
  // keys LMDB cannot hold are simply not found
  assert.equal(lmdb.headword(''), undefined);
  assert.equal(lmdb.headword('क'.repeat(2000)), undefined);
});

test('each entry is stored as its JSON: the bytes are lookupEntry\'s answer; a store without them formats it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-entry-json-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const records = buildRecords(miniLexicon());
  const plain = new MemoryStore({ ...records });
  records.entryJson = entryJsonRecords(records.headwords);
  await writeLmdbStore(dir, records, records.meta);
  const lmdb = new LmdbStore(dir, null);
  t.after(() => lmdb.close());
  const withJson = new MemoryStore(records);
  assert.ok(records.headwords.size > 3);
  for (const w of records.headwords.keys()) {
    const want = JSON.stringify(lookupEntry(plain, w));
    assert.equal(Buffer.from(lmdb.entryJson(w)!).toString(), want, w);
    assert.equal(Buffer.from(lookupEntryJson(lmdb, ` ${w} `)!).toString(), want, `${w} through the look-up`);
    assert.equal(Buffer.from(lookupEntryJson(withJson, w)!).toString(), want);
  }
  // Built before the entries' JSON (no map): formatted per request, the same bytes.
  const w = [...records.headwords.keys()][0]!;
  assert.equal(plain.entryJson(w), undefined);
  assert.equal(Buffer.from(lookupEntryJson(plain, w)!).toString(), JSON.stringify(lookupEntry(plain, w)));
  assert.equal(lookupEntryJson(lmdb, 'नभएकोशब्द'), null);
});

test('opening a folder without a store names the problem', () => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-empty-'));
  try {
    assert.throws(() => new LmdbStore(dir, null), (e: unknown) => e instanceof StoreOpenError && /make data/.test((e as Error).message));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a verdict packs to a flat array and back', () => {
  for (const v of [
    { status: 'correct' as const, corrections: null },
    { status: 'unknown' as const, corrections: null },
    { status: 'misspelled' as const, corrections: ['पानी', 'पानि'] },
    { status: 'misspelled' as const, corrections: ['ठुलो'], rule: 'tadbhav-hrasva' },
  ]) {
    assert.deepEqual(unpackVerdict(packVerdict(v)), v);
  }
  // a damaged or foreign record is no verdict
  for (const bad of [undefined, 'x', [], [9, null], [1, null], [0, null, 'पानी'], [1, null, 3]]) assert.equal(unpackVerdict(bad), undefined, JSON.stringify(bad));
});
