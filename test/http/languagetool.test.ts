// The LanguageTool-compatible /v2/ endpoints over HTTP (a real server over
// FakeServices): the requests in the shapes editors send them, LanguageTool's
// errors as text/plain, the limits, the rate limits with a partner key given
// as apiKey, the level and rule switches as the spellcheck sees them, CORS,
// and the OpenAPI document.

import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Compile } from 'typebox/compile';
import { MAX_CHECK_LENGTH } from '../../src/http/languagetool/request.js';
import { LtCheckResponse, LtConfigInfo, LtInfo, LtLanguages } from '../../src/schemas/languagetool.js';
import { startTestServer, type TestServer } from './harness.js';

const CheckResponse = Compile(LtCheckResponse);

interface Answer {
  status: number;
  type: string;
  headers: Headers;
  text: string;
  json: any;
}

async function call(url: string, init?: RequestInit): Promise<Answer> {
  const r = await fetch(url, init);
  const text = await r.text();
  const type = r.headers.get('content-type') ?? '';
  return { status: r.status, type, headers: r.headers, text, json: type.startsWith('application/json') ? JSON.parse(text) : undefined };
}

function post(s: TestServer, body: string | Uint8Array, contentType: string | null = 'application/x-www-form-urlencoded', query = ''): Promise<Answer> {
  return call(`${s.base}/v2/check${query}`, { method: 'POST', headers: contentType === null ? {} : { 'Content-Type': contentType }, body });
}

const form = (p: Record<string, string>) => new URLSearchParams(p).toString();

/** The matches of a 200 answer, checked against LanguageTool's shape, as [offset, length, rule id]. */
function matches(a: Answer): [number, number, string][] {
  assert.equal(a.status, 200, a.text);
  assert.ok(CheckResponse.Check(a.json), JSON.stringify([...CheckResponse.Errors(a.json)].slice(0, 3)));
  return a.json.matches.map((m: any) => [m.offset, m.length, m.rule.id]);
}

function ltError(a: Answer, status: number, message: string | RegExp, why = a.text): void {
  assert.equal(a.status, status, why);
  assert.equal(a.type, 'text/plain; charset=utf-8');
  if (typeof message === 'string') assert.equal(a.text, `Error: ${message}`);
  else assert.match(a.text, message);
}

const spellLevels = (s: TestServer) => s.fake.calls.filter((c) => c.method === 'spellcheckText').map((c) => c.args[1]);

test('the shapes editors send: a form with a JSON content type (LTeX), none at all, raw UTF-8 (LibreOffice 7.4), GET', async (t) => {
  const s = await startTestServer(t);
  const text = 'म घरु जान्छु';
  const expected = [[2, 3, 'NEPALI_SPELLER_RULE']];
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne-NP' }), 'application/json')), expected);
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne-NP' }), null)), expected);
  assert.deepEqual(matches(await post(s, `text=${text}&language=ne-NP`)), expected, 'unencoded UTF-8');
  assert.deepEqual(matches(await call(`${s.base}/v2/check?${form({ text, language: 'ne' })}`)), expected);
  const a = await post(s, form({ text, language: 'ne-NP' }));
  assert.deepEqual(a.json.matches[0].replacements, [{ value: 'घर' }]);
  assert.equal(a.json.matches[0].context.text, text);
  assert.equal(a.type, 'application/json; charset=utf-8');
});

test('Obsidian: language=auto with preferredVariants; query parameters override the body', async (t) => {
  const s = await startTestServer(t);
  const a = await post(s, form({ text: 'घरु', language: 'auto', preferredVariants: 'en-US,de-DE' }));
  assert.deepEqual(matches(a), [[0, 3, 'NEPALI_SPELLER_RULE']]);
  assert.equal(a.json.language.code, 'ne-NP');
  assert.deepEqual(matches(await post(s, form({ text: 'घरु', language: 'en-US' }), 'application/x-www-form-urlencoded', '?language=ne')), [
    [0, 3, 'NEPALI_SPELLER_RULE'],
  ]);
});

