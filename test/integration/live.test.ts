// /api/v1/live on the real data: a text typed and edited word by word gets,
// at every step, exactly the REST answer, though the connection asks the
// engines only for the words it has not seen (spellcheck) and keeps its
// recent answers (romanization).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { LiveClient } from '../http/live-client.js';
import { SKIP_WITHOUT_DATA } from './real-data.js';
import { startTestService, type TestService } from './service.js';

let svc: TestService;
let client: LiveClient;

before(async () => {
  if (SKIP_WITHOUT_DATA) return;
  svc = await startTestService();
  client = (await LiveClient.open(`ws://127.0.0.1:${svc.port}/api/v1/live`)).client;
});

after(async () => {
  await client?.close();
  await svc?.close();
});

async function rest(path: string, body: unknown): Promise<unknown> {
  const r = await fetch(`${svc.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.equal(r.status, 200);
  return r.json();
}

/** Real sentences of the store (the examples of common words), so the texts are what the data holds, not ours. */
async function sentences(): Promise<string[]> {
  const out: string[] = [];
  for (const w of ['घर', 'काम', 'नेपाल', 'पानी']) {
    const r = await fetch(`${svc.base}/api/v1/dictionary/examples?q=${encodeURIComponent(w)}&limit=5`);
    if (r.status === 200) out.push(...((await r.json()) as { examples: { text: string }[] }).examples.map((e) => e.text));
  }
  return out;
}

test('live spellcheck of a text typed word by word, with slips, equals REST at every step', { skip: SKIP_WITHOUT_DATA }, async () => {
  const texts = await sentences();
  assert.ok(texts.length >= 8, `${texts.length} example sentences`);
  const words = texts.join(' ').split(/\s+/).filter(Boolean).slice(0, 120);
  let text = '';
  let steps = 0;
  let flagged = 0;
  for (let i = 0; i < words.length; i++) {
    // Every fifth word typed with a slip: its last vowel sign dropped, or a letter doubled.
    const w = i % 5 === 4 ? words[i]!.replace(/[\u093E-\u094C](?!.*[\u093E-\u094C])/u, '') || words[i]! + words[i]!.slice(-1) : words[i]!;
    text = text === '' ? w : `${text} ${w}`;
    if (i % 3 !== 2 && i !== words.length - 1) continue;
    const live = await client.request({ op: 'spellcheck', text });
    assert.equal(live.error, undefined, JSON.stringify(live.error));
    flagged = (live.result.misspelled.length as number) + (live.result.unknown.length as number);
    assert.deepEqual(live.result, await rest('/api/v1/spellcheck/text', { text }), `step ${steps}: ${text}`);
    steps++;
  }
  assert.ok(steps >= 30);
  assert.ok(flagged > 0, 'the slips were flagged');
  // An edit in the middle (a word replaced) and a paragraph break.
  const edited = text.replace(words[10]!, 'नेपालि') + '\n\nघर घर अस्पाताल';
  assert.deepEqual((await client.request({ op: 'spellcheck', text: edited })).result, await rest('/api/v1/spellcheck/text', { text: edited }));
  // Level lenient from the same verdicts: the typos only, as REST answers it.
  const lenient = (await client.request({ op: 'spellcheck', text: edited, level: 'lenient' })).result;
  assert.ok(lenient.misspelled.length > 0 && lenient.misspelled.every((m: { category: string }) => m.category === 'typo'));
  assert.deepEqual(lenient, await rest('/api/v1/spellcheck/text', { text: edited, level: 'lenient' }));
  assert.deepEqual((await client.request({ op: 'spellcheck', text: 'घर', level: 'strict' })).error, {
    code: 'BAD_REQUEST',
    message: "Field 'level' must be one of: standard, lenient",
  });
  assert.deepEqual((await client.request({ op: 'spellcheck_word', word: 'पानि', level: 'lenient' })).result, { status: 'correct', corrections: null });
});

test('live romanization of a text typed word by word equals REST at every step', { skip: SKIP_WITHOUT_DATA }, async () => {
  const words = 'mero naam ram ho ma kathmandu ma baschu ra nepali bhasa padhchu aaja mausam ramro chha'.split(' ');
  for (let i = 1; i <= words.length; i++) {
    const text = words.slice(0, i).join(' ');
    const live = await client.request({ op: 'romanize', text, max_candidates: 3 });
    assert.deepEqual(live.result, await rest('/api/v1/romanization/resolve', { text, max_candidates: 3 }), text);
  }
  assert.equal((await client.request({ op: 'romanize', text: 'mero naam ram ho' })).result.converted_text, 'मेरो नाम राम हो');
  const tokens = await client.request({ op: 'romanize_tokens', tokens: ['ghar', 'ma'] });
  assert.deepEqual(tokens.result, await rest('/api/v1/romanization/resolve', { tokens: ['ghar', 'ma'] }));
});

test(
  "live spellcheck typed past the connection's memo (over 1,024 distinct words): every answer equals REST",
  { skip: SKIP_WITHOUT_DATA, timeout: 300_000 },
  async (t) => {
    const fast = await startTestService({ liveMessagesPerSecond: 100_000, liveBurst: 100_000, liveCharactersPerMinute: 1_000_000_000 });
    t.after(() => fast.close());
    const typist = (await LiveClient.open(`ws://127.0.0.1:${fast.port}/api/v1/live`)).client;
    t.after(() => typist.close());
    // Real sentences (the vendored speech prompts): thousands of distinct words.
    const words = readFileSync('data/google-language-resources-ne/prompts.tsv', 'utf8')
      .split('\n')
      .flatMap((l) => (l.split('\t')[1] ?? '').split(/\s+/))
      .filter(Boolean);
    const distinct = new Set<string>();
    let paragraph: string[] = [];
    let messages = 0;
    for (const w of words) {
      distinct.add(w);
      paragraph.push(w);
      // A paragraph of at most 150 words, then a new one, as a writer goes on.
      if (paragraph.length > 150) paragraph = paragraph.slice(-20);
      const text = paragraph.join(' ');
      const live = await typist.request({ op: 'spellcheck', text });
      assert.equal(live.error, undefined, `message ${messages}: ${JSON.stringify(live.error)}`);
      const r = await fetch(`${fast.base}/api/v1/spellcheck/text`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      });
      assert.deepEqual(live.result, await r.json(), `message ${messages}`);
      messages++;
      if (distinct.size > 1500 && messages >= 1500) break;
    }
    assert.ok(distinct.size > 1500, `${distinct.size} distinct words`);
  },
);

test('live: sixteen pool jobs in flight on one connection print no listener warning', { skip: SKIP_WITHOUT_DATA }, async (t) => {
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  t.after(() => process.off('warning', onWarning));
  // Texts long enough for the pool (over 200 characters), all sent at once.
  const base = (await sentences()).join(' ');
  const replies = Array.from({ length: 16 }, (_, i) => client.request({ op: 'spellcheck', text: `${base} ${'घर '.repeat(i)}` }));
  for (const r of await Promise.all(replies)) assert.equal(r.error, undefined, JSON.stringify(r.error));
  // Warnings are emitted on the next tick.
  await new Promise((r) => setImmediate(r));
  assert.deepEqual(
    warnings.map((w) => w.name),
    [],
  );
});
