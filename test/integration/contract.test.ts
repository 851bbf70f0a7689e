// Contract test: every row of ../shared/spec/service-interface.md (fields,
// statuses, rules, error shapes, limits) and the designed parts written in
// docs/api.md, checked through real HTTP against the real service on the real
// data. The spellcheck and romanization engines are still being tuned, so
// this asserts what the contract fixes (shapes, statuses, offsets, limits)
// and well-established facts of the data, not today's exact ranking.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import {
  assertEntry,
  assertRomanResult,
  assertShapeA,
  assertShapeB,
  assertSpellTextResult,
  assertWordNotFound,
  call,
  checkRaw,
  isStringArray,
  qs,
  type CallResult,
} from './contract-http.js';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { buildRequest, rawRequest } from './raw-http.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';
import { ATTESTED_WORDLIST, PRONUNCIATION_LEXICON } from '../../src/store/types.js';
import { CROWD_DICT, GLOSSARY_DICT } from '../../src/build/english.js';
import { importFrequencyList } from '../../src/build/frequency.js';
import { DEFAULT_WORDLIST } from '../../src/build/pipeline.js';

const skip = SKIP_WITHOUT_DATA;
let svc: TestService | undefined;
const ENGLISH_DICTIONARIES = [GLOSSARY_DICT, CROWD_DICT];

before(async () => {
  if (!skip) svc = await startTestService();
});
after(async () => {
  await svc?.close();
});

const get = (path: string, headers?: Record<string, string>): Promise<CallResult> => call(svc!.base, 'GET', path, { headers });
const postJson = (path: string, value: unknown): Promise<CallResult> => call(svc!.base, 'POST', path, { body: JSON.stringify(value) });

const WORD = '/api/v1/dictionary/word';
const SUGGEST = '/api/v1/dictionary/suggest';
const EXAMPLES = '/api/v1/dictionary/examples';
const SPELL_TEXT = '/api/v1/spellcheck/text';
const SPELL_WORD = '/api/v1/spellcheck/word';
const ROMAN = '/api/v1/romanization/resolve';

// Facts of the real data (Debian mythes-ne / hunspell-ne), chosen outside
// the evaluation sets. अर्थ: a thesaurus headword with three noun senses,
// each a gloss plus synonyms. अँगालो: two senses, the second an idiom (टुक्का)
// whose part of speech differs from the entry's. दिन/दीन: both in
// hunspell-ne, differing only by ि/ी.
const THESAURUS_WORD = 'अर्थ';
const MIXED_POS_WORD = 'अँगालो';
const UNKNOWN_NEAR_MISS = 'नेपालक'; // not a word; close to नेपाल
const UNKNOWN_MANY_SIMILAR = 'कार्यक'; // not a word; many words are near it

/** The dictionaries the service serves, as listed by multi_dict. */
async function servedDictionaries(): Promise<Set<string>> {
  const r = await get(WORD + qs({ q: THESAURUS_WORD, multi_dict: 'true' }));
  assert.equal(r.status, 200);
  return new Set(r.body.results.map((x: { dictionary: string }) => x.dictionary));
}

/** What may back a romanization candidate: the dictionaries, and the pronunciation lexicon and the news word list for words no dictionary has. */
async function romanBackers(): Promise<Set<string>> {
  return new Set([...(await servedDictionaries()), PRONUNCIATION_LEXICON, ATTESTED_WORDLIST]);
}

// ---- 2.1 / 4.1 / 4.2 dictionary word ------------------------------------

test('dictionary word: a thesaurus headword with numbered definitions, synonyms joined by semicolons, split_definitions', { skip }, async () => {
  const r = await get(WORD + qs({ q: THESAURUS_WORD }));
  assert.equal(r.status, 200);
  assertEntry(r.body, THESAURUS_WORD, 'अर्थ');
  assert.equal(r.body.definitions.length, 3, 'the thesaurus gives अर्थ three senses');
  assert.deepEqual(
    r.body.definitions.map((d: { number: string }) => d.number),
    ['१.', '२.', '३.'],
  );
  for (const d of r.body.definitions) {
    // Every sense of अर्थ has a gloss and two synonyms: three parts.
    assert.equal(d.text.split('; ').length, 3, `synonyms joined with "; ": ${d.text}`);
    assert.equal(d.part_of_speech, 'नाम');
  }
  assert.equal(r.body.part_of_speech, 'नाम');
  assert.ok(
    r.body.definitions.some((d: { text: string }) => d.text.split('; ').includes('पैसा')),
    'पैसा is a synonym of अर्थ',
  );
  assert.ok(r.body.split_definitions.startsWith('१. '));
  assert.equal(r.body.split_definitions.split('\n').length, 3);
  assert.ok(r.body.dictionaries.includes('mpp-thesaurus'));
});

test('dictionary word: a sense whose part of speech differs is marked in split_definitions', { skip }, async () => {
  const r = await get(WORD + qs({ q: MIXED_POS_WORD }));
  assert.equal(r.status, 200);
  assertEntry(r.body, MIXED_POS_WORD, MIXED_POS_WORD);
  assert.equal(r.body.definitions.length, 2);
  const [first, second] = r.body.definitions;
  assert.notEqual(first.part_of_speech, second.part_of_speech);
  assert.match(r.body.split_definitions.split('\n')[1], /^२\. \(.+\) /);
});

test('dictionary word: a hunspell-only headword has an empty split_definitions and no definitions', { skip }, async () => {
  const r = await get(WORD + qs({ q: 'दिन' }));
  assert.equal(r.status, 200);
  assertEntry(r.body, 'दिन', 'दिन');
  assert.ok(r.body.dictionaries.includes('mpp-hunspell'));
  // Glosses come only from the thesaurus; hunspell-ne is a word list.
  if (!r.body.dictionaries.includes('mpp-thesaurus')) {
    assert.deepEqual(r.body.definitions, []);
    assert.equal(r.body.split_definitions, '');
  }
});

test('dictionary word: a noun the word list stores on a verb stem (जन्म beside जन्मनु) is a headword of its own', { skip }, async () => {
  for (const word of ['जन्म', 'लडाइ']) {
    const r = await get(WORD + qs({ q: word }));
    assert.equal(r.status, 200, word);
    assertEntry(r.body, word, word);
    assert.ok(r.body.dictionaries.includes('mpp-hunspell'), word);
  }
  const verb = await get(WORD + qs({ q: 'जन्मनु' }));
  assert.equal(verb.status, 200);
});

test('dictionary word: q is trimmed; q missing, empty or given twice is 400', { skip }, async () => {
  const trimmed = await get(`${WORD}?q=+${encodeURIComponent(THESAURUS_WORD)}+`);
  assert.equal(trimmed.status, 200);
  assert.equal(trimmed.body.word, THESAURUS_WORD);
  const missing = await get(WORD);
  assert.match(assertShapeA(missing, 400, 'MISSING_PARAMETER', 'q missing'), /'q'/);
  const empty = await get(`${WORD}?q=`);
  assert.match(assertShapeA(empty, 400, 'MISSING_PARAMETER', 'q empty'), /'q'/);
  const twice = await get(`${WORD}?q=${encodeURIComponent('घर')}&q=${encodeURIComponent('घर')}`);
  assertShapeA(twice, 400, 'INVALID_PARAMETER', 'q twice');
  const tooLong = await get(WORD + qs({ q: 'क'.repeat(101) }));
  assertShapeA(tooLong, 400, 'INVALID_PARAMETER', 'q over 100 characters');
});

test('dictionary word: include_variants=true groups the ि/ी variant with its differences', { skip }, async () => {
  const r = await get(WORD + qs({ q: 'दिन', include_variants: 'true' }));
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body).sort(), ['entry', 'variants', 'word']);
  assert.equal(r.body.word, 'दिन');
  assertEntry(r.body.entry, 'दिन', 'own entry');
  assert.ok(Array.isArray(r.body.variants));
  for (const v of r.body.variants) {
    assert.deepEqual(Object.keys(v).sort(), ['differences', 'entry', 'word']);
    assert.notEqual(v.word, 'दिन');
    assert.ok(isStringArray(v.differences) && v.differences.length > 0, `differences of ${v.word}`);
    for (const d of v.differences) assert.ok(['ि/ी', 'ु/ू', 'ं/ँ', 'श/ष/स', 'ब/व', 'halanta'].includes(d), `documented confusion: ${d}`);
    assertEntry(v.entry, v.word, `variant ${v.word}`);
  }
  const deen = r.body.variants.find((v: { word: string }) => v.word === 'दीन');
  assert.ok(deen, 'दीन (a hunspell-ne headword) is the ि/ी variant of दिन');
  assert.deepEqual(deen.differences, ['ि/ी']);
});