test('UTF-16 offsets past characters outside the BMP, and through data markup', async (t) => {
  const s = await startTestServer(t);
  assert.deepEqual(matches(await post(s, form({ text: '😀 𝑥 घरु', language: 'ne' }))), [[6, 3, 'NEPALI_SPELLER_RULE']]);
  const data = JSON.stringify({
    annotation: [
      { markup: '<p>' },
      { text: '😀 ' },
      { markup: '<b>' },
      { text: 'घरु' },
      { markup: '</b>' },
      { markup: '</p>', interpretAs: '\n\n' },
      { text: 'दीनु' },
    ],
  });
  const a = await post(s, form({ data, language: 'ne' }));
  assert.deepEqual(matches(a), [
    [9, 3, 'NEPALI_SPELLER_RULE'],
    [20, 4, 'NEPALI_SPELLER_RULE'],
  ]);
  assert.equal(spellLevels(s).length, 2);
  assert.equal(s.fake.calls.at(-1)!.args[0], '😀 घरु\n\nदीनु', 'the plain text is what is checked');
});

test("every error is text/plain 'Error: ...' with LanguageTool's sentence", async (t) => {
  const s = await startTestServer(t);
  ltError(await post(s, form({ language: 'ne' })), 400, "Missing 'text' or 'data' parameter");
  ltError(
    await post(s, form({ text: 'a', language: 'xx' })),
    400,
    /^Error: 'xx' is not a language code known to LanguageTool\. Supported language codes are: ne-NP\.$/,
  );
  ltError(await post(s, form({ text: 'a', language: 'ne', level: 'high' })), 400, "If 'level' is set, it must be set to 'default' or 'picky'");
  ltError(
    await post(s, form({ data: '{"annotation":[{"foo":1}]}', language: 'ne' })),
    400,
    `Only 'text' and 'markup' are supported in 'annotation' list: {"foo":1}`,
  );
  ltError(await post(s, form({ text: 'a', language: 'ne', username: 'me' })), 400, "With 'username' set, you also need to specify 'apiKey'");
  ltError(await post(s, form({ text: 'a', language: 'ne', username: 'me', apiKey: 'no-such-key-000000000' })), 401, 'Unknown API key');
  ltError(await call(`${s.base}/v2/check`, { method: 'PUT', body: 'x' }), 405, /^Error: PUT is not allowed here/);
  ltError(await call(`${s.base}/v2/configinfo`), 400, "'language' parameter missing");
  assert.equal(s.fake.calls.length, 0, 'no request reached the spellchecker');
});

test('a text over the limit is 413 with its length; a body over MAX_BODY_BYTES is 413 too', async (t) => {
  const s = await startTestServer(t, { maxBodyBytes: 64 * 1024 });
  ltError(
    await post(s, `language=ne&text=${'क'.repeat(MAX_CHECK_LENGTH + 5)}`),
    413,
    `Your text exceeds the limit of ${MAX_CHECK_LENGTH} characters (it's ${MAX_CHECK_LENGTH + 5} characters). Please submit a shorter text.`,
  );
  ltError(await post(s, `language=ne&text=${'%E0%A4%95'.repeat(10_000)}`), 413, 'Request body is larger than 65536 bytes');
});

test('mode=textLevelOnly answers no matches without checking; allButTextLevelOnly checks', async (t) => {
  const s = await startTestServer(t);
  assert.deepEqual(matches(await post(s, form({ text: 'घरु', language: 'ne', mode: 'textLevelOnly' }))), []);
  assert.equal(spellLevels(s).length, 0);
  assert.deepEqual(matches(await post(s, form({ text: 'घरु', language: 'ne', mode: 'allButTextLevelOnly' }))), [[0, 3, 'NEPALI_SPELLER_RULE']]);
});

