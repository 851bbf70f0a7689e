// English meanings, the search by meaning and example sentences someone
// wrote, through real HTTP on the real data (the sources vendored in data/).
// Facts of the sources: the FOSS Nepal glossary lists पानी for "water" and
// आज for "today"; the crowdsourced dictionary glosses the form आजको "today's";
// the Google prompts have sentences with घरमा.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { LiveClient } from '../http/live-client.js';
import { assertEntry, assertShapeA, call, qs, type CallResult } from './contract-http.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';

const skip = SKIP_WITHOUT_DATA;
let svc: TestService | undefined;

before(async () => {
  if (!skip) svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const get = (path: string): Promise<CallResult> => call(svc!.base, 'GET', path, {});
const WORD = '/api/v1/dictionary/word';
const ENGLISH = '/api/v1/dictionary/english';
const EXAMPLES = '/api/v1/dictionary/examples';

test("a look-up has English meanings, the curated glossary's first, and names the English dictionaries", { skip }, async () => {
  const r = await get(WORD + qs({ q: 'पानी' }));
  assert.equal(r.status, 200);
  assertEntry(r.body, 'पानी', 'पानी');
  assert.equal(r.body.english[0], 'water');
  assert.ok(r.body.dictionaries.includes('foss-np-glossary'));
  assert.deepEqual(r.body.lemmas, []);
  const none = await get(WORD + qs({ q: 'अँगालो' }));
  assert.ok(Array.isArray(none.body.english), 'every entry has the field');
});

test("an inflected form a source lists has its own meanings and reaches its headword's", { skip }, async () => {
  const r = await get(WORD + qs({ q: 'आजको' }));
  assert.equal(r.status, 200);
  assert.equal(r.body.word, 'आजको');
  assert.ok(r.body.english.includes("today's"), r.body.english.join(', '));
  assert.deepEqual(r.body.dictionaries, ['pavlick-ne-en']);
  const lemma = r.body.lemmas.find((l: { word: string }) => l.word === 'आज');
  assert.ok(lemma?.english.includes('today'), JSON.stringify(r.body.lemmas));
  // A romanization is never a meaning (the crowd glossed खेलेको "keleko").
  const played = await get(WORD + qs({ q: 'खेलेको' }));
  if (played.status === 200) assert.ok(!played.body.english.includes('keleko'));
});

test('multi_dict: each English dictionary answers with its own meanings', { skip }, async () => {
  const r = await get(WORD + qs({ q: 'पानी', multi_dict: 'true' }));
  assert.equal(r.status, 200);
  const of = (d: string) => r.body.results.find((x: { dictionary: string }) => x.dictionary === d);
  assert.deepEqual(of('foss-np-glossary').entry.dictionaries, ['foss-np-glossary']);
  assert.ok(of('foss-np-glossary').entry.english.includes('water'));
  assert.deepEqual(of('mpp-hunspell').entry.english, []);
});

test('the meaning search: पानी first for "water", each result with its meanings; limit honoured', { skip }, async () => {
  const r = await get(ENGLISH + qs({ q: 'Water' }));
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body).sort(), ['query', 'results']);
  assert.equal(r.body.query, 'water');
  assert.equal(r.body.results[0].word, 'पानी');
  assert.ok(r.body.results.length > 1 && r.body.results.length <= 10, 'default limit 10');
  for (const x of r.body.results) {
    assert.deepEqual(Object.keys(x).sort(), ['english', 'word']);
    assert.ok(
      x.english.some((m: string) => m.toLowerCase().includes('water')),
      `${x.word}: ${x.english.join(', ')}`,
    );
  }
  const one = await get(ENGLISH + qs({ q: 'to eat', limit: 1 }));
  assert.deepEqual(
    one.body.results.map((x: { word: string }) => x.word),
    ['खानु'],
  );
  const none = await get(ENGLISH + qs({ q: 'qzxvw' }));
  assert.equal(none.status, 200);
  assert.deepEqual(none.body.results, []);
});

test('the meaning search refuses what it cannot read: the 400 shapes of every query endpoint', { skip }, async () => {
  assert.match(assertShapeA(await get(ENGLISH), 400, 'MISSING_PARAMETER', 'q missing'), /'q'/);
  assert.match(assertShapeA(await get(ENGLISH + qs({ q: 'पानी' })), 400, 'INVALID_PARAMETER', 'Devanagari q'), /English/);
  for (const limit of ['0', '51', 'x']) assertShapeA(await get(ENGLISH + qs({ q: 'water', limit })), 400, 'INVALID_PARAMETER', `limit=${limit}`);
  assertShapeA(await get(ENGLISH + qs({ q: 'w'.repeat(101) })), 400, 'INVALID_PARAMETER', 'q over 100 characters');
});

test('examples: a sentence someone wrote comes first, found by a form of the word (घरमा for घर)', { skip }, async () => {
  const r = await get(EXAMPLES + qs({ q: 'घर', limit: 20 }));
  assert.equal(r.status, 200);
  assert.notEqual(r.body.examples[0].source, 'mpp-thesaurus', "a real sentence before the thesaurus's definition phrases");
  const sources = r.body.examples.map((e: { source: string }) => e.source);
  assert.ok(sources.includes('google-ne-prompts'), sources.join(', '));
  assert.deepEqual(
    sources.filter((s: string) => s === 'mpp-thesaurus'),
    sources.slice(sources.length - sources.filter((s: string) => s === 'mpp-thesaurus').length),
    'the thesaurus phrases last',
  );
  assert.ok(r.body.forms.includes('घरमा'), r.body.forms.join(', '));
  assert.ok(r.body.examples.some((e: { text: string }) => e.text.split(/[\s।,]+/).includes('घरमा')));
});

test('live: the op `english` answers the REST body', { skip }, async () => {
  const { client } = await LiveClient.open(`ws://127.0.0.1:${svc!.port}/api/v1/live`);
  try {
    const reply = await client.request({ op: 'english', q: 'house', limit: 3 });
    assert.deepEqual(reply.result, (await get(ENGLISH + qs({ q: 'house', limit: 3 }))).body);
    const bad = await client.request({ op: 'english', q: 'house', limit: 0 });
    assert.equal(bad.error?.code, 'INVALID_PARAMETER');
  } finally {
    client.close();
  }
});