test('dictionary word: multi_dict=true answers one result per dictionary, entry or null', { skip }, async () => {
  const plain = await get(WORD + qs({ q: MIXED_POS_WORD }));
  const r = await get(WORD + qs({ q: MIXED_POS_WORD, multi_dict: 'true' }));
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body).sort(), ['results', 'word']);
  assert.equal(r.body.word, MIXED_POS_WORD);
  const names = r.body.results.map((x: { dictionary: string }) => x.dictionary);
  assert.deepEqual(names.slice(0, 2), ['mpp-thesaurus', 'mpp-hunspell'], 'the two Nepali dictionaries first');
  assert.equal(new Set(names).size, names.length);
  for (const x of r.body.results) {
    assert.deepEqual(Object.keys(x).sort(), ['dictionary', 'entry']);
    // Consistent with the plain entry's list of dictionaries.
    assert.equal(x.entry !== null, plain.body.dictionaries.includes(x.dictionary), `${x.dictionary} has the word`);
    if (x.entry !== null) assertEntry(x.entry, MIXED_POS_WORD, x.dictionary);
  }
  const thesaurus = r.body.results.find((x: { dictionary: string }) => x.dictionary === 'mpp-thesaurus');
  assert.equal(thesaurus.entry.definitions.length, 2, 'the thesaurus entry carries its senses');

  // Another word: again consistent with its plain entry.
  const din = await get(WORD + qs({ q: 'दिन', multi_dict: '1' }));
  assert.equal(din.status, 200);
  const plainDin = await get(WORD + qs({ q: 'दिन' }));
  for (const x of din.body.results) assert.equal(x.entry !== null, plainDin.body.dictionaries.includes(x.dictionary));
});

test('dictionary word: booleans accept true/false/1/0 in any case; anything else is 400 INVALID_PARAMETER', { skip }, async () => {
  const isVariants = (b: any) => 'variants' in b;
  const isMulti = (b: any) => 'results' in b;
  const isPlain = (b: any) => 'definitions' in b;
  for (const [v, shape] of [
    ['true', isVariants],
    ['TRUE', isVariants],
    ['1', isVariants],
    ['false', isPlain],
    ['False', isPlain],
    ['0', isPlain],
  ] as const) {
    const r = await get(WORD + qs({ q: 'दिन', include_variants: v }));
    assert.equal(r.status, 200, `include_variants=${v}`);
    assert.ok(shape(r.body), `include_variants=${v} body ${r.text.slice(0, 80)}`);
  }
  for (const [v, shape] of [
    ['true', isMulti],
    ['1', isMulti],
    ['false', isPlain],
    ['0', isPlain],
  ] as const) {
    const r = await get(WORD + qs({ q: 'दिन', multi_dict: v }));
    assert.equal(r.status, 200, `multi_dict=${v}`);
    assert.ok(shape(r.body), `multi_dict=${v}`);
  }
  for (const bad of ['yes', '2', 'on', '', 'truee']) {
    const r = await get(WORD + qs({ q: 'दिन', include_variants: bad }));
    assert.match(assertShapeA(r, 400, 'INVALID_PARAMETER', `include_variants=${bad}`), /include_variants/);
    const m = await get(WORD + qs({ q: 'दिन', multi_dict: bad }));
    assert.match(assertShapeA(m, 400, 'INVALID_PARAMETER', `multi_dict=${bad}`), /multi_dict/);
  }
  // Documented: the two flags cannot be combined.
  assertShapeA(await get(WORD + qs({ q: 'दिन', include_variants: 'true', multi_dict: 'true' })), 400, 'INVALID_PARAMETER', 'both flags');
});

test('dictionary word by path: percent-encoded Devanagari gives the same entry as the query form', { skip }, async () => {
  const path = `${WORD}/${encodeURIComponent(THESAURUS_WORD)}`;
  assert.match(path, /%E0%A4/, 'the path really is percent-encoded UTF-8');
  const byPath = await get(path);
  const byQuery = await get(WORD + qs({ q: THESAURUS_WORD }));
  assert.equal(byPath.status, 200);
  assertEntry(byPath.body, THESAURUS_WORD, 'path form');
  assert.deepEqual(byPath.body, byQuery.body);
  // The flags work on the path form too.
  const variants = await get(`${WORD}/${encodeURIComponent('दिन')}?include_variants=true`);
  assert.equal(variants.status, 200);
  assert.ok(Array.isArray(variants.body.variants));
  const multi = await get(`${WORD}/${encodeURIComponent('दिन')}?multi_dict=1`);
  assert.equal(multi.status, 200);
  assert.ok(Array.isArray(multi.body.results));
  // Empty after trimming: MISSING_PARAMETER naming the path parameter.
  assert.match(assertShapeA(await get(`${WORD}/%20`), 400, 'MISSING_PARAMETER', 'blank path word'), /'word'/);
});

test('dictionary word by path: unknown word is 404 WORD_NOT_FOUND naming it, with at most 5 similar_words', { skip }, async () => {
  const r = await get(`${WORD}/${encodeURIComponent(UNKNOWN_NEAR_MISS)}`);
  const similar = assertWordNotFound(r, UNKNOWN_NEAR_MISS, 'path form');
  assert.deepEqual(Object.keys(r.body).sort(), ['error', 'similar_words']);
  assert.ok(similar.length > 0, 'a near miss of नेपाल has similar words');
  // A word with many neighbours: the list is capped at 5.
  const many = await get(`${WORD}/${encodeURIComponent(UNKNOWN_MANY_SIMILAR)}`);
  assert.equal(assertWordNotFound(many, UNKNOWN_MANY_SIMILAR, 'many similar').length, 5);
  // The query form and the flags answer the same 404.
  assertWordNotFound(await get(WORD + qs({ q: UNKNOWN_NEAR_MISS })), UNKNOWN_NEAR_MISS, 'query form');
  assertWordNotFound(await get(WORD + qs({ q: UNKNOWN_NEAR_MISS, include_variants: 'true' })), UNKNOWN_NEAR_MISS, 'include_variants');
  assertWordNotFound(await get(WORD + qs({ q: UNKNOWN_NEAR_MISS, multi_dict: 'true' })), UNKNOWN_NEAR_MISS, 'multi_dict');
});

// ---- 2.2 / 4.3 suggest --------------------------------------------------

test('suggest: default limit 10, exact match first, every item a completion of q', { skip }, async () => {
  const r = await get(SUGGEST + qs({ q: 'क' }));
  assert.equal(r.status, 200);
  assert.ok(isStringArray(r.body));
  assert.equal(r.body.length, 10, 'क has far more than 10 completions: the default limit is 10');
  for (const w of r.body) assert.ok(w.startsWith('क'), `${w} begins with the prefix`);
  assert.equal(new Set(r.body).size, r.body.length, 'no repeats');
  const exact = await get(SUGGEST + qs({ q: 'घर' }));
  assert.equal(exact.body[0], 'घर', 'the exact match comes first');
});

test('suggest: limit within 1..50 is honoured; outside is 400 INVALID_PARAMETER; q missing or empty is 400 MISSING_PARAMETER', { skip }, async () => {
  const three = await get(SUGGEST + qs({ q: 'क', limit: 3 }));
  assert.equal(three.status, 200);
  assert.equal(three.body.length, 3);
  const one = await get(SUGGEST + qs({ q: 'क', limit: 1 }));
  assert.equal(one.body.length, 1);
  const fifty = await get(SUGGEST + qs({ q: 'क', limit: 50 }));
  assert.equal(fifty.status, 200);
  assert.equal(fifty.body.length, 50);
  assert.deepEqual(fifty.body.slice(0, 10), (await get(SUGGEST + qs({ q: 'क' }))).body, 'a larger limit extends the same order');
  for (const bad of ['0', '51', '-1', 'abc', '1.5', '']) {
    assert.match(assertShapeA(await get(SUGGEST + qs({ q: 'क', limit: bad })), 400, 'INVALID_PARAMETER', `limit=${bad}`), /limit/);
  }
  assert.match(assertShapeA(await get(SUGGEST), 400, 'MISSING_PARAMETER', 'q missing'), /'q'/);
  assert.match(assertShapeA(await get(`${SUGGEST}?q=`), 400, 'MISSING_PARAMETER', 'q empty'), /'q'/);
  assert.match(assertShapeA(await get(`${SUGGEST}?limit=5`), 400, 'MISSING_PARAMETER', 'only limit'), /'q'/);
});

test('suggest: frequent words first on the real data (q=का: काम before काख), ranked by the word list the build imports', { skip }, async () => {
  const ranks = importFrequencyList(readFileSync(DEFAULT_WORDLIST, 'utf8')).ranks;
  const r = await get(SUGGEST + qs({ q: 'का', limit: 50 }));
  assert.equal(r.status, 200);
  assert.ok(isStringArray(r.body));
  const [first, ...rest] = r.body;
  assert.equal(first, 'का', 'the exact match comes first');
  const top = rest.slice(0, 9);
  assert.ok(top.includes('काम'), `काम among the first ten: ${r.body.join(' ')}`);
  assert.ok(!top.includes('काख'), `a rare word (काख) is not among the first ten: ${r.body.join(' ')}`);
  // the ranked words by their rank, then the words the list lacks
  const order = rest.map((w) => ranks.get(w) ?? Number.MAX_SAFE_INTEGER);
  assert.deepEqual(
    order,
    [...order].sort((a, b) => a - b),
    `by rank: ${rest.map((w, i) => `${w}:${order[i]}`).join(' ')}`,
  );
  assert.ok(ranks.get(rest[0]!)! < ranks.get(rest[9]!)!, 'the first completion is more frequent than the tenth');
});

// ---- 4.9 examples -------------------------------------------------------

