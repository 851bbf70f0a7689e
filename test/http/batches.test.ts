// POST /api/v1/{spellcheck,romanization,dictionary}/batch over the fake
// services: a line per item (result, detail or error) with its id and index,
// invalid items not failing the others, body errors in Shape B, a failed job
// reported on each of its items, and the rate limits (every item a request;
// the items over the quota answered 429 line by line).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Lines, LinesJobOptions, LinesTask, Outcome } from '../../src/dispatch/services.js';
import { MAX_BATCH_ITEMS } from '../../src/schemas/batch.js';
import { startTestServer } from './harness.js';

async function batch(
  base: string,
  kind: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; lines: any[] }> {
  const r = await fetch(`${base}/api/v1/${kind}/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await r.text();
  const lines =
    r.headers.get('content-type') === 'application/x-ndjson'
      ? text
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l))
      : [JSON.parse(text)];
  return { status: r.status, headers: r.headers, lines };
}

const byIndex = (lines: any[]) => [...lines].sort((a, b) => a.index - b.index);

test('spellcheck batch: texts and words answered as their endpoints would, invalid items said, the others answered', async (t) => {
  const s = await startTestServer(t);
  const single = await (
    await fetch(`${s.base}/api/v1/spellcheck/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'घर दिनन' }),
    })
  ).json();
  const word = await (await fetch(`${s.base}/api/v1/spellcheck/word?word=${encodeURIComponent('नेपालि')}`)).json();
  const r = await batch(s.base, 'spellcheck', {
    items: [
      { id: 'a', text: 'घर दिनन' },
      { id: 7, word: 'नेपालि' },
      { id: 'both', text: 'घर', word: 'घर' },
      { id: 'neither' },
      { text: 'घर' },
      { id: 'long', text: 'घर '.repeat(1001) },
      'not an object',
      { id: 'space', word: 'घर घर' },
      { id: 'last', word: 'घर' },
    ],
  });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'application/x-ndjson');
  const lines = byIndex(r.lines);
  assert.deepEqual(
    lines.map((l) => l.index),
    [0, 1, 2, 3, 4, 5, 6, 7, 8],
  );
  assert.deepEqual(lines[0], { id: 'a', index: 0, result: single });
  assert.deepEqual(lines[1], { id: 7, index: 1, result: word });
  assert.deepEqual(lines[2], { id: 'both', index: 2, detail: "Provide either 'text' or 'word', not both" });
  assert.deepEqual(lines[3], { id: 'neither', index: 3, detail: "Provide either 'text' or 'word'" });
  assert.deepEqual(lines[4], { id: null, index: 4, detail: "Field 'id' must be a string of at most 200 characters or an integer" });
  assert.deepEqual(lines[5], { id: 'long', index: 5, detail: 'Text exceeds 1000 words' });
  assert.deepEqual(lines[6], { id: null, index: 6, detail: 'Item must be a JSON object' });
  assert.equal(lines[7].detail, "Field 'word' must be one word (no whitespace) of 1 to 100 characters");
  assert.deepEqual(lines[8], { id: 'last', index: 8, result: { status: 'correct', corrections: null } });
});

test('romanization and dictionary batches: each item as its endpoint; a word no dictionary has is WORD_NOT_FOUND with similar_words', async (t) => {
  const s = await startTestServer(t);
  const roman = byIndex(
    (
      await batch(s.base, 'romanization', {
        items: [
          { id: 1, text: 'ghar din', max_candidates: 1 },
          { id: 2, tokens: ['nepal'] },
          { id: 3, text: 'x', tokens: ['y'] },
          { id: 4, max_candidates: 0, text: 'ghar' },
        ],
      })
    ).lines,
  );
  assert.equal(roman[0].result.converted_text, 'घर दिन');
  assert.equal(roman[0].result.tokens[1].candidates.length, 1);
  assert.equal(roman[1].result.tokens[0].start, null);
  assert.equal(roman[2].detail, "Provide either 'text' or 'tokens', not both");
  assert.equal(roman[3].detail, "Field 'max_candidates' must be an integer between 1 and 10");
  const dict = byIndex((await batch(s.base, 'dictionary', { items: [{ id: 'x', word: ' घर ' }, { id: 'y', word: 'दिनन' }, { id: 'z' }] })).lines);
  assert.equal(dict[0].result.word, 'घर');
  assert.deepEqual(dict[1].error, { code: 'WORD_NOT_FOUND', message: "Word 'दिनन' not found in the dictionary" });
  assert.ok(Array.isArray(dict[1].similar_words) && dict[1].similar_words.includes('दिन'));
  assert.equal(dict[2].detail, "Field 'word' is required");
});