test('level and the rule switches: what is reported and the level the spellcheck runs at', async (t) => {
  const s = await startTestServer(t);
  const text = 'ओबामा घरु';
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne' }))), [[6, 3, 'NEPALI_SPELLER_RULE']], 'unknown words are not reported by default');
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne', level: 'picky' }))), [
    [0, 5, 'NEPALI_UNKNOWN_WORD_SPELLER_RULE'],
    [6, 3, 'NEPALI_SPELLER_RULE'],
  ]);
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne', enabledRules: 'NEPALI_UNKNOWN_WORD_SPELLER_RULE' }))).length, 2);
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne', disabledRules: 'NEPALI_STANDARD_SPELLER_RULE' }))), [[6, 3, 'NEPALI_SPELLER_RULE']]);
  assert.deepEqual(spellLevels(s), ['standard', 'standard', 'standard', 'lenient']);
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne', disabledCategories: 'TYPOS' }))), []);
  assert.deepEqual(matches(await post(s, form({ text, language: 'ne', enabledOnly: 'true', enabledRules: 'NEPALI_REAL_WORD_SPELLER_RULE' }))), []);
  assert.deepEqual(spellLevels(s), ['standard', 'standard', 'standard', 'lenient', 'lenient'], 'TYPOS off: nothing was checked');
});

test('a text over 1,000 words is checked in pieces, offsets in the whole text, the pieces after the first counted', async (t) => {
  const s = await startTestServer(t, { rateLimitPerMinute: 100, rateLimitPerDay: 1000 });
  const text = `${'घर '.repeat(1500)}घरु`;
  const a = await post(s, form({ text, language: 'ne' }));
  assert.deepEqual(matches(a), [[4500, 3, 'NEPALI_SPELLER_RULE']]);
  const pieces = spellLevels(s).length;
  assert.ok(pieces >= 2, `${pieces} pieces`);
  assert.equal(Number(a.headers.get('ratelimit-remaining')), 100 - pieces);
});

test('429 with Retry-After in text/plain; a partner key as username + apiKey has its own limits; an unknown key is 401', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'lt-keys-'));
  after(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'partners.json');
  const KEY = 'editor-partner-key-0000001';
  await writeFile(file, JSON.stringify({ keys: [{ name: 'editor', key: KEY, per_minute: 3 }] }));
  const s = await startTestServer(t, { rateLimitPerMinute: 1, rateLimitPerDay: 1000, partnerKeysFile: file });
  const body = form({ text: 'घर', language: 'ne' });
  assert.equal((await post(s, body)).status, 200);
  const refused = await post(s, body);
  ltError(refused, 429, /^Error: Rate limit exceeded; retry after \d+ seconds$/);
  assert.ok(Number(refused.headers.get('retry-after')) >= 1);
  const partner = form({ text: 'घर', language: 'ne', username: 'someone@example.org', apiKey: KEY });
  for (let i = 0; i < 3; i++) assert.equal((await post(s, partner)).status, 200, `partner request ${i + 1}`);
  ltError(await post(s, partner), 429, /^Error: Rate limit exceeded/);
  ltError(
    await post(s, form({ text: 'घर', language: 'ne', username: 'x', apiKey: 'no-such-key-000000000' })),
    429,
    /^Error: Rate limit exceeded/,
    'a wrong key counts against the address',
  );
});

test('the overloaded pool is 503 in text/plain with Retry-After', async (t) => {
  const s = await startTestServer(t);
  s.fake.failures.spellcheckText = 'SERVICE_UNAVAILABLE';
  const a = await post(s, form({ text: 'घर', language: 'ne' }));
  ltError(a, 503, 'fake shutting down');
  assert.equal(a.headers.get('retry-after'), '1');
});