test('examples: sentences using the word or its forms, each with a source; limit default 5, max 20', { skip }, async () => {
  const r = await get(EXAMPLES + qs({ q: 'घर' }));
  assert.equal(r.status, 200);
  assert.deepEqual(Object.keys(r.body).sort(), ['examples', 'forms', 'word']);
  assert.equal(r.body.word, 'घर');
  assert.ok(isStringArray(r.body.forms) && r.body.forms.includes('घर'));
  assert.ok(r.body.examples.length > 0 && r.body.examples.length <= 5, `default limit 5, got ${r.body.examples.length}`);
  for (const e of r.body.examples) {
    assert.deepEqual(Object.keys(e).sort(), ['source', 'text']);
    assert.ok(typeof e.source === 'string' && e.source.length > 0);
    // The sentence contains one of the matched forms as a whole word.
    const words = e.text.split(/[\s,.;:!?।॥()"'“”‘’-]+/u);
    assert.ok(
      r.body.forms.some((f: string) => words.includes(f)),
      `"${e.text}" uses one of ${r.body.forms.join(', ')}`,
    );
  }
  const two = await get(EXAMPLES + qs({ q: 'घर', limit: 2 }));
  assert.ok(two.body.examples.length <= 2);
  assert.deepEqual(two.body.examples, r.body.examples.slice(0, two.body.examples.length));
  for (const bad of ['0', '21', 'x']) assertShapeA(await get(EXAMPLES + qs({ q: 'घर', limit: bad })), 400, 'INVALID_PARAMETER', `limit=${bad}`);
  assert.match(assertShapeA(await get(EXAMPLES), 400, 'MISSING_PARAMETER', 'q missing'), /'q'/);
});

test('examples: a word no sentence uses gives an empty list (or a WORD_NOT_FOUND 404), never an error of another kind', { skip }, async () => {
  const r = await get(EXAMPLES + qs({ q: 'क्ष्ज्ञट' }));
  if (r.status === 404) assertWordNotFound(r, 'क्ष्ज्ञट', 'examples');
  else {
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.examples, []);
  }
});

// ---- 2.3 / 4.4 spellcheck text ------------------------------------------

test('spellcheck text: a ि/ी misspelling of a common word is found with its correction and offsets', { skip }, async () => {
  const text = 'हामी पानि खान्छौँ। पानि चिसो छ।';
  const r = await postJson(SPELL_TEXT, { text });
  assert.equal(r.status, 200);
  assertSpellTextResult(r.body, text, 'पानि');
  const m = r.body.misspelled.find((x: { word: string }) => x.word === 'पानि');
  assert.ok(m, `पानि is reported misspelled: ${r.text}`);
  assert.equal(m.corrections[0], 'पानी', 'पानि -> पानी is unambiguous');
  if (m.occurrences)
    assert.deepEqual(
      m.occurrences.map((o: { start: number }) => o.start),
      [5, 19],
      'both occurrences, one entry',
    );
  assert.ok(!r.body.misspelled.some((x: { word: string }) => x.word === 'पानी' || x.word === 'हामी'));
});

test('spellcheck text: all-correct text gives two empty arrays; a foreign name is unknown without corrections', { skip }, async () => {
  const clean = 'मेरो घर नेपालमा छ। हाम्रो देश राम्रो छ।';
  const r = await postJson(SPELL_TEXT, { text: clean });
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { misspelled: [], unknown: [] });

  const text = 'ओबामा अमेरिकाका राष्ट्रपति थिए।';
  const u = await postJson(SPELL_TEXT, { text });
  assert.equal(u.status, 200);
  assertSpellTextResult(u.body, text, 'foreign name');
  assert.ok(
    u.body.unknown.some((x: { word: string }) => x.word === 'ओबामा'),
    `ओबामा is unknown: ${u.text}`,
  );

  const empty = await postJson(SPELL_TEXT, { text: '' });
  assert.equal(empty.status, 200);
  assert.deepEqual(empty.body, { misspelled: [], unknown: [] });
});

test('spellcheck text: 10,001 characters is 400 Shape B naming 10000; 10,000 code points pass', { skip, timeout: 60_000 }, async () => {
  // Words of 13 characters and a space: about 715 words, under the word
  // limit, so only the character limit can fire.
  const unit = 'राष्ट्रियतामा ';
  const base = unit.repeat(Math.ceil(10_001 / unit.length)).slice(0, 10_000);
  assert.equal([...base].length, 10_000);
  const over = base + 'क';
  const r = await postJson(SPELL_TEXT, { text: over });
  const detail = assertShapeB(r, '10,001 characters');
  assert.match(detail, /exceeds 10000 characters/);
  assert.equal((await postJson(SPELL_TEXT, { text: base })).status, 200, 'exactly 10,000 characters are accepted');
  // Characters are code points: 9,999 + one astral character is 10,000
  // code points (10,001 UTF-16 units) and still accepted.
  const astral = base.slice(0, 9_999) + '😀';
  assert.equal(astral.length, 10_001);
  assert.equal((await postJson(SPELL_TEXT, { text: astral })).status, 200);
});

test('spellcheck text: 1,001 words is 400 Shape B; 1,000 words pass', { skip, timeout: 60_000 }, async () => {
  const over = await postJson(SPELL_TEXT, { text: Array(1001).fill('घर').join(' ') });
  assert.match(assertShapeB(over, '1,001 words'), /1000 words/);
  const at = await postJson(SPELL_TEXT, { text: Array(1000).fill('घर').join(' ') });
  assert.equal(at.status, 200);
  assert.deepEqual(at.body, { misspelled: [], unknown: [] });
});

test('spellcheck text: missing or non-string text and bad bodies are Shape B', { skip }, async () => {
  assert.equal(assertShapeB(await postJson(SPELL_TEXT, {}), 'no text'), "Field 'text' is required");
  assert.equal(assertShapeB(await postJson(SPELL_TEXT, { text: null }), 'null text'), "Field 'text' is required");
  assert.equal(assertShapeB(await postJson(SPELL_TEXT, { text: 5 }), 'number text'), "Field 'text' must be a string");
  assert.equal(assertShapeB(await postJson(SPELL_TEXT, ['घर']), 'array body'), 'Request body must be a JSON object');
});

// ---- 2.4 / 4.5 spellcheck word ------------------------------------------

test(
  'spellcheck text: level lenient reports typos and real-word errors only; every misspelled item has its category; a bad level is 400 in Shape B',
  { skip },
  async () => {
    // छेत्र is in the word list, but real text writes क्षेत्र hundreds of times as often: a real-word error
    const text = 'हामी पानि खान्छौँ। अस्पाताल नजिक छ। यो छेत्र राम्रो छ।';
    const standard = await postJson(SPELL_TEXT, { text });
    assert.equal(standard.status, 200);
    const byWord = Object.fromEntries(standard.body.misspelled.map((m: any) => [m.word, m.category]));
    assert.deepEqual(byWord, { पानि: 'standard', अस्पाताल: 'typo', छेत्र: 'real-word' });
    assert.deepEqual(standard.body.misspelled.find((m: any) => m.word === 'छेत्र').corrections, ['क्षेत्र']);
    const lenient = await postJson(SPELL_TEXT, { text, level: 'lenient' });
    assert.deepEqual(
      lenient.body.misspelled.map((m: any) => m.word),
      ['अस्पाताल', 'छेत्र'],
    );
    assert.deepEqual(lenient.body.unknown, standard.body.unknown);
    assert.deepEqual((await postJson(SPELL_TEXT, { text, level: 'standard' })).body, standard.body);
    assert.deepEqual((await postJson(SPELL_TEXT, { text, level: null })).body, standard.body);
    for (const level of ['strict', 1, '']) {
      const bad = await postJson(SPELL_TEXT, { text, level });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.body, { detail: "Field 'level' must be one of: standard, lenient" });
    }
  },
);

test(
  "spellcheck: a word-list spelling beside the thesaurus's (अस्विकार: अस्वीकार) is misspelled, category standard, its inflections too; lenient leaves it",
  { skip },
  async () => {
    // hunspell-ne lists अस्विकार and यूरोप; the thesaurus defines अस्वीकार and युरोप, which real text writes 4.5 and 3.3 times as often
    const text = 'उसले प्रस्ताव अस्विकार गर्‍यो। यूरोपमा जाडो छ।';
    const standard = await postJson(SPELL_TEXT, { text });
    assert.equal(standard.status, 200);
    assert.deepEqual(
      standard.body.misspelled.map((m: any) => [m.word, m.corrections[0], m.category, m.rule ?? null]),
      [
        ['अस्विकार', 'अस्वीकार', 'standard', null],
        ['यूरोपमा', 'युरोपमा', 'standard', null],
      ],
    );
    assert.deepEqual((await postJson(SPELL_TEXT, { text, level: 'lenient' })).body.misspelled, []);
    // the thesaurus's own spellings are correct
    for (const word of ['अस्वीकार', 'युरोपमा', 'सहिद'])
      assert.deepEqual((await get(SPELL_WORD + qs({ word }))).body, { status: 'correct', corrections: null }, word);
    // a verb form one vowel length from a defined noun is no misspelling of it (गाऊँ, let me sing; गाउँ, village)
    assert.equal((await get(SPELL_WORD + qs({ word: 'गाऊँ' }))).body.status, 'correct');
  },
);

