// Every endpoint's success path over real HTTP, with the bodies checked
// against the response schemas the OpenAPI document publishes.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Compile } from 'typebox/compile';
import { ExamplesResponse } from '../../src/schemas/dictionary-examples.js';
import { EnglishResponse } from '../../src/schemas/dictionary-english.js';
import { SuggestResponse } from '../../src/schemas/dictionary-suggest.js';
import { DictionaryEntry, MultiDictResponse, VariantsResponse } from '../../src/schemas/dictionary-word.js';
import { HealthResponse } from '../../src/schemas/health.js';
import { RomanizationResponse } from '../../src/schemas/romanization-resolve.js';
import { SpellcheckTextResponse } from '../../src/schemas/spellcheck-text.js';
import { SpellcheckWordResponse } from '../../src/schemas/spellcheck-word.js';
import { UpResponse } from '../../src/schemas/up.js';
import { FakeServices } from './fake-services.js';
import { getJson, postJson, startTestServer } from './harness.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const Entry = Compile(DictionaryEntry);
const Variants = Compile(VariantsResponse);
const Multi = Compile(MultiDictResponse);
const Suggest = Compile(SuggestResponse);
const Examples = Compile(ExamplesResponse);
const English = Compile(EnglishResponse);
const SpellText = Compile(SpellcheckTextResponse);
const SpellWord = Compile(SpellcheckWordResponse);
const Roman = Compile(RomanizationResponse);
const Health = Compile(HealthResponse);
const Up = Compile(UpResponse);

function assertSchema(v: { Check(x: unknown): boolean; Errors(x: unknown): unknown[] }, value: unknown): void {
  assert.ok(v.Check(value), `schema mismatch: ${JSON.stringify(v.Errors(value))}\nvalue: ${JSON.stringify(value)}`);
}

const q = encodeURIComponent;

test('GET /up answers ok, and error when the store cannot be read', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/up`);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { status: 'ok' });
  assert.equal(r.headers.get('content-type'), JSON_TYPE);
  assertSchema(Up, r.body);
  s.fake.readable = false;
  r = await getJson(`${s.base}/up`);
  assert.equal(r.status, 503);
  assert.deepEqual(r.body, { status: 'error' });
});

test('GET /up answers 503 when storeReadable throws, instead of failing', async (t) => {
  const s = await startTestServer(t);
  s.fake.failures.storeReadable = 'throw';
  const r = await getJson(`${s.base}/up`);
  assert.equal(r.status, 503);
  assert.deepEqual(r.body, { status: 'error' });
});

test('GET /api/v1/health: healthy, then degraded with issues (still 200)', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/health`);
  assert.equal(r.status, 200);
  assertSchema(Health, r.body);
  assert.equal(r.body.status, 'healthy');
  assert.equal(r.body.version, 'v1');
  assert.equal(r.body.database.connected, true);
  assert.equal(r.body.database.entries_count, 5);
  assert.equal(r.body.database.words_count, 10);
  assert.equal(r.body.cache.bloom_filter, true);
  assert.equal('issues' in r.body, false);

  s.fake.bloom = false;
  s.fake.issues = ['Bloom filter not loaded (file is missing)'];
  r = await getJson(`${s.base}/api/v1/health`);
  assert.equal(r.status, 200);
  assertSchema(Health, r.body);
  assert.equal(r.body.status, 'degraded');
  assert.equal(r.body.cache.bloom_filter, false);
  assert.deepEqual(r.body.issues, ['Bloom filter not loaded (file is missing)']);
});

test('health counts cache hits and misses reported by the services', async (t) => {
  const s = await startTestServer(t);
  await postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'घर घर' });
  const r = await getJson(`${s.base}/api/v1/health`);
  assert.equal(r.body.cache.lru_cache_misses, 1);
  assert.equal(r.body.cache.lru_cache_hits, 1);
});