test('languages, info, maxtextlength, configinfo, healthcheck by GET and POST', async (t) => {
  const s = await startTestServer(t);
  for (const method of ['GET', 'POST']) {
    const languages = await call(`${s.base}/v2/languages`, { method });
    assert.deepEqual(languages.json, [{ name: 'Nepali', code: 'ne', longCode: 'ne-NP' }]);
    assert.ok(Compile(LtLanguages).Check(languages.json));
    assert.ok(Compile(LtInfo).Check((await call(`${s.base}/v2/info`, { method })).json));
    const max = await call(`${s.base}/v2/maxtextlength`, { method });
    assert.equal(max.text, String(MAX_CHECK_LENGTH));
    assert.equal(max.type, 'text/plain; charset=utf-8');
    const config = await call(`${s.base}/v2/configinfo`, {
      method,
      ...(method === 'POST' ? { body: 'language=ne-NP', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } } : {}),
    });
    assert.equal(config.status, method === 'GET' ? 400 : 200);
    if (method === 'POST') assert.ok(Compile(LtConfigInfo).Check(config.json));
    assert.equal((await call(`${s.base}/v2/healthcheck`, { method })).text, 'OK');
  }
  assert.equal((await call(`${s.base}/v2/configinfo?language=ne`)).json.rules.length, 4);
  ltError(await call(`${s.base}/v2/configinfo?language=de`), 400, /is not a language code known to LanguageTool/);
  s.fake.readable = false;
  ltError(await call(`${s.base}/v2/healthcheck`), 503, 'Healthcheck failed: the word store cannot be read');
});

test('CORS on every /v2/ answer and its preflight (Obsidian calls from a web view)', async (t) => {
  const s = await startTestServer(t);
  const origin = { Origin: 'app://obsidian.md' };
  const preflight = await fetch(`${s.base}/v2/check`, { method: 'OPTIONS', headers: { ...origin, 'Access-Control-Request-Method': 'POST' } });
  assert.equal(preflight.status, 204);
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
  for (const path of ['/v2/check?text=a&language=ne', '/v2/check?text=a&language=xx', '/v2/languages', '/v2/healthcheck']) {
    const r = await fetch(`${s.base}${path}`, { headers: origin });
    assert.equal(r.headers.get('access-control-allow-origin'), '*', path);
    await r.arrayBuffer();
  }
});

test('the OpenAPI document lists the /v2/ paths, each by GET and POST', async (t) => {
  const s = await startTestServer(t);
  const doc = (await call(`${s.base}/api/v1/openapi.json`)).json;
  for (const path of ['/v2/check', '/v2/languages', '/v2/info', '/v2/maxtextlength', '/v2/configinfo', '/v2/healthcheck']) {
    assert.ok(doc.paths[path]?.get && doc.paths[path]?.post, path);
  }
  const check = doc.paths['/v2/check'];
  assert.ok(check.post.requestBody.content['application/x-www-form-urlencoded']);
  const language = check.get.parameters.find((p: any) => p.name === 'language');
  assert.equal(language.required, true);
  assert.equal(check.get.parameters.find((p: any) => p.name === 'text').required, false);
  assert.ok(doc.tags.some((tag: any) => tag.name === 'languagetool'));
});

test('hostile parameters never get a 5xx: random bytes, broken escapes, odd data, under every content type', async (t) => {
  const s = await startTestServer(t);
  let seed = 41;
  const rand = (n: number): number => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const pieces = [
    'text=',
    'data=',
    'language=ne',
    'language=auto',
    '&',
    '=',
    '%',
    '%E0%A4',
    '%zz',
    '+',
    'घरु',
    '😀',
    '\u0000',
    '{"annotation":[',
    '{"text":1}',
    'level=picky',
    'mode=x',
    'username=u',
    'apiKey=k',
    'enabledOnly=true',
    ',',
  ];
  const types = ['application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data; boundary=x'];
  for (let i = 0; i < 200; i++) {
    let body = '';
    for (let k = rand(12); k >= 0; k--) body += pieces[rand(pieces.length)];
    const bytes = rand(5) === 0 ? Uint8Array.from({ length: rand(64) }, () => rand(256)) : body;
    const a = await post(s, bytes, types[rand(types.length)]!, rand(3) === 0 ? `?${body.slice(0, 200).replace(/#/g, '')}` : '');
    assert.ok([200, 400, 401, 413].includes(a.status), `${a.status} for ${JSON.stringify(body)}: ${a.text}`);
    if (a.status !== 200) assert.equal(a.type, 'text/plain; charset=utf-8');
    else assert.ok(CheckResponse.Check(a.json), body);
  }
});