test('spellcheck word: correct -> corrections null; misspelled -> array; unknown -> null', { skip }, async () => {
  const correct = await get(SPELL_WORD + qs({ word: 'पानी' }));
  assert.equal(correct.status, 200);
  assert.deepEqual(correct.body, { status: 'correct', corrections: null });

  const misspelled = await get(SPELL_WORD + qs({ word: 'पानि' }));
  assert.equal(misspelled.status, 200);
  assert.deepEqual(Object.keys(misspelled.body).sort(), ['category', 'corrections', 'status']);
  assert.equal(misspelled.body.status, 'misspelled');
  assert.ok(isStringArray(misspelled.body.corrections) && misspelled.body.corrections.length > 0);
  assert.equal(misspelled.body.corrections[0], 'पानी');
  // ि for ी is a spelling the standard settles: category standard, and correct at level lenient.
  assert.equal(misspelled.body.category, 'standard');
  assert.deepEqual((await get(SPELL_WORD + qs({ word: 'पानि', level: 'lenient' }))).body, { status: 'correct', corrections: null });
  // A vowel sign too many is a typo at either level.
  const typo = await get(SPELL_WORD + qs({ word: 'अस्पाताल', level: 'lenient' }));
  assert.deepEqual(typo.body, { status: 'misspelled', corrections: typo.body.corrections, category: 'typo' });
  assert.equal(typo.body.corrections[0], 'अस्पताल');
  const badLevel = await get(SPELL_WORD + qs({ word: 'पानि', level: 'strict' }));
  assert.equal(badLevel.status, 400);
  assert.deepEqual(badLevel.body, { error: { code: 'INVALID_PARAMETER', message: "Query parameter 'level' must be one of: standard, lenient" } });

  const unknown = await get(SPELL_WORD + qs({ word: 'ओबामा' }));
  assert.equal(unknown.status, 200);
  assert.deepEqual(unknown.body, { status: 'unknown', corrections: null });

  // Stems with common suffixes are correct (section 1).
  assert.equal((await get(SPELL_WORD + qs({ word: 'नेपालमा' }))).body.status, 'correct');
});

test('spellcheck word: word missing is 400 MISSING_PARAMETER naming it; whitespace inside is INVALID_PARAMETER', { skip }, async () => {
  assert.match(assertShapeA(await get(SPELL_WORD), 400, 'MISSING_PARAMETER', 'word missing'), /'word'/);
  assert.match(assertShapeA(await get(`${SPELL_WORD}?word=`), 400, 'MISSING_PARAMETER', 'word empty'), /'word'/);
  assertShapeA(await get(SPELL_WORD + qs({ word: 'घर छ' })), 400, 'INVALID_PARAMETER', 'two words');
});

// ---- 2.5 / 4.6 romanization ---------------------------------------------

const ROMAN_TEXT = '  mero naam Ram ho, ma Kathmandu ma baschu!\n(qzxvw) ghar 😀 jaanchu... "din" kal?';

test('romanization by text: offsets, statuses, candidates and converted_text follow the rules', { skip }, async () => {
  const dicts = await romanBackers();
  const r = await postJson(ROMAN, { text: ROMAN_TEXT });
  assert.equal(r.status, 200);
  assertRomanResult(r.body, { text: ROMAN_TEXT }, 5, dicts, 'text');
  const byToken = new Map(r.body.tokens.map((t: any) => [t.token, t]));
  for (const w of ['mero', 'naam', 'Ram', 'ho', 'ma', 'Kathmandu', 'baschu', 'qzxvw', 'ghar', 'jaanchu', 'din', 'kal']) {
    assert.ok(byToken.has(w), `token ${w} found in ${JSON.stringify(r.body.tokens.map((t: any) => t.token))}`);
  }
  const nonsense: any = byToken.get('qzxvw');
  assert.equal(nonsense.status, 'unresolved');
  assert.deepEqual(nonsense.candidates, []);
  // The engines are being tuned, but common words of a plain sentence must
  // resolve to something, and some of them have several readings.
  assert.ok(r.body.tokens.filter((t: any) => t.candidates.length > 0).length >= 6, 'most common words resolve');
  assert.ok(
    r.body.tokens.some((t: any) => t.status === 'ambiguous'),
    'some token is ambiguous',
  );
  assert.match(r.body.converted_text, /[\u0900-\u097F]/);
  // The astral character before jaanchu makes UTF-16 and code-point offsets differ.
  const j: any = byToken.get('jaanchu');
  assert.equal(j.start, ROMAN_TEXT.indexOf('jaanchu'));
});

test(
  'romanization: every candidate is backed (a headword with its dictionaries, a form spellcheck accepts, or a news-list word spellcheck has no correction for; a flagged one only last)',
  { skip },
  async () => {
    // Spec 2.5: candidates are "dictionary-backed"; word is a headword and
    // dictionaries names the dictionaries that contain it.
    const dicts = await romanBackers();
    // bisht: news-list बिष्ट, which the spellchecker corrects, after विष्ट and बिस्ट
    const r = await postJson(ROMAN, { text: `${ROMAN_TEXT} bisht sambidhan`, max_candidates: 10 });
    assert.equal(r.status, 200);
    const words = new Map<string, { token: string; dictionaries: string[]; lastOfSeveral: boolean }>();
    for (const t of r.body.tokens) {
      t.candidates.forEach((c: { word: string; dictionaries: string[] }, i: number) => {
        const lastOfSeveral = i > 0 && i === t.candidates.length - 1;
        const seen = words.get(c.word);
        words.set(c.word, { token: t.token, dictionaries: c.dictionaries, lastOfSeveral: lastOfSeveral && (seen?.lastOfSeveral ?? true) });
      });
    }
    assert.ok(words.size > 0);
    const problems: string[] = [];
    const flagged: string[] = [];
    // A form of the word lists that is no headword and that the spellchecker
    // flags is listed only as the last of several candidates (standardFirst).
    const flaggedForm = async (token: string, word: string, lastOfSeveral: boolean): Promise<boolean> => {
      const spell = await get(SPELL_WORD + qs({ word }));
      if (spell.body.status !== 'misspelled') return false;
      flagged.push(word);
      if (!lastOfSeveral) problems.push(`${token} -> ${word}: flagged by the spellchecker but not the last of several candidates`);
      return true;
    };
    for (const [word, { token, dictionaries, lastOfSeveral }] of words) {
      if (dictionaries.length === 0) {
        problems.push(`${token} -> ${word}: dictionaries is empty`);
        continue;
      }
      const entry = await get(WORD + qs({ q: word }));
      if (dictionaries.length === 1 && dictionaries[0] === ATTESTED_WORDLIST) {
        // A word only the news word list has: no entry, and no correction from the spellchecker.
        if (entry.status === 404 && (await flaggedForm(token, word, lastOfSeveral))) continue;
        const spell = await get(SPELL_WORD + qs({ word }));
        if (entry.status !== 404 || spell.body.status !== 'unknown')
          problems.push(`${token} -> ${word}: word-list candidate with entry ${entry.status}, spellcheck ${spell.body.status}`);
        continue;
      }
      if (dictionaries.length === 1 && dictionaries[0] === PRONUNCIATION_LEXICON) {
        // A word only the pronunciation lexicon vouches for: no entry beyond English meanings, and no correction from the spellchecker.
        const spell = await get(SPELL_WORD + qs({ word }));
        const entryDictionaries: string[] = entry.status === 200 ? entry.body.dictionaries : [];
        if (entryDictionaries.some((d) => !ENGLISH_DICTIONARIES.includes(d)) || spell.body.status === 'misspelled')
          problems.push(`${token} -> ${word}: lexicon candidate with entry ${entry.status}, spellcheck ${spell.body.status}`);
        continue;
      }
      for (const d of dictionaries) if (!dicts.has(d)) problems.push(`${token} -> ${word}: unknown dictionary ${d}`);
      // The English dictionaries give meanings, not words to romanize: the entry's other dictionaries are the candidate's.
      const lexicon = entry.status === 200 ? entry.body.dictionaries.filter((d: string) => !ENGLISH_DICTIONARIES.includes(d)) : [];
      if (lexicon.length > 0) {
        if ([...dictionaries].sort().join() !== [...lexicon].sort().join()) {
          problems.push(`${token} -> ${word}: dictionaries ${dictionaries} but the entry says ${entry.body.dictionaries}`);
        }
      } else {
        // Not a headword: it must at least be a form the dictionaries make.
        if (await flaggedForm(token, word, lastOfSeveral)) continue;
        const spell = await get(SPELL_WORD + qs({ word }));
        if (spell.body.status !== 'correct') problems.push(`${token} -> ${word}: no entry and spellcheck says ${spell.body.status}`);
      }
    }
    assert.deepEqual(problems, [], `candidates that are not dictionary-backed:\n${problems.join('\n')}`);
    assert.ok(flagged.includes('बिष्ट'), `flagged forms listed: ${flagged}`);
  },
);

test('romanization by tokens: start/end null, text null, one result per token', { skip }, async () => {
  const dicts = await romanBackers();
  const tokens = ['mero', 'ghar', 'qzxvw', 'din', 'kal'];
  const r = await postJson(ROMAN, { tokens });
  assert.equal(r.status, 200);
  assertRomanResult(r.body, { tokens }, 5, dicts, 'tokens');
  assert.equal(r.body.tokens[2].status, 'unresolved');
  // The same words resolve the same way in text and tokens mode.
  const t = await postJson(ROMAN, { text: tokens.join(' ') });
  assert.deepEqual(
    t.body.tokens.map((x: any) => [x.converted, x.candidates]),
    r.body.tokens.map((x: any) => [x.converted, x.candidates]),
  );
});