test('GET /api/v1/dictionary/word?q= answers the 2.1 entry', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('नेपाल')}`);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), JSON_TYPE);
  assertSchema(Entry, r.body);
  assert.equal(r.body.word, 'नेपाल');
  assert.deepEqual(
    r.body.definitions.map((d: { number: string }) => d.number),
    ['१.', '२.'],
  );
  assert.equal(r.body.definitions[1].part_of_speech, 'विशेषण');
  assert.deepEqual(s.fake.calls.at(-1), { method: 'lookup', args: ['नेपाल'] });
});

test('the query word is trimmed before the look-up', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('  घर ')}`);
  assert.equal(r.status, 200);
  assert.equal(r.body.word, 'घर');
});

test('"+" in the query string is a space, as in forms', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=+${q('घर')}+`);
  assert.equal(r.status, 200);
  assert.equal(r.body.word, 'घर');
});

test('GET /api/v1/dictionary/word/{word} answers the same entry from a percent-encoded path', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word/${q('घर')}`);
  assert.equal(r.status, 200);
  assertSchema(Entry, r.body);
  assert.equal(r.body.word, 'घर');
  assert.equal(r.body.split_definitions, '१. बस्ने ठाउँ; गृह; निवास');
});

test('unknown word by path: 404 WORD_NOT_FOUND naming the word, with similar_words', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word/${q('घार')}`);
  assert.equal(r.status, 404);
  assert.equal(r.body.error.code, 'WORD_NOT_FOUND');
  assert.match(r.body.error.message, /घार/);
  assert.deepEqual(r.body.similar_words, ['घर']);
  assert.ok(r.body.similar_words.length <= 5);
});

test('unknown word by query: the same 404 body', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('नेपल')}`);
  assert.equal(r.status, 404);
  assert.equal(r.body.error.code, 'WORD_NOT_FOUND');
  assert.equal(r.body.similar_words[0], 'नेपाल');
});

test('similar_words never has more than 5 items even when the service gives more', async (t) => {
  const fake = new FakeServices();
  fake.lookup = async (word: string) => ({ ok: false, code: 'WORD_NOT_FOUND', message: word, similarWords: ['क', 'ख', 'ग', 'घ', 'ङ', 'च', 'छ'] });
  const s = await startTestServer(t, {}, fake);
  const r = await getJson(`${s.base}/api/v1/dictionary/word/${q('झ')}`);
  assert.equal(r.status, 404);
  assert.deepEqual(r.body.similar_words, ['क', 'ख', 'ग', 'घ', 'ङ']);
});

test('include_variants=true groups the spelling variants', async (t) => {
  const s = await startTestServer(t);
  for (const flag of ['true', '1', 'TRUE']) {
    const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('दिन')}&include_variants=${flag}`);
    assert.equal(r.status, 200, flag);
    assertSchema(Variants, r.body);
    assert.equal(r.body.entry.word, 'दिन');
    assert.deepEqual(
      r.body.variants.map((v: { word: string; differences: string[] }) => [v.word, v.differences]),
      [['दीन', ['ि/ी']]],
    );
  }
  const plain = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('दिन')}&include_variants=false`);
  assertSchema(Entry, plain.body);
  const zero = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('दिन')}&include_variants=0`);
  assert.deepEqual(zero.body, plain.body);
});

test('include_variants on a word with neither entry nor variants is 404 WORD_NOT_FOUND', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('झझझ')}&include_variants=true`);
  assert.equal(r.status, 404);
  assert.equal(r.body.error.code, 'WORD_NOT_FOUND');
  assert.ok(Array.isArray(r.body.similar_words));
});