test('a body that is not a batch: 400 in Shape B before any work', async (t) => {
  const s = await startTestServer(t);
  const cases: [string, string][] = [
    ['', 'Request body is empty; expected a JSON object'],
    ['{', 'Request body is not valid JSON'],
    ['[]', 'Request body must be a JSON object'],
    ['{}', "Field 'items' must be a non-empty array"],
    ['{"items": []}', "Field 'items' must be a non-empty array"],
    ['{"items": {}}', "Field 'items' must be a non-empty array"],
    [
      JSON.stringify({ items: Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => ({ id: i, word: 'घर' })) }),
      `Field 'items' has more than ${MAX_BATCH_ITEMS} items`,
    ],
  ];
  for (const [body, detail] of cases) {
    const r = await batch(s.base, 'dictionary', body);
    assert.equal(r.status, 400, detail);
    assert.deepEqual(r.lines[0], { detail });
  }
  assert.equal(s.fake.calls.length, 0);
  const r = await fetch(`${s.base}/api/v1/dictionary/batch`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
  assert.equal(r.status, 415);
});

test('a job that fails as a whole gives each of its items an error line; the other jobs are answered', async (t) => {
  const s = await startTestServer(t);
  const run = s.fake.runLines.bind(s.fake);
  s.fake.runLines = (task: LinesTask, o?: LinesJobOptions): Promise<Outcome<Lines>> =>
    task.name === 'batch' && task.items.some((i) => i.id === 'bad') ? Promise.resolve({ ok: false, code: 'INTERNAL_ERROR', message: 'secret' }) : run(task, o);
  // Long texts go in jobs of their own (about 10,000 characters a job).
  const long = 'किताब '.repeat(999).trim();
  const r = await batch(s.base, 'spellcheck', {
    items: [
      { id: 'ok1', text: long },
      { id: 'ok2', text: long },
      { id: 'bad', text: long },
      { id: 'ok3', word: 'घर' },
    ],
  });
  const lines = byIndex(r.lines);
  assert.ok(lines[0].result && lines[1].result);
  assert.deepEqual(lines[2], { id: 'bad', index: 2, error: { code: 'INTERNAL_ERROR', message: 'Internal server error' } });
  assert.ok(lines[3].result || lines[3].error);
  // The first job refused as overload refuses the batch, before any line.
  s.fake.runLines = run;
  s.fake.failures.runLines = 'SERVICE_UNAVAILABLE';
  const refused = await batch(s.base, 'spellcheck', { items: [{ id: 1, word: 'घर' }, { id: 2 }] });
  assert.equal(refused.status, 503);
  assert.equal(refused.lines[0].error.code, 'SERVICE_UNAVAILABLE');
});

test('rate limits: every item is a request; a batch of 40 from an anonymous client gets 30 answered and 10 RATE_LIMIT_EXCEEDED lines', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 30, rateLimitPerDay: 1000 });
  const items = Array.from({ length: 40 }, (_, i) => (i === 5 ? { id: i } : { id: i, word: i % 2 ? 'घर' : 'दिनन' }));
  const r = await batch(s.base, 'spellcheck', { items });
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('ratelimit-remaining'), '0');
  const lines = byIndex(r.lines);
  assert.equal(lines.length, 40);
  assert.ok(
    lines.slice(0, 30).every((l, i) => (i === 5 ? l.detail : l.result)),
    'the first 30 answered (item 5 is invalid, and counted)',
  );
  for (const l of lines.slice(30)) {
    assert.equal(l.error.code, 'RATE_LIMIT_EXCEEDED');
    assert.ok(l.error.retry_after >= 1 && l.error.retry_after <= 60);
  }
  const next = await batch(s.base, 'spellcheck', { items: [{ id: 1, word: 'घर' }] });
  assert.equal(next.status, 429, 'the quota is spent');
  // A batch within the quota: every item answered, each counted.
  const t2 = await startTestServer(t, { rateLimitPerMinute: 30, rateLimitPerDay: 1000 });
  const r2 = await batch(t2.base, 'dictionary', { items: Array.from({ length: 29 }, (_, i) => ({ id: i, word: 'घर' })) });
  assert.equal(r2.headers.get('ratelimit-remaining'), '1', '29 items: 29 requests');
  assert.ok(r2.lines.every((l) => l.result));
});
