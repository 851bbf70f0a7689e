// The pronunciation lexicon through the real service on the real data: the
// dictionary entry's pronunciation, and the romanizer's candidates it backs
// (names, places and loanwords, and its Latin spellings).

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertEntry, assertRomanResult, call, qs, type CallResult } from './contract-http.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';
import { ATTESTED_WORDLIST, HUNSPELL_DICT, PRONUNCIATION_LEXICON } from '../../src/store/types.js';

const skip = SKIP_WITHOUT_DATA;
let svc: TestService | undefined;

before(async () => {
  if (!skip) svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const get = (path: string): Promise<CallResult> => call(svc!.base, 'GET', path, {});
const resolve = (value: unknown): Promise<CallResult> => call(svc!.base, 'POST', '/api/v1/romanization/resolve', { body: JSON.stringify(value) });
const WORD = '/api/v1/dictionary/word';

test('look-up: an entry has its pronunciation in IPA and everyday roman, or null', { skip }, async () => {
  const ramro = await get(WORD + qs({ q: 'राम्रो' }));
  assert.equal(ramro.status, 200);
  assertEntry(ramro.body, 'राम्रो', 'राम्रो');
  assert.deepEqual(ramro.body.pronunciation, { ipa: 'ram.mro', roman: 'ramro' });
  const ghar = await get(`${WORD}/${encodeURIComponent('घर')}`);
  assert.deepEqual(ghar.body.pronunciation, { ipa: 'ɡʱʌr', roman: 'ghar' });
  // an entry of English meanings alone (a form a source glosses) sounds as the lexicon says too
  const garne = await get(WORD + qs({ q: 'गर्ने' }));
  assert.equal(garne.status, 200);
  assert.ok(garne.body.english.length > 0);
  assert.deepEqual(garne.body.pronunciation, { ipa: 'ɡʌr.ne', roman: 'garne' });
  // a headword the lexicon lacks
  const ani = await get(WORD + qs({ q: 'अनि' }));
  assert.equal(ani.status, 200);
  assert.equal(ani.body.pronunciation, null);
  // every entry of the per-dictionary and variant answers carries it too
  const multi = await get(WORD + qs({ q: 'नेपाल', multi_dict: 'true' }));
  const entries = multi.body.results.filter((r: { entry: unknown }) => r.entry !== null);
  assert.ok(entries.length > 0);
  for (const r of entries) assert.deepEqual(r.entry.pronunciation, { ipa: 'ne.pal', roman: 'nepal' });
  const variants = await get(WORD + qs({ q: 'नेपाल', include_variants: 'true' }));
  assert.deepEqual(variants.body.entry.pronunciation, { ipa: 'ne.pal', roman: 'nepal' });
});

test('romanization: places and loanwords of the lexicon resolve (ilam, cinema, laptop), alone and in a sentence', { skip }, async () => {
  const backers = new Set([HUNSPELL_DICT, PRONUNCIATION_LEXICON, ATTESTED_WORDLIST, 'mpp-thesaurus', 'nls-closed-class']);
  const tokens = ['ilam', 'cinema', 'laptop', 'basnet'];
  const alone = await resolve({ tokens });
  assert.equal(alone.status, 200);
  assertRomanResult(alone.body, { tokens }, 5, backers, 'tokens');
  assert.deepEqual(
    alone.body.tokens.map((t: { converted: string }) => t.converted),
    ['इलाम', 'सिनेमा', 'ल्यापटप', 'बस्नेत'],
  );
  const [, , laptop, basnet] = alone.body.tokens;
  assert.ok(laptop.candidates[0].kinds.includes('latin-spelling'), 'laptop: a Latin spelling of the lexicon');
  assert.deepEqual(basnet.candidates[0].dictionaries, [PRONUNCIATION_LEXICON], 'basnet: a name only the lexicon vouches for');
  const text = 'ilam ko chiya mitho cha, hijo cinema herna gayeko thiye';
  const sentence = await resolve({ text });
  assertRomanResult(sentence.body, { text }, 5, backers, 'text');
  assert.match(sentence.body.converted_text, /^इलाम को चिया/);
  assert.match(sentence.body.converted_text, /सिनेमा/);
});