test('multi_dict=true answers one result per dictionary, null where a dictionary lacks the word', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('नेपाल')}&multi_dict=1`);
  assert.equal(r.status, 200);
  assertSchema(Multi, r.body);
  assert.deepEqual(
    r.body.results.map((x: { dictionary: string; entry: unknown }) => [x.dictionary, x.entry === null]),
    [
      ['mpp-thesaurus', false],
      ['mpp-hunspell', true],
    ],
  );
  const path = await getJson(`${s.base}/api/v1/dictionary/word/${q('नेपाल')}?multi_dict=true`);
  assert.deepEqual(path.body, r.body);
  const missing = await getJson(`${s.base}/api/v1/dictionary/word?q=${q('झझ')}&multi_dict=true`);
  assert.equal(missing.status, 404);
});

test('GET /api/v1/dictionary/suggest: default limit 10, explicit limit, exact match first', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('नेपाल')}`);
  assert.equal(r.status, 200);
  assertSchema(Suggest, r.body);
  assert.deepEqual(r.body, ['नेपाल', 'नेपाली']);
  assert.deepEqual(s.fake.calls.at(-1), { method: 'suggest', args: ['नेपाल', 10] });
  r = await getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('नेपाल')}&limit=1`);
  assert.deepEqual(r.body, ['नेपाल']);
  r = await getJson(`${s.base}/api/v1/dictionary/suggest?q=${q('नेपाल')}&limit=50`);
  assert.equal(r.status, 200);
});

test('GET /api/v1/dictionary/examples: sentences with sources, default limit 5, limit honoured', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/dictionary/examples?q=${q('घर')}`);
  assert.equal(r.status, 200);
  assertSchema(Examples, r.body);
  assert.equal(r.body.examples.length, 3);
  assert.equal(r.body.examples[0].source, 'test-fixture');
  assert.deepEqual(s.fake.calls.at(-1), { method: 'examples', args: ['घर', 5] });
  r = await getJson(`${s.base}/api/v1/dictionary/examples?q=${q('घर')}&limit=2`);
  assert.equal(r.body.examples.length, 2);
  r = await getJson(`${s.base}/api/v1/dictionary/examples?q=${q('किताब')}`);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.examples, []);
});