test(
  'romanization on the real data: news-list names, English-spelled loanwords, texting habits, the standard spelling, words of real text first, the sentence-final verb',
  { skip },
  async () => {
    const dicts = await romanBackers();
    // a name no dictionary has, backed by the pronunciation lexicon (the news word list has it too)
    const name = await postJson(ROMAN, { tokens: ['nyaupane'] });
    assertRomanResult(name.body, { tokens: ['nyaupane'] }, 5, dicts, 'name');
    const first = name.body.tokens[0].candidates[0];
    assert.equal(first.word, 'न्यौपाने');
    assert.deepEqual(first.dictionaries, [PRONUNCIATION_LEXICON]);
    assert.equal(first.definition_rank, 0);
    // a postposition after a word only the news list has, when nothing matched exactly, but not after
    // a stem typed unlike its usual spellings (wardma: the fuzzy वार्डमा, not वर्ड + मा) nor a one-akshara
    // fragment of the list (file: the loanword फाइल, not फि + ले)
    const news = (await postJson(ROMAN, { tokens: ['hawahurima', 'wardma'] })).body.tokens;
    assert.deepEqual(
      news.map((t: any) => t.converted),
      ['हावाहुरीमा', 'वार्डमा'],
    );
    assert.equal((await postJson(ROMAN, { tokens: ['file'] })).body.tokens[0].converted, 'फाइल');
    assert.deepEqual(news[0].candidates[0].dictionaries, [ATTESTED_WORDLIST]);
    // a loanword typed the English way: converted alone, and in running text among Nepali words when
    // a list writes it in Devanagari (issue 21): the news word list, or the pronunciation lexicon, whose
    // Latin spellings are exact aliases (office: अफिस)
    const alone = await postJson(ROMAN, { tokens: ['report'] });
    assert.equal(alone.body.tokens[0].converted, 'रिपोर्ट');
    // read as Nepali says it (english.ts), or a Latin spelling the pronunciation lexicon gives it
    assert.ok(
      ['english', 'latin-spelling'].some((k) => alone.body.tokens[0].candidates[0].kinds.includes(k)),
      JSON.stringify(alone.body.tokens[0].candidates[0]),
    );
    const mixed = await postJson(ROMAN, { text: 'mero report kaha cha' });
    assert.equal(mixed.body.converted_text, 'मेरो रिपोर्ट कहाँ छ');
    // phone by its reading, battery by its consonant skeleton (the news list's ब्याट्री, one vowel edit away)
    const battery = (await postJson(ROMAN, { text: 'mero phone ko battery sakiyo' })).body;
    assert.equal(battery.converted_text, 'मेरो फोन को ब्याट्री सकियो');
    assert.ok(battery.tokens[3].candidates[0].kinds.includes('english'));
    assert.equal(battery.tokens[3].candidates[0].alias, 'battery', 'the English spelling is the alias');
    // ... unless a Nepali postposition is joined to it
    assert.equal((await postJson(ROMAN, { text: 'cancerko upachar garna sakincha' })).body.converted_text.split(' ')[0], 'क्यान्सरको');
    // an English clause stays English whole, though to and boss spell Nepali words too (टो, बोस)
    assert.equal((await postJson(ROMAN, { text: 'I sent the report to my boss' })).body.converted_text, 'I sent the report to my boss');
    assert.equal((await postJson(ROMAN, { text: 'ma office ma chu, I will call you later' })).body.converted_text, 'म अफिस मा छु, I will call you later');
    // the emphatic -ai is Nepali: chittai is छिट्टै, not an English reading (चिते) kept as English
    const chittai = (await postJson(ROMAN, { text: 'hami chittai bhetaunla' })).body.tokens[1];
    assert.equal(chittai.converted, 'छिट्टै');
    assert.ok(!chittai.candidates.some((c: any) => c.kinds.includes('english')));
    // English words ending in -le, -ma and Nepali stems in -a are not read as loanword + postposition
    for (const w of ['cycle', 'baccale']) {
      const t = (await postJson(ROMAN, { tokens: [w] })).body.tokens[0];
      assert.ok(!t.candidates.some((c: any) => c.kinds.includes('english') && c.word.endsWith('ले')), `${w}: ${JSON.stringify(t.candidates)}`);
    }
    // a news-list spelling the spellchecker corrects is listed, after the ranked candidates only;
    // a token whose only reading is such a form (सद्देकोमा: oblique-genitive) stays unresolved
    const bisht = (await postJson(ROMAN, { tokens: ['bisht', 'sadekoma'] })).body.tokens;
    assert.equal(bisht[0].candidates.at(-1).word, 'बिष्ट');
    assert.notEqual(bisht[0].converted, 'बिष्ट');
    assert.equal(bisht[1].status, 'unresolved');
    // व between vowels typed b, as Nepali says it: the adverb केवल, which real text uses more, before केबल (cable)
    assert.equal((await postJson(ROMAN, { tokens: ['kebal'] })).body.tokens[0].converted, 'केवल');
    // real text's own spelling of a word the hunspell list spells otherwise (विन्दु) takes its place
    assert.equal((await postJson(ROMAN, { tokens: ['bindu'] })).body.tokens[0].converted, 'बिन्दु');
    // a word typed alone that nothing matches: the words one edit of its fuzzy key away, a vowel slip or a
    // letter left out before a consonant put for another (tewari: तिवारी, not त्यसरी); in running text kept as typed
    assert.equal((await postJson(ROMAN, { tokens: ['shretha'] })).body.tokens[0].converted, 'श्रेष्ठ');
    assert.equal((await postJson(ROMAN, { tokens: ['tewari'] })).body.tokens[0].converted, 'तिवारी');
    // a dictionary word the token spells only loosely (बसनीत, three casual steps) does not stop the guesses (बस्नेत);
    // one spelled in a usual way does (ramro: राम्रो, and not हाम्रो, one letter away)
    const basneet = (await postJson(ROMAN, { tokens: ['basneet'] })).body.tokens[0];
    assert.equal(basneet.converted, 'बसनीत');
    assert.ok(
      basneet.candidates.some((c: { word: string }) => c.word === 'बस्नेत'),
      JSON.stringify(basneet.candidates),
    );
    // real text's spelling of a match where the standard spells otherwise, listed after it (never first, never in a text)
    const twins = (await postJson(ROMAN, { tokens: ['lekhnus', 'ankapatra'] })).body.tokens;
    assert.deepEqual(
      twins.map((t: { candidates: { word: string }[] }) => t.candidates.map((c) => c.word)),
      [
        ['लेख्नुस्', 'लेख्नुस'],
        ['अङ्कपत्र', 'अंकपत्र'],
      ],
    );
    assert.equal((await postJson(ROMAN, { text: 'yo chithi lekhnus' })).body.converted_text, 'यो चिठी लेख्नुस्');
    // and it gives the one last-resort place to a flagged word of an earlier stage (काठमाण्डु of the news list)
    const kathmandu = (await postJson(ROMAN, { tokens: ['kathmandu'], max_candidates: 10 })).body.tokens[0].candidates.map((c: { word: string }) => c.word);
    assert.deepEqual(kathmandu, ['काठमाण्डू', 'काठमाण्डु']);
    const ramro = (await postJson(ROMAN, { tokens: ['ramro'], max_candidates: 10 })).body.tokens[0];
    assert.equal(ramro.converted, 'राम्रो');
    assert.ok(!ramro.candidates.some((c: { word: string }) => c.word === 'हाम्रो'), JSON.stringify(ramro.candidates));
    // running text gets no guesses (publish is one edit from पुलिस), but the news list's loanword by its
    // consonant skeleton, one vowel edit from the reading (पब्लिस, as रिजल्ट beside it)
    assert.equal((await postJson(ROMAN, { text: 'result publish bhayo' })).body.converted_text, 'रिजल्ट पब्लिस भयो');
    // with a postposition too: the stems' use decides (बिन्दु over विन्दु)
    assert.equal((await postJson(ROMAN, { tokens: ['binduma'] })).body.tokens[0].converted, 'बिन्दुमा');
    // a respelled form whose standard spelling no list has: that spelling, backed by the stem (भुटेको)
    assert.deepEqual(
      (await postJson(ROMAN, { tokens: ['bhutekoma'] })).body.tokens[0].candidates.map((c: { word: string }) => c.word),
      ['भुटेकामा', 'भुटेकोमा'],
    );
    // a headword plus a postposition ranks by its headword's use in real text: the river, not the pulse (नाडीमा)
    assert.equal((await postJson(ROMAN, { tokens: ['nadima'] })).body.tokens[0].converted, 'नदीमा');
    // a correlative of manner or degree opens its clause: the pronoun after it is no postposition, नै may follow
    assert.equal((await postJson(ROMAN, { text: 'jati ma padhchhu, tyati ma bujhchhu.' })).body.converted_text, 'जति म पढ्छु, त्यति म बुझ्छु.');
    assert.equal((await postJson(ROMAN, { text: 'tyasari nai garchhu' })).body.converted_text, 'त्यसरी नै गर्छु');
    // texting: x for छ, k for के
    assert.equal((await postJson(ROMAN, { text: 'k xa' })).body.converted_text, 'के छ');
    // the Academy's spelling first: tadbhav hrasva, pronoun dirgha
    assert.equal((await postJson(ROMAN, { text: 'u thulo cha' })).body.converted_text, 'ऊ ठुलो छ');
    // a word real text uses before a rare form of the word list typed more closely; the chandrabindu
    // left out inside a word; the finite verb ending a sentence takes its halanta
    assert.equal((await postJson(ROMAN, { tokens: ['kanoon'] })).body.tokens[0].converted, 'कानुन');
    assert.equal((await postJson(ROMAN, { tokens: ['jadai'] })).body.tokens[0].converted, 'जाँदै');
    assert.equal((await postJson(ROMAN, { text: 'usle topi lagain.' })).body.converted_text, 'उसले टोपी लगाइन्.');
    // before a verb that takes an infinitive the word is that infinitive, without the finite form's halanta;
    // ending its sentence, the finite form
    assert.equal((await postJson(ROMAN, { text: 'yo sahi hun sakchha. uniharu neta hun.' })).body.converted_text, 'यो सही हुन सक्छ. उनीहरू नेता हुन्.');
    assert.equal((await postJson(ROMAN, { text: 'kaam hun thalyo' })).body.converted_text, 'काम हुन थाल्यो');
    // and agrees in person with the subject pronoun (the verb alone: as ranked)
    assert.equal((await postJson(ROMAN, { text: 'maile kaam gare. hami ghar gayau.' })).body.converted_text, 'मैले काम गरेँ. हामी घर गयौँ.');
    assert.equal((await postJson(ROMAN, { text: 'hamile khana khayau.' })).body.converted_text, 'हामीले खाना खायौँ.');
    assert.equal((await postJson(ROMAN, { tokens: ['gare'] })).body.tokens[0].converted, 'गरे');
    // a postposition after an infinitive the dictionaries make (बुझ्न): the join the spellchecker reads,
    // not the news list's misspelled वुझ्नलै
    const infinitive = (await postJson(ROMAN, { tokens: ['bujhnalai', 'bujhnako'] })).body.tokens;
    assert.deepEqual(
      infinitive.map((t: any) => t.converted),
      ['बुझ्नलाई', 'बुझ्नको'],
    );
    // between two news-list spellings of one word, the one the spellchecker accepts (दीर्घ + कालीन), not the
    // code point order's short vowel; a word of its own (the name निशा, the ward वडा) keeps its place
    const variants = (await postJson(ROMAN, { tokens: ['dirghakalin', 'samkalin', 'nisha', 'wada'] })).body.tokens;
    assert.deepEqual(
      variants.map((t: any) => t.converted),
      ['दीर्घकालीन', 'समकालीन', 'निशा', 'वडा'],
    );
    assert.ok(
      variants[0].candidates.some((c: any) => c.word === 'दिर्घकालिन'),
      'the other spelling is still listed',
    );
    // the standard's fifth letter before a stop before the word list's anusvara spelling of the same word
    const fifth = (await postJson(ROMAN, { tokens: ['sambhav', 'sambandhi', 'shanka'] })).body.tokens;
    assert.deepEqual(
      fifth.map((t: any) => t.converted),
      ['सम्भव', 'सम्बन्धी', 'शङ्का'],
    );
    assert.ok(
      fifth[0].candidates.some((c: any) => c.word === 'संभव'),
      'the anusvara spelling is still listed',
    );
    // a lower-case initialism of the word lists, read letter by letter: alone, and among Nepali words
    const kc = (await postJson(ROMAN, { tokens: ['kc'] })).body.tokens[0];
    assert.equal(kc.converted, 'केसी');
    assert.ok(kc.candidates[0].kinds.includes('english'));
    assert.equal((await postJson(ROMAN, { text: 'mero naam kc ho' })).body.converted_text, 'मेरो नाम केसी हो');
  },
);

