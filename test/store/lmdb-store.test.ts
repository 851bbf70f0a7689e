import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRecords } from '../../src/build/records.js';
import { BloomFilter } from '../../src/store/bloom.js';
import { BLOOM_FILE, packedFormFlags, packVerdict, unpackVerdict } from '../../src/store/lmdb-layout.js';
import { LmdbStore, StoreOpenError } from '../../src/store/lmdb-store.js';
import { writeLmdbStore } from '../../src/store/lmdb-writer.js';
import { MemoryStore } from '../../src/store/memory-store.js';
import { miniLexicon } from '../fixtures/mini-lexicon.js';
import { importFrequencyList } from '../../src/build/frequency.js';
import { entryJsonRecords, lookupEntry, lookupEntryJson } from '../../src/engine/lookup/entry.js';

test('the LMDB store answers exactly as the memory store over the same records', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const records = buildRecords({ ...miniLexicon(), frequency: importFrequencyList('घर\nघरमा\nकिताब\nकेहि\n') });
  // a form of many analyses (an array16 record)
  records.forms.set('बहुरूप', { flags: 5, analyses: Array.from({ length: 6 }, (_, i) => ({ stem: 'बहु' + i, prefix: '', suffix: 'रूप', flag: i })) });
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
    assert.equal(lmdb.rank(w), mem.rank(w), `rank ${w}`);
  }
  assert.equal(lmdb.rank('केहि'), 4);
  for (const [key, list] of records.loanSkeletons) assert.deepEqual(lmdb.loanSkeleton(key), list);
  assert.ok(records.loanSkeletons.size > 0);
  assert.deepEqual(lmdb.verdict('केहि'), { status: 'misspelled', corrections: ['केही'], rule: 'pronoun-dirgha' });
  assert.deepEqual(lmdb.verdict('ट्रम्प'), { status: 'unknown', corrections: null });
  for (const p of ['घ', 'कि', 'x']) assert.deepEqual(lmdb.completions(p), mem.completions(p));
  // the flags read without decoding the record, for every form (records of one to many analyses)
  for (const [w, f] of records.forms) assert.equal(lmdb.formFlags(w), f.flags, w);
  assert.equal(lmdb.formFlags('नभएको'), undefined);
  for (const [key, list] of records.aliases) assert.deepEqual(lmdb.aliases(key), list);
  assert.ok(lmdb.bloomLoaded);
  assert.ok(lmdb.probe());
  // keys LMDB cannot hold are simply not found
  assert.equal(lmdb.headword(''), undefined);
  assert.equal(lmdb.headword('क'.repeat(2000)), undefined);
});

test('a filter that holds the confusion keys spares the reads of absent keys, and answers as the store', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-store-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const records = buildRecords(miniLexicon());
  const bloom = BloomFilter.create(records.forms.size + records.confusion.size, 0.001);
  for (const w of records.forms.keys()) bloom.add(w);
  for (const k of records.confusion.keys()) bloom.addConfusionKey(k);
  await writeLmdbStore(dir, records, {
    ...records.meta,
    bloom: { bits: bloom.m, hashes: bloom.k, items: bloom.items, falsePositiveRate: 0, checksum: bloom.checksum(), confusionKeys: records.confusion.size },
  });
  const lmdb = new LmdbStore(dir, bloom);
  t.after(() => lmdb.close());
  const mem = new MemoryStore(records);
  const absent = ['xyz', 'घरघरघर', 'कखग'].filter((k) => !records.confusion.has(k));
  assert.ok(absent.length === 3 && records.confusion.size > 10);
  for (const k of [...records.confusion.keys(), ...absent]) assert.deepEqual(lmdb.formsByConfusionKey(k), mem.formsByConfusionKey(k), k);
  for (const k of records.confusion.keys()) assert.ok(bloom.mayHaveConfusionKey(k), k);
  // keys are held apart from forms: a key is no form, a form no key (up to the false-positive rate)
  const formsOnly = [...records.forms.keys()].filter((w) => !records.confusion.has(w));
  assert.ok(formsOnly.filter((w) => bloom.mayHaveConfusionKey(w)).length <= 1);
});

test("each entry is stored as its JSON: the bytes are lookupEntry's answer; a store without them formats it", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'nls-entry-json-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const records = buildRecords(miniLexicon());
  const plain = new MemoryStore({ ...records });
  records.entryJson = entryJsonRecords(plain, new Set([...records.headwords.keys(), ...records.english!.keys()]));
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
    assert.throws(
      () => new LmdbStore(dir, null),
      (e: unknown) => e instanceof StoreOpenError && /make data/.test((e as Error).message),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("the flags of a packed form are read from its msgpack bytes, whatever the array's length", () => {
  // fixarray, array16, array32 headers; flags as a positive fixint or a uint8
  assert.equal(packedFormFlags(Uint8Array.of(0x91, 0x05)), 5);
  assert.equal(packedFormFlags(Uint8Array.of(0x95, 0x0d, 0xa0)), 13);
  assert.equal(packedFormFlags(Uint8Array.of(0xdc, 0x00, 0x15, 0x07)), 7);
  assert.equal(packedFormFlags(Uint8Array.of(0xdd, 0x00, 0x00, 0x01, 0x01, 0x06)), 6);
  assert.equal(packedFormFlags(Uint8Array.of(0x92, 0xcc, 0xc8, 0xa0)), 200);
  // anything else is left to the decoder
  for (const other of [Uint8Array.of(0x81, 0x01), Uint8Array.of(0x91, 0xcd, 0x01, 0x00), Uint8Array.of(0x90), Uint8Array.of(0xdc, 0x00)])
    assert.equal(packedFormFlags(other), undefined, String(other));
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
  for (const bad of [undefined, 'x', [], [9, null], [1, null], [0, null, 'पानी'], [1, null, 3]])
    assert.equal(unpackVerdict(bad), undefined, JSON.stringify(bad));
});