test('GET /api/v1/dictionary/english: words by meaning, default limit 10, limit honoured, cacheable', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/dictionary/english?q=${q(' House ')}`);
  assert.equal(r.status, 200);
  assertSchema(English, r.body);
  assert.deepEqual(r.body, { query: 'house', results: [{ word: 'घर', english: ['house', 'home'] }] });
  assert.deepEqual(s.fake.calls.at(-1), { method: 'searchEnglish', args: ['House', 10] });
  assert.ok(r.headers.get('etag'));
  r = await getJson(`${s.base}/api/v1/dictionary/english?q=day&limit=1`);
  assert.deepEqual(s.fake.calls.at(-1), { method: 'searchEnglish', args: ['day', 1] });
  r = await getJson(`${s.base}/api/v1/dictionary/english?q=zebra`);
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.results, []);
});

test('GET /api/v1/spellcheck/word: correct, misspelled and unknown', async (t) => {
  const s = await startTestServer(t);
  let r = await getJson(`${s.base}/api/v1/spellcheck/word?word=${q('घर')}`);
  assert.equal(r.status, 200);
  assertSchema(SpellWord, r.body);
  assert.deepEqual(r.body, { status: 'correct', corrections: null });
  r = await getJson(`${s.base}/api/v1/spellcheck/word?word=${q('नेपालि')}`);
  assertSchema(SpellWord, r.body);
  assert.equal(r.body.status, 'misspelled');
  assert.ok(r.body.corrections.includes('नेपाली'));
  r = await getJson(`${s.base}/api/v1/spellcheck/word?word=${q('कखगघङ')}`);
  assert.deepEqual(r.body, { status: 'unknown', corrections: null });
});

test('POST /api/v1/spellcheck/text: a misspelling, an unknown word, and all-correct text', async (t) => {
  const s = await startTestServer(t);
  let r = await postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'मेरो घर नेपालि हो। मेरो' });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), JSON_TYPE);
  assertSchema(SpellText, r.body);
  assert.deepEqual(
    r.body.misspelled.map((m: { word: string; status: string }) => [m.word, m.status]),
    [['नेपालि', 'misspelled']],
  );
  assert.deepEqual(
    r.body.unknown.map((u: { word: string }) => u.word),
    ['मेरो'],
  );
  assert.equal(r.body.unknown[0].occurrences.length, 2);

  r = await postJson(`${s.base}/api/v1/spellcheck/text`, { text: 'म नेपाली हो' });
  assert.deepEqual(r.body, { misspelled: [], unknown: [] });
});

test('spellcheck text accepts exactly 10,000 characters and 1,000 words', async (t) => {
  const s = await startTestServer(t);
  // 1,000 words of "घर" with spaces: 2,999 characters.
  let r = await postJson(`${s.base}/api/v1/spellcheck/text`, { text: Array(1000).fill('घर').join(' ') });
  assert.equal(r.status, 200);
  // 10,000 characters in 5 words.
  const word = 'क'.repeat(1996);
  const text = Array(5).fill(word).join(' ') + 'क'.repeat(10_000 - (5 * 1996 + 4));
  assert.equal([...text].length, 10_000);
  r = await postJson(`${s.base}/api/v1/spellcheck/text`, { text });
  assert.equal(r.status, 200);
});

test('an empty text is checked (nothing to report), unknown body fields are ignored', async (t) => {
  const s = await startTestServer(t);
  const r = await postJson(`${s.base}/api/v1/spellcheck/text`, { text: '', lang: 'ne' });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { misspelled: [], unknown: [] });
});

test('Content-Type with charset=utf-8 is accepted', async (t) => {
  const s = await startTestServer(t);
  const r = await getJson(`${s.base}/api/v1/spellcheck/text`, {
    method: 'POST',
    headers: { 'Content-Type': 'Application/JSON; charset=UTF-8' },
    body: JSON.stringify({ text: 'घर' }),
  });
  assert.equal(r.status, 200);
});

test('POST /api/v1/romanization/resolve by text: offsets, statuses, punctuation preserved', async (t) => {
  const s = await startTestServer(t);
  const r = await postJson(`${s.base}/api/v1/romanization/resolve`, { text: 'mero ghar, nepal! din' });
  assert.equal(r.status, 200);
  assertSchema(Roman, r.body);
  assert.equal(r.body.text, 'mero ghar, nepal! din');
  assert.equal(r.body.converted_text, 'mero घर, नेपाल! दिन');
  const tokens = r.body.tokens.map((x: { token: string; status: string; start: number; end: number }) => [x.token, x.status, x.start, x.end]);
  assert.deepEqual(tokens, [
    ['mero', 'unresolved', 0, 4],
    ['ghar', 'resolved', 5, 9],
    ['nepal', 'resolved', 11, 16],
    ['din', 'ambiguous', 18, 21],
  ]);
  assert.deepEqual(r.body.tokens[0].candidates, []);
  assert.equal(r.body.tokens[0].converted, 'mero');
  assert.equal(r.body.tokens[3].candidates.length, 2);
  assert.deepEqual(s.fake.calls.at(-1), { method: 'romanizeText', args: ['mero ghar, nepal! din', 5] });
});

test('romanization by tokens: offsets null, max_candidates passed through', async (t) => {
  const s = await startTestServer(t);
  const r = await postJson(`${s.base}/api/v1/romanization/resolve`, { tokens: ['din', 'ghar'], max_candidates: 1 });
  assert.equal(r.status, 200);
  assertSchema(Roman, r.body);
  assert.equal(r.body.text, null);
  for (const tok of r.body.tokens) {
    assert.equal(tok.start, null);
    assert.equal(tok.end, null);
    assert.ok(tok.candidates.length <= 1);
  }
  assert.deepEqual(s.fake.calls.at(-1), { method: 'romanizeTokens', args: [['din', 'ghar'], 1] });
});

test('romanization: null counts as absent; max_candidates 1 and 10 are accepted', async (t) => {
  const s = await startTestServer(t);
  let r = await postJson(`${s.base}/api/v1/romanization/resolve`, { text: 'ghar', tokens: null, max_candidates: null });
  assert.equal(r.status, 200);
  assert.deepEqual(s.fake.calls.at(-1), { method: 'romanizeText', args: ['ghar', 5] });
  r = await postJson(`${s.base}/api/v1/romanization/resolve`, { text: 'ghar', max_candidates: 10 });
  assert.equal(r.status, 200);
  r = await postJson(`${s.base}/api/v1/romanization/resolve`, { tokens: [], max_candidates: 1 });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body.tokens, []);
});

test('HEAD answers like GET without a body', async (t) => {
  const s = await startTestServer(t);
  const r = await fetch(`${s.base}/api/v1/dictionary/word?q=${q('घर')}`, { method: 'HEAD' });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), JSON_TYPE);
  assert.equal(await r.text(), '');
  const missing = await fetch(`${s.base}/api/v1/dictionary/word?q=${q('झझ')}`, { method: 'HEAD' });
  assert.equal(missing.status, 404);
});