test('romanization: max_candidates 1 gives at most one candidate and the same selection; 10 is accepted', { skip }, async () => {
  const dicts = await romanBackers();
  const five = await postJson(ROMAN, { text: ROMAN_TEXT });
  const one = await postJson(ROMAN, { text: ROMAN_TEXT, max_candidates: 1 });
  assert.equal(one.status, 200);
  assertRomanResult(one.body, { text: ROMAN_TEXT }, 1, dicts, 'max_candidates 1');
  assert.ok(one.body.tokens.every((t: any) => t.status !== 'ambiguous'));
  assert.deepEqual(
    one.body.tokens.map((t: any) => t.converted),
    five.body.tokens.map((t: any) => t.converted),
    'the selection does not depend on the limit',
  );
  assert.equal(one.body.converted_text, five.body.converted_text);
  const ten = await postJson(ROMAN, { text: ROMAN_TEXT, max_candidates: 10 });
  assert.equal(ten.status, 200);
  assertRomanResult(ten.body, { text: ROMAN_TEXT }, 10, dicts, 'max_candidates 10');
  for (let i = 0; i < five.body.tokens.length; i++) {
    assert.deepEqual(ten.body.tokens[i].candidates.slice(0, 5), five.body.tokens[i].candidates, 'a larger limit extends the same ranking');
  }
});

test('romanization: max_candidates 0, 11 and non-integers are 400 Shape B', { skip }, async () => {
  for (const bad of [0, 11, -1, 1.5, '5', true]) {
    const r = await postJson(ROMAN, { text: 'mero ghar', max_candidates: bad });
    assert.equal(assertShapeB(r, `max_candidates ${JSON.stringify(bad)}`), "Field 'max_candidates' must be an integer between 1 and 10");
  }
});

test("romanization: neither input is the spec's Shape B; both inputs and wrong types are Shape B too", { skip }, async () => {
  assert.equal(assertShapeB(await postJson(ROMAN, {}), 'neither'), "Provide either 'text' or 'tokens'");
  assert.equal(assertShapeB(await postJson(ROMAN, { max_candidates: 3 }), 'neither'), "Provide either 'text' or 'tokens'");
  assert.equal(assertShapeB(await postJson(ROMAN, { text: null, tokens: null }), 'both null'), "Provide either 'text' or 'tokens'");
  assert.equal(assertShapeB(await postJson(ROMAN, { text: 'mero', tokens: ['mero'] }), 'both'), "Provide either 'text' or 'tokens', not both");
  assert.equal(assertShapeB(await postJson(ROMAN, { tokens: 'mero' }), 'tokens string'), "Field 'tokens' must be an array of strings");
  assert.equal(assertShapeB(await postJson(ROMAN, { tokens: ['mero', 5] }), 'tokens mixed'), "Field 'tokens' must be an array of strings");
  assert.equal(assertShapeB(await postJson(ROMAN, { text: 7 }), 'text number'), "Field 'text' must be a string");
  assert.match(assertShapeB(await postJson(ROMAN, { text: 'a'.repeat(10_001) }), 'long text'), /exceeds 10000 characters/);
});

// ---- 2.6 / 2.7 health and up --------------------------------------------

test('health: every field of 2.6, healthy on the real data', { skip }, async () => {
  const r = await get('/api/v1/health');
  assert.equal(r.status, 200);
  assert.deepEqual(
    Object.keys(r.body).sort(),
    ['cache', 'database', 'memory', 'pool', 'status', 'version'],
    'no issues field when healthy (pool and memory are extras)',
  );
  assert.equal(r.body.status, 'healthy');
  assert.equal(r.body.version, 'v1');
  assert.deepEqual(Object.keys(r.body.database).sort(), ['connected', 'entries_count', 'words_count']);
  assert.equal(r.body.database.connected, true);
  assert.ok(Number.isInteger(r.body.database.entries_count) && r.body.database.entries_count > 0);
  assert.ok(Number.isInteger(r.body.database.words_count) && r.body.database.words_count > 0);
  assert.deepEqual(Object.keys(r.body.cache).sort(), ['bloom_filter', 'lru_cache_hits', 'lru_cache_misses']);
  assert.equal(r.body.cache.bloom_filter, true);
  assert.ok(Number.isInteger(r.body.cache.lru_cache_hits) && r.body.cache.lru_cache_hits >= 0);
  assert.ok(Number.isInteger(r.body.cache.lru_cache_misses) && r.body.cache.lru_cache_misses >= 0);
  assert.deepEqual(Object.keys(r.body.pool).sort(), [
    'admitted',
    'cancelled',
    'job_ms',
    'queued',
    'refused',
    'refused_waiting',
    'running',
    'timed_out',
    'workers',
  ]);
  assert.equal(r.body.pool.workers, 2);
  // Every engine cache, bounded: summed over the main thread and the two workers.
  assert.equal(r.body.memory.threads, 3);
  assert.ok(r.body.memory.rss_anon_mib > 0 && r.body.memory.rss_file_mib > 0);
  assert.ok(r.body.memory.heap_mib > 0 && r.body.memory.heap_committed_mib >= r.body.memory.heap_mib, 'committed heap holds the used heap');
  assert.ok(r.body.memory.external_mib >= 0);
  const caches = r.body.memory.caches as Record<string, { entries: number; mib: number; budget_mib: number }>;
  for (const name of ['spell.results', 'spell.storeForms', 'roman.analyses', 'roman.wordFacts', 'spell.shared']) assert.ok(caches[name], `${name} is reported`);
  // The threads' own caches share each thread's CACHE_MB; the one table they all share is its own (a 16th of it, and its slots).
  const { 'spell.shared': shared, ...own } = caches;
  const budget = Object.values(own).reduce((n, c) => n + c.budget_mib, 0);
  assert.ok(Math.abs(budget - 3 * r.body.memory.cache_budget_mib) < 1, `the shares add up to the threads' budgets (${budget})`);
  assert.ok(Math.abs(shared!.budget_mib - r.body.memory.cache_budget_mib * (1 / 16 + 1 / 64)) < 0.1, `the shared table's size (${shared!.budget_mib} MiB)`);
  // A cache may hold more than its share while the others of its thread leave theirs unused: the threads' budgets bound the sum.
  const held = Object.values(own).reduce((n, c) => n + c.mib, 0);
  assert.ok(held <= 3 * r.body.memory.cache_budget_mib, `the threads' caches within their budgets (${held} MiB)`);
  assert.ok(shared!.mib <= shared!.budget_mib, 'the shared table within its size');
});

test("health of a service just started: counters at zero (the warm-up is not counted), every thread's heap and caches already shown", { skip }, async () => {
  const fresh = await startTestService();
  try {
    const h = (await (await fetch(`${fresh.base}/api/v1/health`)).json()) as {
      cache: { lru_cache_hits: number; lru_cache_misses: number };
      memory: { threads: number; heap_mib: number; caches: Record<string, { entries: number }> };
    };
    assert.deepEqual([h.cache.lru_cache_hits, h.cache.lru_cache_misses], [0, 0]);
    assert.equal(h.memory.threads, 3);
    // Three warmed threads: well over one thread's heap, and the warm-up's cache entries.
    assert.ok(h.memory.heap_mib > 30, `heap ${h.memory.heap_mib} MiB`);
    assert.ok(h.memory.caches['spell.results']!.entries > 0);
  } finally {
    await fresh.close();
  }
});

test('health: the LRU counters grow with spellcheck requests', { skip }, async () => {
  const before = (await get('/api/v1/health')).body.cache;
  // Words this file checks nowhere else, so the first request misses; the
  // same text sent again hits on whichever thread has seen it (at most two
  // pool threads plus the main thread, so four sends repeat on one of them).
  const text = 'सुन्दर बगैँचामा फूलहरू फुलेका छन्।';
  for (let i = 0; i < 4; i++) assert.equal((await postJson(SPELL_TEXT, { text })).status, 200);
  const afterText = (await get('/api/v1/health')).body.cache;
  assert.ok(afterText.lru_cache_misses > before.lru_cache_misses, `misses grew: ${JSON.stringify(before)} -> ${JSON.stringify(afterText)}`);
  assert.ok(afterText.lru_cache_hits > before.lru_cache_hits, `hits grew: ${JSON.stringify(before)} -> ${JSON.stringify(afterText)}`);
  for (let i = 0; i < 4; i++) await get(SPELL_WORD + qs({ word: 'बगैँचा' }));
  const afterWord = (await get('/api/v1/health')).body.cache;
  assert.ok(
    afterWord.lru_cache_hits + afterWord.lru_cache_misses > afterText.lru_cache_hits + afterText.lru_cache_misses,
    'spellcheck word uses the cache too',
  );
});

test('metrics on the real service: the pool, the engine caches and memory apart for heaps and the mapped store', { skip }, async () => {
  assert.equal((await postJson(SPELL_TEXT, { text: 'मेरो घर नेपालमा छ।' })).status, 200);
  const r = await fetch(`${svc!.base}/metrics`);
  assert.equal(r.status, 200);
  const families = new Map(parsePrometheusTextFormat(await r.text()).map((f) => [f.name, f]));
  const value = (name: string, labels: Record<string, string> = {}): number => {
    const m = families.get(name)?.metrics.find((x) => Object.entries(labels).every(([k, v]) => x.labels?.[k] === v));
    assert.ok(m?.value !== undefined, `${name} ${JSON.stringify(labels)}`);
    return Number(m.value);
  };
  assert.equal(value('nls_pool_workers'), 2);
  assert.equal(value('nls_threads'), 3);
  assert.ok(value('nls_pool_utilisation') >= 0 && value('nls_pool_utilisation') <= 1);
  assert.ok(value('nls_memory_rss_anon_bytes') > 50 * 2 ** 20, 'anonymous memory');
  assert.ok(value('nls_memory_rss_file_bytes') > 10 * 2 ** 20, 'the mapped store, apart');
  assert.ok(value('nls_memory_heap_committed_bytes') >= value('nls_memory_heap_used_bytes'));
  assert.ok(value('nls_cache_budget_bytes', { cache: 'spell.results' }) > 0);
  assert.ok(value('nls_cache_entries', { cache: 'spell.results' }) > 0);
  assert.ok(value('nls_cache_budget_bytes', { cache: 'spell.shared' }) > 0);
  assert.ok(value('nls_cache_entries', { cache: 'spell.shared' }) >= 0);
  assert.ok(value('nls_spell_cache_misses_total') > 0);
  assert.ok(value('nls_pool_jobs_admitted_total') >= 0);
  assert.equal(value('nls_degraded'), 0);
});

test('up: 200 {"status":"ok"}; HEAD answers the same status without a body', { skip }, async () => {
  const r = await get('/up');
  assert.equal(r.status, 200);
  assert.deepEqual(r.body, { status: 'ok' });
  const head = await fetch(`${svc!.base}/up`, { method: 'HEAD' });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
});

// ---- transport, errors, CORS, routing -----------------------------------

test('malformed JSON is 400 Shape B on both POST endpoints', { skip }, async () => {
  for (const path of [SPELL_TEXT, ROMAN]) {
    for (const body of ['{"text":', '{text: "x"}', '{"text":"घर"} trailing']) {
      const r = await call(svc!.base, 'POST', path, { body });
      assert.equal(assertShapeB(r, `${path} ${body}`), 'Request body is not valid JSON');
    }
    const empty = await call(svc!.base, 'POST', path, { body: '' });
    assert.equal(assertShapeB(empty, `${path} empty`), 'Request body is empty; expected a JSON object');
  }
});

test('invalid UTF-8: in a body 400 Shape B; in the query or path 400 INVALID_PARAMETER', { skip }, async () => {
  const port = svc!.port;
  for (const path of [SPELL_TEXT, ROMAN]) {
    const bytes = Buffer.concat([Buffer.from('{"text":"घर '), Buffer.from([0xff, 0xfe, 0xe0, 0xa4]), Buffer.from('"}')]);
    const r = await rawRequest(port, buildRequest('POST', path, { body: bytes }));
    const body = checkRaw(r, `${path} invalid UTF-8`);
    assert.equal(assertShapeB({ status: r.status, body }, 'invalid UTF-8 body'), 'Request body is not valid UTF-8');
  }
  const q = await rawRequest(port, buildRequest('GET', `${WORD}?q=%ff%fe`));
  assertShapeA({ status: q.status, body: checkRaw(q, 'query') }, 400, 'INVALID_PARAMETER', 'invalid UTF-8 in query');
  const p = await rawRequest(port, buildRequest('GET', `${WORD}/%E0%A4`));
  assertShapeA({ status: p.status, body: checkRaw(p, 'path') }, 400, 'INVALID_PARAMETER', 'truncated UTF-8 in path');
});

test('wrong content type is 415 UNSUPPORTED_MEDIA_TYPE; a utf-8 charset is accepted', { skip }, async () => {
  const body = JSON.stringify({ text: 'घर' });
  for (const path of [SPELL_TEXT, ROMAN]) {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1']) {
      assertShapeA(await call(svc!.base, 'POST', path, { body, contentType: ct }), 415, 'UNSUPPORTED_MEDIA_TYPE', `${path} ${ct}`);
    }
    const none = await rawRequest(svc!.port, buildRequest('POST', path, { body, contentType: null }));
    assertShapeA({ status: none.status, body: checkRaw(none, 'no content type') }, 415, 'UNSUPPORTED_MEDIA_TYPE', 'no Content-Type');
    const ok = await call(svc!.base, 'POST', path, { body, contentType: 'application/json; charset=UTF-8' });
    assert.equal(ok.status, 200, `${path} with charset=UTF-8`);
  }
});

test('oversized body is 413 PAYLOAD_TOO_LARGE, from Content-Length or from the bytes', { skip }, async () => {
  const port = svc!.port;
  const big = Buffer.from(JSON.stringify({ text: 'क'.repeat(100_000) })); // ~300 KB > 256 KiB
  const sent = await rawRequest(port, buildRequest('POST', SPELL_TEXT, { body: big }));
  assertShapeA({ status: sent.status, body: checkRaw(sent, '413 body') }, 413, 'PAYLOAD_TOO_LARGE', 'big body');
  const declared = await rawRequest(port, buildRequest('POST', ROMAN, { body: '{"text":"x"}', length: 1_000_000 }));
  assertShapeA({ status: declared.status, body: checkRaw(declared, '413 declared') }, 413, 'PAYLOAD_TOO_LARGE', 'declared length');
  // The service still answers afterwards.
  assert.equal((await get('/up')).status, 200);
});

test('an aborted upload leaves the service answering', { skip }, async () => {
  await new Promise<void>((resolve, reject) => {
    const sock = connect(svc!.port, '127.0.0.1', () => {
      sock.write(buildRequest('POST', SPELL_TEXT, { body: '{"text":"घर', length: 5_000 }), () => {
        sock.destroy();
        resolve();
      });
    });
    sock.on('error', reject);
  });
  const r = await postJson(SPELL_TEXT, { text: 'घर' });
  assert.equal(r.status, 200);
});

test('CORS: preflight answered 204 with methods and headers; rate-limit headers exposed', { skip }, async () => {
  const r = await fetch(`${svc!.base}${SPELL_TEXT}`, {
    method: 'OPTIONS',
    headers: { Origin: 'https://example.org', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
  });
  assert.equal(r.status, 204);
  assert.equal(r.headers.get('access-control-allow-origin'), '*');
  assert.match(r.headers.get('access-control-allow-methods') ?? '', /\bPOST\b/);
  const allowHeaders = (r.headers.get('access-control-allow-headers') ?? '').toLowerCase();
  assert.ok(allowHeaders.includes('content-type') && allowHeaders.includes('x-api-key'));
  const exposed = (await get('/up')).headers.get('access-control-expose-headers') ?? '';
  for (const h of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']) assert.ok(exposed.includes(h), `exposes ${h}`);
});

test('unknown routes are 404 NOT_FOUND; a known path with another method is 405 with Allow', { skip }, async () => {
  // GET / is the playground page (test/http/playground.test.ts); /index.html and /playground/ are not routes.
  for (const path of ['/api/v1/nope', '/api/v2/health', '/index.html', '/playground/', '/api/v1/dictionary', '/api/v1/dictionary/word/x/y']) {
    assertShapeA(await get(path), 404, 'NOT_FOUND', path);
  }
  const cases: [string, string, RegExp, RegExp][] = [
    ['DELETE', SPELL_TEXT, /\bPOST\b/, /\bGET\b/],
    ['GET', ROMAN, /\bPOST\b/, /\bGET\b/],
    ['POST', '/api/v1/health', /\bGET\b/, /\bPOST\b/],
    ['PUT', WORD, /\bGET\b/, /\bPUT\b/],
    ['POST', '/up', /\bGET\b/, /\bPOST\b/],
  ];
  for (const [method, path, allowed, notAllowed] of cases) {
    const r = await call(svc!.base, method, path, method === 'GET' || method === 'DELETE' ? {} : { body: '{}' });
    assertShapeA(r, 405, 'METHOD_NOT_ALLOWED', `${method} ${path}`);
    const allow = r.headers.get('allow') ?? '';
    assert.match(allow, allowed, `${method} ${path} Allow: ${allow}`);
    assert.doesNotMatch(allow, notAllowed, `${method} ${path} Allow: ${allow}`);
  }
});

const V2_PATHS = ['check', 'configinfo', 'healthcheck', 'info', 'languages', 'maxtextlength'].map((name) => `/v2/${name}`);

test('OpenAPI 3.1 document lists every path, including the designed parts', { skip }, async () => {
  const r = await get('/api/v1/openapi.json');
  assert.equal(r.status, 200);
  assert.match(r.body.openapi, /^3\.1\./);
  assert.deepEqual(Object.keys(r.body.paths).sort(), [
    '/',
    '/api/v1/dictionary/batch',
    '/api/v1/dictionary/english',
    '/api/v1/dictionary/examples',
    '/api/v1/dictionary/suggest',
    '/api/v1/dictionary/word',
    '/api/v1/dictionary/word/{word}',
    '/api/v1/health',
    '/api/v1/live',
    '/api/v1/openapi.json',
    '/api/v1/romanization/batch',
    '/api/v1/romanization/document',
    '/api/v1/romanization/resolve',
    '/api/v1/spellcheck/batch',
    '/api/v1/spellcheck/document',
    '/api/v1/spellcheck/text',
    '/api/v1/spellcheck/word',
    '/metrics',
    '/playground/{file}',
    '/up',
    // LanguageTool's API for editors (docs/editors.md), by GET and POST.
    ...V2_PATHS,
  ]);
  for (const path of V2_PATHS) assert.ok(r.body.paths[path].get?.responses['200'] && r.body.paths[path].post?.responses['200'], `${path} by GET and POST`);
  const methods: Record<string, string> = {
    '/': 'get',
    '/api/v1/dictionary/batch': 'post',
    '/api/v1/dictionary/examples': 'get',
    '/api/v1/dictionary/suggest': 'get',
    '/api/v1/dictionary/word': 'get',
    '/api/v1/dictionary/word/{word}': 'get',
    '/api/v1/health': 'get',
    '/api/v1/openapi.json': 'get',
    '/api/v1/romanization/batch': 'post',
    '/api/v1/romanization/document': 'post',
    '/api/v1/romanization/resolve': 'post',
    '/api/v1/spellcheck/batch': 'post',
    '/api/v1/spellcheck/document': 'post',
    '/api/v1/spellcheck/text': 'post',
    '/api/v1/spellcheck/word': 'get',
    '/metrics': 'get',
    '/playground/{file}': 'get',
    '/up': 'get',
  };
  for (const [path, method] of Object.entries(methods)) {
    const op = r.body.paths[path][method];
    assert.ok(op, `${method.toUpperCase()} ${path} documented`);
    assert.ok(op.responses?.['200'], `${path} documents its 200`);
  }
  // The word look-up documents its three 200 bodies (plain, variants,
  // multi_dict), written as $refs into components.
  const deref = (x: unknown): unknown =>
    JSON.parse(JSON.stringify(x), (_k, v) => {
      if (v && typeof v === 'object' && typeof v.$ref === 'string' && v.$ref.startsWith('#/components/schemas/')) {
        return deref(r.body.components.schemas[v.$ref.slice('#/components/schemas/'.length)]);
      }
      return v;
    });
  const wordOk = JSON.stringify(deref(r.body.paths['/api/v1/dictionary/word'].get.responses['200']));
  for (const f of ['split_definitions', 'variants', 'differences', 'results']) assert.ok(wordOk.includes(f), `word 200 documents ${f}`);
  assert.ok(r.body.paths['/api/v1/dictionary/word'].get.responses['404']);
  for (const p of ['/api/v1/spellcheck/text', '/api/v1/romanization/resolve']) {
    for (const s of ['400', '413', '415', '429']) assert.ok(r.body.paths[p].post.responses[s], `${p} documents ${s}`);
  }
});

// ---- 5 / 8 rate limits and partners --------------------------------------

test(
  'rate limits: 429 with retry_after and Retry-After; probes exempt; partner keys bypass or get their own limit; unknown key 401',
  { skip, timeout: 60_000 },
  async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-keys-'));
    const unlimitedKey = 'contract-unlimited-partner-key-01';
    const smallKey = 'contract-small-partner-key-0002';
    const file = join(dir, 'partners.json');
    // The two entry forms of docs/api.md: the key itself, and its SHA-256.
    writeFileSync(
      file,
      JSON.stringify({
        keys: [
          { name: 'lab', key: unlimitedKey, per_minute: null },
          { name: 'acme', key_sha256: createHash('sha256').update(smallKey).digest('hex'), per_minute: 2, per_day: 100 },
        ],
      }),
    );
    const limited = await startTestService({ rateLimitPerMinute: 3, rateLimitPerDay: 1000, partnerKeysFile: file });
    t.after(async () => {
      await limited.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const path = SUGGEST + qs({ q: 'घर' });
    const req = (headers?: Record<string, string>) => call(limited.base, 'GET', path, { headers });

    // An unknown key: 401 Shape A (and, as documented, it counts against the address).
    const unknown = await req({ 'X-API-Key': 'not-a-partner-key-at-all' });
    assertShapeA(unknown, 401, 'UNAUTHORIZED', 'unknown key');

    const anon: CallResult[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await req();
      anon.push(r);
      if (r.status === 429) break;
    }
    const served = anon.filter((r) => r.status === 200);
    assert.equal(served.length, 2, 'three a minute, one spent by the 401');
    for (const r of served) {
      assert.equal(r.headers.get('ratelimit-limit'), '3');
      assert.match(r.headers.get('ratelimit-remaining') ?? '', /^\d+$/);
      assert.match(r.headers.get('ratelimit-reset') ?? '', /^\d+$/);
    }
    assert.equal(served[1]!.headers.get('ratelimit-remaining'), '0');
    const refused = anon[anon.length - 1]!;
    assertShapeA(refused, 429, 'RATE_LIMIT_EXCEEDED', 'anonymous over the limit');
    const retry = refused.body.error.retry_after;
    assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `retry_after ${retry}`);
    assert.equal(refused.headers.get('retry-after'), String(retry));
    assert.equal(refused.headers.get('ratelimit-remaining'), '0', 'the 429 reports the spent quota too');
    // Every operation is limited, POSTs included.
    assertShapeA(await call(limited.base, 'POST', SPELL_TEXT, { body: JSON.stringify({ text: 'घर' }) }), 429, 'RATE_LIMIT_EXCEEDED', 'POST limited');
    // Probes are neither counted nor refused.
    assert.equal((await call(limited.base, 'GET', '/up')).status, 200);
    assert.equal((await call(limited.base, 'GET', '/api/v1/health')).status, 200);

    // An unlimited partner is served while the address is spent, without quota headers.
    for (let i = 0; i < 6; i++) {
      const r = await req({ 'X-API-Key': unlimitedKey });
      assert.equal(r.status, 200, `unlimited partner request ${i + 1}`);
      assert.equal(r.headers.get('ratelimit-limit'), null);
    }
    // A partner with its own limit is counted per key.
    const small = [await req({ 'X-API-Key': smallKey }), await req({ 'X-API-Key': smallKey }), await req({ 'X-API-Key': smallKey })];
    assert.deepEqual(
      small.map((r) => r.status),
      [200, 200, 429],
    );
    assert.equal(small[0]!.headers.get('ratelimit-limit'), '2');
    assert.ok(Number.isInteger(small[2]!.body.error.retry_after));
    // The anonymous address is still spent.
    assert.equal((await req()).status, 429);
  },
);
